/**
 * InnoDB's linear read-ahead (buf0rea.cc, buf_read_ahead_linear), apart from the LRU so each can be
 * read beside its source: on the first access to a border page of an area, when enough of the area was
 * accessed in order, the next area along the level's FIL_PAGE_NEXT (or PREV) chain is read in.
 */
import type { PageLayout } from './trace';
import { NO_PAGE } from './trace';

/** buf0rea.h: BUF_READ_AHEAD_PAGES; an area is this many pages, fewer in a small pool. */
const BUF_READ_AHEAD_PAGES = 64;
/** buf0buf.cc, buf_pool_init_instance: the area is at most curr_size / BUF_READ_AHEAD_PORTION. */
const BUF_READ_AHEAD_PORTION = 32;

/** buf0buf.cc: read_ahead_area = min(64, ut_2_power_up(curr_size / 32)). */
export function readAheadArea(currSizePages: number): number {
  const want = Math.floor(currSizePages / BUF_READ_AHEAD_PORTION);
  let power = 1;
  while (power < want) power *= 2;
  return Math.min(BUF_READ_AHEAD_PAGES, power);
}

/** What read-ahead needs of the pool. */
export interface ReadAheadHost {
  readonly pageLayout: PageLayout;
  readonly flavor: 'mysql' | 'mariadb';
  readonly readAheadThreshold: number;
  accessTimeOf(spaceOrdinal: number, pageNo: number): number | null;
  hasPage(spaceOrdinal: number, pageNo: number): boolean;
  readAhead(spaceOrdinal: number, pageNo: number): void;
  /**
   * Told, for a border page's first access, whether its area passed the access-pattern check (before
   * the links are followed); `ascending`: the check was for the high border. A sampled pool uses it
   * (sampled-read-ahead.ts).
   */
  patternChecked?(spaceOrdinal: number, passed: boolean, ascending: boolean): void;
}

/** fsp0types.h FSP_IBUF_BITMAP_OFFSET: page 1 of every page-size pages is a change-buffer bitmap, never read ahead. */
function isIbufBitmapPage(pageNo: number): boolean {
  return pageNo % 16384 === 1;
}

/** The change-buffer bitmap page that describes `pageNo` (16 KB pages: one per 16,384). */
export function ibufBitmapPageOf(pageNo: number): number {
  return pageNo - (pageNo % 16384) + 1;
}

/**
 * Returns how many pages it read. MySQL gives up once more than (64 − threshold) pages of the area
 * were missing, never accessed or accessed out of order; MariaDB once that many were (`if (--count)`).
 */
export function linearReadAhead(host: ReadAheadHost, s: number, pageNo: number, area: number): number {
  const space = host.pageLayout.spaces[s]!;
  const low = pageNo - (pageNo % area);
  const high = low + area; // exclusive
  const ascending = pageNo === high - 1;
  const mariadb = host.flavor === 'mariadb';
  // Not a border page of the area. MariaDB's copy reads ahead only at the high border (its `descending`
  // is `page_id != low`, and a low border page returns at once).
  if (!ascending && (mariadb || pageNo !== low)) return 0;
  if (high > space.sizePages) return 0; // the area is not whole
  if (isIbufBitmapPage(pageNo)) return 0;
  const tolerance = Math.min(BUF_READ_AHEAD_PAGES - host.readAheadThreshold, area);
  let fails = 0;
  let predAccess: number | null = null;
  for (let i = low; i < high; i++) {
    const accessed = host.accessTimeOf(s, i);
    if (accessed === null) {
      fails++;
    } else if (predAccess !== null) {
      // An older first access after a newer one breaks the direction (equal times, the same ms, do not).
      if (ascending ? predAccess > accessed : predAccess < accessed) fails++;
    }
    if (mariadb ? fails >= tolerance : fails > tolerance) {
      host.patternChecked?.(s, false, ascending);
      return 0;
    }
    if (accessed !== null) predAccess = accessed;
  }
  host.patternChecked?.(s, true, ascending);
  // The border page's own FIL_PAGE_PREV / FIL_PAGE_NEXT name the next area.
  const prev = space.prev[pageNo]!;
  const next = space.next[pageNo]!;
  let newOffset: number;
  if (mariadb) {
    // MariaDB: both links must exist, and the area after this one is read (`if (id == high_1) ++id`).
    if (prev === NO_PAGE || next === NO_PAGE) return 0;
    newOffset = high;
  } else if (!ascending && next === pageNo + 1) {
    newOffset = prev;
  } else if (ascending && prev === pageNo - 1) {
    newOffset = next;
  } else {
    return 0;
  }
  if (newOffset === NO_PAGE) return 0;
  const newLow = newOffset - (newOffset % area);
  const newHigh = newLow + area;
  if (newOffset !== newLow && newOffset !== newHigh - 1) return 0;
  if (newHigh > space.sizePages) return 0;
  let count = 0;
  for (let i = newLow; i < newHigh; i++) {
    if (isIbufBitmapPage(i)) continue;
    if (!host.hasPage(s, i)) {
      host.readAhead(s, i);
      count++;
    }
  }
  return count;
}
