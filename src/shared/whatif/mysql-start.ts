/**
 * What MySQL's pool holds after a restart, at any pool size (issue 40's benchmark, MySQL 8.0.31 and
 * 9.7.4). A restart brings its own pages into the pool (the dictionary, the system and undo
 * tablespaces, mysql.ibd): on bench/whatif-sizes' sandbox 876 read and 143 created, 1,019 in all, at
 * every size. The page cleaner's first ticks run LRU batches (mysql-cleaner.ts) that evict from the
 * tail until innodb_lru_scan_depth blocks are free, leaving at least BUF_LRU_MIN_LEN: 3 s after a
 * restart INNODB_BUFFER_POOL_STATS gave an LRU of 257 pages (765 free) at 16 MiB, and 1,018 (1,026
 * free, 395 old) at 32 MiB, 1,021 at 64 MiB, 1,014 at 128 MiB. The young part of what stays is not
 * the query's and, at innodb_old_blocks_time 1000, stays young while the query's pages pass through
 * the old sublist: an untraced point-select load at 32 MiB read 784 pages per 1,000 queries where a
 * replay seeded with the 16 MiB run's 271 start pages gave 645, and the shipments join 36,100 cold
 * where it gave 19,471. So a replay at another size starts from as many start-up pages as the server
 * keeps there, not from the traced size's.
 */
import { BUF_LRU_MIN_LEN, BUF_LRU_OLD_MIN_LEN } from './pool-model';
import { FOREIGN_PAGE, type StartPool } from './trace';

/** The pages a MySQL server brought into its pool since its start, before the replayed requests began. */
export interface ServerStartPages {
  /** Pages read and created since the start (INNODB_BUFFER_POOL_STATS NUMBER_PAGES_READ + NUMBER_PAGES_CREATED). */
  pages: number;
  /** innodb_lru_scan_depth, per instance. */
  scanDepth: number;
}

/**
 * Up to this many pages per scan depth since the start, the server is taken as just started: what it
 * brought in is its own start-up (1,019 on the sandbox against a scan depth of 1,024), not a workload's.
 */
const FRESH_START_DEPTHS = 4;

/**
 * The start-up pages of a MySQL server that has read little since its start, from its pool's counters
 * (summed over instances); null for MariaDB (its cleaner works otherwise: pool-model.ts), a server that
 * has read more (its pool holds a workload, not its start), or counters not kept.
 */
export function serverStartPages(
  flavor: string,
  pools: ReadonlyArray<{ pagesRead: number; pagesCreated: number }>,
  scanDepth: number | undefined,
): ServerStartPages | null {
  if (flavor === 'mariadb' || pools.length === 0) return null;
  const depth = scanDepth ?? 1024;
  const pages = pools.reduce((n, p) => n + p.pagesRead + p.pagesCreated, 0);
  if (pages <= 0 || pages > FRESH_START_DEPTHS * depth * pools.length) return null;
  return { pages, scanDepth: depth };
}

/** How many start-up pages MySQL's LRU keeps in a pool of `poolPages` (the cleaner's batches evict the rest). */
export function startPagesKept(startup: ServerStartPages, poolPages: number, instances: number): number {
  const n = Math.max(1, instances);
  return Math.min(startup.pages, Math.max(BUF_LRU_MIN_LEN * n, poolPages - startup.scanDepth * n));
}

/**
 * The pool a replay at `poolPages` starts from: the traced size's start pool (`own`, in the server's LRU
 * order, tail first) where the server keeps no more start-up pages than it held, else `own` behind as
 * many start-up pages as the server keeps at that size, at the LRU's tail (the cleaner evicted the
 * oldest at the traced size), the tail's `oldPct` percent in the old sublist once the LRU is long
 * enough to have one (BUF_LRU_OLD_MIN_LEN). Pages no trace touches only take blocks (FOREIGN_PAGE).
 */
export function startPoolAtSize(
  own: number | StartPool,
  startup: ServerStartPages | null | undefined,
  poolPages: number,
  instances: number,
  oldPct: number,
): number | StartPool {
  if (!startup) return own;
  const ownLength = typeof own === 'number' ? own : own.length;
  const kept = startPagesKept(startup, poolPages, instances);
  if (kept <= ownLength) return own;
  const pad = kept - ownLength;
  const space = new Int32Array(kept).fill(FOREIGN_PAGE);
  const page = new Uint32Array(kept);
  const accessed = new Uint8Array(kept).fill(1);
  if (typeof own !== 'number') {
    space.set(own.space.subarray(0, own.length), pad);
    page.set(own.page.subarray(0, own.length), pad);
    if (own.accessed) accessed.set(own.accessed.subarray(0, own.length), pad);
  }
  const old = new Uint8Array(kept);
  if (kept >= BUF_LRU_OLD_MIN_LEN * Math.max(1, instances)) old.fill(1, 0, Math.round((kept * oldPct) / 100));
  return { space, page, length: kept, accessed, old };
}

/** The start-up pages a replay starts from at each size, in words (an assumption of the replay). */
export function startupWords(startup: ServerStartPages): string {
  return `the server had brought ${startup.pages} page(s) of its own into its pool since its start (dictionary, system and undo pages): each pool size starts with as many as MySQL keeps there, all but innodb_lru_scan_depth's ${startup.scanDepth} free blocks (at least ${BUF_LRU_MIN_LEN}): those beyond the traced size's start pool, taken as none of the query's, at the LRU's tail with its old share`;
}
