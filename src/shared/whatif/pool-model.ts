/** What the LRU simulator is set up with and what it reports: the settings a run records and the counters it reads. */

export interface SimulatorSettings {
  /** The pool's pages, all instances (innodb_buffer_pool_size / page size): curr_size, the quarter rule's base. */
  poolPages: number;
  /** Pages the pool can give to data (free + database pages, the fewer of the run's start and end); defaults to poolPages. */
  dataPages?: number;
  /**
   * Pages it could give to data when the run began, when more than dataPages: MySQL 8.0's adaptive hash
   * index takes its blocks from the pool as the run goes (buf_block_alloc, evicting the LRU's tail once
   * the free list is empty). replaySteps starts the pool with these and gives the difference up evenly
   * over the last step's time; a sampled replay keeps dataPages throughout.
   */
  dataPagesAtStart?: number;
  instances: number;
  oldBlocksPct: number;
  oldBlocksTimeMs: number;
  /** innodb_read_ahead_threshold; 0 turns linear read-ahead off. */
  readAheadThreshold: number;
  /** The read-ahead area in pages, when not the pool's own (a sampled curve keeps the full pool's). */
  readAheadAreaPages?: number;
  /**
   * A sampled pool's rate (SHARDS): InnoDB's fixed list lengths (BUF_LRU_OLD_MIN_LEN 512, the old
   * pointer's tolerance 20, the young minimum 5) are scaled by it like the pool. Absent: 1, unscaled.
   */
  lruScale?: number;
  /** Whose buf_read_ahead_linear: their tolerance of out-of-order pages differs by one. */
  flavor: 'mysql' | 'mariadb';
  /**
   * MariaDB 10.6+'s page cleaner as its LRU eviction works (10.11: buf0lru.cc, buf_LRU_get_free_block;
   * buf0flu.cc, buf_pool_t::need_LRU_eviction, buf_flush_page_cleaner, buf_flush_LRU_list_batch): a
   * thread that takes a free block while fewer than scanDepth / 2 are left and the LRU is longer than
   * `wakeLru` (BUF_LRU_MIN_LEN) wakes the cleaner, which moves clean pages from the LRU's tail to the
   * free list until `scanDepth` (innodb_lru_scan_depth) are free or the LRU is down to `minLru`.
   * Absent (MySQL): no background eviction; a read takes the LRU's tail itself once the free list is empty.
   */
  pageCleaner?: { scanDepth: number; wakeLru: number; minLru: number };
}

/** buf0lru.h: below this many pages the LRU has no old sublist. */
export const BUF_LRU_OLD_MIN_LEN = 512;
/** buf0lru.cc: how far LRU_old may drift from its ideal place before it is moved. */
const BUF_LRU_OLD_TOLERANCE = 20;
/** buf0lru.cc: the fewest young pages once the old sublist exists. */
const BUF_LRU_NON_OLD_MIN_LEN = 5;
/** InnoDB's fixed LRU list lengths, as a (sampled) pool uses them. */
export interface LruLengths {
  oldMinLen: number;
  tolerance: number;
  nonOldMinLen: number;
}

/**
 * The fixed lengths scaled by a SHARDS sampling rate: a sampled pool stands for one 1/scale times its
 * size, so its old-sublist minimum shrinks with it as its size does (a pool sampled at 10% keeps an old
 * sublist from 51 pages, as the pool it stands for does from 512). Scale 1: the server's own figures.
 */
export function lruLengths(scale: number): LruLengths {
  const s = Math.min(1, Math.max(0, scale));
  return {
    oldMinLen: Math.max(8, Math.round(BUF_LRU_OLD_MIN_LEN * s)),
    tolerance: Math.max(1, Math.round(BUF_LRU_OLD_TOLERANCE * s)),
    nonOldMinLen: Math.max(1, Math.round(BUF_LRU_NON_OLD_MIN_LEN * s)),
  };
}

/** buf0lru.h: the page cleaner leaves at least this many pages on the LRU. */
export const BUF_LRU_MIN_LEN = 256;

/** What a run reports about the pool (INNODB_BUFFER_POOL_STATS and the Innodb_buffer_pool_* counters). */
export interface SimulatedCounters {
  touches: number;
  /** Innodb_buffer_pool_reads: pages a query had to wait for (synchronous reads). */
  syncReads: number;
  /** NUMBER_PAGES_READ: synchronous reads and read-ahead. */
  pagesRead: number;
  readAhead: number;
  readAheadEvicted: number;
  madeYoung: number;
  notMadeYoung: number;
  evicted: number;
}

export interface SimulatedIndexPages {
  index: string;
  pages: number;
  oldPages: number;
  youngPages: number;
}

export function zeroCounters(): SimulatedCounters {
  return {
    touches: 0,
    syncReads: 0,
    pagesRead: 0,
    readAhead: 0,
    readAheadEvicted: 0,
    madeYoung: 0,
    notMadeYoung: 0,
    evicted: 0,
  };
}

/** The difference of two counter readings (after − before): what one replayed query did. */
export function counterDelta(after: SimulatedCounters, before: SimulatedCounters): SimulatedCounters {
  const d = zeroCounters();
  for (const k of Object.keys(d) as Array<keyof SimulatedCounters>) d[k] = after[k] - before[k];
  return d;
}

/** include/buf0buf.ic, buf_pool_get (MySQL 5.6–8.0): fold(space, page_no >> 6) % instances. */
export function instanceForPage(spaceId: number, pageNo: number, instances: number): number {
  const fold = spaceId * 1048576 + spaceId + Math.floor(pageNo / 64);
  return fold % instances;
}
