/**
 * A traced run turned into what the simulator replays, as run-trace.ts turns a derived one: the
 * server's own page requests (its trace file, folds expanded back into requests) over the real layout
 * of the files they touched, at the run's settings. Nothing is derived: any query on any schema works.
 */
import { join } from 'node:path';
import { formatMs, formatTimestamp } from '../../shared/format';
import { queryLabel } from '../../shared/runs/run-side';
import type { RunResult } from '../../shared/runs/runs';
import { pagesReadBy, readsBetween, replayable } from '../../shared/trace/traced-before';
import type { Lifetime } from '../../shared/whatif/what-if';
import { settingsOfRun, type ReplayStep } from '../../shared/whatif/replay';
import {
  FOREIGN_PAGE,
  NO_PAGE,
  type PageLayout,
  type PageTrace,
  type SpaceLayout,
  type StartPool,
} from '../../shared/whatif/trace';
import {
  cleanerBatchesAfter,
  cleanerBatchesOfRun,
  cleanerBatchWords,
  cleanerRanBetween,
  MYSQL_LRU_SCAN_DEPTH,
} from '../../shared/whatif/mysql-cleaner';
import { serverStartPages, startupWords } from '../../shared/whatif/mysql-start';
import { readSpaceLayout, spaceFiles } from '../pagetrace/ibd-layout';
import { readPoolPagesFile, type PoolPages } from '../pagetrace/pool-start';
import { readPageTrace, type StoredPageTrace } from '../pagetrace/trace-file';
import type { RunReplay } from './run-trace';

/** The requests in order, each fold's count expanded, the spaces numbered as the layout's ordinals. */
function expand(t: StoredPageTrace, ordinalOf: Map<number, number>): PageTrace {
  let n = 0;
  for (const c of t.count) n += c;
  const space = new Uint32Array(n);
  const page = new Uint32Array(n);
  const atMs = new Float64Array(n);
  const latched = t.latched ? new Uint8Array(n) : null;
  let k = 0;
  for (let i = 0; i < t.count.length; i++) {
    const s = ordinalOf.get(t.space[i]!)!;
    for (let j = 0; j < t.count[i]!; j++) {
      space[k] = s;
      page[k] = t.page[i]!;
      atMs[k] = t.atMs[i]!;
      if (latched) latched[k] = t.latched![i]!;
      k++;
    }
  }
  return { space, page, atMs, length: n, ...(latched ? { latched } : {}) };
}

/** The layout of the spaces the traces touched: read from the files where the data folder has them. */
async function layoutOf(
  traces: StoredPageTrace[],
  datadir: string,
  pageSize: number,
): Promise<{ layout: PageLayout; ordinalOf: Map<number, number>; fromFiles: number }> {
  const maxPage = new Map<number, number>();
  for (const t of traces)
    for (let i = 0; i < t.space.length; i++)
      maxPage.set(t.space[i]!, Math.max(maxPage.get(t.space[i]!) ?? 0, t.page[i]!));
  const touched = [...maxPage.keys()].sort((a, b) => a - b);
  const files = await spaceFiles(datadir, pageSize);
  const indexNames: string[] = [];
  const indexIds = new Map<string, number>();
  const spaces: SpaceLayout[] = [];
  const ordinalOf = new Map<number, number>();
  let fromFiles = 0;
  for (const id of touched) {
    ordinalOf.set(id, spaces.length);
    const file = files.get(id);
    const need = (maxPage.get(id) ?? 0) + 1;
    if (file) {
      const name = file.slice(datadir.length + 1).replace(/\.ibd$/, '');
      const layout = await readSpaceLayout(file, id, pageSize, (indexId) => {
        const key = `${name}/index ${indexId}`;
        let o = indexIds.get(key);
        if (o === undefined) {
          o = indexNames.length;
          indexNames.push(key);
          indexIds.set(key, o);
        }
        return o;
      });
      if (layout.sizePages >= need) {
        spaces.push(layout);
        fromFiles++;
        continue;
      }
    }
    // A space with no file here (the temporary tablespace) or grown past its file: no links known.
    spaces.push({
      spaceId: id,
      sizePages: need,
      indexOf: new Int32Array(need).fill(NO_PAGE),
      prev: new Int32Array(need).fill(NO_PAGE),
      next: new Int32Array(need).fill(NO_PAGE),
    });
  }
  return { layout: { indexNames, spaces }, ordinalOf, fromFiles };
}

