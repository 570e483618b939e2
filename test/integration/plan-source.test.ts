/**
 * The plan that ran: a run reads its statement's plan from the control connection while the statement
 * runs (EXPLAIN FOR CONNECTION on MySQL 5.7+, SHOW EXPLAIN FOR on MariaDB), and records where its plan
 * came from. The statement holds a SLEEP(1) after its join, so it cannot end before the read, whatever
 * the machine's load. MySQL 5.6 and 5.5 cannot read another connection's plan: their plan is the
 * EXPLAIN taken after the run, marked so. SSB at SF 0.01 on a 16 MB pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowDataPacket } from 'mysql2/promise';
import { testServer } from '../support/test-server';
import { LAB_SCHEMA, openRunsLab, type RunsLab } from './runs-support';

const server = testServer();
const [major = 0, minor = 0] = server.version.split('.').map(Number);
/** MySQL added EXPLAIN FOR CONNECTION in 5.7; MariaDB has had SHOW EXPLAIN FOR since 10.0. */
const readsDuringRun = server.flavor === 'mariadb' || major > 5 || (major === 5 && minor >= 7);

/** Q1.1 with dim_date first, and a second's pause once the join is done: the statement is there to read. */
const PAUSED_Q11 = `select straight_join sum(lo_extendedprice*lo_discount) as revenue, sleep(1) as pause
from dim_date join lineorder on lo_orderdatekey = d_datekey
where d_year = 1993 and lo_discount between 1 and 3 and lo_quantity < 25`;

let lab: RunsLab;

beforeAll(async () => {
  lab = await openRunsLab('plan-source', { sf: 0.01, poolSize: '16M' });
}, 240_000);

afterAll(async () => {
  await lab?.close();
}, 60_000);

/** The test's own EXPLAIN of the statement: tables in order with their access types. */
async function ownExplain(sql: string): Promise<Array<{ table: unknown; type: unknown }>> {
  const c = await lab.connect();
  try {
    await c.query(`USE ${LAB_SCHEMA}`);
    // MySQL 9.7 answers a plain EXPLAIN in TREE form by default: the table asked for by name.
    const format = server.flavor === 'mysql' && major >= 8 ? 'FORMAT=TRADITIONAL ' : '';
    const [rows] = await c.query<RowDataPacket[]>(`EXPLAIN ${format}${sql}`);
    return rows.map((r) => ({ table: r.table, type: r.type }));
  } finally {
    await c.end();
  }
}

describe(`the plan that ran on ${server.label}`, () => {
  it(
    readsDuringRun
      ? 'reads the running statement’s plan during the run'
      : 'keeps the EXPLAIN taken after the run, marked so, where the server cannot read another connection’s plan',
    async () => {
      const q = lab.catalogue.save({
        title: 'paused Q1.1',
        variants: [{ variant: 'base', label: 'dim_date first, then a pause', sql: PAUSED_Q11 }],
      });
      const run = await lab.service.run(lab.info.profileId, undefined, {
        queryId: q.id,
        schema: LAB_SCHEMA,
        poll: 'off',
      });
      expect(run.state, run.error ?? '').toBe('complete');
      const explain = run.explain!;
      expect(explain).not.toBeNull();
      // The plan recorded is the statement's: dim_date read in full, then lineorder by ref.
      const recorded = explain.table.map((r) => ({ table: r.table, type: r.type }));
      expect(recorded).toEqual(await ownExplain(PAUSED_Q11));
      expect(recorded.map((r) => r.table)).toEqual(['dim_date', 'lineorder']);
      if (readsDuringRun) {
        expect(explain.source).toBe('during-run');
        expect(explain.sourceNote).toBeUndefined();
        // Read once, as the after-run EXPLAIN names the same plan: nothing kept beside it.
        expect(explain.afterRun).toBeUndefined();
        // The JSON too, where the server has it (MySQL 5.7+; MariaDB's SHOW EXPLAIN wakes the SLEEP and
        // the statement ends before a second read, so there it may be missing).
        if (server.flavor !== 'mariadb') expect(JSON.stringify(explain.json)).toContain('lineorder');
      } else {
        expect(explain.source).toBe('after-run');
        expect(explain.sourceNote).toMatch(/EXPLAIN FOR CONNECTION came in 5\.7/);
        // plan-check's verdict: the run's scans read dim_date's rows, the scan the plan names, so no mismatch.
        expect(explain.planCheck).toBeUndefined();
      }
    },
    60_000,
  );
});
