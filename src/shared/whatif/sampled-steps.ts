/**
 * A miss-ratio curve's sample (SHARDS, Waldspurger et al., FAST '15, with a chosen rather than hashed
 * subset): the steps prepared once and sampled once per rate its points need, shared by the 16 points
 * and every old-blocks setting, the sample chosen so that a small one is not biased: small tables by
 * page, every space's units a cross-section of its light and heavy ones, and each space's reads scaled
 * by the share of its units really kept.
 */
import type { SimulatorSettings } from './pool-model';
import { readAheadTriggers, SampledSimulator, type ReadAheadTriggers } from './sampled-read-ahead';
import type { ReplayStep } from './replay';
import { touchTimeMs, type PageLayout, type PageTrace } from './trace';

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
  /** Per step, each kept touch's index in the full trace. */
  origins: Uint32Array[];
  /** Per page (in the numbering of `base`), 1 when kept. */
  keep: Uint8Array;
  base: Int32Array;
  /** Per space, 1 when sampled by whole 64-page group. */
  byGroup: Uint8Array;
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
    for (const trace of new Set(steps.map((x) => x.trace))) {
      const { space, page, length } = trace;
      for (let i = 0; i < length; i++) perPage[this.base[space[i]!]! + page[i]!]!++;
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
    const byGroup = new Uint8Array(this.layout.spaces.length);
    const weight = this.layout.spaces.map((sp, s) => {
      const byPage = this.groupRank[s]!.length * rate < MIN_SAMPLED_GROUPS;
      byGroup[s] = byPage ? 0 : 1;
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
    const done = new Map<string, KeptTouches>();
    const kept = this.steps.map((step) => {
      const key = this.keyOf(step);
      let k = done.get(key);
      if (!k) {
        k = keptTouches(step, this.base, keep);
        done.set(key, k);
      }
      return k;
    });
    const out: SampledRun = {
      steps: this.steps.map((step, i) => ({ ...step, trace: kept[i]!.trace })),
      origins: kept.map((k) => k.origin),
      keep,
      base: this.base,
      byGroup,
      weight: Float64Array.from(weight),
    };
    this.cache.set(rate, out);
    return out;
  }

  /** Step `i`'s full trace. */
  stepTrace(i: number): PageTrace {
    return this.steps[i]!.trace;
  }

  /** Where read-ahead fires in step `i`'s full trace with areas of `area` pages (computed once). */
  triggers(i: number, area: number, settings: SimulatorSettings): ReadAheadTriggers {
    const step = this.steps[i]!;
    const key = `${this.keyOf(step)}@${area}`;
    let t = this.triggerCache.get(key);
    if (!t) {
      t = readAheadTriggers(this.layout, step.trace, step.elapsedMs, area, settings, step.timed);
      this.triggerCache.set(key, t);
    }
    return t;
  }

  private readonly triggerCache = new Map<string, ReadAheadTriggers>();
  private readonly traceIds = new Map<PageTrace, number>();

  /** A hot run's two steps are one trace over one time: sampled (and searched for read-ahead) once. */
  private keyOf(step: ReplayStep): string {
    if (!this.traceIds.has(step.trace)) this.traceIds.set(step.trace, this.traceIds.size);
    return `${this.traceIds.get(step.trace)}@${step.elapsedMs}`;
  }
}

interface KeptTouches {
  trace: PageTrace;
  origin: Uint32Array;
}

/** The kept touches, each at its time in the full trace (touchTimeMs, as replaySteps times it). */
function keptTouches(step: ReplayStep, base: Int32Array, keep: Uint8Array): KeptTouches {
  const t = step.trace;
  let n = 0;
  for (let i = 0; i < t.length; i++) n += keep[base[t.space[i]!]! + t.page[i]!]!;
  const space = new Uint32Array(n);
  const page = new Uint32Array(n);
  const atMs = new Float64Array(n);
  const origin = new Uint32Array(n);
  let j = 0;
  for (let i = 0; i < t.length; i++) {
    if (keep[base[t.space[i]!]! + t.page[i]!] === 0) continue;
    space[j] = t.space[i]!;
    page[j] = t.page[i]!;
    atMs[j] = touchTimeMs(t, step.elapsedMs, step.timed, i);
    origin[j] = i;
    j++;
  }
  return { trace: { space, page, atMs, length: n }, origin };
}

/**
 * A sampled run replayed: Innodb_buffer_pool_reads of its last step as the full pool would make them,
 * each space's reads (a touch that finds its page missing) times what a kept page of it stands for.
 * Read-ahead whose trigger the sample did not keep whole is fired where the full trace fires it.
 */
export function replaySampled(
  layout: PageLayout,
  settings: SimulatorSettings,
  run: SampledRun,
  prepared: SampledSteps,
): number {
  const sim = new SampledSimulator(layout, settings, run.keep, run.base);
  const area = settings.readAheadAreaPages ?? 64;
  const reads = new Float64Array(layout.spaces.length);
  // The reads no touch of the trace made (MySQL's I/O threads' bitmap pages, ibufBitmapGet): one page
  // each, in the sample as in the full pool, not weighted.
  let ioReads = 0;
  let clock = 0;
  run.steps.forEach((step, k) => {
    clock += step.gapMs ?? 0;
    reads.fill(0);
    const readsBefore = sim.counters.syncReads;
    let misses = 0;
    const full = prepared.stepTrace(k);
    const t = prepared.triggers(k, area, settings);
    let next = 0;
    let nextAt = t.length > 0 ? t.at[0]! : Infinity;
    // A trigger the sample kept whole (a kept group's border page) fires in the simulator itself.
    const fire = (upTo: number) => {
      for (; next < t.length && t.at[next]! <= upTo; next++) {
        const src = t.at[next]!;
        const s = full.space[src]!;
        if (run.byGroup[s] === 1 && run.keep[run.base[s]! + full.page[src]!] === 1) continue;
        sim.readAheadFrom(t.space[next]!, t.low[next]!, area);
      }
      nextAt = next < t.length ? t.at[next]! : Infinity;
    };
    const { space, page, atMs } = step.trace;
    const origin = run.origins[k]!;
    for (let i = 0; i < step.trace.length; i++) {
      if (origin[i]! > nextAt) fire(origin[i]! - 1);
      if (!sim.hasPage(space[i]!, page[i]!)) {
        reads[space[i]!]!++;
        misses++;
      }
      sim.touch(space[i]!, page[i]!, clock + atMs[i]!);
      if (origin[i]! === nextAt) fire(origin[i]!);
    }
    fire(full.length);
    clock += step.elapsedMs;
    ioReads = sim.counters.syncReads - readsBefore - misses;
  });
  return reads.reduce((n, r, s) => n + r * run.weight[s]!, ioReads);
}
