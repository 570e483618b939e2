/**
 * A miss-ratio curve's sample (SHARDS, Waldspurger et al., FAST '15, with a chosen rather than hashed
 * subset): the steps prepared once and sampled once per rate its points need, shared by the 16 points
 * and every old-blocks setting, the sample chosen so that a small one is not biased: small tables by
 * page, every space's units a cross-section of its light and heavy ones, and each space's reads scaled
 * by the share of its units really kept.
 */
import { LruSimulator } from './lru-simulator';
import type { SimulatorSettings } from './pool-model';
import type { ReplayStep } from './replay';
import type { PageLayout, PageTrace } from './trace';

/**
 * A space sampled by 64-page group (so a read-ahead area is kept or dropped whole) needs this many
 * groups expected in the sample; a space with fewer is sampled page by page. A small table (SSB's
 * dimensions: date 21 pages, supplier 35, customer 374 at SF 1) is one to seven groups: by group, a 10%
 * sample holds all of it or none, and with none, the sampled pool has its room for other pages and
 * never misses on it (flight 3 read ~0.03 of miss ratio too LOW at small pools). Page by page its
 * share of the pool and of the misses is kept; what it loses is its own linear read-ahead (an area is
 * no longer whole), which costs at most its size in reads per scan.
 */
export const MIN_SAMPLED_GROUPS = 16;

/**
 * The units (pages, or 64-page groups) a space's touches fall in, heaviest first: each unit's rank by
 * its touches over all the steps, -1 for a unit never touched.
 */
function rankUnits(touchesPerUnit: Float64Array): Int32Array {
  const touched: number[] = [];
  for (let u = 0; u < touchesPerUnit.length; u++) if (touchesPerUnit[u]! > 0) touched.push(u);
  touched.sort((a, b) => touchesPerUnit[b]! - touchesPerUnit[a]! || a - b);
  const rank = new Int32Array(touchesPerUnit.length).fill(-1);
  touched.forEach((u, i) => (rank[u] = i));
  return rank;
}

/**
 * Whether the unit of rank `rank` is kept at `rate`: systematic sampling down the ranking (every
 * 1/rate-th unit, from half a step in), so the kept units are a cross-section of light and heavy
 * ones, and exactly round(rate × units) of them are kept.
 */
export function keptAt(rank: number, rate: number): boolean {
  return rank >= 0 && Math.floor(rate * (rank + 1) + 0.5) > Math.floor(rate * rank + 0.5);
}

/** The steps at one rate, and what a kept page's read stands for, per space. */
export interface SampledRun {
  steps: ReplayStep[];
  /**
   * Per space: its touched units over its kept ones. 1 / rate where that divides evenly; a 24-page
   * table at 10% keeps 2 pages, each standing for 12 (as 1 / rate, 10: its reads 17% short).
   */
  weight: Float64Array;
}

/**
 * Steps prepared for sampling (a hot run's two steps share one trace, counted once): each space's
 * pages and 64-page groups ranked by their touches, so that a sample keeps a cross-section of them
 * rather than what a hash happens to pick (SSB's 10% of lineorder's touched groups held half its
 * touches by hash).
 */
export class SampledSteps {
  private readonly steps: readonly ReplayStep[];
  /** Each space's first page in one numbering of all pages (as the simulator numbers them). */
  private readonly base: Int32Array;
  /** Each distinct trace's touches as page numbers in that numbering, computed once. */
  private readonly globalPages = new Map<PageTrace, Int32Array>();
  private readonly groupRank: Int32Array[];
  private readonly pageRank: Int32Array[];
  private readonly cache = new Map<number, SampledRun>();

  constructor(
    private readonly layout: PageLayout,
    steps: readonly ReplayStep[],
  ) {
    this.steps = steps;
    this.base = new Int32Array(layout.spaces.length + 1);
    layout.spaces.forEach((sp, s) => (this.base[s + 1] = this.base[s]! + sp.sizePages));
    const perPage = new Float64Array(this.base[layout.spaces.length]!);
    for (const step of steps) {
      if (this.globalPages.has(step.trace)) continue;
      const { space, page, length } = step.trace;
      const g = new Int32Array(length);
      for (let i = 0; i < length; i++) {
        g[i] = this.base[space[i]!]! + page[i]!;
        perPage[g[i]!]!++;
      }
      this.globalPages.set(step.trace, g);
    }
    this.pageRank = layout.spaces.map((_, s) => rankUnits(perPage.subarray(this.base[s], this.base[s + 1])));
    this.groupRank = layout.spaces.map((sp, s) => {
      const groups = new Float64Array(Math.ceil(sp.sizePages / 64));
      for (let p = 0; p < sp.sizePages; p++) groups[p >>> 6]! += perPage[this.base[s]! + p]!;
      return rankUnits(groups);
    });
  }

