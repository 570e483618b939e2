/**
 * Comparison speed on a results file the size of a whole experiment: an experiment file (*.bplab.json,
 * samples deflated as the experiments module saves them) of 13 queries × 8 configurations × 4 runs
 * (cold, run 1, 2, 3), each run with poller samples like a real run's (LRU compositions, pool stats,
 * LRU map frames). Prints, each beside its goal or its reference measured in the same run:
 *   - opening the file (read, check, inflate the samples), then the comparison model, post 001's table
 *     and the findings (goal: under 100 ms), beside JSON.parse alone of the same file (the floor);
 *   - the HTML report's export time and size.
 * A script that prints figures, not a timed test. The renderer's drawing is measured later, with the screen.
 *
 *   npm run bench:compare [-- --repeat 5 --compositions 20 --stats 40 --maps 5]
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { renderHtmlReport } from '../src/main/reports/html';
import { buildReport } from '../src/main/reports/report-model';
import { serializeExperimentFile } from '../src/main/experiments/experiment-file';
import { readSides } from '../src/main/reports/run-files';
import { compareSides, median } from '../src/shared/compare/comparison';
import { findFindings } from '../src/shared/compare/findings';
import { buildFlightTable } from '../src/shared/compare/flights';
import type { ExperimentFile } from '../src/shared/experiment-file';
import { ExperimentDefinitionSchema } from '../src/shared/experiments';
import type {
  LruComposition,
  LruMapFrame,
  PoolStats,
  PoolStatsSample,
  RunResult,
  StatusDelta,
} from '../src/shared/runs';
import { SSB_QUERY_IDS } from '../src/shared/ssb-reference';

const { values } = parseArgs({
  options: {
    repeat: { type: 'string', default: '5' },
    compositions: { type: 'string', default: '20' },
    stats: { type: 'string', default: '40' },
    maps: { type: 'string', default: '5' },
  },
});
const REPEAT = Math.max(1, Number(values.repeat));
/** Samples kept per run (the run service downsamples long runs to a fixed bound). */
const COMPOSITIONS = Math.max(2, Number(values.compositions));
const STATS = Math.max(1, Number(values.stats));
const MAPS = Math.max(0, Number(values.maps));

const QUERIES = SSB_QUERY_IDS;
const CONFIGURATIONS = 8;
const REPETITIONS = 4;
const POOL_PAGES = 8192;
const INDEXES: Array<[string, string]> = [
  ['lineorder', 'GEN_CLUST_INDEX'],
  ['lineorder', 'LO_OrderDateKey'],
  ['lineorder', 'LO_PartKey'],
  ['lineorder', 'LO_CustKey'],
  ['lineorder', 'LO_SuppKey'],
  ['lineorder', 'LO_CommitDateKey'],
  ['lineorder', 'LO_OrderKey'],
  ['dim_date', 'PRIMARY'],
  ['customer', 'PRIMARY'],
  ['supplier', 'PRIMARY'],
  ['part', 'PRIMARY'],
  ['part', 'P_Category'],
];

/** A deterministic pseudo-random stream, so every run of the script measures the same file. */
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;

function pool(over: Partial<PoolStats>): PoolStats {
  return {
    poolId: 0,
    poolSize: POOL_PAGES,
    freeBuffers: 1024,
    databasePages: 7100,
    oldDatabasePages: 2600,
    modifiedDatabasePages: 0,
    pendingReads: 0,
    pagesMadeYoung: 0,
    pagesNotMadeYoung: 0,
    pagesRead: 0,
    pagesCreated: 0,
    pagesWritten: 1,
    pagesGet: 0,
    readAhead: 0,
    readAheadEvicted: 0,
    raw: { POOL_ID: 0, HIT_RATE: 995, LRU_IO_TOTAL: 431 },
    ...over,
  };
}

function composition(atMs: number): LruComposition {
  let left = 7100;
  const indexes = INDEXES.map(([table, index], i) => {
    const pages = i === INDEXES.length - 1 ? left : Math.floor(left * (i === 0 ? 0.85 : 0.1 + rnd() * 0.2));
    left -= pages;
    const oldPages = Math.floor(pages * rnd() * 0.6);
    return {
      table: `ssb_sf1.${table}`,
      index,
      pages,
      oldPages,
      youngPages: pages - oldPages,
      records: pages * 150,
      dataSizeBytes: pages * 15_000,
      poolShare: pages / POOL_PAGES,
    };
  });
  return { atMs, costMs: 110 + rnd() * 30, databasePages: 7100, oldMethod: 'is-old', indexes };
}

