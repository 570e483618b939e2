/**
 * Runs built by hand from post 001's own figures (MySQL 5.6.10, SSB SF 1, a 128 MB pool): Q1.1 with
 * lineorder first at innodb_old_blocks_time=1000 (33.94 s) and =0 (7.81 s), and with dim_date first
 * (22.54 s). The post printed counters right after a restart, so they serve here as the run's deltas.
 * These are test inputs, typed in from the post, not outputs of the code under test.
 */
import type {
  LruComposition,
  PoolStats,
  ProfileStage,
  RunResult,
  RunServerSettings,
  StatusDelta,
} from '../../src/shared/runs/runs';
import { zeroPool } from './run-fixture';

export const SQL_LINEORDER_FIRST =
  'select straight_join sum(lo_extendedprice*lo_discount) as revenue from lineorder join dim_date on lo_orderdatekey = d_datekey where d_year = 1993 and lo_discount between 1 and 3 and lo_quantity < 25';
export const SQL_DIM_DATE_FIRST =
  'select straight_join sum(lo_extendedprice*lo_discount) as revenue from dim_date join lineorder on lo_orderdatekey = d_datekey where d_year = 1993 and lo_discount between 1 and 3 and lo_quantity < 25';

const POOL_PAGES = 8192;

export function server(over: Partial<RunServerSettings> = {}): RunServerSettings {
  return {
    flavor: 'mysql',
    version: '5.6.10',
    bufferPoolSizeBytes: 128 * 1024 * 1024,
    bufferPoolInstances: 1,
    pageSizeBytes: 16384,
    oldBlocksTimeMs: 1000,
    oldBlocksPct: 37,
    readAheadThreshold: 56,
    flushMethod: 'fsync',
    ...over,
  };
}

export function pool(over: Partial<PoolStats> = {}): PoolStats {
  return zeroPool({ poolSize: POOL_PAGES, ...over });
}

/** A freshly started pool: every page free, every counter 0. */
export const FRESH_POOL = pool({ freeBuffers: POOL_PAGES });

/** [table, index, pages, old, young, records] as the post's LRU query printed them. */
type LruLine = [string, string, number, number, number, number];

export function composition(lines: LruLine[], atMs = 40_000): LruComposition {
  return {
    atMs,
    costMs: 120,
    databasePages: lines.reduce((s, l) => s + l[2], 0),
    oldMethod: 'is-old',
    indexes: lines.map(([table, index, pages, oldPages, youngPages, records]) => ({
      table: `ssb.${table}`,
      index,
      pages,
      oldPages,
      youngPages,
      records,
      dataSizeBytes: pages * 15_000,
      poolShare: pages / POOL_PAGES,
    })),
  };
}

const g = (name: string, delta: number): StatusDelta => ({
  name,
  before: 0,
  after: delta,
  delta,
  scope: 'global',
});
const s = (name: string, delta: number): StatusDelta => ({
  name,
  before: 0,
  after: delta,
  delta,
  scope: 'session',
});

/** The post's '%innodb%read%' counters, in its order. */
function innodbReads(f: {
  readAhead: number;
  requests: number;
  reads: number;
  dataRead: number;
  dataReads: number;
  pagesRead: number;
  rowsRead: number;
}): StatusDelta[] {
  return [
    g('Innodb_buffer_pool_read_ahead_rnd', 0),
    g('Innodb_buffer_pool_read_ahead', f.readAhead),
    g('Innodb_buffer_pool_read_ahead_evicted', 0),
    g('Innodb_buffer_pool_read_requests', f.requests),
    g('Innodb_buffer_pool_reads', f.reads),
    g('Innodb_data_read', f.dataRead),
    g('Innodb_data_reads', f.dataReads),
    g('Innodb_pages_read', f.pagesRead),
    g('Innodb_rows_read', f.rowsRead),
  ];
}

/** [stage, duration s, cpu s (user+system, put in user), context switches, block ops, page faults]: the post's p1/p2 join. */
type StageLine = [string, number, number, number, number, number];

function stages(lines: StageLine[]): ProfileStage[] {
  return lines.map(([stage, dur, cpu, cs, block, pf]) => ({
    stage,
    durationMs: dur * 1000,
    cpuUserMs: cpu * 1000,
    cpuSystemMs: 0,
    contextVoluntary: cs,
    contextInvoluntary: 0,
    blockOpsIn: block,
    blockOpsOut: 0,
    pageFaultsMajor: 0,
    pageFaultsMinor: pf,
  }));
}

