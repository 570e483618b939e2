/**
 * A run replayed through the simulator at its own settings (or others): the pool as the run found it,
 * its touches spread over its measured time, and the counters it would report, beside the measured.
 */
import type { PoolFacts } from '../models';
import { versionNumber } from '../server/version';
import type { PoolStats, RunResult } from '../runs/runs';
import { LruSimulator } from './lru-simulator';
import { mysqlCleanerBatch } from './mysql-cleaner';
import { BUF_LRU_MIN_LEN, counterDelta, type SimulatedCounters, type SimulatorSettings } from './pool-model';
import { FOREIGN_PAGE, touchTimeMs, type PageLayout, type PageTrace, type StartPool } from './trace';

/** The simulator's settings read off a run: the pool, its instances, old blocks and read-ahead as recorded. */
export function settingsOfRun(run: RunResult): SimulatorSettings {
  return settingsOfPool(run.server, run.poolStats.before, run.poolStats.after);
}

/** The same from the server's settings and its pool read before (and after) what is replayed. */
export function settingsOfPool(
  s: PoolFacts & { flavor: string },
  before: PoolStats[],
  after?: PoolStats[] | null,
): SimulatorSettings {
  const poolPages = Math.floor(s.bufferPoolSizeBytes / s.pageSizeBytes);
  // The blocks the server could give to data: free and database pages, all instances, the fewer of
  // before and after the run: what else takes blocks from the pool (the adaptive hash index) grows
  // while the query runs (MySQL 8.0.31 on a 74 MB pool: 4736 blocks, 3888 left to data at the end).
  const blocks = (pools: PoolStats[]) => pools.reduce((n, p) => n + p.freeBuffers + p.databasePages, 0);
  const atStart = blocks(before);
  const dataPages = Math.min(atStart, after && after.length > 0 ? blocks(after) : Infinity);
  return {
    poolPages: before.length > 0 ? before.reduce((n, p) => n + p.poolSize, 0) : poolPages,
    dataPages: dataPages > 0 ? dataPages : poolPages,
    ...(dataPages > 0 && atStart > dataPages ? { dataPagesAtStart: atStart } : {}),
    instances: Math.max(1, before.length || s.bufferPoolInstances),
    oldBlocksPct: s.oldBlocksPct,
    oldBlocksTimeMs: s.oldBlocksTimeMs,
    readAheadThreshold: s.readAheadThreshold,
    flavor: s.flavor === 'mariadb' ? 'mariadb' : 'mysql',
    ...(s.flavor === 'mariadb' ? { pageCleaner: mariadbPageCleaner(poolPages) } : {}),
  };
}

/**
 * MariaDB 10.11's page cleaner at its defaults for a pool of `poolPages` (storage/innobase, 10.11.18):
 * innodb_lru_scan_depth 1536 (handler/ha_innodb.cc); woken while the LRU is longer than BUF_LRU_MIN_LEN
 * (256, include/buf0buf.h; buf0lru.cc, buf_LRU_get_free_block), it evicts down to
 * min(usable_size / 20 − 1, BUF_LRU_MIN_LEN) (buf0flu.cc, buf_flush_LRU_list_batch). A 16 MB pool (1024
 * blocks) holds fewer than 1536, so its LRU swings between 50 and 257 pages; a 128 MB one keeps 768 to
 * 1536 blocks free. MySQL's cleaner works otherwise: ReplayStep.cleanerBatchesMs (mysql-cleaner.ts).
 */
export function mariadbPageCleaner(poolPages: number): {
  scanDepth: number;
  wakeLru: number;
  minLru: number;
} {
  return {
    scanDepth: MARIADB_LRU_SCAN_DEPTH,
    wakeLru: BUF_LRU_MIN_LEN,
    minLru: Math.max(1, Math.min(Math.floor(poolPages / 20) - 1, BUF_LRU_MIN_LEN)),
  };
}

/** innodb_lru_scan_depth's default (MariaDB 10.11, handler/ha_innodb.cc). */
const MARIADB_LRU_SCAN_DEPTH = 1536;

/** What the run measured: Innodb_buffer_pool_reads' delta, or null when the run did not record it. */
export function measuredPagesRead(run: RunResult): number | null {
  const d = run.status.find((x) => x.name.toLowerCase() === 'innodb_buffer_pool_reads');
  return d ? d.delta : null;
}

