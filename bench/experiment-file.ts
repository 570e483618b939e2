/**
 * Experiment file size and open time (issue 9): post 001's whole experiment (13 queries × innodb_old_blocks_time
 * 1000 and 0 × cold + runs 1, 2, 3 = 104 runs) with live samples at the density the poller keeps for a 128 MB
 * pool (one LRU map and composition a second, pool stats four times a second, for a 25 s query: 320 s per
 * 13 queries in the post). Sample values vary as a real pool's do (seeded), so compression is not flattered.
 * Prints the file's size beside the 20 MB goal, and the time to open it beside the 1 s goal and beside a bare
 * JSON.parse of the same bytes (the floor, measured in the same run).
 *
 *   npm run bench -- experiment-file [--seconds 25 --buckets 128]
 */
import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadExperimentFile, saveExperimentFile } from '../src/main/experiments/experiment-file';
import type { ExperimentFile } from '../src/shared/experiments/experiment-file';
import { ExperimentDefinitionSchema, planExperiment } from '../src/shared/experiments/experiments';
import {
  timedStage,
  type LruComposition,
  type LruMapFrame,
  type PoolStatsSample,
  type RunResult,
} from '../src/shared/runs/runs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '25' }, buckets: { type: 'string', default: '128' } },
});
const querySeconds = Number(values.seconds);
const buckets = Number(values.buckets);

let seed = 42;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const int = (n: number) => Math.floor(rnd() * n);

const legend = [
  'ssb_sf1.lineorder/GEN_CLUST_INDEX',
  'ssb_sf1.lineorder/LO_OrderDateKey',
  'ssb_sf1.lineorder/LO_PartKey',
  'ssb_sf1.lineorder/LO_SuppKey',
  'ssb_sf1.dim_date/PRIMARY',
  'ssb_sf1.part/PRIMARY',
  'ssb_sf1.supplier/PRIMARY',
  'ssb_sf1.customer/PRIMARY',
];
const poolPages = 8192;
const bucketPages = poolPages / buckets;

function map(atMs: number): LruMapFrame {
  return {
    atMs,
    costMs: 8 + rnd() * 4,
    bucketPages,
    legend,
    pools: [
      {
        poolId: 0,
        lruLength: poolPages - 1024,
        oldLength: 2623 + int(5),
        buckets: Array.from({ length: buckets }, (_, b) => {
          const old = b > buckets * 0.62;
          const main = int(10) < 8 ? 0 : int(legend.length);
          const other = int(legend.length);
          const a = bucketPages - int(6);
          return other === main || a === bucketPages
            ? [[main, bucketPages, old ? bucketPages : 0]]
            : [
                [main, a, old ? a : 0],
                [other, bucketPages - a, old ? bucketPages - a : 0],
              ];
        }),
      },
    ],
  };
}

function composition(atMs: number, t: number): LruComposition {
  return {
    atMs,
    costMs: 9 + rnd() * 3,
    databasePages: 7162,
    oldMethod: 'is-old',
    indexes: legend.map((key, i) => {
      const [table, index] = key.split('/') as [string, string];
      const pages = i === 0 ? Math.round(6000 + 900 * t) + int(50) : 5 + int(40);
      const oldPages = Math.min(pages, int(pages));
      return {
        table,
        index,
        pages,
        oldPages,
        youngPages: pages - oldPages,
        records: pages * (i === 0 ? 157 : 600) + int(100),
        dataSizeBytes: pages * 15_000 + int(10_000),
        poolShare: pages / 7162,
      };
    }),
  };
}

function stats(atMs: number, step: number): PoolStatsSample {
  const pagesRead = 38_960 + step * (1500 + int(100));
  return {
    atMs,
    pools: [
      {
        poolId: 0,
        poolSize: 8191,
        freeBuffers: 1024,
        databasePages: 7162 + int(3),
        oldDatabasePages: 2623 + int(3),
        modifiedDatabasePages: 0,
        pendingReads: int(3),
        pagesMadeYoung: 3 + step * int(3),
        pagesNotMadeYoung: 4_824_154 + step * (190_000 + int(5000)),
        pagesRead,
        pagesCreated: 0,
        pagesWritten: 1,
        pagesGet: 6_731_253 + step * (269_000 + int(1000)),
        readAhead: pagesRead - 500 - int(20),
        readAheadEvicted: int(2),
        raw: { POOL_ID: 0, HIT_RATE: 990 + int(10), LRU_IO_TOTAL: 431 + step },
      },
    ],
  };
}

