/**
 * The live poller: while a query runs, a second connection samples the buffer pool. A full snapshot
 * (one walk of INNODB_BUFFER_PAGE_LRU giving the composition and the LRU map) makes a frame;
 * INNODB_BUFFER_POOL_STATS, which is cheap, is read more often; on MySQL 8 INNODB_CACHED_INDEXES
 * between full snapshots (approximate, labelled so). With 'auto' the poller keeps to a budget: all it
 * reads, walks and cheap reads alike, takes about TARGET_SHARE of the statement's time at every moment
 * of it. A walk comes as soon as its cost (the walk before the run's, then the mean measured) fits the
 * budget, so a run gets as many frames as the budget pays for, the first early; the cheap reads keep to
 * a quarter of it, so they never starve the frames (but come at least once a second, for the rates). A run adds its own walks before and after the
 * query as the first and last frames (keep()): they are outside the timed statement and cost it nothing.
 * Every sample is handed to onSample as it comes (the transports keep only the latest per run for a
 * slow renderer) and kept in bounded series (long runs are thinned, not cut; the first and last kept).
 */
import type {
  CachedIndexesSample,
  FrameMoment,
  LruComposition,
  LruMapFrame,
  PollerCost,
  PoolStats,
  PollSetting,
  PoolStatsSample,
  RunResult,
  RunSample,
} from '../../shared/runs/runs';
import { BoundedSeries } from './bounded-series';
import {
  compositionOf,
  LruLegend,
  mapFrameOf,
  readPoolStats,
  walkLru,
  type LruWalk,
  type OldMethod,
  type Queryable,
} from './lru';
import { performance } from 'node:perf_hooks';
import { CachedIndexReader } from './cached-indexes';

/** The share of the statement's time 'auto' lets the poller take: its walks and cheap reads together. */
export const TARGET_SHARE = 0.05;
/** Of the budget, what 'auto' lets the cheap reads (pool stats, cached indexes) take: the rest pays for frames. */
const CHEAP_PART = 1 / 4;
/** Never two walks closer than this (a cheap walk on a small pool would otherwise come every few ms). */
export const AUTO_MIN_INTERVAL_MS = 250;
/** Never two walks further apart than this, however costly (a walk of ~1.5 s, a few GB of pool, stays near 5%). */
export const AUTO_MAX_INTERVAL_MS = 30_000;
const STATS_MIN_INTERVAL_MS = 100;
/** 'auto' reads the pool's stats at least this often, so a run has rates however slow its reads got. */
const CHEAP_FLOOR_MS = 1_000;
const STATS_MAX_INTERVAL_MS = 250;

/** How many samples of each kind a run keeps (a map frame is the largest: about 512 buckets per pool). */
export const SAMPLE_BOUNDS = { stats: 2_000, compositions: 600, maps: 240, cachedIndexes: 1_000 } as const;

export interface PollerOptions {
  /** A connection of its own: the query runs on another one. */
  conn: Queryable;
  setting: Exclude<PollSetting, 'off'>;
  oldMethod: OldMethod;
  bucketPages: number;
  /** False: no LRU walks (the user did not allow them); stats only. */
  walkLru: boolean;
  /** MySQL 8 has INNODB_CACHED_INDEXES. */
  cachedIndexes: boolean;
  /** Its reader, when the caller read the index names before (CachedIndexReader.prime); else one of its own. */
  cachedReader?: CachedIndexReader;
  /** ms since the query was sent. */
  clock: () => number;
  onSample: (sample: Omit<RunSample, 'runId'>) => void;
  /**
   * What a full snapshot cost just before the run (its before-walk): 'auto' walks first when that cost
   * fits the budget, instead of at once. Absent (a watch beside a load), the first walk is at once.
   */
  expectedSnapshotMs?: number;
  /** The run's legend, so map frames and the after-snapshot share ordinals. */
  legend?: LruLegend;
  /** The share of the time 'auto' lets the poller take (TARGET_SHARE unless given). */
  targetShare?: number;
  /** A fixed interval between pool-stats reads, outside the budget (else 'auto' budgets them; a fixed setting reads them at a quarter of its interval, 100–250 ms). */
  statsIntervalMs?: number;
  bounds?: Partial<Record<keyof typeof SAMPLE_BOUNDS, number>>;
  /** The timer its reads are measured by (performance.now unless given: tests pass a simulated one). */
  now?: () => number;
  /** How it waits between polls (a timer unless given: tests advance a simulated clock instead). */
  sleep?: (ms: number) => Promise<void>;
}

