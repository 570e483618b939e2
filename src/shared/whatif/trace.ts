/** The input of the LRU simulator: the data's page layout and a query's page touches, in typed arrays so a trace of millions of touches stays cheap. */

/** FIL_NULL: a page with no neighbour on its level (fil0fil.h), as FIL_PAGE_PREV/NEXT hold it. */
export const NO_PAGE = -1;

/**
 * One tablespace (a .ibd file, or the system tablespace): its size and, per page, which index owns it
 * and its neighbours on its B-tree level (FIL_PAGE_PREV / FIL_PAGE_NEXT), which linear read-ahead reads
 * to find the next area (buf0rea.cc, buf_read_ahead_linear).
 */
export interface SpaceLayout {
  spaceId: number;
  /** Pages in the file (fil_space_t::size): read-ahead never reads past it. */
  sizePages: number;
  /** Index ordinal (into PageLayout.indexNames) per page; NO_PAGE for a page of no index. */
  indexOf: Int32Array;
  prev: Int32Array;
  next: Int32Array;
}

export interface PageLayout {
  /** "ssb.lineorder/PRIMARY", as the run's LRU composition names them: `table/index`. */
  indexNames: string[];
  spaces: SpaceLayout[];
}

/** A query's page touches (buf_page_get calls) in order, with the time of each on the run's clock. */
export interface PageTrace {
  /** Ordinal into PageLayout.spaces. */
  space: Uint32Array;
  page: Uint32Array;
  /** ms since the query started. */
  atMs: Float64Array;
  length: number;
  /**
   * 1 for a latched adaptive-hash hit (MySQL's btr_search_guess_on_hash under the search latch, from a
   * traced run): it neither makes its page young nor sets its access time (LruSimulator.touchLatched).
   */
  latched?: Uint8Array;
}

/**
 * The pages the server's pool held when a run started, from the LRU's tail to its head (its
 * INNODB_BUFFER_PAGE_LRU read just before the trace began): what the replay starts from instead of an
 * empty pool. After a restart these are the dictionary's and the system tablespace's pages, some of which
 * the query requests too (MariaDB 11.4.5, SF 0.1, Q3.3: 8 of its 17 distinct pages).
 */
export interface StartPool {
  /** Ordinal into PageLayout.spaces, or FOREIGN_PAGE for a page no trace touches. */
  space: Int32Array;
  page: Uint32Array;
  length: number;
  /**
   * 0 for a page never accessed since it was read (its ACCESS_TIME was 0: read ahead, not yet used), 1
   * otherwise; absent when the pool was kept without it (every page taken as accessed).
   */
  accessed?: Uint8Array;
  /** 1 for a page in the old sublist (IS_OLD); absent when the pool was kept without it. */
  old?: Uint8Array;
}

/** A start pool's page that no replayed trace touches: it only takes a block. */
export const FOREIGN_PAGE = -1;

/**
 * When touch `i` of a step happens, in ms from the step's start: a traced run's own times (bpftrace's,
 * `timed`), else the touches spread evenly over the run's measured time. The one rule of every replay
 * (replaySteps, the sampled curves and their read-ahead triggers).
 */
export function touchTimeMs(
  trace: PageTrace,
  elapsedMs: number,
  timed: boolean | undefined,
  i: number,
): number {
  return timed ? trace.atMs[i]! : (elapsedMs * i) / Math.max(1, trace.length);
}

/** Builds a trace by appending touches; grows its arrays by doubling. */
export class TraceBuilder {
  private space = new Uint32Array(1024);
  private page = new Uint32Array(1024);
  private atMs = new Float64Array(1024);
  length = 0;

  touch(space: number, page: number, atMs = 0): void {
    if (this.length === this.page.length) this.grow();
    this.space[this.length] = space;
    this.page[this.length] = page;
    this.atMs[this.length] = atMs;
    this.length++;
  }

  /** The touches so far; `spreadOverMs` spaces them evenly over that many ms (the run's measured time). */
  build(spreadOverMs?: number): PageTrace {
    const n = this.length;
    const atMs = this.atMs.slice(0, n);
    if (spreadOverMs !== undefined && n > 0) {
      for (let i = 0; i < n; i++) atMs[i] = (spreadOverMs * i) / n;
    }
    return { space: this.space.slice(0, n), page: this.page.slice(0, n), atMs, length: n };
  }

  private grow(): void {
    const size = this.page.length * 2;
    const space = new Uint32Array(size);
    space.set(this.space);
    const page = new Uint32Array(size);
    page.set(this.page);
    const atMs = new Float64Array(size);
    atMs.set(this.atMs);
    this.space = space;
    this.page = page;
    this.atMs = atMs;
  }
}

/** Two traces one after the other (a cold run then a hot one), the second's clock shifted past the first. */
export function concatTraces(a: PageTrace, b: PageTrace, gapMs = 0): PageTrace {
  const n = a.length + b.length;
  const space = new Uint32Array(n);
  const page = new Uint32Array(n);
  const atMs = new Float64Array(n);
  space.set(a.space);
  space.set(b.space, a.length);
  page.set(a.page);
  page.set(b.page, a.length);
  atMs.set(a.atMs);
  const shift = (a.length > 0 ? a.atMs[a.length - 1]! : 0) + gapMs;
  for (let i = 0; i < b.length; i++) atMs[a.length + i] = b.atMs[i]! + shift;
  return { space, page, atMs, length: n };
}

/**
 * A space whose pages are one index's level chain in page order (page k's next is k+1), from page
 * `firstPage` on: what a freshly loaded index's leaves look like, and what the unit tests use.
 */
export function contiguousSpace(
  spaceId: number,
  sizePages: number,
  index: number,
  firstPage = 0,
): SpaceLayout {
  const indexOf = new Int32Array(sizePages).fill(NO_PAGE);
  const prev = new Int32Array(sizePages).fill(NO_PAGE);
  const next = new Int32Array(sizePages).fill(NO_PAGE);
  for (let p = firstPage; p < sizePages; p++) {
    indexOf[p] = index;
    prev[p] = p > firstPage ? p - 1 : NO_PAGE;
    next[p] = p + 1 < sizePages ? p + 1 : NO_PAGE;
  }
  return { spaceId, sizePages, indexOf, prev, next };
}
