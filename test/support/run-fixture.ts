/**
 * Hand-made runs with post 001's figures (MySQL 5.6, 128M pool, Q1.1), as inputs for tests of code that
 * reads runs: files, comparisons, reports. Nothing here is read off the code under test.
 */
import type { ExperimentFile } from '../../src/shared/experiments/experiment-file';
import { ExperimentDefinitionSchema } from '../../src/shared/experiments/experiments';
import type {
  LruComposition,
  LruMapFrame,
  PoolStats,
  PoolStatsSample,
  RunResult,
} from '../../src/shared/runs/runs';

/** One pool instance as INNODB_BUFFER_POOL_STATS gives it, every counter 0 unless `over` says: the one builder. */
export function zeroPool(over: Partial<PoolStats> = {}): PoolStats {
  return {
    poolId: 0,
    poolSize: 8192,
    freeBuffers: 1024,
    databasePages: 0,
    oldDatabasePages: 0,
    modifiedDatabasePages: 0,
    pendingReads: 0,
    pagesMadeYoung: 0,
    pagesNotMadeYoung: 0,
    pagesRead: 0,
    pagesCreated: 0,
    pagesWritten: 0,
    pagesGet: 0,
    readAhead: 0,
    readAheadEvicted: 0,
    raw: {},
    ...over,
  };
}

/** A pool after a cold Q1.1 at SF 1 on a 128 MB pool (the figures post 001's run gives). */
export function poolStats(over: Partial<PoolStats> = {}): PoolStats {
  const s = zeroPool({
    poolSize: 8191,
    databasePages: 7162,
    oldDatabasePages: 2623,
    pagesMadeYoung: 3,
    pagesNotMadeYoung: 4824154,
    pagesRead: 38960,
    pagesWritten: 1,
    pagesGet: 6731253,
    readAhead: 38457,
    ...over,
  });
  return { ...s, raw: { POOL_ID: s.poolId, POOL_SIZE: s.poolSize, HIT_RATE: 0, LRU_IO_TOTAL: 431 } };
}

export function composition(atMs: number, scale = 1): LruComposition {
  const pages = Math.round(6909 * scale);
  const old = Math.min(2559, pages);
  return {
    atMs,
    costMs: 120,
    databasePages: 7162,
    oldMethod: 'is-old',
    indexes: [
      {
        table: 'ssb.lineorder',
        index: 'GEN_CLUST_INDEX',
        pages,
        oldPages: old,
        youngPages: pages - old,
        records: 1083172,
        dataSizeBytes: 105_000_000,
        poolShare: 0.843,
      },
      {
        table: 'ssb.dim_date',
        index: 'PRIMARY',
        pages: 17,
        oldPages: 0,
        youngPages: 17,
        records: 2481,
        dataSizeBytes: 250_000,
        poolShare: 0.002,
      },
    ],
  };
}

export function mapFrame(atMs: number, buckets = 128): LruMapFrame {
  return {
    atMs,
    costMs: 110,
    bucketPages: 64,
    legend: ['ssb.lineorder/GEN_CLUST_INDEX', 'ssb.dim_date/PRIMARY', 'ssb.lineorder/LO_OrderDateKey'],
    pools: [
      {
        poolId: 0,
        lruLength: buckets * 64,
        oldLength: Math.round(buckets * 64 * 0.375),
        buckets: Array.from({ length: buckets }, (_, b) =>
          b % 17 === 0
            ? [
                [1, 2, b > buckets * 0.625 ? 2 : 0],
                [0, 62, b > buckets * 0.625 ? 62 : 0],
              ]
            : [[0, 64, b > buckets * 0.625 ? 64 : 0]],
        ),
      },
    ],
  };
}

export function statsSample(atMs: number, step: number): PoolStatsSample {
  return {
    atMs,
    pools: [
      poolStats({
        pagesRead: 38960 + step * 1200,
        pagesGet: 6731253 + step * 200_000,
        readAhead: 38457 + step * 1180,
      }),
    ],
  };
}

