/**
 * Linear read-ahead in a sampled pool. Read-ahead reads the area after the one being scanned, but a
 * sample keeps 64-page groups apart: a kept group's predecessor is almost never kept, so its pages were
 * all read synchronously (a sequential scan's sampled curve read a miss ratio 0.33 too high), while a
 * kept group read ahead into the unkept group after it, pages that stood for nothing. Here the full
 * trace says where read-ahead fires (its access pattern, the pages' first touches), a kept area whose
 * trigger lies in an unkept one is read ahead at that moment, and nothing unkept is ever read ahead.
 */
import { LruSimulator } from './lru-simulator';
import type { SimulatorSettings } from './pool-model';
import { ibufBitmapPageOf, linearReadAhead, type ReadAheadHost } from './read-ahead';
import { touchTimeMs, type PageLayout, type PageTrace } from './trace';

/** Where read-ahead fires in a trace: the touch (its index) and the first page of the area it reads. */
export interface ReadAheadTriggers {
  at: Int32Array;
  space: Int32Array;
  low: Int32Array;
  length: number;
}

/**
 * Where a step's touches could fire read-ahead by their access pattern: each touch of an area's border
 * page not touched in the last `area` touches tried as the simulator tries it, each page's time its
 * last touch's (as the replay spreads them). Whether it reads anything is the sampled pool's to say: the
 * area's pages it still holds are not read again, so a trigger fires in effect where the area was
 * evicted, as a scan's next area is after the pool has turned over; the server would also need the
 * border page freshly read (its first access), which a pool that evicted the next area mostly has.
 */
export function readAheadTriggers(
  layout: PageLayout,
  trace: PageTrace,
  elapsedMs: number,
  area: number,
  settings: Pick<SimulatorSettings, 'flavor' | 'readAheadThreshold'>,
  /** The trace's own times are the run's (ReplayStep.timed). */
  timed?: boolean,
): ReadAheadTriggers {
  const base = new Int32Array(layout.spaces.length + 1);
  layout.spaces.forEach((sp, s) => (base[s + 1] = base[s]! + sp.sizePages));
  const pages = base[layout.spaces.length]!;
  // Each page's last touch (index), and how many of each area's pages the step has touched.
  const lastAt = new Int32Array(pages).fill(-area - 1);
  const touchedIn = new Int32Array(Math.ceil(pages / area) + layout.spaces.length);
  const areaBase = new Int32Array(layout.spaces.length + 1);
  layout.spaces.forEach((sp, s) => (areaBase[s + 1] = areaBase[s]! + Math.ceil(sp.sizePages / area)));
  const at: number[] = [];
  const space: number[] = [];
  const low: number[] = [];
  let fired = -1;
  let current = 0;
  const host: ReadAheadHost = {
    pageLayout: layout,
    flavor: settings.flavor,
    readAheadThreshold: settings.readAheadThreshold,
    // ut_time_ms(): whole milliseconds, as LruSimulator.touch takes them.
    accessTimeOf: (s, p) => {
      const i = lastAt[base[s]! + p]!;
      return i < 0 ? null : Math.floor(touchTimeMs(trace, elapsedMs, timed, i));
    },
    // Every page of the next area is asked for, present or not: whether the pool holds it is the replay's to say.
    hasPage: () => false,
    readAhead: (s, p) => {
      if (fired === p - (p % area) + base[s]!) return;
      fired = p - (p % area) + base[s]!;
      at.push(current);
      space.push(s);
      low.push(p - (p % area));
    },
  };
  // An area with more untouched pages than this fails the pattern whatever their order.
  const tolerance = 64 - settings.readAheadThreshold;
  if (settings.readAheadThreshold > 0) {
    for (let i = 0; i < trace.length; i++) {
      const sp = trace.space[i]!;
      const p = trace.page[i]!;
      const g = base[sp]! + p;
      const last = lastAt[g]!;
      lastAt[g] = i;
      if (last < 0) touchedIn[areaBase[sp]! + Math.floor(p / area)]!++;
      // A border page touched again within an area's touches (a B-tree root, a row after a row) is in
      // the pool and accessed: the server tries read-ahead only on a page's first access.
      if (i - last <= area || (p % area !== area - 1 && p % area !== 0)) continue;
      if (area - touchedIn[areaBase[sp]! + Math.floor(p / area)]! > tolerance) continue;
      current = i;
      fired = -1;
      linearReadAhead(host, sp, p, area);
    }
  }
  return {
    at: Int32Array.from(at),
    space: Int32Array.from(space),
    low: Int32Array.from(low),
    length: at.length,
  };
}

