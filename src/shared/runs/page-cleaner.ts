/**
 * A small pool emptied by the page cleaner. On MySQL 5.6+ and MariaDB the page cleaner keeps
 * innodb_lru_scan_depth free pages in each pool instance, evicting from the LRU's old end to get them.
 * Where that target is a large share of the pool (1,024 pages per instance against a 14 MB pool of
 * 896), the LRU stays short; InnoDB keeps no old sublist on an LRU under BUF_LRU_OLD_MIN_LEN (512
 * pages: buf0lru.cc puts every page read at its head then), so innodb_old_blocks_time has nothing to act
 * on, and an experiment on it there compares nothing. Read from counters every run records: the pool
 * instances' INNODB_BUFFER_POOL_STATS at its end and as polled during it, and innodb_lru_scan_depth.
 * (Between the cleaner's passes a fast scan can still fill the pool: MySQL 5.6.14's 16 MB pool of
 * 1,024 pages ended a cold Q1.1 with none free and 317 old, so the end alone is not enough.) Pure.
 */
import type { PoolStats } from './runs';

/** From this share of the pool free (and the cleaner's target this share of it), the pool counts as emptied. */
export const LARGE_FREE_SHARE = 0.25;

/** InnoDB's BUF_LRU_OLD_MIN_LEN: below this many pages on the LRU there is no old sublist. */
export const OLD_SUBLIST_MIN_PAGES = 512;

export type CleanerPoolFigures = Pick<
  PoolStats,
  'poolSize' | 'freeBuffers' | 'databasePages' | 'oldDatabasePages' | 'pagesRead' | 'pagesCreated'
>;

export interface CleanerEmptied {
  /** innodb_lru_scan_depth: free pages the cleaner keeps per instance. */
  depth: number;
  instances: number;
  /** depth × instances. */
  target: number;
  poolPages: number;
  free: number;
  /** Pages read or created since startup: more than the LRU holds, so pages were evicted. */
  readOrCreated: number;
  databasePages: number;
  /** Polls of the pool during the run (none where it kept no samples): none had an old page. */
  polls: number;
}

/**
 * The figures of a pool the page cleaner kept largely free, with no old sublist left, or null: its
 * target (innodb_lru_scan_depth × instances) and its free pages each a large share of the pool, pages
 * evicted (read or created beyond what the LRU holds: not a pool the data merely fits in), and no
 * old pages in any instance, at the end or in any poll `during` the run. Null where the run did not
 * record innodb_lru_scan_depth (5.5 has none).
 */
export function cleanerEmptiedPool(
  pools: readonly CleanerPoolFigures[] | null,
  lruScanDepth: number | undefined,
  during: ReadonlyArray<{ pools: ReadonlyArray<Pick<PoolStats, 'oldDatabasePages'>> }> = [],
): CleanerEmptied | null {
  if (!pools || pools.length === 0 || !lruScanDepth) return null;
  const sum = (pick: (p: CleanerPoolFigures) => number) => pools.reduce((s, p) => s + pick(p), 0);
  const poolPages = sum((p) => p.poolSize);
  const free = sum((p) => p.freeBuffers);
  const databasePages = sum((p) => p.databasePages);
  const readOrCreated = sum((p) => p.pagesRead + p.pagesCreated);
  const target = lruScanDepth * pools.length;
  if (poolPages <= 0 || free < LARGE_FREE_SHARE * poolPages || target < LARGE_FREE_SHARE * poolPages)
    return null;
  if (readOrCreated <= databasePages || sum((p) => p.oldDatabasePages) > 0) return null;
  if (during.some((s) => s.pools.some((p) => p.oldDatabasePages > 0))) return null;
  return {
    depth: lruScanDepth,
    instances: pools.length,
    target,
    poolPages,
    free,
    readOrCreated,
    databasePages,
    polls: during.length,
  };
}
