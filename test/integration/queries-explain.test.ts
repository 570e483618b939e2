/**
 * queries/explain, the Queries screen's EXPLAIN preview, through the router as the screen calls it,
 * on a sandbox of this run's flavor with a small SSB dataset: the plan of a catalogue query and of
 * its join-order variants (STRAIGHT_JOIN keeps the order written), a custom query, the JSON plan; the
 * preview does not run the query; a missing schema, an unknown query and a custom query that writes
 * answer in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHandlers } from '../../src/main/api/handlers/runs';
import { createDispatch, type Dispatch, type Handlers } from '../../src/main/api/router';
import { ReplayThread } from '../../src/main/whatif/replay-thread';
import type { Result } from '../../src/shared/result';
import type { CatalogueQuery, ExplainCapture } from '../../src/shared/runs/runs';
import { testServer } from '../support/test-server';
import { LAB_SCHEMA, openRunsLab, type RunsLab } from './runs-support';

const server = testServer();
let lab: RunsLab;
let dispatch: Dispatch;
let explain: (args: Record<string, unknown>) => Promise<Result<ExplainCapture>>;

beforeAll(async () => {
  lab = await openRunsLab(`explain-${Date.now().toString(36)}`, { sf: 0.01 });
  // Only the queries/* and runs/* handlers are wired: the router refuses nothing else here.
  dispatch = createDispatch(
    runHandlers({
      catalogue: lab.catalogue,
      runs: lab.service,
      connections: lab.connections,
      tasks: lab.tasks,
      simulator: new ReplayThread(),
    }) as Handlers,
  );
  explain = async (args) =>
    (await dispatch('queries/explain', { profileId: lab.info.profileId, ...args })) as Result<ExplainCapture>;
}, 600_000);
afterAll(async () => lab?.close(), 120_000);

/** The tables of an EXPLAIN, in the order of its rows. */
const tables = (capture: ExplainCapture) => capture.table.map((row) => String(row.table));

/** Rows the server's handlers read, all sessions (SHOW STATUS itself adds a few hundred). */
async function rowsRead(): Promise<number> {
  const conn = await lab.connect();
  try {
    const [rows] = await conn.query(
      "SHOW GLOBAL STATUS WHERE Variable_name IN ('Handler_read_rnd_next', 'Handler_read_next')",
    );
    const values = (rows as Array<{ Value: string }>).map((r) => Number(r.Value));
    if (values.length !== 2) throw new Error('SHOW GLOBAL STATUS has no Handler_read_* counters');
    return values.reduce((a, b) => a + b, 0);
  } finally {
    await conn.end();
  }
}

const draft = (title: string, sql: string) => ({
  draft: { title, variants: [{ variant: 'base', label: 'as written', sql }] },
});

async function saveQuery(title: string, sql: string): Promise<CatalogueQuery> {
  const saved = (await dispatch('queries/save', draft(title, sql))) as Result<CatalogueQuery>;
  if (!saved.ok) throw new Error(saved.error.message);
  return saved.value;
}

describe(`queries/explain on ${server.label}`, () => {
  it('previews the plan of Q1.1 and of its join orders, tabular and JSON', async () => {
    const base = await explain({ queryId: 'Q1.1', schema: LAB_SCHEMA });
    if (!base.ok) throw new Error(base.error.message);
    expect(tables(base.value).sort()).toEqual(['dim_date', 'lineorder']);
    expect(base.value.json).toHaveProperty('query_block');
    expect(base.value.analyze).toBeUndefined();

    const lineorderFirst = await explain({ queryId: 'Q1.1', variant: 'straight', schema: LAB_SCHEMA });
    const dateFirst = await explain({ queryId: 'Q1.1', variant: 'straight-dim-first', schema: LAB_SCHEMA });
    if (!lineorderFirst.ok || !dateFirst.ok) throw new Error('a STRAIGHT_JOIN variant was not explained');
    expect(tables(lineorderFirst.value)).toEqual(['lineorder', 'dim_date']);
    expect(tables(dateFirst.value)).toEqual(['dim_date', 'lineorder']);
  });

  it('explains without running the query', async () => {
    // Run, this reads every row of lineorder (60,175 at SF 0.01); explained, none.
    const scan = await saveQuery('Revenue', 'SELECT SUM(lo_revenue) FROM lineorder');
    const before = await rowsRead();
    const plan = await explain({ queryId: scan.id, schema: LAB_SCHEMA });
    const after = await rowsRead();
    if (!plan.ok) throw new Error(plan.error.message);
    expect(tables(plan.value)).toEqual(['lineorder']);
    expect(after - before).toBeLessThan(10_000);
  });

  it('explains a custom query the user saved, and refuses one that writes', async () => {
    const saved = await saveQuery('Dates of 1993', 'SELECT COUNT(*) FROM dim_date WHERE d_year = 1993');
    const plan = await explain({ queryId: saved.id, schema: LAB_SCHEMA });
    if (!plan.ok) throw new Error(plan.error.message);
    expect(tables(plan.value)).toEqual(['dim_date']);

    const refused = await dispatch('queries/save', draft('Wipe it', 'DELETE FROM lineorder'));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/Only reads can run/);
  });

  it('answers in words for a schema that is not there and a query that does not exist', async () => {
    const noSchema = await explain({ queryId: 'Q1.1', schema: 'ssb_nowhere' });
    expect(noSchema.ok).toBe(false);
    if (!noSchema.ok) expect(noSchema.error.message).toMatch(/ssb_nowhere/);

    const noQuery = await explain({ queryId: 'Q9.9', schema: LAB_SCHEMA });
    expect(noQuery.ok).toBe(false);
    if (!noQuery.ok) {
      expect(noQuery.error.code).toBe('NOT_FOUND');
      expect(noQuery.error.message).toMatch(/Q9\.9/);
    }
  });
});
