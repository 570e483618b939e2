/**
 * Runs against a real server of this run's flavor, on a 16 MB pool with SSB data larger than it:
 * the full capture of a cold Q1.1, the stage profile (SHOW PROFILE, or performance_schema with the
 * instruments put back), bplab's old/young split against a direct count on a still pool, identical
 * checksums across each query's variants, cancel, custom SQL refused, the production consent, and a
 * server killed mid-query.
 */
import type { RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { compositionOf, walkLru } from '../../src/main/bufferpool/lru';
import { LivePoller } from '../../src/main/bufferpool/poller';
import { GLOBAL_COUNTERS } from '../../src/main/runs/capture';
import { cleanerEmptiedPool } from '../../src/shared/runs/page-cleaner';
import type { RunResult, RunSample } from '../../src/shared/runs/runs';
import { testServer } from '../support/test-server';
import { coldPool, LAB_SCHEMA, openRunsLab, slowRead, type RunsLab } from './runs-support';
import { failureOf } from '../support/failures';
import { stageSetup, waitForStatement } from '../support/server-watch';

const server = testServer();
const mysql8 = server.flavor !== 'mariadb' && Number(server.version.split('.')[0]) >= 8;
let lab: RunsLab;

/** The stage instruments and consumers now, as text to compare. */
async function setupRows(): Promise<string> {
  const c = await lab.connect();
  try {
    return JSON.stringify(await stageSetup(c));
  } finally {
    await c.end();
  }
}

/** Waits until the sandbox shows a statement matching `like` running. */
async function runningNow(like: string): Promise<void> {
  const c = await lab.connect();
  try {
    await waitForStatement(c, like);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  lab = await openRunsLab('runs');
}, 240_000);

afterAll(async () => {
  await lab?.close();
}, 60_000);

describe(`runs on ${server.label}`, () => {
  let cold: RunResult;
  let psBefore = '';

  it('captures every field of a cold Q1.1, plausibly', async () => {
    await coldPool(lab);
    if (mysql8) psBefore = await setupRows();
    cold = await lab.service.run(lab.info.profileId, undefined, {
      queryId: 'Q1.1',
      schema: LAB_SCHEMA,
      poll: 50,
      explainAnalyze: true,
    });
    expect(cold.error).toBeNull();
    expect(cold.state).toBe('complete');
    expect(cold.server.bufferPoolSizeBytes).toBe(16 * 1024 * 1024);
    expect(cold.server.pageSizeBytes).toBe(16384);
    expect(cold.server.oldBlocksPct).toBeGreaterThan(0);
    expect(cold.server.flushMethod.length).toBeGreaterThan(0);
    const own = await lab.connect();
    try {
      const [[ahi]] = await own.query<RowDataPacket[]>('SELECT @@GLOBAL.innodb_adaptive_hash_index AS on_');
      expect(cold.server.adaptiveHashIndex).toBe(Number(ahi!.on_) === 1);
      // The page cleaner's free target per instance (5.6+, MariaDB): 5.5 has neither it nor the variable.
      const [depth] = await own.query<RowDataPacket[]>("SHOW GLOBAL VARIABLES LIKE 'innodb_lru_scan_depth'");
      expect(cold.server.lruScanDepth).toBe(depth[0] ? Number(depth[0].Value) : undefined);
      // MariaDB's cleaner keeps innodb_lru_scan_depth (1,536) free: this 16 MB pool stayed mostly free, no
      // old sublist in any poll. (MySQL 5.6-8.0 keep 1,024, but a cold Q1.1 fills the pool between passes.)
      const emptied = cleanerEmptiedPool(cold.poolStats.after, cold.server.lruScanDepth, cold.samples.stats);
      if (server.flavor === 'mariadb') expect(emptied?.polls).toBe(cold.samples.stats.length);
    } finally {
      await own.end();
    }
    // The lab generates its dataset with seed 1 in dbgen's mode (runs-support.ts).
    expect(cold.dataset).toEqual({
      schema: LAB_SCHEMA,
      sf: 0.05,
      source: 'generated',
      engine: 'InnoDB',
      seed: 1,
      generatorMode: 'dbgen',
    });
    // Pages per index as the server counts them, for the what-if simulator: lineorder's clustered index
    // holds SF 0.05's 300k rows in more than a hundred 16 KB pages.
    // MySQL 5.5 keeps no persistent statistics (no mysql.innodb_index_stats): the run holds none.
    const clustered = cold.indexPages?.find((p) => p.table === 'lineorder' && p.index === 'GEN_CLUST_INDEX');
    if (server.flavor === 'mysql' && server.version.startsWith('5.5.'))
      expect(cold.indexPages).toBeUndefined();
    else expect(clustered?.leafPages).toBeGreaterThan(100);
    const [[keyBuffer]] = await (async () => {
      const c = await lab.connect();
      try {
        return await c.query<RowDataPacket[]>('SELECT @@GLOBAL.key_buffer_size AS b');
      } finally {
        await c.end();
      }
    })();
    expect(cold.server.keyBufferSizeBytes).toBe(Number(keyBuffer!.b));
    // A local sandbox: what its process read and the CPU it used around the statement.
    const usage = cold.serverProcess!;
    expect('cpuMs' in usage && usage.cpuMs).toBeGreaterThan(0);
    expect('readBytes' in usage && usage.readBytes).toBeGreaterThanOrEqual(0);
    expect(cold.elapsedMs).toBeGreaterThan(0);
    expect(cold.rows).toBe(1);
    expect(cold.checksum).toMatch(/^[0-9a-f]{64}$/);
    // EXPLAIN, both forms, and the ANALYZE the server has.
    expect(cold.explain!.table.map((r) => r.table)).toEqual(
      expect.arrayContaining(['lineorder', 'dim_date']),
    );
    // MySQL 5.5 has no EXPLAIN FORMAT=JSON: the run keeps the table and says there is no JSON.
    if (server.flavor === 'mysql' && server.version.startsWith('5.5.')) expect(cold.explain!.json).toBeNull();
    else expect(cold.explain!.json).toHaveProperty('query_block');
    if (server.flavor === 'mariadb') {
      expect(cold.explain!.analyze?.kind).toBe('analyze-json');
      expect(cold.explain!.engineStats?.map((s) => s.table)).toEqual(expect.arrayContaining(['lineorder']));
    } else if (mysql8) {
      expect(cold.explain!.analyze?.text).toMatch(/actual time=/);
    }
    // Status: the post's global counters and the session's handlers; a cold pool reads from disk.
    const status = new Map(cold.status.map((s) => [s.name, s]));
    // Every counter of the post this server has (MariaDB 10.11 has no Innodb_rows_read).
    const c = await lab.connect();
    const [has] = await c.query<RowDataPacket[]>('SHOW GLOBAL STATUS');
    await c.end();
    const names = new Set(has.map((r) => String(r.Variable_name).toLowerCase()));
    const expected = GLOBAL_COUNTERS.filter((n) => names.has(n.toLowerCase()));
    expect(expected.length).toBeGreaterThanOrEqual(8);
    for (const name of expected) expect(status.get(name)?.scope, name).toBe('global');
    expect(status.get('Innodb_pages_read')!.delta).toBeGreaterThan(100);
    expect(status.get('Innodb_buffer_pool_read_requests')!.delta).toBeGreaterThan(
      status.get('Innodb_pages_read')!.delta,
    );
    const handlers = cold.status.filter((s) => s.scope === 'session');
    expect(handlers.map((h) => h.name)).toEqual(
      expect.arrayContaining(['Handler_read_rnd_next', 'Handler_read_key']),
    );
    // Tens of thousands of lineorder rows count in the session's handlers (whatever the plan).
    expect(handlers.reduce((s, h) => s + h.delta, 0)).toBeGreaterThan(10_000);
    // The pool before and after, per pool.
    expect(cold.poolStats.before.length).toBeGreaterThan(0);
    expect(cold.poolStats.after!.length).toBe(cold.poolStats.before.length);
    const read = (p: RunResult['poolStats']['before']) => p.reduce((s, x) => s + x.pagesRead, 0);
    expect(read(cold.poolStats.after!)).toBeGreaterThan(read(cold.poolStats.before));
    // The LRU afterwards. Which index holds the most pages of the whole pool is not deterministic:
    // a scan that ends inside innodb_old_blocks_time promotes nothing, so the young pages a restart
    // left (MySQL 8's undo and temporary pages) outlast it. What is: the scan read far more pages than
    // the pool holds, so lineorder's clustered index is the dataset's largest and fills the old
    // sublist (innodb_old_blocks_pct of the LRU) at least.
    const ours = cold.lru.after!.indexes.filter((i) => i.table.startsWith(`${LAB_SCHEMA}.`));
    const top = ours[0]!;
    expect(top.table).toBe(`${LAB_SCHEMA}.lineorder`);
    expect(top.index).toBe('GEN_CLUST_INDEX');
    expect(top.pages).toBe(top.oldPages + top.youngPages);
    expect(top.pages).toBe(Math.max(...ours.map((i) => i.pages)));
    expect(top.poolShare).toBeGreaterThan(((cold.server.oldBlocksPct - 5) / 100) * 0.9);
    expect(cold.lru.before!.atMs).toBeLessThanOrEqual(0);
    expect(
      (cold.lru.before!.indexes.find((i) => i.table === `${LAB_SCHEMA}.lineorder`)?.pages ?? 0) < top.pages,
    ).toBe(true);
    // The poller's samples and its cost.
    expect(cold.samples.stats.length).toBeGreaterThan(0);
    expect(cold.samples.compositions.length).toBeGreaterThan(0);
    expect(cold.samples.maps[0]!.pools[0]!.buckets.length).toBeGreaterThan(1);
    expect(cold.samples.cost!.snapshots).toBeGreaterThan(0);
    expect(cold.samples.cost!.meanSnapshotMs).toBeGreaterThan(0);
    expect(lab.samples.some((s) => s.runId === cold.runId && s.map)).toBe(true);
    // Saved.
    expect(lab.service.get(cold.runId)).toEqual(cold);
    expect(lab.service.list().map((r) => r.runId)).toContain(cold.runId);
  }, 120_000);

  it('profiles the stages from SHOW PROFILE or performance_schema, and puts the instruments back', async () => {
    const stages = cold.profile.stages;
    expect(stages.length).toBeGreaterThan(2);
    expect(stages.reduce((s, x) => s + x.durationMs, 0)).toBeGreaterThan(0);
    if (mysql8) {
      expect(cold.profile.source).toBe('performance-schema');
      expect(await setupRows()).toBe(psBefore);
      expect(lab.journal.pending()).toEqual([]);
    } else {
      expect(cold.profile.source).toBe('show-profile');
      expect(stages.some((s) => s.cpuUserMs !== null)).toBe(true);
      expect(stages.some((s) => /opening tables/i.test(s.stage))).toBe(true);
    }
  });

  it("reports each index's old/young split exactly as a direct count on a still pool", async () => {
    const c = await lab.connect();
    const fingerprint = async () => {
      const [rows] = await c.query<RowDataPacket[]>(
        'SELECT POOL_ID, DATABASE_PAGES, OLD_DATABASE_PAGES, NUMBER_PAGES_READ, PAGES_MADE_YOUNG FROM information_schema.INNODB_BUFFER_POOL_STATS ORDER BY POOL_ID',
      );
      return JSON.stringify(rows);
    };
    try {
      // More than one index in the pool, whatever the runs before left there (a hash join reads
      // dim_date once, and a lineorder scan can evict it).
      await c.query(`SELECT COUNT(*) FROM ${LAB_SCHEMA}.dim_date`);
      await c.query(`SELECT COUNT(*) FROM ${LAB_SCHEMA}.supplier`);
      for (let attempt = 0; ; attempt++) {
        const f0 = await fingerprint();
        const bplab = compositionOf(
          await walkLru(
            { rows: async (sql, v) => (await c.query(sql, v))[0] as never },
            server.flavor === 'mariadb' ? 'lru-position' : 'is-old',
          ),
          0,
        );
        const direct =
          server.flavor === 'mariadb'
            ? `SELECT TABLE_NAME t, INDEX_NAME i, COUNT(*) pages,
                      SUM(LRU_POSITION < (SELECT OLD_DATABASE_PAGES FROM information_schema.INNODB_BUFFER_POOL_STATS)) old
                 FROM information_schema.INNODB_BUFFER_PAGE_LRU WHERE TABLE_NAME LIKE '%${LAB_SCHEMA}%' GROUP BY 1, 2`
            : `SELECT TABLE_NAME t, INDEX_NAME i, COUNT(*) pages, SUM(IS_OLD = 'YES') old
                 FROM information_schema.INNODB_BUFFER_PAGE_LRU WHERE TABLE_NAME LIKE '%${LAB_SCHEMA}%' GROUP BY 1, 2`;
        const [rows] = await c.query<RowDataPacket[]>(direct);
        const f1 = await fingerprint();
        if (f0 !== f1 && attempt < 5) continue;
        expect(f1).toBe(f0);
        const expected = rows
          .map((r) => ({
            // "`ssb_lab`.`lineorder`", or "ssb_lab/lineorder" on MySQL 5.5.
            key: `${String(r.t).replaceAll('`', '').replace('/', '.')}/${r.i}`,
            pages: Number(r.pages),
            old: Number(r.old),
          }))
          .sort((a, b) => a.key.localeCompare(b.key));
        const reported = bplab.indexes
          .filter((x) => x.table.startsWith(`${LAB_SCHEMA}.`))
          .map((x) => ({ key: `${x.table}/${x.index}`, pages: x.pages, old: x.oldPages }))
          .sort((a, b) => a.key.localeCompare(b.key));
        expect(reported.length).toBeGreaterThan(1);
        expect(reported).toEqual(expected);
        // And the old pages of all indexes add up to the pool's old sublist.
        const [[stats]] = await c.query<RowDataPacket[]>(
          'SELECT SUM(OLD_DATABASE_PAGES) AS old FROM information_schema.INNODB_BUFFER_POOL_STATS',
        );
        expect(bplab.indexes.reduce((s, x) => s + x.oldPages, 0)).toBe(Number(stats!.old));
        break;
      }
    } finally {
      await c.end();
    }
  });

  it('returns the same checksum for every variant of each of the 13 queries', async () => {
    const queries = lab.catalogue.list().filter((q) => q.source === 'ssb');
    expect(queries).toHaveLength(13);
    for (const q of queries) {
      const sums = new Set<string>();
      for (const v of q.variants) {
        const r = await lab.service.run(lab.info.profileId, undefined, {
          queryId: q.id,
          variant: v.variant,
          schema: LAB_SCHEMA,
          poll: 'off',
        });
        expect(r.state, `${q.id} ${v.variant}: ${r.error}`).toBe('complete');
        sums.add(`${r.rows}:${r.checksum}`);
      }
      expect([...sums], q.id).toHaveLength(1);
    }
  }, 300_000);

  it('refuses custom SQL that writes, in words', async () => {
    for (const sql of [
      'delete from lineorder',
      'select * from lineorder into outfile "/tmp/x"',
      'select * from dim_date for update',
      'select 1; drop table dim_date',
    ]) {
      const f = await failureOf(
        Promise.resolve().then(() =>
          lab.catalogue.save({ title: 'bad', variants: [{ variant: 'base', label: 'bad', sql }] }),
        ),
      );
      expect(f.error.message, sql).toMatch(/only reads/i);
    }
    expect(lab.catalogue.list().some((q) => q.source === 'custom')).toBe(false);
  });

  it('cancels a running query with KILL QUERY and keeps what was captured', async () => {
    const q = slowRead(lab);
    const { runId } = await lab.service.start(lab.info.profileId, undefined, {
      queryId: q.id,
      schema: LAB_SCHEMA,
      poll: 200,
    });
    await runningNow('%bplab run%lo_quantity + b.d_year%');
    // A run is a task of kind 'run' whose id is its runId; cancel comes through the task registry.
    expect(lab.tasks.list().find((t) => t.taskId === runId)).toMatchObject({ kind: 'run', state: 'running' });
    const started = Date.now();
    expect(lab.tasks.cancel(runId).cancelled).toBe(true);
    const r = await lab.service.finished(runId)!;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.state).toBe('cancelled');
    expect(r.error).toMatch(/KILL QUERY/);
    expect(r.checksum).toBeNull();
    expect(r.poolStats.after).not.toBeNull();
    expect(r.lru.after).not.toBeNull();
    expect(r.status.length).toBeGreaterThan(0);
    expect(lab.service.get(runId).state).toBe('cancelled');
    expect(lab.progress.filter((p) => p.taskId === runId && p.done)).toHaveLength(1);
    expect(lab.tasks.list().some((t) => t.taskId === runId)).toBe(false);
  }, 60_000);

  it('cancels through an AbortSignal and hands the caller its own samples (as experiments drive a run)', async () => {
    const controller = new AbortController();
    const mine: RunSample[] = [];
    const pending = lab.service.run(
      lab.info.profileId,
      undefined,
      { queryId: slowRead(lab).id, schema: LAB_SCHEMA, poll: 100 },
      { signal: controller.signal, onSample: (s) => mine.push(s) },
    );
    await runningNow('%bplab run%lo_quantity + b.d_year%');
    await new Promise((r) => setTimeout(r, 400));
    controller.abort();
    const r = await pending;
    expect(r.state).toBe('cancelled');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s) => s.runId === r.runId)).toBe(true);
  }, 60_000);

  it('asks before walking the LRU of a production profile, and runs without it when polling is off', async () => {
    const profile = lab.profiles.get(lab.info.profileId);
    lab.profiles.put({ ...profile, production: true });
    try {
      const f = await failureOf(
        lab.service.run(profile.id, undefined, { queryId: 'Q1.1', schema: LAB_SCHEMA, poll: 'auto' }),
      );
      expect(f.error.code).toBe('CONSENT_REQUIRED');
      expect(f.error.message).toMatch(/production.*mutex/s);
      const before = mysql8 ? await setupRows() : '';
      const r = await lab.service.run(profile.id, undefined, {
        queryId: 'Q1.1',
        schema: LAB_SCHEMA,
        poll: 'off',
      });
      expect(r.state).toBe('complete');
      expect(r.lru).toEqual({ before: null, after: null });
      if (mysql8) expect(await setupRows()).toBe(before);
    } finally {
      lab.profiles.put(profile);
    }
  }, 60_000);

  it('keeps the poller within its memory bound over many samples, spread over the whole time', async () => {
    const c = await lab.connect();
    const started = performance.now();
    const bounds = { stats: 8, compositions: 6, maps: 4, cachedIndexes: 8 };
    let frames = 0;
    const poller = new LivePoller({
      conn: { rows: async (sql, v) => (await c.query(sql, v))[0] as never },
      setting: 50,
      oldMethod: server.flavor === 'mariadb' ? 'lru-position' : 'is-old',
      bucketPages: 16,
      walkLru: true,
      cachedIndexes: mysql8,
      clock: () => performance.now() - started,
      onSample: () => frames++,
      bounds,
    });
    poller.start();
    await new Promise((r) => setTimeout(r, 3_000));
    await poller.stop();
    await c.end();
    const kept = poller.samples();
    expect(frames).toBeGreaterThan(20);
    expect(kept.stats.length).toBeLessThanOrEqual(bounds.stats);
    expect(kept.compositions.length).toBeLessThanOrEqual(bounds.compositions);
    expect(kept.maps.length).toBeLessThanOrEqual(bounds.maps);
    expect(kept.cachedIndexes.length).toBeLessThanOrEqual(bounds.cachedIndexes);
    expect(kept.downsampled).toBe(true);
    // The first sample and the newest are kept: the series still spans the whole poll.
    expect(kept.stats[0]!.atMs).toBeLessThan(500);
    expect(kept.stats[kept.stats.length - 1]!.atMs).toBeGreaterThan(2_000);
    expect(kept.cost!.snapshots).toBeGreaterThan(kept.compositions.length);
    if (mysql8) expect(kept.cachedIndexes[0]!.approximate).toBe(true);
  }, 30_000);

  it('leaves a run interrupted, in words, when the server is killed mid-query', async () => {
    const q = slowRead(lab);
    const { runId } = await lab.service.start(lab.info.profileId, undefined, {
      queryId: q.id,
      schema: LAB_SCHEMA,
      poll: 200,
    });
    await runningNow('%bplab run%lo_quantity + b.d_year%');
    if (process.env.BPLAB_DEBUG_RUNS) console.log('killing', lab.info.pid);
    process.kill(lab.info.pid!, 'SIGKILL');
    const r = await lab.service.finished(runId)!;
    expect(r.state).toBe('interrupted');
    expect(r.error).toMatch(/closed the connection/);
    expect(r.poolStats.before.length).toBeGreaterThan(0);
    expect(lab.service.get(runId).state).toBe('interrupted');
    // The server comes back; on MySQL 8 the instruments bplab switched on are put back on the next connection.
    lab.info = await lab.sandboxes.start(lab.info.id);
    if (mysql8) {
      await lab.connections.use(lab.info.profileId, {}, async () => {});
      expect(lab.journal.pending()).toEqual([]);
    }
  }, 90_000);
});
