/**
 * A miss-ratio curve's sample (SHARDS, Waldspurger et al., FAST '15, with a chosen rather than hashed
 * subset): the steps prepared once and sampled once per rate its points need, shared by the 16 points
 * and every old-blocks setting, the sample chosen so that a small one is not biased: small tables by
 * page, every space's units a cross-section of its light and heavy ones, and each space's reads scaled
 * by the share of its units really kept.
 */
import type { SimulatorSettings } from './pool-model';
import { readAheadTriggers, SampledSimulator, type ReadAheadTriggers } from './sampled-read-ahead';
import { foreignPagesOf, seedStart, withForeignSpace, type BeforeStep, type ReplayStep } from './replay';
import { touchTimeMs, type PageLayout, type PageTrace, type StartPool } from './trace';

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
  /** The share of units kept. */
  rate: number;
  steps: ReplayStep[];
  /** Per step, each kept touch's index in the full trace. */
  origins: Uint32Array[];
  /** Per page (in the numbering of `base`), 1 when kept. */
  keep: Uint8Array;
  base: Int32Array;
  /** Per space, 1 when sampled by whole 64-page group. */
  byGroup: Uint8Array;
  /**
   * Per space: its touched units over its kept ones (of its whole groups, in a space sampled by group).
   * 1 / rate where that divides evenly; a 24-page table at 10% keeps 2 pages, each standing for 12 (as
   * 1 / rate, 10: its reads 17% short).
   */
  weight: Float64Array;
  /** Per page: what a kept page's read stands for (its unit's weight), 0 for a page not kept. */
  pageWeight: Float64Array;
  /** Per page, 1 when kept as part of a whole 64-page group (its read-ahead area kept whole). */
  wholeGroup: Uint8Array;
}

/**
 * A group of a space sampled by group holding more than this many times the mean touches of its
 * touched groups is sampled by page: a B-tree's root and internal pages share the first group, which
 * takes most of a lookup-heavy table's touches. Kept or dropped whole, at 30% it is dropped (the
 * heaviest rank is not kept): the sample then has none of the hot pages that take blocks in the full
 * pool for good, and reads too few. A synthetic join of 1.5 million requests (uniform keys) at 1,024
 * pages sampled at 30% read 444,500 pages against the full simulation's 494,700 (−10%); by page, 482,700.
 */
export const HOT_GROUP = 8;

/**
 * Keeps units by rank (keptAt), calling `keepUnit` with each kept unit and what it stands for: the
 * touched units over the kept ones (1 / rate, but for the rounding of few units); returns that weight.
 */