/**
 * Whether the run's Innodb_buffer_pool_reads counts the pages read ahead too: MariaDB 11.4.5's equals
 * its Innodb_pages_read (every page read; SF 0.1 Q1.1: 4,107 and 4,107, 3,712 of them read ahead),
 * where MySQL's counts the synchronous reads only (Innodb_pages_read is larger by the read-ahead). A
 * run that read nothing ahead cannot show it, and a point at a larger pool may read ahead where the run
 * did not: then the server decides, MariaDB from 11.4 counting them. bench/whatif-sizes, MariaDB 11.4.5,
 * a 16 MiB traced join that read nothing ahead: at 128 MiB the server read 4,308 pages for the 3,720
 * the query asked for, and a curve that left read-ahead out predicted 2,901.
 */
export function readsIncludeReadAhead(run: Pick<RunResult, 'status' | 'server'>): boolean {
  const delta = (name: string) => run.status.find((x) => x.name.toLowerCase() === name)?.delta;
  const ahead = delta('innodb_buffer_pool_read_ahead') ?? 0;
  if (ahead > 0) return delta('innodb_buffer_pool_reads') === delta('innodb_pages_read');
  return run.server.flavor === 'mariadb' && versionNumber(run.server.version) >= 1104;
}

/** The simulated counterpart of measuredPagesRead: synchronous reads, and read-ahead where the server counts it there. */
export function simulatedPagesRead(run: RunResult, c: { syncReads: number; readAhead: number }): number {
  return c.syncReads + (readsIncludeReadAhead(run) ? c.readAhead : 0);
}

/** A trace's touches re-timed over `elapsedMs`, evenly (the run's clock). */
export function spreadOver(trace: PageTrace, elapsedMs: number): PageTrace {
  const atMs = new Float64Array(trace.length);
  for (let i = 0; i < trace.length; i++) atMs[i] = (elapsedMs * i) / Math.max(1, trace.length);
  return { ...trace, atMs };
}

export interface ReplayStep {
  trace: PageTrace;
  /** The run's measured time: its touches are spread over it. */
  elapsedMs: number;
  /**
   * The trace's own times are the run's (a traced run's, from bpftrace): each touch replays at its time
   * rather than spread evenly over elapsedMs (trace.ts, touchTimeMs).
   */
  timed?: boolean;
  /** ms between the end of the previous step and this one. */
  gapMs?: number;
  /**
   * MySQL's page cleaner LRU batches, in ms from this step's start (mysql-cleaner.ts,
   * cleanerBatchesOfRun); one past the step's end falls in the gap after it.
   */
  cleanerBatchesMs?: number[];
}

/**
 * The server's old sublist over the seeded pool: per instance, as many old pages at the tail as the
 * server flagged (of those seeded). Only when every seeded page found a block (none evicted while seeding).
 */
function keepServerOld(
  sim: LruSimulator,
  start: StartPool,
  foreignSpace: number,
  kept: (i: number) => boolean,
): void {
  if (sim.poolState().some((p) => p.freedPageClock > 0)) return;
  const counts = new Array<number>(sim.instanceCount).fill(0);
  for (let i = 0, f = 0; i < start.length; i++) {
    if (!kept(i)) continue;
    const s = start.space[i]!;
    const instance =
      s === FOREIGN_PAGE ? sim.instanceOf(foreignSpace, f++) : sim.instanceOf(s, start.page[i]!);
    if (start.old![i]) counts[instance]!++;
  }
  counts.forEach((count, instance) => sim.setOldTail(instance, count));
}

/** How many of a start's pages belong to no traced space (they only take blocks). */
export function foreignPagesOf(start: number | StartPool): number {
  if (typeof start === 'number') return start;
  let n = 0;
  for (let i = 0; i < start.length; i++) if (start.space[i] === FOREIGN_PAGE) n++;
  return n;
}

/** The layout with one more space, after the others, for `foreignPages` pages no trace touches. */
export function withForeignSpace(layout: PageLayout, foreignPages: number): PageLayout {
  if (foreignPages <= 0) return layout;
  return {
    indexNames: layout.indexNames,
    spaces: [
      ...layout.spaces,
      {
        spaceId: 0,
        sizePages: foreignPages,
        indexOf: new Int32Array(foreignPages).fill(-1),
        prev: new Int32Array(foreignPages).fill(-1),
        next: new Int32Array(foreignPages).fill(-1),
      },
    ],
  };
}

/**
 * Puts `start` in the pool before the first step: a count of foreign pages touched at 0 ms (they sit
 * at the tail and go first), or the server's own pages in its LRU order with their access and old
 * flags. `keepPage` / `keepForeign` say which a sampled pool holds (every one by default); the
 * foreign pages are numbered in the order they come, in the space after the layout's (withForeignSpace).
 */