export class LivePoller {
  readonly legend: LruLegend;
  private readonly stats: BoundedSeries<PoolStatsSample>;
  private readonly compositions: BoundedSeries<LruComposition>;
  private readonly maps: BoundedSeries<LruMapFrame>;
  private readonly cached: BoundedSeries<CachedIndexesSample>;
  private fullSnapshots = 0;
  private fullMsTotal = 0;
  private fullMsMax = 0;
  /** Time inside every read the poller made (walks and cheap reads), and inside its cheap reads alone. */
  private busyMs = 0;
  private cheapMs = 0;
  private cheapReads = 0;
  /** When the last walk ended and the last cheap read began, on the clock (null: none yet). */
  private lastWalkEnd: number | null = null;
  private lastCheapAt: number | null = null;
  /** The statement's end on the clock, once stop() was told it: the cost is over the statement's time. */
  private endedAt: number | null = null;
  private stopped = false;
  private readonly cachedReader: CachedIndexReader;
  private wake: () => void = () => {};
  private loop: Promise<void> = Promise.resolve();
  /** Set when a snapshot failed; polling stops there, the run goes on. */
  error: string | null = null;

  constructor(private readonly opts: PollerOptions) {
    this.legend = opts.legend ?? new LruLegend();
    const bound = (k: keyof typeof SAMPLE_BOUNDS) => opts.bounds?.[k] ?? SAMPLE_BOUNDS[k];
    this.stats = new BoundedSeries(bound('stats'));
    this.compositions = new BoundedSeries(bound('compositions'));
    this.maps = new BoundedSeries(bound('maps'));
    this.cached = new BoundedSeries(bound('cachedIndexes'));
    this.cachedReader = opts.cachedReader ?? new CachedIndexReader(opts.conn);
  }

  start(): void {
    this.loop = this.run();
  }

  /**
   * Stops after the read in flight (if any) and resolves once the connection is idle. `endedAtMs`, the
   * statement's end on the clock, freezes the cost there: the share stated is of the statement's time.
   */
  async stop(endedAtMs?: number): Promise<void> {
    if (endedAtMs !== undefined) this.endedAt = endedAtMs;
    this.stopped = true;
    this.wake();
    await this.loop;
  }

  /**
   * Keeps a walk the run took itself, outside the statement (before it was sent, after it ended), as a
   * frame like the poller's own: in the series, with the run's legend, and handed to onSample. It costs
   * the statement nothing, so it counts in no cost.
   */
  keep(walk: LruWalk, atMs: number, moment: Exclude<FrameMoment, 'during'>, pools?: PoolStats[]): void {
    const composition = { ...compositionOf(walk, atMs), moment };
    const map = { ...mapFrameOf(walk, this.legend, atMs), moment };
    this.compositions.push(composition);
    this.maps.push(map);
    // The pool's stats read with it go to the live view only (its map's scale is the pool's size): the
    // series keeps the poller's own reads, whose rates span only what it measured.
    const stats = pools ? { stats: { atMs, pools } } : {};
    this.opts.onSample({ elapsedMs: Math.max(0, atMs), composition, map, ...stats, cost: this.cost() });
  }

  private share(): number {
    return this.opts.targetShare ?? TARGET_SHARE;
  }

  /** A walk's expected cost: the mean of those measured, else the one before the run; undefined when neither. */
  private walkEstimate(): number | undefined {
    return this.fullSnapshots > 0 ? this.fullMsTotal / this.fullSnapshots : this.opts.expectedSnapshotMs;
  }

  /** The spacing the budget gives walks of the cost expected now (a fixed setting: its interval). */
  intervalMs(): number {
    if (this.opts.setting !== 'auto') return this.opts.setting;
    const mean = this.walkEstimate();
    if (mean === undefined) return AUTO_MIN_INTERVAL_MS;
    return clamp(Math.round(mean / this.share()), AUTO_MIN_INTERVAL_MS, AUTO_MAX_INTERVAL_MS);
  }

  /** When the next walk is due, on the clock (Infinity: the poller does not walk). */
  nextWalkAt(): number {
    if (!this.opts.walkLru) return Infinity;
    const last = this.lastWalkEnd;
    if (this.opts.setting !== 'auto') return last === null ? 0 : last + this.opts.setting;
    const estimate = this.walkEstimate();
    if (estimate === undefined) return last === null ? 0 : last + AUTO_MIN_INTERVAL_MS;
    // The first moment at which the poller's time so far and this walk's stay within the budget.
    const fits = (this.busyMs + estimate) / this.share();
    if (last === null) return Math.min(fits, AUTO_MAX_INTERVAL_MS);
    return clamp(fits, last + AUTO_MIN_INTERVAL_MS, last + AUTO_MAX_INTERVAL_MS);
  }