/** Hot when the trace's first requests found their pages: measured reads under a tenth of the touched pages. */
function foundWarm(run: RunResult, distinctPages: number): boolean {
  const reads = run.status.find((s) => s.name.toLowerCase() === 'innodb_buffer_pool_reads')?.delta ?? 0;
  const ahead = run.status.find((s) => s.name.toLowerCase() === 'innodb_buffer_pool_read_ahead')?.delta ?? 0;
  return reads + ahead < 0.1 * distinctPages;
}

/**
 * A stored trace over the real layout of the files it touched, in the simulator's terms: what a traced
 * run replays, and what a traced client of a load replays (load/client-trace.ts).
 */
export async function traceOverFiles(
  stored: StoredPageTrace,
  datadir: string,
  pageSize: number,
): Promise<{ layout: PageLayout; trace: PageTrace; fromFiles: number; distinctPages: number }> {
  const { layout, ordinalOf, fromFiles } = await layoutOf([stored], datadir, pageSize);
  const distinct = new Set<number>();
  for (let i = 0; i < stored.space.length; i++) distinct.add(stored.space[i]! * 2 ** 32 + stored.page[i]!);
  return { layout, trace: expand(stored, ordinalOf), fromFiles, distinctPages: distinct.size };
}

/** A run's stored trace, or why it cannot be read. */
function storedTraceOf(run: RunResult, runsDir: string): StoredPageTrace | { error: string } {
  if (!run.pageTrace) return { error: 'the run was not traced (its "trace pages" option was off)' };
  if (run.state !== 'complete' || run.elapsedMs === null)
    return { error: `the run did not complete (${run.state}): there is nothing to replay` };
  try {
    return readPageTrace(join(runsDir, run.pageTrace.file));
  } catch (e) {
    return { error: `the run's page trace cannot be read: ${(e as Error).message}` };
  }
}

/**
 * The pages the server's pool held when the run started, over the layout: a page of a space no trace
 * touched (or past its layout) only takes a block. Null for a run traced before they were kept.
 */
function startPoolOf(
  run: RunResult,
  runsDir: string,
  layout: PageLayout,
  ordinalOf: Map<number, number>,
): StartPool | null {
  const kept = run.pageTrace?.poolAtStart;
  if (!kept) return null;
  let pool: PoolPages;
  try {
    pool = readPoolPagesFile(join(runsDir, kept.file));
  } catch {
    return null;
  }
  const n = pool.space.length;
  const space = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const s = ordinalOf.get(pool.space[i]!);
    space[i] = s !== undefined && pool.page[i]! < layout.spaces[s]!.sizePages ? s : FOREIGN_PAGE;
  }
  if (!pool.state) return { space, page: pool.page, length: n };
  const accessed = Uint8Array.from(pool.state.accessTime, (t) => (t === 0 ? 0 : 1));
  return { space, page: pool.page, length: n, accessed, old: Uint8Array.from(pool.state.old) };
}

/** A run named for a sentence: its query and when it started. */
const runWords = (r: RunResult) => `${queryLabel(r)} at ${formatTimestamp(r.startedAt)}`;

/**
 * ms from the end of one run to the start of the next (0 when they overlap, 1 s when a time is
 * missing): the replay's idle time between runs.
 */
export function gapMs(earlier: RunResult, later: RunResult): number {
  const end = Date.parse(earlier.startedAt) + (earlier.elapsedMs ?? 0);
  const gap = Date.parse(later.startedAt) - end;
  return Number.isFinite(gap) ? Math.max(0, gap) : 1000;
}

/**
 * The replay at other pool sizes: the runs since the server's start replayed one after the other in
 * one pool, through to `run`, from the pool the server had after its start (the first run's start
 * pool: empty but for the dictionary, or what the server loaded at its start). What no trace holds
 * (a run not traced, reads between runs no saved run made) is named with the pages the server read
 * there: how far the answer can move. Null when the run's own start is the server's start as well
 * (it is the first run since): the check's replay is then the same at every size.
 */
