/**
 * Miss-ratio curves: a run's touches replayed at many pool sizes for each old-blocks setting asked, with
 * the knee where the working set fits, and SHARDS-style spatial sampling (Waldspurger et al., FAST '15:
 * keep the pages whose hash falls under a threshold, scale the pool by the same rate, scale the misses
 * back) to make a curve fast, its error measured against the full simulation.
 */
import type { SimulatorSettings } from './pool-model';
import { readAheadArea } from './read-ahead';
import { mariadbPageCleaner, replaySteps, type ReplayStep } from './replay';
import type { PageLayout, PageTrace } from './trace';

/** Below this many touches a curve is not sampled. */
export const MIN_SAMPLED_TOUCHES = 100_000;

export interface CurveVariant {
  oldBlocksTimeMs: number;
  oldBlocksPct: number;
}

export interface CurvePoint {
  poolPages: number;
  /** Innodb_buffer_pool_reads the last step would make at this size. */
  pagesRead: number;
  /** pagesRead / the last step's page touches. */
  missRatio: number;
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
 * SHARDS' spatial filter, by 64-page group so a read-ahead area is kept or dropped whole: a
 * multiplicative hash of (space, page >> 6) under rate × 2^32.
 */
export function sampleTrace(trace: PageTrace, layout: PageLayout, rate: number): PageTrace {
  if (rate >= 1) return trace;
  const threshold = rate * 4294967296;
  const keep = new Uint8Array(trace.length);
  let n = 0;
  for (let i = 0; i < trace.length; i++) {
    const spaceId = layout.spaces[trace.space[i]!]!.spaceId;
    const h = Math.imul((spaceId * 1000003) ^ (trace.page[i]! >>> 6), 0x9e3779b1) >>> 0;
    if (h < threshold) {
      keep[i] = 1;
      n++;
    }
  }
  const space = new Uint32Array(n);
  const page = new Uint32Array(n);
  const atMs = new Float64Array(n);
  let j = 0;
  for (let i = 0; i < trace.length; i++) {
    if (keep[i] === 0) continue;
    space[j] = trace.space[i]!;
    page[j] = trace.page[i]!;
    atMs[j] = trace.atMs[i]!;
    j++;
  }
  return { space, page, atMs, length: n };
}

/**
 * A sampled pool is never smaller than this many pages: fewer make each page stand for too many. MySQL
 * 8.0's flight 3 at SF 1, 16 points from 1024 pages: 512 takes 4.5 s with a largest miss-ratio error of
 * 0.015; 128 takes 1.2 s but errs by 0.027 (the small pools at old_blocks_time 1000 read too little).
 */
export const MIN_SAMPLED_POOL = 512;
/**
 * With MariaDB's page cleaner, 1024: it keeps a small pool's LRU to a few hundred pages, mostly the
 * small dimension tables, which 64-page groups sample badly (flight 3 at SF 1: a miss-ratio error of
 * 0.13 at a 128-page floor, 0.024 at 1024).
 */
export const MIN_SAMPLED_POOL_WITH_CLEANER = 1024;

/**
 * The rate for one pool size: the asked rate, but never a sampled pool under `minPool` pages. InnoDB's
 * fixed list lengths are scaled with the pool (SimulatorSettings.lruScale), so a small pool need not be
 * simulated whole for its 512-page old-sublist minimum to hold.
 */
export function rateFor(poolPages: number, rate: number, minPool = MIN_SAMPLED_POOL): number {
  return Math.min(1, Math.max(rate, minPool / Math.max(1, poolPages)));
}

/**
 * One curve per variant. `steps` are replayed in order (a warm-up before the measured run); the curve
 * reads the last step's counters. The settings' own data pages are scaled with the pool.
 */
export function missRatioCurves(
  layout: PageLayout,
  base: SimulatorSettings,
  steps: ReplayStep[],
  sizes: number[],
  variants: CurveVariant[],
  rate = 1,
): MissRatioCurve[] {
  const sampled = new Map<number, ReplayStep[]>();
  const stepsAt = (r: number): ReplayStep[] => {
    let s = sampled.get(r);
    if (!s) {
      s = steps.map((x) => ({ ...x, trace: sampleTrace(x.trace, layout, r) }));
      sampled.set(r, s);
    }
    return s;
  };
  const touches = steps[steps.length - 1]?.trace.length ?? 0;
  // A short trace is simulated whole: sampled, a few touches would stand for many (Q3.3 at SF 0.1 makes
  // 3, and its sampled curve was off by a miss ratio of 1), and it would be no faster.
  if (touches < MIN_SAMPLED_TOUCHES) rate = 1;
  return variants.map((variant) => {
    const points = sizes.map((poolPages): CurvePoint => {
      const r = rateFor(poolPages, rate, base.pageCleaner ? MIN_SAMPLED_POOL_WITH_CLEANER : MIN_SAMPLED_POOL);
      const scaled = Math.max(1, Math.round(poolPages * r));
      const settings: SimulatorSettings = {
        ...base,
        ...variant,
        poolPages: scaled,
        lruScale: r,
        dataPages: Math.max(1, Math.round(scaled * ((base.dataPages ?? base.poolPages) / base.poolPages))),
        // Sampling keeps 64-page groups whole, so read-ahead works on the full pool's areas.
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
      const { counters } = replaySteps(layout, settings, stepsAt(r));
      const last = counters[counters.length - 1]!;
      const pagesRead = Math.round(last.syncReads / r);
      return { poolPages, pagesRead, missRatio: touches > 0 ? pagesRead / touches : 0 };
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