/** A complete Q1.1 run; `samples` sets how many map frames it carries (stats are sampled 4× as often). */
export function runResult(over: Partial<RunResult> = {}, samples = 3): RunResult {
  return {
    format: 1,
    runId: 'run-q11-a',
    profileId: 'sandbox-s1',
    queryId: 'Q1.1',
    variant: 'straight',
    sql: 'select straight_join sum(lo_extendedprice*lo_discount) as revenue from lineorder join dim_date on lo_orderdatekey = d_datekey where d_year = 1993 and lo_discount between 1 and 3 and lo_quantity < 25',
    schema: 'ssb',
    dataset: { schema: 'ssb', sf: 1, source: 'generated' },
    server: {
      flavor: 'mysql',
      version: '5.6.10',
      bufferPoolSizeBytes: 134217728,
      bufferPoolInstances: 1,
      pageSizeBytes: 16384,
      oldBlocksTimeMs: 1000,
      oldBlocksPct: 37,
      readAheadThreshold: 56,
      flushMethod: 'fsync',
    },
    startedAt: '2013-03-15T10:00:00.000Z',
    state: 'complete',
    error: null,
    elapsedMs: 33940,
    rows: 1,
    checksum: 'sha256:5b2f0c',
    explain: {
      table: [
        {
          id: 1,
          select_type: 'SIMPLE',
          table: 'lineorder',
          type: 'ALL',
          key: null,
          rows: 5996539,
          Extra: 'Using where',
        },
        {
          id: 1,
          select_type: 'SIMPLE',
          table: 'dim_date',
          type: 'eq_ref',
          key: 'PRIMARY',
          rows: 1,
          Extra: 'Using where',
        },
      ],
      json: { query_block: { select_id: 1 } },
    },
    profile: {
      source: 'show-profile',
      note: '',
      stages: [
        {
          stage: 'Sending data',
          durationMs: 33764.396,
          cpuUserMs: 7523.023,
          cpuSystemMs: 13027.019,
          contextVoluntary: 4979,
          contextInvoluntary: 90,
          blockOpsIn: 0,
          blockOpsOut: 0,
          pageFaultsMajor: 0,
          pageFaultsMinor: 90,
        },
      ],
    },
    status: [
      { name: 'Innodb_buffer_pool_reads', before: 20, after: 570, delta: 550, scope: 'global' },
      { name: 'Innodb_pages_read', before: 0, after: 38961, delta: 38961, scope: 'global' },
      { name: 'Handler_read_rnd_next', before: 0, after: 6001172, delta: 6001172, scope: 'session' },
    ],
    poolStats: { before: [poolStats({ pagesRead: 0, pagesNotMadeYoung: 0 })], after: [poolStats()] },
    lru: { before: composition(-200, 0.1), after: composition(34000) },
    samples: {
      stats: Array.from({ length: samples * 4 }, (_, i) => statsSample(i * 250, i)),
      compositions: Array.from({ length: samples }, (_, i) => composition(i * 1000, (i + 1) / samples)),
      maps: Array.from({ length: samples }, (_, i) => mapFrame(i * 1000)),
      cachedIndexes: [],
      cost: {
        intervalMs: 1000,
        adaptive: true,
        snapshots: samples,
        meanSnapshotMs: 110,
        maxSnapshotMs: 130,
        serverShare: 0.011,
      },
      downsampled: false,
    },
    ...over,
  };
}

/** A small experiment file in memory: post 001's Q1.1, cold then hot runs. */
export function experiment(results = 2): ExperimentFile {
  return {
    format: 'bplab-experiment',
    version: 1,
    savedAt: '2026-11-23T06:00:00.000Z',
    bplabVersion: '0.1.0',
    state: 'complete',
    definition: ExperimentDefinitionSchema.parse({
      name: 'old_blocks_time 1000 vs 0',
      schema: 'ssb',
      queries: [{ queryId: 'Q1.1', variant: 'straight' }],
      servers: [{ label: 'MySQL 5.6', profileId: 'sandbox-s1', sandboxId: 's1' }],
      matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] }],
    }),
    servers: [{ label: 'MySQL 5.6', capabilities: null }],
    results: Array.from({ length: results }, (_, i) => ({
      planIndex: i,
      cell: 'MySQL 5.6 · innodb_old_blocks_time=1000',
      pass: i === 0 ? { kind: 'cold' as const } : { kind: 'hot' as const, n: i },
      counted: true,
      cold:
        i === 0
          ? { how: 'restart-and-drop-page-cache' as const, note: 'sandbox restarted; page cache dropped' }
          : null,
      run: runResult({ runId: `run-${i}` }),
    })),
  };
}