function mapFrame(atMs: number): LruMapFrame {
  const buckets = Array.from({ length: 64 }, () =>
    Array.from({ length: 3 }, (): [number, number, number] => {
      const pages = Math.floor(rnd() * 20);
      return [Math.floor(rnd() * INDEXES.length), pages, Math.floor(pages * rnd())];
    }),
  );
  return {
    atMs,
    costMs: 40,
    bucketPages: 64,
    legend: INDEXES.map(([t, i]) => `ssb_sf1.${t}/${i}`),
    pools: [{ poolId: 0, lruLength: 7100, oldLength: 2600, buckets }],
  };
}

function run(config: number, queryId: string, repetition: number): RunResult {
  const elapsedMs = (config % 2 ? 2 : 1) * (repetition === 0 ? 30_000 : 15_000) * (0.5 + rnd());
  const read = Math.floor((config % 2 ? 190_000 : 39_000) * (0.8 + rnd() * 0.4));
  const step = elapsedMs / COMPOSITIONS;
  const stats: PoolStatsSample[] = Array.from({ length: STATS }, (_, i) => ({
    atMs: (i * elapsedMs) / STATS,
    pools: [pool({ pagesRead: Math.floor((read * i) / STATS) })],
  }));
  return {
    format: 1,
    runId: `c${config}-${queryId}-${repetition}`,
    profileId: `sandbox-c${config}`,
    queryId,
    variant: 'base',
    sql: `-- ${queryId}\nselect sum(lo_extendedprice*lo_discount) as revenue from lineorder join dim_date on lo_orderdatekey = d_datekey where d_year = 1993`,
    schema: 'ssb_sf1',
    dataset: { schema: 'ssb_sf1', sf: 1, source: 'generated' },
    server: {
      flavor: 'mariadb',
      version: '10.11.6',
      bufferPoolSizeBytes: 128 * 1024 * 1024,
      bufferPoolInstances: 1,
      pageSizeBytes: 16384,
      oldBlocksTimeMs: config % 2 ? 1000 : 0,
      oldBlocksPct: 37,
      readAheadThreshold: 56,
      flushMethod: config < 4 ? 'fsync' : 'O_DIRECT',
    },
    startedAt: new Date(Date.UTC(2026, 10, 23, 6, 0, config * 100 + repetition)).toISOString(),
    state: 'complete',
    error: null,
    elapsedMs,
    rows: 1,
    checksum: `sum-${queryId}`,
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
      json: { query_block: { select_id: 1, table: { table_name: 'lineorder', access_type: 'ALL' } } },
    },
    profile: {
      source: 'show-profile',
      note: '',
      stages: [
        'starting',
        'Opening tables',
        'init',
        'optimizing',
        'statistics',
        'preparing',
        'executing',
        'Sending data',
        'end',
        'query end',
        'closing tables',
        'freeing items',
      ].map((stage) => ({
        stage,
        durationMs: stage === 'Sending data' ? elapsedMs * 0.98 : rnd(),
        cpuUserMs: rnd() * 10,
        cpuSystemMs: rnd(),
        contextVoluntary: Math.floor(rnd() * 5000),
        contextInvoluntary: 0,
        blockOpsIn: 0,
        blockOpsOut: 0,
        pageFaultsMajor: 0,
        pageFaultsMinor: Math.floor(rnd() * 90),
      })),
    },
    status: [
      ['Innodb_buffer_pool_read_requests', 6_731_100],
      ['Innodb_buffer_pool_reads', 570],
      ['Innodb_buffer_pool_read_ahead', config % 2 ? 0 : 38_392],
      ['Innodb_buffer_pool_read_ahead_evicted', 0],
      ['Innodb_pages_read', read],
      ['Innodb_data_read', read * 16384],
      ['Innodb_data_reads', read + 11],
      ['Innodb_rows_read', 6_611_119],
    ]
      .map(([name, delta]): StatusDelta => ({
        name: String(name),
        before: 0,
        after: Number(delta),
        delta: Number(delta),
        scope: 'global',
      }))
      .concat([
        {
          name: 'Handler_read_rnd_next',
          before: 0,
          after: 6_001_172,
          delta: 6_001_172,
          scope: 'session',
        },
      ]),
    poolStats: {
      before: [pool({ pagesRead: 1_000_000 })],
      after: [
        pool({
          pagesRead: 1_000_000 + read,
          pagesNotMadeYoung: config % 2 ? 4_824_154 : 0,
          pagesMadeYoung: config % 2 ? 3 : 29_501,
        }),
      ],
    },
    lru: { before: composition(-200), after: composition(elapsedMs + 100) },
    samples: {
      stats,
      compositions: Array.from({ length: COMPOSITIONS }, (_, i) => composition(i * step)),
      maps: Array.from({ length: MAPS }, (_, i) => mapFrame((i * elapsedMs) / Math.max(1, MAPS))),
      cachedIndexes: [],
      cost: {
        intervalMs: step,
        adaptive: true,
        snapshots: COMPOSITIONS,
        meanSnapshotMs: 120,
        maxSnapshotMs: 160,
        serverShare: 0.02,
      },
      downsampled: false,
    },
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

async function timed<T>(fn: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bplab-bench-compare-'));
  try {
    const cell = (c: number) => `MariaDB 10.11 · config ${c + 1}`;
    const results: ExperimentFile['results'] = [];
    for (let c = 0; c < CONFIGURATIONS; c++)
      for (let r = 0; r < REPETITIONS; r++)
        for (const q of QUERIES)
          results.push({
            planIndex: results.length,
            cell: cell(c),
            pass: r === 0 ? { kind: 'cold' } : { kind: 'hot', n: r },
            counted: true,
            cold:
              r === 0
                ? { how: 'restart-and-drop-page-cache', note: 'sandbox restarted; page cache dropped' }
                : null,
            run: run(c, q, r),
          });
    const experiment: ExperimentFile = {
      format: 'bplab-experiment',
      version: 1,
      savedAt: new Date().toISOString(),
      bplabVersion: 'bench',
      state: 'complete',
      definition: ExperimentDefinitionSchema.parse({
        name: 'bench: 13 queries × 8 configurations',
        schema: 'ssb_sf1',
        queries: QUERIES.map((queryId) => ({ queryId })),
        servers: [{ label: 'MariaDB 10.11', profileId: 'sandbox-s1', sandboxId: 's1' }],
        matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['0', '1000'] }],
      }),
      servers: [{ label: 'MariaDB 10.11', capabilities: null }],
      results,
    };
    const file = join(dir, 'results.bplab.json');
    writeFileSync(file, serializeExperimentFile(experiment));
    const size = statSync(file).size;
    console.log(
      `results file: ${results.length} runs (${QUERIES.length} queries × ${CONFIGURATIONS} configurations × ${REPETITIONS} runs), ` +
        `samples per run: ${COMPOSITIONS} compositions, ${STATS} pool stats, ${MAPS} LRU map frames; ${mib(size)} as an experiment file`,
    );

    const parse: number[] = [];
    const open: number[] = [];
    const compare: number[] = [];
    const html: number[] = [];
    let bytes = 0;
    let findings = 0;
    let pairs = 0;
    for (let i = 0; i < REPEAT; i++) {
      parse.push((await timed(() => JSON.parse(readFileSync(file, 'utf8')) as unknown)).ms);
      const opened = await timed(() => readSides([file]));
      open.push(opened.ms);
      const compared = await timed(() => {
        const c = compareSides(opened.value.sides);
        return { c, f: findFindings(c), flights: buildFlightTable(opened.value.protocol) };
      });
      compare.push(compared.ms);
      findings = compared.value.f.summary.length;
      pairs = compared.value.c.pairs.length;
      const exported = await timed(() =>
        renderHtmlReport(
          buildReport(opened.value.sides, {
            title: 'bench',
            generatedAt: new Date().toISOString(),
            bplabVersion: 'bench',
            sources: ['results.bplab.json'],
            flights: compared.value.flights,
          }),
        ),
      );
      html.push(exported.ms);
      bytes = Buffer.byteLength(exported.value);
    }
    const med = (xs: number[]) => median(xs) ?? NaN;
    const total = open.map((o, i) => o + (compare[i] ?? 0));
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} when measured (figures scale with it; the ratios to JSON.parse less so)`,
    );
    console.log(
      `runs of each measurement: ${REPEAT} (median shown; first run in brackets, before the JIT warms up)`,
    );
    console.log(
      `  JSON.parse of the file alone (reference floor)  ${ms(med(parse))}  [${ms(parse[0] ?? NaN)}]`,
    );
    console.log(
      `  open the file (read, check, inflate samples)    ${ms(med(open))}  [${ms(open[0] ?? NaN)}]`,
    );
    console.log(
      `  comparison model + flight table + findings (${pairs} pairs, ${findings} findings in the summary)  ${ms(med(compare))}  [${ms(compare[0] ?? NaN)}]`,
    );
    console.log(
      `  file opened to comparison computed              ${ms(med(total))}  [${ms(total[0] ?? NaN)}]   goal < 100 ms: ${med(total) < 100 ? 'met' : 'NOT met'} (${(med(total) / 100).toFixed(2)}× the goal; ${(med(total) / med(parse)).toFixed(2)}× JSON.parse alone)`,
    );
    console.log(
      `  HTML report export (model + render)             ${ms(med(html))}  [${ms(html[0] ?? NaN)}]`,
    );
    console.log(
      `  HTML report size                                ${mib(bytes)} (${(bytes / size).toFixed(3)}× the results file)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
