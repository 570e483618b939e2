/**
 * INNODB_METRICS around a run, on this run's flavor: the adaptive hash index's counters and the
 * observer's (the page cleaner's LRU batches, the activity count) are recorded as deltas (nonzero
 * searches where the index is on), the counters bplab switched on are off again afterwards, as
 * INNODB_METRICS itself says, and the journal is empty. Watching without disturbing: the poll loop's
 * reads neither spill to an on-disk temporary table nor mark the server active, and a polled run
 * records what watching it cost.
 */
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachedIndexReader } from '../../src/main/bufferpool/cached-indexes';
import { readPoolStats, walkLru, type Queryable } from '../../src/main/bufferpool/lru';
import { observerCostWords } from '../../src/shared/runs/observer-cost';
import { testServer } from '../support/test-server';
import { LAB_SCHEMA, openRunsLab, type RunsLab } from './runs-support';

const server = testServer();
let lab: RunsLab;

/** The counters a run records for its observer cost, where the server has them. */
const OBSERVER_COUNTERS = [
  'buffer_LRU_batches_evict',
  'buffer_LRU_batch_evict_total_pages',
  'buffer_LRU_batches_flush',
  'buffer_LRU_batch_flush_total_pages',
  'innodb_activity_count',
];

/** Each AHI and observer counter's on/off state, as the server reports it (MySQL: STATUS; MariaDB: ENABLED). */
async function monitorStates(): Promise<Record<string, boolean>> {
  const c = await lab.connect();
  try {
    const [rows] = await c.query<RowDataPacket[]>(
      "SELECT * FROM information_schema.INNODB_METRICS WHERE SUBSYSTEM = 'adaptive_hash_index' OR NAME IN (?) ORDER BY NAME",
      [OBSERVER_COUNTERS],
    );
    return Object.fromEntries(
      rows.map((r) => [
        String(r.NAME),
        r.STATUS !== undefined ? r.STATUS === 'enabled' : Number(r.ENABLED) === 1,
      ]),
    );
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  lab = await openRunsLab('metrics', { sf: 0.01 });
}, 240_000);

afterAll(async () => {
  await lab?.close();
}, 60_000);

describe(`INNODB_METRICS around a run, ${server.label}`, () => {
  it('records the adaptive hash index and observer counters as deltas and puts the monitors back', async () => {
    const before = await monitorStates();
    expect(Object.keys(before)).toContain('adaptive_hash_searches_btree');
    const off = Object.entries(before)
      .filter(([, on]) => !on)
      .map(([name]) => name);
    const c = await lab.connect();
    const [[ahi]] = await c.query<RowDataPacket[]>('SELECT @@GLOBAL.innodb_adaptive_hash_index AS v');
    await c.end();
    const spec = { queryId: 'Q1.1', schema: LAB_SCHEMA, poll: 'off' as const };
    await lab.service.run(lab.info.profileId, undefined, spec);
    const hot = await lab.service.run(lab.info.profileId, undefined, spec);
    expect(hot.state).toBe('complete');
    const m = hot.innodbMetrics!;
    const delta = (name: string) => m.counters.find((x) => x.name === name)?.delta;
    // Every counter that was off was switched on for the run, so each one has a delta.
    expect([...m.enabledForRun].sort()).toEqual(off.sort());
    expect(m.counters.map((x) => x.name).sort()).toEqual(Object.keys(before).sort());
    if (Number(ahi!.v) === 1) {
      // A hot Q1.1 looks dim_date up by key for every lineorder row it keeps.
      expect(delta('adaptive_hash_searches')! + delta('adaptive_hash_searches_btree')!).toBeGreaterThan(1000);
      expect(delta('adaptive_hash_searches')).toBeGreaterThan(0);
    } else {
      expect(delta('adaptive_hash_searches')).toBe(0);
    }
    // Put back: what was off is off again, and nothing is left in the journal.
    expect(await monitorStates()).toEqual(before);
    expect(lab.journal.pending()).toEqual([]);
  }, 120_000);
});