/** p1 (innodb_old_blocks_time=1000) in seq order; p2 below. */
const P1: StageLine[] = [
  ['starting', 0.00023, 0, 0, 0, 29],
  ['checking permissions', 0.000014, 0, 0, 0, 0],
  ['checking permissions', 0.000015, 0, 0, 0, 0],
  ['Opening tables', 0.270664, 0.025996, 34, 2056, 48],
  ['init', 0.000105, 0, 0, 0, 26],
  ['System lock', 0.000031, 0, 0, 0, 1],
  ['optimizing', 0.000048, 0, 0, 0, 8],
  ['statistics', 0.00013, 0, 0, 0, 26],
  ['preparing', 0.000068, 0, 0, 0, 14],
  ['executing', 0.000013, 0, 0, 0, 0],
  ['Sending data', 33.764396, 40.173893, 4979, 0, 90],
  ['end', 0.000027, 0, 0, 0, 1],
  ['query end', 0.000011, 0, 0, 0, 0],
  ['closing tables', 0.000015, 0, 0, 0, 0],
  ['freeing items', 0.000049, 0, 0, 0, 3],
];
const P2: StageLine[] = [
  ['starting', 0.000192, 0, 0, 0, 29],
  ['checking permissions', 0.000014, 0, 0, 0, 0],
  ['checking permissions', 0.000014, 0, 0, 0, 0],
  ['Opening tables', 0.295955, 0.024996, 35, 1488, 48],
  ['init', 0.000138, 0, 0, 0, 26],
  ['System lock', 0.000031, 0, 0, 0, 1],
  ['optimizing', 0.000048, 0, 0, 0, 8],
  ['statistics', 0.000097, 0, 0, 0, 26],
  ['preparing', 0.000064, 0, 0, 0, 14],
  ['executing', 0.000013, 0, 0, 0, 0],
  ['Sending data', 7.523023, 13.027019, 21399, 0, 90],
  ['end', 0.000026, 0, 0, 0, 1],
  ['query end', 0.000012, 0, 0, 0, 0],
  ['closing tables', 0.000016, 0, 0, 0, 0],
  ['freeing items', 0.000117, 0.001, 0, 0, 3],
];

const EXPLAIN_LINEORDER_FIRST = [
  {
    id: 1,
    select_type: 'SIMPLE',
    table: 'lineorder',
    type: 'ALL',
    possible_keys: 'LO_OrderDateKey',
    key: null,
    key_len: null,
    ref: null,
    rows: 5996539,
    Extra: 'Using where',
  },
  {
    id: 1,
    select_type: 'SIMPLE',
    table: 'dim_date',
    type: 'eq_ref',
    possible_keys: 'PRIMARY',
    key: 'PRIMARY',
    key_len: '4',
    ref: 'ssb.lineorder.LO_OrderDateKey',
    rows: 1,
    Extra: 'Using where',
  },
];
const EXPLAIN_DIM_DATE_FIRST = [
  {
    id: 1,
    select_type: 'SIMPLE',
    table: 'dim_date',
    type: 'ALL',
    possible_keys: 'PRIMARY',
    key: null,
    key_len: null,
    ref: null,
    rows: 2704,
    Extra: 'Using where',
  },
  {
    id: 1,
    select_type: 'SIMPLE',
    table: 'lineorder',
    type: 'ref',
    possible_keys: 'LO_OrderDateKey',
    key: 'LO_OrderDateKey',
    key_len: '4',
    ref: 'ssb.dim_date.D_DateKey',
    rows: 2837,
    Extra: 'Using where',
  },
];

/** A fresh copy each time, so a test that changes its run changes no other test's. */
export function baseRun(over: Partial<RunResult> = {}): RunResult {
  return structuredClone({
    format: 1,
    runId: 'run-1',
    profileId: 'sandbox-s1',
    queryId: 'Q1.1',
    variant: 'straight-lo',
    sql: SQL_LINEORDER_FIRST,
    schema: 'ssb',
    dataset: { schema: 'ssb', sf: 1, source: 'generated' },
    server: server(),
    startedAt: '2013-03-01T10:00:00.000Z',
    state: 'complete',
    error: null,
    elapsedMs: 1000,
    rows: 1,
    checksum: 'c1d2e3f4',
    explain: { table: EXPLAIN_LINEORDER_FIRST, json: null },
    profile: { source: 'show-profile', note: '', stages: [] },
    status: [],
    poolStats: { before: [FRESH_POOL], after: [FRESH_POOL] },
    lru: { before: null, after: null },
    samples: { stats: [], compositions: [], maps: [], cachedIndexes: [], cost: null, downsampled: false },
    ...over,
  });
}