function lifetimeOf(
  run: RunResult,
  own: ReplayStep,
  since: readonly RunResult[],
  traces: ReadonlyMap<RunResult, StoredPageTrace>,
  runsDir: string,
  layout: PageLayout,
  ordinalOf: Map<number, number>,
): Lifetime | null {
  if (since.length === 0) return null;
  const unknown: Lifetime['unknown'] = [];
  const steps: ReplayStep[] = [];
  let start: number | StartPool | null = null;
  let seededBy: RunResult | null = null;
  let last: RunResult | null = null;
  // The last run replayed: the clock runs from its end (a run not traced is idle time in the replay).
  let lastReplayed: RunResult | null = null;
  // The runs before which the page cleaner emptied the LRU's tail (the free list grew since the run before).
  const cleanedBefore: string[] = [];
  for (const r of [...since, run]) {
    const t = r === run ? null : traces.get(r);
    if (last) {
      const between = readsBetween(last, r);
      if (between !== null && between > 0)
        unknown.push({
          what: `between ${runWords(last)} and ${runWords(r)} the server read ${between} page(s) no saved run made (another client, a run not saved, bplab's own statements)`,
          pagesRead: between,
        });
    }
    if (r !== run && !t) {
      const read = pagesReadBy(r);
      unknown.push({
        what: `${runWords(r)} was not traced${r.pageTrace ? ' (its trace cannot be read)' : ''}: it read ${read ?? 'an unrecorded number of'} page(s)`,
        pagesRead: read ?? 0,
      });
      last = r;
      continue;
    }
    if (start === null) {
      // The first traced run's pool at its start: the server's after its start, when it is the first run.
      start =
        startPoolOf(r, runsDir, layout, ordinalOf) ??
        r.poolStats.before.reduce((n, p) => n + p.databasePages, 0);
      seededBy = r;
    }
    const gap = lastReplayed ? { gapMs: gapMs(lastReplayed, r) } : {};
    // The cleaner's batch between the run before and this one, as the server had it (cleanerRanBetween).
    const cleanerBatchesMs = cleanerBatchesAfter(last, r);
    if (last && cleanerRanBetween(last, r)) cleanedBefore.push(runWords(r));
    steps.push(
      r === run
        ? { ...own, ...gap, cleanerBatchesMs }
        : { trace: expand(t!, ordinalOf), elapsedMs: r.elapsedMs!, timed: true, cleanerBatchesMs, ...gap },
    );
    last = r;
    lastReplayed = r;
  }
  const first = since[0]!;
  const seeded =
    seededBy === first
      ? `from the pool the server had before ${runWords(first)}, its first run since it started`
      : `from the pool the server had before ${runWords(seededBy!)} at the run's own size (the first traced run since the server started; what the runs before it read is counted below)`;
  return {
    steps,
    start: start ?? 0,
    words: `each other pool size replays the ${steps.length - 1} traced run(s) since the server started, then this one, in one pool, ${seeded}${cleanedBefore.length > 0 ? `; MySQL's page cleaner emptied the LRU's tail towards ${MYSQL_LRU_SCAN_DEPTH} free pages before ${cleanedBefore.join(' and ')} (the free list grew since the run before), and the replay runs that batch before its first request at every size` : ''}`,
    unknown,
  };
}

/**
 * The traced run replayable, or why not in words. `since`: the runs on the same pool before it since
 * the server started (runsSinceStart), traced or not. At the run's own size it starts from the pool
 * the server had (its start pool); without one, after the traced runs before it, or after one pass of
 * its own requests when it found its pages in the pool. At other sizes: lifetimeOf.
 */
