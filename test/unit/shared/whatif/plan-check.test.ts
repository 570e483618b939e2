// The check that a run ran the plan it recorded: its page requests against the traced plan's, on hand-made figures.
import { describe, expect, it } from 'vitest';
import {
  describePlan,
  measuredPageRequests,
  measuredScanRows,
  planMismatch,
  scannedRowsOf,
  type PlanRequests,
} from '../../../../src/shared/whatif/plan-check';
import type { ExplainStep } from '../../../../src/shared/whatif/plan-model';
import { runResult } from '../../../support/run-fixture';

const step = (table: string, type: string, key: string | null = null): ExplainStep => ({
  table,
  type,
  key,
  ref: null,
  extra: '',
});

// Q1.2 as MySQL 8.0.31 recorded it at SF 1 in its cold run: dim_date read in full, lineorder by ref.
const refPlan = [step('dim_date', 'ALL'), step('lineorder', 'ref', 'LO_OrderDateKey')];
const scanPlan = [step('lineorder', 'ALL'), step('dim_date', 'eq_ref', 'PRIMARY')];
const tableRows = { dim_date: 2556, lineorder: 6_001_171 };

describe('planMismatch', () => {
  it("names a ref plan whose run made a full scan's page requests, with the table a scan of would make them", () => {
    const plan: PlanRequests = { touches: 314_314, scannedRows: 2556, tableRows };
    expect(planMismatch(refPlan, plan, 6_429_891)).toBe(
      'EXPLAIN recorded dim_date read in full, then lineorder by ref on LO_OrderDateKey, which makes 314,314 to 316,870 page requests, but the run made 6.43 million, as a full scan of lineorder would (6.00 million rows): the plan that ran is not the one recorded; simulated pages read for this run are not comparable',
    );
  });

  it('leaves a recorded scan alone when its requests are about one per row scanned, and MariaDB counting fewer', () => {
    // Runs 2 and 3 of Q1.2: 0.92 million touches traced, 6.43 million requests measured.
    const scan: PlanRequests = { touches: 921_548, scannedRows: 6_001_171, tableRows };
    expect(planMismatch(scanPlan, scan, 6_434_208)).toBeNull();
    // MariaDB 10.11's Q1.1: 0.75 of its touches.
    expect(planMismatch(refPlan, { touches: 3_635_132, scannedRows: 2556, tableRows }, 2_727_714)).toBeNull();
    // Nothing measured: no verdict.
    expect(planMismatch(refPlan, { touches: 314_314, scannedRows: 2556, tableRows }, null)).toBeNull();
  });

  it('flags just beyond a factor of 2 either way, not at it', () => {
    const plan: PlanRequests = { touches: 10_000, scannedRows: 0, tableRows: { a: 100, b: 10_000 } };
    const plain = [step('b', 'ref', 'k')];
    expect(planMismatch(plain, plan, 20_000)).toBeNull();
    expect(planMismatch(plain, plan, 5000)).toBeNull();
    expect(planMismatch(plain, plan, 20_001)).toMatch(
      /^EXPLAIN recorded b by ref on k, which makes about 10,000 page requests, but the run made 20,001: the plan/,
    );
    // Fewer than half the touches: no scan named (a scan of b's 10,000 rows would make 5,000 to 20,000).
    expect(planMismatch(plain, plan, 4999)).toMatch(/but the run made 4,999: the plan that ran is not/);
    // A scan's rows widen the upper bound: (10,000 + 5,000) × 2.
    const scanned: PlanRequests = { touches: 10_000, scannedRows: 5000, tableRows: {} };
    expect(planMismatch(plain, scanned, 30_000)).toBeNull();
    expect(planMismatch(plain, scanned, 30_001)).not.toBeNull();
  });

  it('gives no verdict below 1,000 page requests on both sides (a small run, dictionary pages)', () => {
    const plan: PlanRequests = { touches: 11, scannedRows: 0, tableRows: {} };
    expect(planMismatch([step('supplier', 'ref', 'S_City')], plan, 900)).toBeNull();
    expect(planMismatch([step('supplier', 'ref', 'S_City')], plan, 1000)).not.toBeNull();
  });
});

describe('planMismatch, by the rows full scans read', () => {
  // MySQL 8.0.31, SF 0.1, Q1.1 cold: EXPLAIN (taken after the run) named the lineorder scan, while the run
  // walked dim_date (2,556 rows) and lineorder by ref: its page requests fit either plan.
  const sf01 = { dim_date: 2556, lineorder: 600_207 };
  const plan: PlanRequests = { touches: 92_000, scannedRows: 600_207, tableRows: sf01 };

  it('names a recorded full scan whose run read fewer than half its rows by scans', () => {
    expect(planMismatch(scanPlan, plan, 375_228, 2557)).toBe(
      "EXPLAIN recorded lineorder read in full, then dim_date by eq_ref on PRIMARY, whose full scans read 600,207 rows, but the run's scans read 2,557 (Handler_read_rnd_next): the plan that ran is not the one recorded; simulated pages read for this run are not comparable",
    );
  });

  it('names just under half; says nothing from half the rows up (temporary tables add more), or when not recorded', () => {
    expect(planMismatch(scanPlan, plan, 375_228, 300_103)).toMatch(
      /^EXPLAIN recorded lineorder read in full/,
    );
    expect(planMismatch(scanPlan, plan, 375_228, 300_104)).toBeNull();
    expect(planMismatch(scanPlan, plan, 375_228, 600_764)).toBeNull();
    expect(planMismatch(scanPlan, plan, 375_228, null)).toBeNull();
    // Scans under the floor give no verdict.
    expect(
      planMismatch(refPlan, { touches: 92_000, scannedRows: 999, tableRows: sf01 }, 95_000, 0),
    ).toBeNull();
  });
});

describe('the plan check inputs', () => {
  it('reads Innodb_buffer_pool_read_requests, sums the rows of tables read in full, and says the plan in words', () => {
    const run = runResult({
      status: [
        {
          name: 'Innodb_buffer_pool_read_requests',
          before: 10,
          after: 6_429_901,
          delta: 6_429_891,
          scope: 'global',
        },
      ],
    });
    expect(measuredPageRequests(run)).toBe(6_429_891);
    expect(measuredPageRequests(runResult({ status: [] }))).toBeNull();
    const scans = {
      name: 'Handler_read_rnd_next',
      before: 3,
      after: 2560,
      delta: 2557,
      scope: 'session' as const,
    };
    expect(measuredScanRows(runResult({ status: [scans] }))).toBe(2557);
    expect(measuredScanRows(runResult({ status: [] }))).toBeNull();
    expect(scannedRowsOf(scanPlan, tableRows)).toBe(6_001_171);
    expect(scannedRowsOf(refPlan, tableRows)).toBe(2556);
    expect(describePlan(scanPlan)).toBe('lineorder read in full, then dim_date by eq_ref on PRIMARY');
  });
});
