/**
 * The live poller: while a query runs, a second connection samples the buffer pool. A full snapshot
 * (one walk of INNODB_BUFFER_PAGE_LRU giving the composition and the LRU map) is taken every
 * interval; INNODB_BUFFER_POOL_STATS, which is cheap, more often; on MySQL 8 INNODB_CACHED_INDEXES
 * between full snapshots (approximate, labelled so). With 'auto' the interval follows the measured
 * cost of a full snapshot so the poller keeps the server busy for about TARGET_SHARE of the time.
 * Every sample is handed to onSample as it comes (the transports keep only the latest per run for a
 * slow renderer) and kept in bounded series (long runs are thinned, not cut).
 */
import type {
  CachedIndexesSample,
  LruComposition,
  LruMapFrame,
  PollerCost,
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
  type OldMethod,
  type Queryable,
} from './lru';
import { performance } from 'node:perf_hooks';
import { CachedIndexReader } from './cached-indexes';

/** The share of wall time 'auto' lets full snapshots take. */
export const TARGET_SHARE = 0.02;
export const AUTO_MIN_INTERVAL_MS = 250;
/** Long enough for a snapshot of ~0.6 s (a few GB of pool) to stay within TARGET_SHARE. */
export const AUTO_MAX_INTERVAL_MS = 30_000;
/** Before the first full snapshot is measured, 'auto' waits this long between them. */
const AUTO_FIRST_INTERVAL_MS = 500;
const STATS_MIN_INTERVAL_MS = 100;
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
   * What a full snapshot cost just before the run (its before-walk): 'auto' then spaces even the first
   * snapshot by the measured cost instead of walking at once.
   */
  expectedSnapshotMs?: number;
  /** The run's legend, so map frames and the after-snapshot share ordinals. */
  legend?: LruLegend;
  /** The share of wall time 'auto' lets full snapshots take (TARGET_SHARE unless given). */
  targetShare?: number;
  /** A fixed interval between pool-stats reads (else a quarter of the snapshot interval, 100–250 ms). */
  statsIntervalMs?: number;
  bounds?: Partial<Record<keyof typeof SAMPLE_BOUNDS, number>>;
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
  private busyMs = 0;
  private nextFullAt = 0;
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
    if (opts.setting === 'auto' && opts.expectedSnapshotMs !== undefined) this.nextFullAt = this.intervalMs();
  }

  start(): void {
    this.loop = this.run();
  }

  /** Stops after the snapshot in flight (if any) and resolves once the connection is idle. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
  }

  /** The interval between full snapshots now. */
  intervalMs(): number {
    if (this.opts.setting !== 'auto') return this.opts.setting;
    const mean =
      this.fullSnapshots > 0 ? this.fullMsTotal / this.fullSnapshots : this.opts.expectedSnapshotMs;
    if (mean === undefined) return AUTO_FIRST_INTERVAL_MS;
    const share = this.opts.targetShare ?? TARGET_SHARE;
    return clamp(Math.round(mean / share), AUTO_MIN_INTERVAL_MS, AUTO_MAX_INTERVAL_MS);
  }

  private statsIntervalMs(): number {
    if (this.opts.statsIntervalMs !== undefined) return this.opts.statsIntervalMs;
    return clamp(Math.round(this.intervalMs() / 4), STATS_MIN_INTERVAL_MS, STATS_MAX_INTERVAL_MS);
  }

  cost(): PollerCost {
    const elapsed = Math.max(1, this.opts.clock());
    return {
      intervalMs: this.intervalMs(),
      adaptive: this.opts.setting === 'auto',
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
      const until = this.opts.walkLru
        ? Math.min(this.nextFullAt, now + this.statsIntervalMs())
        : now + this.statsIntervalMs();
      await this.sleep(Math.max(0, until - now));
    }
  }

  private async tick(): Promise<void> {
    const full = this.opts.walkLru && this.opts.clock() >= this.nextFullAt;
    const atMs = Math.round(this.opts.clock());
    const sample: Omit<RunSample, 'runId'> = { elapsedMs: atMs, cost: this.cost() };
    if (full) {
      const walk = await walkLru(this.opts.conn, this.opts.oldMethod, this.opts.bucketPages);
      this.fullSnapshots++;
      this.fullMsTotal += walk.costMs;
      this.fullMsMax = Math.max(this.fullMsMax, walk.costMs);
      this.busyMs += walk.costMs;
      sample.composition = compositionOf(walk, atMs);
      sample.map = mapFrameOf(walk, this.legend, atMs);
      this.compositions.push(sample.composition);
      this.maps.push(sample.map);
      this.nextFullAt = this.opts.clock() + this.intervalMs();
    } else if (this.opts.cachedIndexes) {
      const started = performance.now();
      const indexes = await this.cachedReader.read();
      this.busyMs += performance.now() - started;
      sample.cachedIndexes = { atMs, approximate: true, indexes };
      this.cached.push(sample.cachedIndexes);
    }
    const started = performance.now();
    const pools = await readPoolStats(this.opts.conn);
    this.busyMs += performance.now() - started;
    // Stamped when the response was read, not when the poll began: after a full snapshot the counters
    // are that much later, and a rate over the poll's start time would spike by the snapshot's length.
    const readAt = Math.round(this.opts.clock());
    sample.stats = full ? { atMs: readAt, pools, afterSnapshotMs: readAt - atMs } : { atMs: readAt, pools };
    this.stats.push(sample.stats);
    sample.cost = this.cost();
    this.opts.onSample(sample);
  }

  private sleep(ms: number): Promise<void> {
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