  /** The steps at `rate`, their touches timed on the full traces' clock (for replaySampled); cached by rate. */
  at(rate: number): SampledRun {
    const had = this.cache.get(rate);
    if (had) return had;
    // Whether each page is kept: by page in a space of few groups, else by whole group.
    const keep = new Uint8Array(this.base[this.layout.spaces.length]!);
    const weight = this.layout.spaces.map((sp, s) => {
      const byPage = this.groupRank[s]!.length * rate < MIN_SAMPLED_GROUPS;
      for (let p = 0; p < sp.sizePages; p++) {
        const rank = byPage ? this.pageRank[s]![p]! : this.groupRank[s]![p >>> 6]!;
        keep[this.base[s]! + p] = keptAt(rank, rate) ? 1 : 0;
      }
      // Each kept unit stands for touched / kept units: 1 / rate, but for the rounding of few units.
      const ranks = byPage ? this.pageRank[s]! : this.groupRank[s]!;
      let touched = 0;
      let kept = 0;
      for (const rank of ranks) {
        if (rank < 0) continue;
        touched++;
        if (keptAt(rank, rate)) kept++;
      }
      return kept > 0 ? touched / kept : 1 / rate;
    });
    // A hot run's two steps are one trace over one time: sampled once.
    const done = new Map<string, PageTrace>();
    const ids = new Map<PageTrace, number>();
    const steps = this.steps.map((step): ReplayStep => {
      if (!ids.has(step.trace)) ids.set(step.trace, ids.size);
      const key = `${ids.get(step.trace)}@${step.elapsedMs}`;
      let trace = done.get(key);
      if (!trace) {
        trace = keptTouches(step.trace, this.globalPages.get(step.trace)!, keep, step.elapsedMs);
        done.set(key, trace);
      }
      return { ...step, trace };
    });
    const out = { steps, weight: Float64Array.from(weight) };
    this.cache.set(rate, out);
    return out;
  }
}

/** The kept touches, each at its time in the full trace spread over `elapsedMs` (as replaySteps spreads it). */
function keptTouches(t: PageTrace, global: Int32Array, keep: Uint8Array, elapsedMs: number): PageTrace {
  let n = 0;
  for (let i = 0; i < t.length; i++) n += keep[global[i]!]!;
  const space = new Uint32Array(n);
  const page = new Uint32Array(n);
  const atMs = new Float64Array(n);
  let j = 0;
  for (let i = 0; i < t.length; i++) {
    if (keep[global[i]!] === 0) continue;
    space[j] = t.space[i]!;
    page[j] = t.page[i]!;
    atMs[j] = (elapsedMs * i) / t.length;
    j++;
  }
  return { space, page, atMs, length: n };
}

/**
 * A sampled run replayed: Innodb_buffer_pool_reads of its last step as the full pool would make them,
 * each space's reads (a touch that finds its page missing) times what a kept page of it stands for.
 */
export function replaySampled(layout: PageLayout, settings: SimulatorSettings, run: SampledRun): number {
  const sim = new LruSimulator(layout, settings);
  const reads = new Float64Array(layout.spaces.length);
  let clock = 0;
  for (const step of run.steps) {
    clock += step.gapMs ?? 0;
    reads.fill(0);
    const { space, page, atMs } = step.trace;
    for (let i = 0; i < step.trace.length; i++) {
      if (!sim.hasPage(space[i]!, page[i]!)) reads[space[i]!]!++;
      sim.touch(space[i]!, page[i]!, clock + atMs[i]!);
    }
    clock += step.elapsedMs;
  }
  return reads.reduce((n, r, s) => n + r * run.weight[s]!, 0);
}