export async function tracedRunReplay(
  run: RunResult,
  runsDir: string,
  datadir: string,
  since: readonly RunResult[] = [],
): Promise<RunReplay | { error: string }> {
  const stored = storedTraceOf(run, runsDir);
  if ('error' in stored) return stored;
  const traces = new Map<RunResult, StoredPageTrace>();
  for (const b of since) {
    if (!replayable(b)) continue;
    const t = storedTraceOf(b, runsDir);
    if (!('error' in t)) traces.set(b, t);
  }
  // The runs before it as the check replays them (without a start pool of its own): only when every one has a trace.
  const before = traces.size === since.length ? since : [];
  const pageSize = run.server.pageSizeBytes;
  const { layout, ordinalOf, fromFiles } = await layoutOf([...traces.values(), stored], datadir, pageSize);
  const trace = expand(stored, ordinalOf);
  const distinct = new Set<number>();
  for (let i = 0; i < stored.space.length; i++) distinct.add(stored.space[i]! * 2 ** 32 + stored.page[i]!);
  const hot = before.length > 0 || foundWarm(run, distinct.size);
  const cleanerBatchesMs = cleanerBatchesOfRun(run);
  const assumptions = [
    `the server's own page requests, traced with bpftrace (${trace.length} requests in ${stored.count.length} records)`,
    `the page links of ${fromFiles} of ${layout.spaces.length} tablespaces read from their files (a page not yet flushed keeps its old links)`,
    'each request at its time in the trace',
    ...(run.server.oldBlocksTimeMs > 0
      ? [
          `other pool sizes keep the traced run's clock (${formatMs(run.elapsedMs!)}): the trace slows the server, and a larger pool reads less and runs faster, so there innodb_old_blocks_time (${run.server.oldBlocksTimeMs} ms) can find fewer pages asked for again late enough to be made young than the replay does, and the server read more (bench/whatif-sizes, 6 of 154 points: a join at 4× a 16 MiB pool on MariaDB 11.4.5, MySQL 8.0.31 and 9.7.4, a pareto point-select load on MySQL 9.7.4, 13–91% short)`,
        ]
      : []),
  ];
  const batchWords = cleanerBatchWords(run);
  if (batchWords) assumptions.push(batchWords);
  if (run.pageTrace!.lost > 0)
    assumptions.push(`the trace lost ${run.pageTrace!.lost} record(s): the replay misses their requests`);
  // bpftrace's own times: the run's clock as the server's ut_time_ms() saw it (innodb_old_blocks_time).
  const own: ReplayStep = { trace, elapsedMs: run.elapsedMs!, cleanerBatchesMs, timed: true };
  const first = before[0] ?? run;
  const ownPool = startPoolOf(run, runsDir, layout, ordinalOf);
  // The run's own pool at its start is the truth: the runs before it need not be replayed to rebuild it.
  const startPool = ownPool ?? (before.length > 0 ? startPoolOf(first, runsDir, layout, ordinalOf) : null);
  if (startPool)
    assumptions.push(
      `at the run's own size, the ${ownPool ? 'run' : 'first run before it'} starts from the ${startPool.length} pages the server's pool held when it started, in the server's LRU order (read from INNODB_BUFFER_PAGE_LRU before the trace began)`,
    );
  let steps: ReplayStep[];
  if (before.length > 0 && !ownPool) {
    assumptions.push(
      `the run is replayed after the ${before.length} traced run(s) before it, in one pool: it starts from the pool they left`,
    );
    steps = [
      ...before.map((b, i) => ({
        trace: expand(traces.get(b)!, ordinalOf),
        elapsedMs: b.elapsedMs!,
        timed: true,
        ...(i > 0 ? { gapMs: gapMs(before[i - 1]!, b) } : {}),
        cleanerBatchesMs: cleanerBatchesAfter(before[i - 1] ?? null, b),
      })),
      {
        ...own,
        gapMs: gapMs(before[before.length - 1]!, run),
        cleanerBatchesMs: cleanerBatchesAfter(before[before.length - 1]!, run),
      },
    ];
  } else if (hot && !startPool) {
    const untraced = since.filter((b) => !traces.has(b)).map(runWords);
    assumptions.push(
      untraced.length > 0
        ? `the run found its pages in the pool, and ${untraced.join(', ')} before it since the server started ${untraced.length > 1 ? 'were' : 'was'} not traced (or ${untraced.length > 1 ? 'their traces' : 'its trace'} cannot be read): it is replayed after one pass of the same requests`
        : 'the run found its pages in the pool: it is replayed after one pass of the same requests',
    );
    steps = [own, { ...own, gapMs: 1000 }];
  } else steps = [own];
  // Other sizes replay the runs since the start only where the run's own start pool seeds its own size.
  const lifetime = ownPool ? lifetimeOf(run, own, since, traces, runsDir, layout, ordinalOf) : null;
  if (lifetime) assumptions.push(lifetime.words);
  // Replayed from the pool right after the server's start: a MySQL server's start-up pages, as many as it keeps at each size.
  const fromStart = ownPool !== null && (since.length === 0 || (lifetime !== null && traces.has(since[0]!)));
  const startup = fromStart
    ? serverStartPages(run.server.flavor, (since[0] ?? run).poolStats.before, run.server.lruScanDepth)
    : null;
  if (startup) assumptions.push(startupWords(startup));
  return {
    layout,
    trace,
    settings: settingsOfRun(run),
    steps,
    hot,
    foreignPages:
      startPool ??
      (before.length > 0 || !hot ? first.poolStats.before.reduce((n, p) => n + p.databasePages, 0) : 0),
    ...(lifetime ? { lifetime } : {}),
    ...(startup ? { startup } : {}),
    assumptions,
    planMismatch: null,
  };
}