/** Q1.1, lineorder first, innodb_old_blocks_time=1000: 33.94 s. */
export function lineorderFirstOb1000(): RunResult {
  return baseRun({
    runId: 'lo-ob1000',
    elapsedMs: 33_940,
    status: [
      ...innodbReads({
        readAhead: 38392,
        requests: 6731100,
        reads: 570,
        dataRead: 640536576,
        dataReads: 38972,
        pagesRead: 38961,
        rowsRead: 6611119,
      }),
      s('Handler_read_key', 609948),
      s('Handler_read_rnd_next', 6001172),
    ],
    profile: { source: 'show-profile', note: '', stages: stages(P1) },
    poolStats: {
      before: [FRESH_POOL],
      after: [
        pool({
          poolSize: 8191,
          freeBuffers: 1024,
          databasePages: 7162,
          oldDatabasePages: 2623,
          pagesMadeYoung: 3,
          pagesNotMadeYoung: 4824154,
          pagesRead: 38960,
          pagesWritten: 1,
          pagesGet: 6731253,
          readAhead: 38457,
        }),
      ],
    },
    lru: {
      before: null,
      after: composition([
        ['lineorder', 'GEN_CLUST_INDEX', 6909, 2559, 4350, 1083172],
        ['lineorder', 'LO_PartKey', 17, 0, 17, 9979],
        ['lineorder', 'LO_CommitDateKey', 17, 0, 17, 10776],
        ['lineorder', 'LO_OrderDateKey', 17, 0, 17, 10376],
        ['dim_date', 'PRIMARY', 17, 0, 17, 2481],
        ['lineorder', 'LO_CustKey', 16, 0, 16, 8616],
        ['lineorder', 'LO_OrderKey', 16, 0, 16, 10943],
        ['lineorder', 'LO_SuppKey', 15, 0, 15, 11466],
      ]),
    },
  });
}

/** Q1.1, lineorder first, innodb_old_blocks_time=0: 7.81 s. */
export function lineorderFirstOb0(): RunResult {
  return baseRun({
    runId: 'lo-ob0',
    elapsedMs: 7_810,
    server: server({ oldBlocksTimeMs: 0 }),
    status: [
      ...innodbReads({
        readAhead: 38461,
        requests: 6731687,
        reads: 550,
        dataRead: 641339392,
        dataReads: 39021,
        pagesRead: 39010,
        rowsRead: 6611119,
      }),
      s('Handler_read_key', 609948),
      s('Handler_read_rnd_next', 6001172),
    ],
    profile: { source: 'show-profile', note: '', stages: stages(P2) },
    poolStats: {
      before: [FRESH_POOL],
      after: [
        pool({
          freeBuffers: 1024,
          databasePages: 7163,
          oldDatabasePages: 2624,
          pagesMadeYoung: 29501,
          pagesRead: 39009,
          pagesWritten: 1,
          pagesGet: 6731790,
          readAhead: 38459,
        }),
      ],
    },
    lru: {
      before: null,
      after: composition([
        ['lineorder', 'GEN_CLUST_INDEX', 7085, 2547, 4538, 1104291],
        ['dim_date', 'PRIMARY', 17, 17, 0, 2481],
      ]),
    },
  });
}

/** Q1.1, dim_date first (STRAIGHT_JOIN), innodb_old_blocks_time=1000: 22.54 s. */
export function dimDateFirstOb1000(): RunResult {
  return baseRun({
    runId: 'dd-ob1000',
    variant: 'straight-dd',
    sql: SQL_DIM_DATE_FIRST,
    elapsedMs: 22_540,
    explain: { table: EXPLAIN_DIM_DATE_FIRST, json: null },
    status: [
      ...innodbReads({
        readAhead: 0,
        requests: 3776369,
        reads: 191571,
        dataRead: 3140882432,
        dataReads: 191581,
        pagesRead: 191570,
        rowsRead: 910844,
      }),
      s('Handler_read_key', 366),
      s('Handler_read_next', 907_921),
      s('Handler_read_rnd_next', 2557),
    ],
    poolStats: {
      before: [FRESH_POOL],
      after: [
        pool({
          freeBuffers: 1024,
          databasePages: 6175,
          oldDatabasePages: 2259,
          pagesMadeYoung: 62,
          pagesNotMadeYoung: 2054952,
          pagesRead: 191834,
          pagesWritten: 1,
          pagesGet: 3777151,
        }),
      ],
    },
    lru: {
      before: null,
      after: composition([
        ['lineorder', 'GEN_CLUST_INDEX', 6001, 2095, 3906, 964974],
        ['lineorder', 'LO_OrderDateKey', 31, 28, 3, 18223],
        ['dim_date', 'PRIMARY', 17, 11, 6, 2414],
        ['lineorder', 'LO_OrderKey', 17, 17, 0, 11320],
        ['lineorder', 'LO_PartKey', 17, 17, 0, 10095],
        ['lineorder', 'LO_CustKey', 17, 17, 0, 9874],
        ['lineorder', 'LO_CommitDateKey', 16, 16, 0, 10775],
        ['lineorder', 'LO_SuppKey', 16, 16, 0, 11879],
      ]),
    },
  });
}

/** Config 3: a 4 GB pool that holds SF 1 whole, right after a cold Q1.1 (no page ever evicted). */
export function bigPoolRun(over: Partial<RunResult> = {}): RunResult {
  const pages = 262_144;
  return baseRun({
    runId: 'big-pool',
    elapsedMs: 14_410,
    server: server({ bufferPoolSizeBytes: 4 * 1024 ** 3 }),
    poolStats: {
      before: [pool({ poolSize: pages, freeBuffers: pages })],
      after: [
        pool({
          poolSize: pages,
          freeBuffers: pages - 39_010,
          databasePages: 39_010,
          pagesRead: 39_009,
          pagesGet: 6_731_790,
          readAhead: 38_459,
        }),
      ],
    },
    ...over,
  });
}
