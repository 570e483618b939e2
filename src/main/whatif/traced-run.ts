/**
 * A traced run turned into what the simulator replays, as run-trace.ts turns a derived one: the
 * server's own page requests (its trace file, folds expanded back into requests) over the real layout
 * of the files they touched, at the run's settings. Nothing is derived: any query on any schema works.
 */
import { join } from 'node:path';
import type { RunResult } from '../../shared/runs/runs';
import { settingsOfRun, type ReplayStep } from '../../shared/whatif/replay';
import {
  FOREIGN_PAGE,
  NO_PAGE,
  type PageLayout,
  type PageTrace,
  type SpaceLayout,
  type StartPool,
} from '../../shared/whatif/trace';
import { cleanerBatchesOfRun } from '../../shared/whatif/mysql-cleaner';
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

/**
 * The traced run replayable, or why not in words. `before`: the traced runs that ran on the same pool
 * before it since the server started (a hot pass's cold pass): they are replayed first in one simulated
 * pool, so the run starts from the pool they left, as replaySteps does for a comparison's runs. Without
 * them a run that found its pages in the pool is replayed after one pass of its own requests.
 */
export async function tracedRunReplay(
  run: RunResult,
  runsDir: string,
  datadir: string,
  before: readonly RunResult[] = [],
): Promise<RunReplay | { error: string }> {
  const stored = storedTraceOf(run, runsDir);
  if ('error' in stored) return stored;
  const earlier: StoredPageTrace[] = [];
  for (const b of before) {
    const t = storedTraceOf(b, runsDir);
    if ('error' in t) return { error: `a run before it cannot be replayed: ${t.error}` };
    earlier.push(t);
  }
  const pageSize = run.server.pageSizeBytes;
  const { layout, ordinalOf, fromFiles } = await layoutOf([...earlier, stored], datadir, pageSize);
  const trace = expand(stored, ordinalOf);
  const distinct = new Set<number>();
  for (let i = 0; i < stored.space.length; i++) distinct.add(stored.space[i]! * 2 ** 32 + stored.page[i]!);
  const hot = before.length > 0 || foundWarm(run, distinct.size);
  const cleanerBatchesMs = cleanerBatchesOfRun(run);
  const assumptions = [
    `the server's own page requests, traced with bpftrace (${trace.length} requests in ${stored.count.length} records)`,
    `the page links of ${fromFiles} of ${layout.spaces.length} tablespaces read from their files (a page not yet flushed keeps its old links)`,
    'each request at its time in the trace',
  ];
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
      `the ${ownPool ? 'run' : 'first run before it'} starts from the ${startPool.length} pages the server's pool held when it started, in the server's LRU order (read from INNODB_BUFFER_PAGE_LRU before the trace began)`,
    );
  let steps: ReplayStep[];
  if (before.length > 0 && !ownPool) {
    assumptions.push(
      `the run is replayed after the ${before.length} traced run(s) before it, in one pool: it starts from the pool they left`,
    );
    steps = [
      ...before.map((b, i) => ({
        trace: expand(earlier[i]!, ordinalOf),
        elapsedMs: b.elapsedMs!,
        timed: true,
        ...(i > 0 ? { gapMs: 1000 } : {}),
        cleanerBatchesMs: cleanerBatchesOfRun(b),
      })),
      { ...own, gapMs: 1000 },
    ];
  } else if (hot && !startPool) {
    assumptions.push(
      'the run found its pages in the pool: it is replayed after one pass of the same requests',
    );
    steps = [own, { ...own, gapMs: 1000 }];
  } else steps = [own];
  return {
    layout,
    trace,
    settings: settingsOfRun(run),
    steps,
    hot,
    foreignPages:
      startPool ??
      (before.length > 0 || !hot ? first.poolStats.before.reduce((n, p) => n + p.databasePages, 0) : 0),
    assumptions,
    planMismatch: null,
  };
}
