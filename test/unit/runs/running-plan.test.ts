// Reading a running statement's plan: which statement each server takes, and when a plan is there to keep.
import { describe, expect, it } from 'vitest';
import { identifyServer } from '../../../src/main/db/server-identity';
import { planReady, runningPlanStatements } from '../../../src/main/runs/running-plan';

const row = (table: string | null, extra: string | null) => ({
  id: 1,
  select_type: 'SIMPLE',
  table,
  Extra: extra,
});

describe('runningPlanStatements', () => {
  it('asks each server in its own words, and says why MySQL before 5.7 cannot', () => {
    expect(runningPlanStatements(identifyServer('8.0.31', 'MySQL Community Server - GPL'), 12)).toEqual({
      table: 'EXPLAIN FOR CONNECTION 12',
      json: 'EXPLAIN FORMAT=JSON FOR CONNECTION 12',
    });
    expect(runningPlanStatements(identifyServer('10.11.19-MariaDB', 'MariaDB Server'), 7)).toEqual({
      table: 'SHOW EXPLAIN FOR 7',
      json: 'SHOW EXPLAIN FORMAT=JSON FOR 7',
    });
    // MariaDB's FORMAT=JSON came in 10.9: the table form alone before.
    expect(runningPlanStatements(identifyServer('10.6.16-MariaDB', 'MariaDB Server'), 7)).toEqual({
      table: 'SHOW EXPLAIN FOR 7',
      json: null,
    });
    expect(runningPlanStatements(identifyServer('5.6.14', 'MySQL Community Server (GPL)'), 3)).toEqual({
      unavailable:
        'MySQL 5.6 cannot read another connection’s plan (EXPLAIN FOR CONNECTION came in 5.7), so the plan is the EXPLAIN taken after the run.',
    });
  });
});

describe('planReady', () => {
  it('keeps a plan that names its tables, or a statement that reads none', () => {
    expect(planReady([row('dim_date', null), row('lineorder', 'Using where')])).toBe(true);
    expect(planReady([row(null, 'No tables used')])).toBe(true);
  });

  it('waits while MySQL is still optimizing the statement, or answers with nothing', () => {
    expect(planReady([row(null, "Plan isn't ready yet")])).toBe(false);
    expect(planReady([])).toBe(false);
    expect(planReady([row(null, null)])).toBe(false);
  });
});