  /** When the next cheap read (pool stats, and cached indexes on MySQL 8) is due, on the clock. */
  nextCheapAt(): number {
    const last = this.lastCheapAt;
    if (this.opts.statsIntervalMs !== undefined) return last === null ? 0 : last + this.opts.statsIntervalMs;
    if (this.opts.setting !== 'auto') {
      const every = clamp(Math.round(this.opts.setting / 4), STATS_MIN_INTERVAL_MS, STATS_MAX_INTERVAL_MS);
      return last === null ? 0 : last + every;
    }
    if (last === null) return 0;
    const mean = this.cheapReads > 0 ? this.cheapMs / this.cheapReads : 0;
    const fits = (this.cheapMs + mean) / (this.share() * CHEAP_PART);
    // At least one a second, whatever a busy machine makes them cost: the rates need them (and count them).
    return Math.min(last + CHEAP_FLOOR_MS, Math.max(last + STATS_MAX_INTERVAL_MS, fits));
  }

  cost(): PollerCost {
    const now = this.opts.clock();
    const elapsed = Math.max(1, this.endedAt === null ? now : Math.min(now, this.endedAt));
    return {
      intervalMs: this.intervalMs(),
      adaptive: this.opts.setting === 'auto',
      ...(this.opts.setting === 'auto' ? { targetShare: this.share() } : {}),
      snapshots: this.fullSnapshots,
      meanSnapshotMs: this.fullSnapshots ? round2(this.fullMsTotal / this.fullSnapshots) : 0,
      maxSnapshotMs: round2(this.fullMsMax),
      serverShare: Math.min(1, this.busyMs / elapsed),
    };
  }

  /** What the run keeps of the samples. */
  samples(): RunResult['samples'] {
    return {
      stats: this.stats.items(),
      compositions: this.compositions.items(),
      maps: this.maps.items(),
      cachedIndexes: this.cached.items(),
      cost: this.cost(),
      downsampled: [this.stats, this.compositions, this.maps, this.cached].some((s) => s.downsampled),
    };
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.tick();
      } catch (e) {
        this.error = `The live poller stopped: ${(e as Error).message}`;
        return;
      }
      const now = this.opts.clock();
      await this.sleep(Math.max(0, Math.min(this.nextWalkAt(), this.nextCheapAt()) - now));
    }
  }

  private async tick(): Promise<void> {
    const atMs = Math.round(this.opts.clock());
    const full = atMs >= this.nextWalkAt();
    if (!full && atMs < this.nextCheapAt()) return;
    const sample: Omit<RunSample, 'runId'> = { elapsedMs: atMs, cost: this.cost() };
    const now = this.opts.now ?? (() => performance.now());
    if (full) {
      const walkStarted = now();
      const walk = await walkLru(this.opts.conn, this.opts.oldMethod, this.opts.bucketPages);
      const walkMs = now() - walkStarted;
      this.fullSnapshots++;
      this.fullMsTotal += walkMs;
      this.fullMsMax = Math.max(this.fullMsMax, walkMs);
      this.busyMs += walkMs;
      sample.composition = compositionOf(walk, atMs);
      sample.map = mapFrameOf(walk, this.legend, atMs);
      this.compositions.push(sample.composition);
      this.maps.push(sample.map);
      this.lastWalkEnd = this.opts.clock();
    } else if (this.opts.cachedIndexes) {
      const started = now();
      const indexes = await this.cachedReader.read();
      this.spentCheap(now() - started);
      sample.cachedIndexes = { atMs, approximate: true, indexes };
      this.cached.push(sample.cachedIndexes);
    }
    // The cheap reads keep their own cadence: a walk's poll reads the stats too, but does not stand in
    // for the cached-indexes read between walks.
    if (!full) this.lastCheapAt = atMs;
    const started = now();
    const pools = await readPoolStats(this.opts.conn);
    this.spentCheap(now() - started);
    this.cheapReads++;
    // Stamped when the response was read, not when the poll began: after a full snapshot the counters
    // are that much later, and a rate over the poll's start time would spike by the snapshot's length.
    const readAt = Math.round(this.opts.clock());
    sample.stats = full ? { atMs: readAt, pools, afterSnapshotMs: readAt - atMs } : { atMs: readAt, pools };
    this.stats.push(sample.stats);
    sample.cost = this.cost();
    this.opts.onSample(sample);
  }

  private spentCheap(ms: number): void {
    this.busyMs += ms;
    this.cheapMs += ms;
  }

  private sleep(ms: number): Promise<void> {
    if (this.opts.sleep) return this.opts.sleep(ms);
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
