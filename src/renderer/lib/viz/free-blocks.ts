/**
 * The LRU map's words about free blocks. A small pool on MariaDB is mostly free: its page cleaner
 * keeps innodb_lru_scan_depth blocks free (794 of 1,014 at 16 MB), the LRU stays short, no old
 * sublist forms (InnoDB forms one once the LRU holds 512 pages) and innodb_old_blocks_time cannot
 * matter. The map draws those blocks hatched; this says why, once they are a large share.
 */
import { formatCount, formatShare } from '../../../shared/format';
import { LARGE_FREE_SHARE, OLD_SUBLIST_MIN_PAGES } from '../../../shared/runs/page-cleaner';
import type { LruMapFrame, PoolStats, RunResult } from '../../../shared/runs/runs';

type PoolFigures = Pick<PoolStats, 'poolSize' | 'freeBuffers' | 'databasePages' | 'oldDatabasePages'>;

/**
 * `lruScanDepth`: the run's innodb_lru_scan_depth where it recorded one; with the cleaner's target a
 * large share of the pool, the cleaner is why on MySQL 5.6+ too (a 14 MB pool of 896 pages, 1,024 kept free).
 */
export function freeBlocksNote(
  pools: readonly PoolFigures[],
  flavor: string | null,
  lruScanDepth?: number,
): string | null {
  const sum = (pick: (p: PoolFigures) => number) => pools.reduce((s, p) => s + pick(p), 0);
  const size = sum((p) => p.poolSize);
  const free = sum((p) => p.freeBuffers);
  if (size <= 0 || free / size < LARGE_FREE_SHARE) return null;
  const old = sum((p) => p.oldDatabasePages);
  const cleaner = lruScanDepth !== undefined && lruScanDepth * pools.length >= LARGE_FREE_SHARE * size;
  const why = cleaner
    ? `: the page cleaner keeps innodb_lru_scan_depth (${formatCount(lruScanDepth)}) blocks free in each pool instance`
    : flavor === 'mariadb'
      ? ": MariaDB's page cleaner keeps innodb_lru_scan_depth blocks free in each pool instance"
      : ': pages read so far fit in the pool without evicting';
  const then =
    old === 0
      ? `No old sublist has formed (InnoDB forms one once the LRU holds ${OLD_SUBLIST_MIN_PAGES} pages), so innodb_old_blocks_time cannot matter at this pool size.`
      : 'A page read takes a free block before any page is evicted.';
  return `${formatCount(free)} of ${formatCount(size)} blocks are free (${formatShare(free / size)}), hatched on the map${why}. ${then}`;
}

/**
 * The pool's figures when a saved frame was taken: the stats read before the query for the frame before
 * it, after it for the frame after, else the last sample at or before the frame (the stats before the
 * query when none was). A frame before the query once borrowed the stats after the run.
 */
export function poolFiguresAt(
  result: Pick<RunResult, 'poolStats' | 'samples'>,
  frame: Pick<LruMapFrame, 'atMs' | 'moment'>,
): readonly PoolFigures[] {
  const { before, after } = result.poolStats;
  if (frame.moment === 'before' && before) return before;
  if (frame.moment === 'after' && after) return after;
  return result.samples.stats.filter((x) => x.atMs <= frame.atMs).at(-1)?.pools ?? before ?? after ?? [];
}