/**
 * A simulator that reads ahead only pages the sample kept (`keep`, by page in one numbering of all
 * spaces), and says per space how the last kept area's high border page fared (`lastBorder`), which
 * stands for the unkept areas a scan passes next. On a second pass of a scan over a pool that kept part
 * of the first, a border page still in the pool is no first access, so the server tries no read-ahead
 * from it and the next area is read page by page. Fired from the full trace regardless, the sampled
 * curve of such a scan read 29% too few pages near its knee (bench:whatif-speed, a 60,000-page scan
 * twice at a 67,000-page pool: 41,300 against 58,400; now 58,400). A kept area whose pattern failed
 * does not stop the unkept ones: in a small sampled pool a 64-page area read ahead at once is a large
 * share of the old sublist and is evicted before it is used far more often than in the full pool
 * (at 2,508 pages, 119,600 scan pages read against the full pool's 267 when it did).
 */
export class SampledSimulator extends LruSimulator {
  /**
   * Per space: 1 when the last kept high border page's first access passed the pattern, -1 when that
   * page came back already accessed (replaySampled says so), 0 before either.
   */
  readonly lastBorder: Int8Array;
  /** Pages read ahead per space since the caller last cleared it, each weighted by `pageWeight` when given. */
  readonly readAheadBySpace: Float64Array;

  constructor(
    layout: PageLayout,
    settings: SimulatorSettings,
    private readonly keep: Uint8Array,
    private readonly pageBase: Int32Array,
    private readonly pageWeight?: Float64Array,
  ) {
    super(layout, settings);
    this.lastBorder = new Int8Array(layout.spaces.length);
    this.readAheadBySpace = new Float64Array(layout.spaces.length);
  }

  patternChecked(spaceOrdinal: number, passed: boolean, ascending: boolean): void {
    if (ascending && passed) this.lastBorder[spaceOrdinal] = 1;
  }

  override readAhead(spaceOrdinal: number, pageNo: number): void {
    if (this.keep[this.pageBase[spaceOrdinal]! + pageNo] !== 1 || this.hasPage(spaceOrdinal, pageNo)) return;
    super.readAhead(spaceOrdinal, pageNo);
    this.readAheadBySpace[spaceOrdinal]! += this.pageWeight?.[this.pageBase[spaceOrdinal]! + pageNo] ?? 1;
  }

  /** The bitmap page an I/O thread requests, when the sample kept it (a sample of everything: always). */
  protected override ibufBitmapGet(spaceOrdinal: number, pageNo: number): void {
    if (this.keep[this.pageBase[spaceOrdinal]! + ibufBitmapPageOf(pageNo)] === 1)
      super.ibufBitmapGet(spaceOrdinal, pageNo);
  }

  /** The kept pages of an area read ahead, as a trigger outside the sample would have read them. */
  readAheadFrom(spaceOrdinal: number, low: number, area: number): void {
    const size = this.pageLayout.spaces[spaceOrdinal]!.sizePages;
    for (let p = low; p < Math.min(size, low + area); p++) {
      // fsp0types.h: page 1 of every 16384 is a change-buffer bitmap, never read ahead.
      if (p % 16384 !== 1 && !this.hasPage(spaceOrdinal, p)) this.readAhead(spaceOrdinal, p);
    }
  }
}