function run(i: number, queryId: string, oldBlocksTime: string): RunResult {
  const frames = querySeconds;
  return {
    format: 1,
    runId: `run-${i}`,
    profileId: 'sandbox-post001',
    queryId,
    variant: 'base',
    sql: `-- ${queryId}\nselect sum(lo_extendedprice*lo_discount) as revenue from lineorder join dim_date on lo_orderdatekey = d_datekey where d_year = 1993`,
    schema: 'ssb_sf1',
    dataset: { schema: 'ssb_sf1', sf: 1, source: 'generated' },
    server: {
      flavor: 'mysql',
      version: '8.0.31',
      bufferPoolSizeBytes: 134_217_728,
      bufferPoolInstances: 1,
      pageSizeBytes: 16384,
      oldBlocksTimeMs: Number(oldBlocksTime),
      oldBlocksPct: 37,
      readAheadThreshold: 56,
      flushMethod: 'fsync',
    },
    startedAt: new Date(Date.UTC(2026, 10, 23, 6, 0, i * 30)).toISOString(),
    state: 'complete',
    error: null,
    elapsedMs: querySeconds * 1000 + int(2000),
    rows: 1 + int(800),
    checksum: `sha256:${int(2 ** 31).toString(16)}`,
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
      ],
      json: { query_block: { select_id: 1, cost_info: { query_cost: String(600000 + int(1000)) } } },
    },
    profile: {
      source: 'performance-schema',
      note: '',
      stages: ['starting', 'Opening tables', 'optimizing', 'executing', 'end'].map((stage) =>
        timedStage(stage, rnd() * 100),
      ),
    },
    status: ['Innodb_buffer_pool_reads', 'Innodb_pages_read', 'Innodb_rows_read'].map((name) => {
      const before = int(1e7);
      const delta = int(1e6);
      return { name, before, after: before + delta, delta, scope: 'global' as const };
    }),
    poolStats: { before: stats(-100, 0).pools, after: stats(querySeconds * 1000, querySeconds * 4).pools },
    lru: { before: composition(-100, 0), after: composition(querySeconds * 1000, 1) },
    samples: {
      stats: Array.from({ length: frames * 4 }, (_, k) => stats(k * 250, k)),
      compositions: Array.from({ length: frames }, (_, k) => composition(k * 1000, k / frames)),
      maps: Array.from({ length: frames }, (_, k) => map(k * 1000)),
      cachedIndexes: [],
      cost: {
        intervalMs: 1000,
        adaptive: true,
        snapshots: frames,
        meanSnapshotMs: 10,
        maxSnapshotMs: 14,
        serverShare: 0.01,
      },
      downsampled: false,
    },
  };
}

const definition = ExperimentDefinitionSchema.parse({
  name: 'post 001: innodb_old_blocks_time 1000 vs 0, 128M pool',
  schema: 'ssb_sf1',
  queries: [
    'Q1.1',
    'Q1.2',
    'Q1.3',
    'Q2.1',
    'Q2.2',
    'Q2.3',
    'Q3.1',
    'Q3.2',
    'Q3.3',
    'Q3.4',
    'Q4.1',
    'Q4.2',
    'Q4.3',
  ].map((queryId) => ({ queryId })),
  servers: [{ label: 'MySQL 8.0', profileId: 'sandbox-post001', sandboxId: 'post001' }],
  matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] }],
});
const plan = planExperiment(definition);
const experiment: ExperimentFile = {
  format: 'bplab-experiment',
  version: 1,
  savedAt: new Date().toISOString(),
  bplabVersion: 'bench',
  state: 'complete',
  definition,
  servers: [{ label: 'MySQL 8.0', capabilities: null }],
  results: plan.map((p) => ({
    planIndex: p.index,
    cell: p.cell.key,
    pass: p.pass,
    counted: p.counted,
    cold: p.restartBefore
      ? { how: 'restart-and-drop-page-cache', note: 'sandbox restarted; page cache dropped' }
      : null,
    run: run(p.index, p.queryId, p.cell.settings[0]!.value),
  })),
};

const dir = mkdtempSync(join(tmpdir(), 'bplab-bench-exp-'));
try {
  const file = join(dir, 'post001.bplab.json');
  const rawJsonBytes = Buffer.byteLength(JSON.stringify(experiment));
  let t = performance.now();
  saveExperimentFile(file, experiment);
  const saveMs = performance.now() - t;
  const size = statSync(file).size;

  const opens: number[] = [];
  const parses: number[] = [];
  for (let k = 0; k < 5; k++) {
    t = performance.now();
    const loaded = loadExperimentFile(file);
    opens.push(performance.now() - t);
    if (loaded.results.length !== plan.length) throw new Error('the file did not hold every run');
    t = performance.now();
    JSON.parse(readFileSync(file, 'utf8'));
    parses.push(performance.now() - t);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const mb = (b: number) => `${(b / 1e6).toFixed(2)} MB`;
  console.log(`post 001 experiment: ${plan.length} runs, ${querySeconds} s each, ${buckets} LRU-map buckets`);
  console.log(
    `  samples per run: ${querySeconds} maps, ${querySeconds} compositions, ${querySeconds * 4} pool-stats samples`,
  );
  console.log(
    `  file size:   ${mb(size)}   (goal < 20 MB: ${size < 20e6 ? 'met' : 'NOT met'}; the same data as plain JSON: ${mb(rawJsonBytes)}, ${(rawJsonBytes / size).toFixed(1)}× larger)`,
  );
  console.log(`  save:        ${saveMs.toFixed(0)} ms`);
  console.log(
    `  open (median of 5): ${median(opens).toFixed(0)} ms   (goal < 1000 ms: ${median(opens) < 1000 ? 'met' : 'NOT met'}; bare JSON.parse of the file: ${median(parses).toFixed(0)} ms)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