function sampleUnits(
  rank: Int32Array,
  rate: number,
  keepUnit: (unit: number, weight: number) => void,
): number {
  let touched = 0;
  let kept = 0;
  for (const r of rank) {
    if (r < 0) continue;
    touched++;
    if (keptAt(r, rate)) kept++;
  }
  const weight = kept > 0 ? touched / kept : 1 / rate;
  rank.forEach((r, u) => {
    if (keptAt(r, rate)) keepUnit(u, weight);
  });
  return weight;
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
  /** Touches per page (the simulator's numbering) and per 64-page group of each space, over all the steps. */
  private readonly perPage: Float64Array;
  private readonly perGroup: Float64Array[];
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
    this.perPage = perPage;
    this.pageRank = layout.spaces.map((_, s) => rankUnits(perPage.subarray(this.base[s], this.base[s + 1])));
    this.perGroup = layout.spaces.map((sp, s) => {
      const groups = new Float64Array(Math.ceil(sp.sizePages / 64));
      for (let p = 0; p < sp.sizePages; p++) groups[p >>> 6]! += perPage[this.base[s]! + p]!;
      return groups;
    });
    this.groupRank = this.perGroup.map(rankUnits);
  }

  /** The steps at `rate`, their touches timed on the full traces' clock (for replaySampled); cached by rate. */
  at(rate: number): SampledRun {
    const had = this.cache.get(rate);
    if (had) return had;
    // Whether each page is kept: by page in a space of few groups, else by whole group but for its hot
    // groups (HOT_GROUP), which are sampled by page; and what a kept page stands for.
    const keep = new Uint8Array(this.base[this.layout.spaces.length]!);
    const pageWeight = new Float64Array(keep.length);
    const wholeGroup = new Uint8Array(keep.length);
    const byGroup = new Uint8Array(this.layout.spaces.length);
    const weight = this.layout.spaces.map((sp, s) => {
      const byPage = this.groupRank[s]!.length * rate < MIN_SAMPLED_GROUPS;
      byGroup[s] = byPage ? 0 : 1;
      const first = this.base[s]!;
      const pageTouches = this.perPage.subarray(first, first + sp.sizePages);
      if (byPage) {
        const w = sampleUnits(this.pageRank[s]!, rate, (p, w) => {
          keep[first + p] = 1;
          pageWeight[first + p] = w;
        });
        return w;
      }
      const groups = this.perGroup[s]!;
      let touched = 0;
      let sum = 0;
      for (const t of groups) {
        if (t <= 0) continue;
        touched++;
        sum += t;
      }
      const hotAbove = (HOT_GROUP * sum) / Math.max(1, touched);
      const hot = (g: number) => groups[g]! > hotAbove;
      // The hot groups' pages ranked among themselves, the other groups among themselves.
      const hotPages = Float64Array.from(pageTouches, (t, p) => (hot(p >>> 6) ? t : 0));
      sampleUnits(rankUnits(hotPages), rate, (p, w) => {
        keep[first + p] = 1;
        pageWeight[first + p] = w;
      });
      const coldGroups = Float64Array.from(groups, (t, g) => (hot(g) ? 0 : t));
      return sampleUnits(rankUnits(coldGroups), rate, (g, w) => {
        for (let p = g * 64; p < Math.min(sp.sizePages, g * 64 + 64); p++) {
          keep[first + p] = 1;
          wholeGroup[first + p] = 1;
          pageWeight[first + p] = w;
        }
      });
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
      rate,
      steps: this.steps.map((step, i) => ({ ...step, trace: kept[i]!.trace })),
      origins: kept.map((k) => k.origin),
      keep,
      base: this.base,
      byGroup,
      weight: Float64Array.from(weight),
      pageWeight,
      wholeGroup,
    };
    this.cache.set(rate, out);
    return out;
  }

  /** Whether any step touches page `g` (in the simulator's numbering of all pages). */
  touched(g: number): boolean {
    return this.perPage[g]! > 0;
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

/** What a sampled replay of a run's last step stands for, as the full pool would count it. */
export interface SampledCounts {
  /** Innodb_buffer_pool_reads: each space's misses times what a kept page of it stands for. */
  syncReads: number;
  /** Pages read ahead, weighted the same way. */
  readAhead: number;
}

/**
 * A sampled run replayed: Innodb_buffer_pool_reads of its last step as the full pool would make them,
 * each space's reads (a touch that finds its page missing) times what a kept page of it stands for.
 * Read-ahead whose trigger the sample did not keep whole is fired where the full trace fires it.
 * `start`: what the pool held before the first step (replaySteps' own), its pages kept as the sample
 * keeps the traced ones and its foreign pages at the sample's rate.
 */
export function replaySampled(
  layout: PageLayout,
  settings: SimulatorSettings,
  run: SampledRun,
  prepared: SampledSteps,
  start: number | StartPool = 0,
  beforeStep?: BeforeStep,
): SampledCounts {
  const sim = new SampledSimulator(
    withForeignSpace(layout, foreignPagesOf(start)),
    settings,
    run.keep,
    run.base,
    run.pageWeight,
  );
  // A start page no step touches only takes a block, as a foreign page does: kept at the rate, in turn.
  let untouched = 0;
  seedStart(
    sim,
    start,
    layout.spaces.length,
    (s, p) => {
      const g = run.base[s]! + p;
      return run.keep[g] === 1 || (!prepared.touched(g) && keptAt(untouched++, run.rate));
    },
    (f) => keptAt(f, run.rate),
  );
  const area = settings.readAheadAreaPages ?? 64;
  const reads = new Float64Array(layout.spaces.length);
  const ahead = new Float64Array(layout.spaces.length);
  // Each high border page's last touch (its index in the full trace), this step.
  const lastSeen = new Float64Array(run.keep.length);
  // The reads no touch of the trace made (MySQL's I/O threads' bitmap pages, ibufBitmapGet): one page
  // each, in the sample as in the full pool, not weighted.
  let ioReads = 0;
  let clock = 0;
  run.steps.forEach((step, k) => {
    clock += step.gapMs ?? 0;
    beforeStep?.(k, sim);
    reads.fill(0);
    const readsBefore = sim.counters.syncReads;
    sim.readAheadBySpace.fill(0);
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
        if (run.wholeGroup[run.base[s]! + full.page[src]!] === 1) continue;
        // The last kept area of the space the scan passed stands for this unkept one.
        if (sim.lastBorder[t.space[next]!] === -1) continue;
        sim.readAheadFrom(t.space[next]!, t.low[next]!, area);
      }
      nextAt = next < t.length ? t.at[next]! : Infinity;
    };
    const { space, page, atMs } = step.trace;
    const origin = run.origins[k]!;
    lastSeen.fill(-Infinity);
    for (let i = 0; i < step.trace.length; i++) {
      if (origin[i]! > nextAt) fire(origin[i]! - 1);
      // A kept high border page come back to (not within an area's touches, readAheadTriggers' rule)
      // already accessed: the server tries no read-ahead from it.
      if (page[i]! % area === area - 1) {
        const g = run.base[space[i]!]! + page[i]!;
        if (origin[i]! - lastSeen[g]! > area && sim.accessTimeOf(space[i]!, page[i]!) !== null)
          sim.lastBorder[space[i]!] = -1;
        lastSeen[g] = origin[i]!;
      }
      if (!sim.hasPage(space[i]!, page[i]!)) {
        reads[space[i]!]! += run.pageWeight[run.base[space[i]!]! + page[i]!]!;
        misses++;
      }
      sim.touch(space[i]!, page[i]!, clock + atMs[i]!);
      if (origin[i]! === nextAt) fire(origin[i]!);
    }
    fire(full.length);
    clock += step.elapsedMs;
    ioReads = sim.counters.syncReads - readsBefore - misses;
    for (let s = 0; s < layout.spaces.length; s++) ahead[s] = sim.readAheadBySpace[s]!;
  });
  return {
    syncReads: reads.reduce((n, r) => n + r, ioReads),
    readAhead: ahead.reduce((n, r) => n + r, 0),
  };
}
