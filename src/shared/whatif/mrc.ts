/**
 * Miss-ratio curves: a run's touches replayed at many pool sizes for each old-blocks setting asked, with
 * the knee where the working set fits, and SHARDS-style spatial sampling (Waldspurger et al., FAST '15:
 * keep a fixed share of the pages, scale the pool by the same rate, scale the misses back; which pages,
 * see sampled-steps.ts) to make a curve fast, its error measured against the full simulation.
 */
import type { LruSimulator } from './lru-simulator';
import type { SimulatorSettings } from './pool-model';
import { readAheadArea } from './read-ahead';
import { mariadbPageCleaner, replaySteps, type ReplayStep } from './replay';
import { replaySampled, SampledSteps, type SampledRun } from './sampled-steps';
import { startPoolAtSize, type ServerStartPages } from './mysql-start';
import type { PageLayout, StartPool } from './trace';

/** Below this many touches a curve is not sampled. */
export const MIN_SAMPLED_TOUCHES = 100_000;

export interface CurveVariant {
  oldBlocksTimeMs: number;
  oldBlocksPct: number;
}

export interface CurvePoint {
  poolPages: number;
  /**
   * Innodb_buffer_pool_reads the last step would make at this size (with the pages read ahead where
   * the server counts them there: CurveOptions.countReadAhead).
   */
  pagesRead: number;
  /** pagesRead / the last step's page touches. */
  missRatio: number;
  /** Pages read ahead in the last step (absent in curves saved before bplab counted them). */
  readAhead?: number;
  /**
   * Pages of each index (by the layout's index ordinal) in the pool when the last step began, as the
   * full pool would hold them: what MySQL 8.0's optimizer weighs (CurveOptions.cachedAtLastStep).
   */
  cachedAtStart?: number[];
}

/** What a curve is replayed from and what it counts, beyond its steps. */
export interface CurveOptions {
  /** What the pool held before the first step (replaySteps' `start`), at every size. */
  start?: number | StartPool;
  /**
   * A MySQL server's start-up pages (mysql-start.ts): at each size the replay starts from as many as
   * the server keeps there, behind `start`.
   */
  startup?: ServerStartPages | null;
  /** The server counts the pages read ahead in Innodb_buffer_pool_reads (MariaDB 11.4: readsIncludeReadAhead). */
  countReadAhead?: boolean;
  /** Count each index's pages in the pool as the last step begins (CurvePoint.cachedAtStart). */
  cachedAtLastStep?: boolean;
}

export interface MissRatioCurve {
  variant: CurveVariant;
  points: CurvePoint[];
  /** The smallest pool whose reads are within 5% of the way from the floor (the largest pool's) to the top. */
  kneePoolPages: number | null;
  /** The sampling rate used (1: the full simulation). */
  rate: number;
}

/** Pool sizes from `fromPages` to `toPages`, `count` of them, evenly spaced on a log scale. */
export function poolSizes(fromPages: number, toPages: number, count: number): number[] {
  if (count <= 1 || toPages <= fromPages) return [Math.round(fromPages)];
  const out: number[] = [];
  const ratio = Math.pow(toPages / fromPages, 1 / (count - 1));
  for (let i = 0; i < count; i++) out.push(Math.round(fromPages * Math.pow(ratio, i)));
  return [...new Set(out)];
}

/**
 * A sampled pool is never smaller than this many pages: fewer make each page stand for too many.
 * Flight 3 at SF 1, 16 points from 1024 pages, with the sample of sampled-steps.ts: a largest
 * miss-ratio error of 0.007 on MySQL 8.0 and 0.018 on MariaDB 10.11 (whose page cleaner keeps a
 * 16 MB pool's LRU to 50-257 pages: 6-32 sampled); a 64-page floor errs by 0.012 and 0.017. With a
 * sample by hash the floor had to be 512 (MySQL) and 1024 (MariaDB) for errors of 0.015 and 0.024.
 */
export const MIN_SAMPLED_POOL = 128;

/**
 * The rate for one pool size: the asked rate, but never a sampled pool under `minPool` pages. InnoDB's
 * fixed list lengths are scaled with the pool (SimulatorSettings.lruScale), so a small pool need not be
 * simulated whole for its 512-page old-sublist minimum to hold.
 */
export function rateFor(poolPages: number, rate: number, minPool = MIN_SAMPLED_POOL): number {
  return Math.min(1, Math.max(rate, minPool / Math.max(1, poolPages)));
}

/**
 * How many touches, summed over its points, a curve replays at most: 16 points of a 1.5-million-touch
 * run whole, of a 10-million-touch one at 15% (bench:whatif-speed on a synthetic join of 10.2 million
 * requests: at 10%, 1.8-1.9 s of one core on a loaded machine and every point within 3.9% of the full
 * simulation's pages read, which took 6 s; at 30%, 2.5-2.8 s and within 4.8%).
 */
export const CURVE_TOUCH_BUDGET = 24_000_000;

/**
 * The rate a curve is sampled at: the rate asked, raised as far as the touch budget allows (to 1, the
 * full simulation, for a run whose points fit it whole): a thinner sample is faster but errs more.
 */