export function seedStart(
  sim: LruSimulator,
  start: number | StartPool,
  foreignSpace: number,
  keepPage: (space: number, page: number) => boolean = () => true,
  keepForeign: (f: number) => boolean = () => true,
): void {
  if (typeof start === 'number') {
    for (let f = 0, p = 0; f < start; f++) if (keepForeign(f)) sim.touch(foreignSpace, p++, 0);
    return;
  }
  // Each start page's fate, decided once: kept (1) or not (0).
  const kept = new Uint8Array(start.length);
  for (let i = 0, f = 0, p = 0; i < start.length; i++) {
    const s = start.space[i]!;
    const accessed = start.accessed ? start.accessed[i] !== 0 : true;
    if (s === FOREIGN_PAGE) {
      if (keepForeign(f++)) {
        kept[i] = 1;
        sim.seed(foreignSpace, p++, accessed);
      }
    } else if (keepPage(s, start.page[i]!)) {
      kept[i] = 1;
      sim.seed(s, start.page[i]!, accessed);
    }
  }
  if (start.old) keepServerOld(sim, start, foreignSpace, (i) => kept[i] === 1);
}

/** Called before each step is replayed (`k` its index): what the pool holds then is the caller's to read. */
export type BeforeStep = (k: number, sim: LruSimulator) => void;

/**
 * Replays steps one after the other in one pool (a cold run then the hot runs after it) and returns
 * each step's counters. `start` is what the pool holds before the first step: a count of pages no trace
 * touches (what the server held: its own tables, undo), which sit at the tail and go first, or the
 * pages the server held themselves (a traced run's StartPool), in the server's LRU order.
 */
export function replaySteps(
  layout: PageLayout,
  settings: SimulatorSettings,
  steps: ReplayStep[],
  start: number | StartPool = 0,
  beforeStep?: BeforeStep,
): { counters: SimulatedCounters[]; simulator: LruSimulator } {
  const sim = new LruSimulator(withForeignSpace(layout, foreignPagesOf(start)), settings);
  // The blocks data had at the start, given up evenly over the last step (SimulatorSettings.dataPagesAtStart).
  const endBlocks = settings.dataPages ?? settings.poolPages;
  const startBlocks = Math.max(endBlocks, settings.dataPagesAtStart ?? 0);
  if (startBlocks > endBlocks) sim.resize(startBlocks);
  seedStart(sim, start, layout.spaces.length);
  const out: SimulatedCounters[] = [];
  // Every step's cleaner batches on the one clock, in order; each runs before the first touch at or after it.
  const batches: number[] = [];
  let clock = 0;
  for (const step of steps) {
    clock += step.gapMs ?? 0;
    for (const t of step.cleanerBatchesMs ?? []) batches.push(clock + t);
    clock += step.elapsedMs;
  }
  batches.sort((a, b) => a - b);
  let nextBatch = 0;
  // One comparison per touch: the next batch's time, Infinity once all have run.
  let nextAt = batches[0] ?? Infinity;
  clock = 0;
  for (const [k, step] of steps.entries()) {
    clock += step.gapMs ?? 0;
    beforeStep?.(k, sim);
    const before = { ...sim.counters };
    const { space, page, latched } = step.trace;
    const n = step.trace.length;
    const shrinks = k === steps.length - 1 && startBlocks > endBlocks;
    let blocks = startBlocks;
    for (let i = 0; i < n; i++) {
      const at = touchTimeMs(step.trace, step.elapsedMs, step.timed, i);
      const t = clock + at;
      while (t >= nextAt) {
        mysqlCleanerBatch(sim, settings);
        nextAt = batches[++nextBatch] ?? Infinity;
      }
      if (shrinks) {
        const done = Math.min(1, Math.max(0, at / Math.max(1, step.elapsedMs)));
        const want = Math.round(startBlocks - (startBlocks - endBlocks) * done);
        if (want !== blocks) sim.resize((blocks = want));
      }
      if (latched?.[i]) sim.touchLatched(space[i]!, page[i]!, t);
      else sim.touch(space[i]!, page[i]!, t);
    }
    if (shrinks && blocks !== endBlocks) sim.resize(endBlocks);
    clock += step.elapsedMs;
    out.push(counterDelta(sim.counters, before));
  }
  return { counters: out, simulator: sim };
}
