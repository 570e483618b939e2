/**
 * The LRU map's words about free blocks. A small pool on MariaDB is mostly free: its page cleaner
 * keeps innodb_lru_scan_depth blocks free (794 of 1,014 at 16 MB), the LRU stays short, no old
 * sublist forms (InnoDB forms one once the LRU holds 512 pages) and innodb_old_blocks_time cannot
 * matter. The map draws those blocks hatched; this says why, once they are a large share.
 */
import { formatCount, formatShare } from '../../../shared/format';
import type { PoolStats } from '../../../shared/runs';

/** From this share of the pool free, the map says why. */
export const LARGE_FREE_SHARE = 0.25;

/** InnoDB's BUF_LRU_OLD_MIN_LEN: below this many pages on the LRU there is no old sublist. */
export const OLD_SUBLIST_MIN_PAGES = 512;

type PoolFigures = Pick<PoolStats, 'poolSize' | 'freeBuffers' | 'databasePages' | 'oldDatabasePages'>;

export function freeBlocksNote(pools: readonly PoolFigures[], flavor: string | null): string | null {
  const sum = (pick: (p: PoolFigures) => number) => pools.reduce((s, p) => s + pick(p), 0);
  const size = sum((p) => p.poolSize);
  const free = sum((p) => p.freeBuffers);
  if (size <= 0 || free / size < LARGE_FREE_SHARE) return null;
  const old = sum((p) => p.oldDatabasePages);
  const why =
    flavor === 'mariadb'
      ? ": MariaDB's page cleaner keeps innodb_lru_scan_depth blocks free in each pool instance"
      : ': pages read so far fit in the pool without evicting';
  const then =
    old === 0
      ? `No old sublist has formed (InnoDB forms one once the LRU holds ${OLD_SUBLIST_MIN_PAGES} pages), so innodb_old_blocks_time cannot matter at this pool size.`
      : 'A page read takes a free block before any page is evicted.';
  return `${formatCount(free)} of ${formatCount(size)} blocks are free (${formatShare(free / size)}), hatched on the map${why}. ${then}`;
}