export function curveRate(touches: number, points: number, asked: number): number {
  if (asked >= 1 || touches < MIN_SAMPLED_TOUCHES) return 1;
  const affordable = CURVE_TOUCH_BUDGET / Math.max(1, touches * points);
  return affordable >= 1 ? 1 : Math.max(asked, Math.floor(affordable * 20 + 1e-9) / 20);
}

/** Each index's pages in the pool (by index ordinal), a sampled run's kept page standing for its weight. */
export function cachedPages(sim: LruSimulator, layout: PageLayout, run?: SampledRun): number[] {
  const out = new Array<number>(layout.indexNames.length).fill(0);
  for (let i = 0; i < sim.instanceCount; i++)
    sim.forEachInLru(i, (s, p) => {
      const index = layout.spaces[s]?.indexOf[p] ?? -1;
      if (index >= 0) out[index]! += run ? run.pageWeight[run.base[s]! + p]! : 1;
    });
  return out.map((n) => Math.round(n));
}

/**
 * One curve per variant. `steps` are replayed in order (a warm-up before the measured run); the curve
 * reads the last step's counters. The settings' own data pages are scaled with the pool. `rate`: the
 * sampling rate (callers take it from curveRate).
 */
export function missRatioCurves(
  layout: PageLayout,
  base: SimulatorSettings,
  steps: ReplayStep[],
  sizes: number[],
  variants: CurveVariant[],
  rate = 1,
  opts: CurveOptions = {},
): MissRatioCurve[] {
  const touches = steps[steps.length - 1]?.trace.length ?? 0;
  // A short trace is simulated whole: sampled, a few touches would stand for many (Q3.3 at SF 0.1 makes
  // 3, and its sampled curve was off by a miss ratio of 1), and it would be no faster.
  if (touches < MIN_SAMPLED_TOUCHES) rate = 1;
  const prepared = rate < 1 ? new SampledSteps(layout, steps) : null;
  const last = steps.length - 1;
  return variants.map((variant) => {
    const points = sizes.map((poolPages): CurvePoint => {
      const r = rateFor(poolPages, rate);
      const scaled = Math.max(1, Math.round(poolPages * r));
      const settings: SimulatorSettings = {
        ...base,
        ...variant,
        poolPages: scaled,
        lruScale: r,
        dataPages: Math.max(1, Math.round(scaled * ((base.dataPages ?? base.poolPages) / base.poolPages))),
        ...(base.dataPagesAtStart
          ? { dataPagesAtStart: Math.round(scaled * (base.dataPagesAtStart / base.poolPages)) }
          : {}),
        // A large space is sampled by whole 64-page groups, so read-ahead works on the full pool's areas.
        readAheadAreaPages: readAheadArea(Math.floor(poolPages / Math.max(1, base.instances))),
      };
      if (base.pageCleaner) {
        // The cleaner's figures at this pool size, scaled with the pool like everything else.
        const c = mariadbPageCleaner(poolPages);
        settings.pageCleaner = {
          scanDepth: Math.max(2, Math.round(c.scanDepth * r)),
          wakeLru: Math.max(1, Math.round(c.wakeLru * r)),
          minLru: Math.max(1, Math.round(c.minLru * r)),
        };
      }
      const start = startPoolAtSize(
        opts.start ?? 0,
        opts.startup,
        poolPages,
        base.instances,
        variant.oldBlocksPct,
      );
      let cached: number[] | undefined;
      let syncReads: number;
      let readAhead: number;
      if (prepared && r < 1) {
        const run: SampledRun = prepared.at(r);
        const got = replaySampled(layout, settings, run, prepared, start, (k, sim) => {
          if (opts.cachedAtLastStep && k === last) cached = cachedPages(sim, layout, run);
        });
        syncReads = Math.round(got.syncReads);
        readAhead = Math.round(got.readAhead);
      } else {
        const { counters } = replaySteps(layout, settings, steps, start, (k, sim) => {
          if (opts.cachedAtLastStep && k === last) cached = cachedPages(sim, layout);
        });
        syncReads = counters[last]!.syncReads;
        readAhead = counters[last]!.readAhead;
      }
      const pagesRead = syncReads + (opts.countReadAhead ? readAhead : 0);
      return {
        poolPages,
        pagesRead,
        missRatio: touches > 0 ? pagesRead / touches : 0,
        readAhead,
        ...(cached ? { cachedAtStart: cached } : {}),
      };
    });
    return { variant, points, kneePoolPages: kneeOf(points), rate };
  });
}

/** Where the curve meets its floor: the first pool within 5% of the drop from the top to the floor. */
export function kneeOf(points: CurvePoint[]): number | null {
  if (points.length < 2) return null;
  const top = Math.max(...points.map((p) => p.pagesRead));
  const floor = Math.min(...points.map((p) => p.pagesRead));
  if (top === floor) return null;
  const bound = floor + 0.05 * (top - floor);
  return points.find((p) => p.pagesRead <= bound)?.poolPages ?? null;
}

/** The largest difference in miss ratio between a sampled curve and the full one, point by point. */
export function curveError(sampled: MissRatioCurve, full: MissRatioCurve): number {
  let worst = 0;
  sampled.points.forEach((p, i) => {
    const f = full.points[i];
    if (f) worst = Math.max(worst, Math.abs(p.missRatio - f.missRatio));
  });
  return worst;
}