/** The server's activity count (INNODB_METRICS) and this session's on-disk temporary tables. */
async function marks(watch: Connection, poll: Connection): Promise<{ activity: number; diskTmp: number }> {
  const [[a]] = await watch.query<RowDataPacket[]>(
    "SELECT COUNT AS n FROM information_schema.INNODB_METRICS WHERE NAME = 'innodb_activity_count'",
  );
  const [[d]] = await poll.query<RowDataPacket[]>("SHOW SESSION STATUS LIKE 'Created_tmp_disk_tables'");
  return { activity: Number(a!.n), diskTmp: Number(d!.Value) };
}

describe(`watching without disturbing, ${server.label}`, () => {
  const mysql = server.flavor !== 'mariadb';
  const mysql8 = mysql && Number(server.version.split('.')[0]) >= 8;

  it('the poll loop\u2019s reads open no on-disk temporary table and do not mark the server active', async () => {
    const watch = await lab.connect();
    const poll = await lab.connect();
    try {
      // Limits below a walk of the pool: before bplab raised them, every walk spilled to an on-disk
      // temporary table (InnoDB on MySQL, whose handle's close counts as server activity).
      await poll.query('SET SESSION tmp_table_size = 1048576, max_heap_table_size = 1048576');
      const q: Queryable = { rows: async (sql, v) => (await poll.query(sql, v))[0] as never };
      const oldMethod = mysql ? 'is-old' : 'lru-position';
      const cached = new CachedIndexReader(q);
      await walkLru(q, oldMethod, 64); // the first: the session is prepared once
      if (mysql8) await cached.read();
      const before = await marks(watch, poll);
      const walks = 10;
      for (let i = 0; i < walks; i++) {
        const walk = await walkLru(q, oldMethod, 64);
        expect(walk.cells.length).toBeGreaterThan(0);
        await readPoolStats(q);
        if (mysql8) expect((await cached.read()).length).toBeGreaterThan(0);
      }
      const after = await marks(watch, poll);
      // MariaDB turns the table's long VARCHARs into BLOBs, which its MEMORY engine cannot hold, so its
      // walks still go to disk: to Aria, which is not InnoDB, and its page cleaner follows the reads, not
      // the activity count. There the loop's reads must work, and that is all that applies.
      if (mysql) {
        expect(after.diskTmp - before.diskTmp).toBe(0);
        // Each spilled walk added 1 (8.0) or 2 (5.7); other sessions' work may add a few, not one a walk.
        expect(after.activity - before.activity).toBeLessThan(walks);
      }
      // The index names were read once, not joined at every poll.
      if (mysql8) expect(cached.nameReads).toBe(1);
    } finally {
      await watch.end();
      await poll.end();
    }
  }, 60_000);

  it('a polled run records what watching it cost', async () => {
    const run = await lab.service.run(lab.info.profileId, undefined, {
      queryId: 'Q1.1',
      schema: LAB_SCHEMA,
      poll: 250,
    });
    expect(run.state).toBe('complete');
    const o = run.observer!;
    // A fixed interval takes its first full snapshot as the statement starts.
    expect(o.snapshots).toBeGreaterThanOrEqual(1);
    expect(o.snapshotMs).toBeGreaterThan(0);
    expect(o.poll).toBe(250);
    if (mysql) {
      expect(o.lruBatches).toEqual(expect.any(Number));
      expect(observerCostWords(run)).toMatch(/page cleaner ran \d+ LRU batch/);
    } else expect(o.lruBatches).toBeNull();
    const off = await lab.service.run(lab.info.profileId, undefined, {
      queryId: 'Q1.1',
      schema: LAB_SCHEMA,
      poll: 'off',
    });
    expect(off.observer).toMatchObject({ poll: 'off', snapshots: 0 });
    expect(observerCostWords(off)).toMatch(/^Not watched while it ran \(polling off\)/);
  }, 120_000);
});
