/**
 * InnoDB's buffer pool LRU, simulated page by page as the server implements it, so a run's page
 * touches can be replayed at other pool sizes and old-blocks settings. Each rule cites the function of
 * storage/innobase/buf/buf0lru.cc, buf0buf.cc (include/buf0buf.ic) or buf0rea.cc it mirrors (MySQL
 * 5.6–8.0; MariaDB 10.5+'s copies keep the same rules). Typed arrays and an intrusive doubly linked
 * list by node number keep it at tens of millions of touches per second.
 */
import type { PageLayout, PageTrace } from './trace';
import { BUF_LRU_OLD_RATIO_DIV, LruList, type LruInstance } from './lru-list';
import { instanceForPage, zeroCounters, type SimulatedCounters, type SimulatorSettings } from './pool-model';
import { ibufBitmapPageOf, linearReadAhead, readAheadArea } from './read-ahead';

export class LruSimulator extends LruList {
  readonly counters: SimulatedCounters = zeroCounters();
  private readonly layout: PageLayout;
  private readonly settings: SimulatorSettings;
  /** Global page number of each space's page 0. */
  private readonly base: Int32Array;
  /** Node holding each global page, or -1. */
  private readonly slot: Int32Array;
  private readonly pageOf: Int32Array;
  private readonly instOf: Uint16Array;
  private readonly accessed: Uint8Array;
  private readonly accessMs: Float64Array;
  private allocated = 0;

  constructor(layout: PageLayout, settings: SimulatorSettings) {
    const instances = Math.max(1, settings.instances);
    const dataPages = settings.dataPages ?? settings.poolPages;
    const perInstance = Math.max(1, Math.floor(dataPages / instances));
    // Nodes for the most blocks data is ever given (resize); the pool starts with dataPages.
    const most = Math.max(dataPages, settings.dataPagesAtStart ?? 0);
    const nodes = Math.max(1, Math.floor(most / instances)) * instances;
    const currSize = Math.floor(settings.poolPages / instances);
    super(
      nodes,
      Array.from({ length: instances }, () => ({
        head: -1,
        tail: -1,
        len: 0,
        oldPtr: -1,
        oldLen: 0,
        free: perInstance,
        freedPageClock: 0,
        currSize,
        readAheadArea: settings.readAheadAreaPages ?? readAheadArea(currSize),
      })),
      settings.oldBlocksPct,
      settings.lruScale ?? 1,
    );
    this.layout = layout;
    this.settings = settings;
    this.base = new Int32Array(layout.spaces.length);
    let total = 0;
    layout.spaces.forEach((s, i) => {
      this.base[i] = total;
      total += s.sizePages;
    });
    this.slot = new Int32Array(total).fill(-1);
    this.pageOf = new Int32Array(nodes);
    this.instOf = new Uint16Array(nodes);
    this.accessed = new Uint8Array(nodes);
    this.accessMs = new Float64Array(nodes);
  }

  /** Replays touches [from, to) of a trace; counters accumulate across calls (a cold run, then a hot one). */
  replay(trace: PageTrace, from = 0, to = trace.length): void {
    const { space, page, atMs } = trace;
    for (let i = from; i < to; i++) this.touch(space[i]!, page[i]!, atMs[i]!);
  }

  /**
   * One buf_page_get: buf0buf.cc, buf_page_get_gen (MySQL 8: Buf_fetch::single_page; MariaDB:
   * buf_page_get_low). A miss reads the page synchronously (buf_read_page); then
   * buf_page_make_young_if_needed; on the first access, the access time is set and linear read-ahead
   * is tried.
   */
  touch(spaceOrdinal: number, pageNo: number, nowMs: number): void {
    this.counters.touches++;
    const g = this.base[spaceOrdinal]! + pageNo;
    let n = this.slot[g]!;
    if (n < 0) {
      n = this.readIn(spaceOrdinal, pageNo, g);
      this.counters.syncReads++;
    }
    const pool = this.pools[this.instOf[n]!]!;
    // ut_time_ms(): whole milliseconds.
    const now = Math.floor(nowMs);
    this.nowMs = nowMs;
    if (this.peekIfTooOld(pool, n, now)) this.makeYoung(pool, n);
    if (this.accessed[n]! === 0) {
      this.accessed[n] = 1;
      this.accessMs[n] = now;
      if (this.settings.readAheadThreshold > 0) {
        linearReadAhead(this, spaceOrdinal, pageNo, pool.readAheadArea);
      }
    }
  }

  /**
   * A latched adaptive-hash hit (btr0sea.cc, btr_search_guess_on_hash with has_search_latch): counted
   * as a page get, the page neither made young nor marked accessed, no read-ahead. Its page is in the
   * server's pool; where the replay's pool has lost it, it is requested as any page is.
   */
  touchLatched(spaceOrdinal: number, pageNo: number, nowMs: number): void {
    if (this.slot[this.base[spaceOrdinal]! + pageNo]! < 0) return this.touch(spaceOrdinal, pageNo, nowMs);
    this.counters.touches++;
  }

  /**
   * buf0buf.ic, buf_page_peek_if_too_old: no move before eviction has begun; an old page moves only
   * once innodb_old_blocks_time ms have passed since its first access (else n_pages_not_made_young);
   * otherwise a page moves unless buf_page_peek_if_young says it is still near the head.
   */
  private peekIfTooOld(pool: LruInstance, n: number, now: number): boolean {
    if (pool.freedPageClock === 0) return false;
    const threshold = this.settings.oldBlocksTimeMs;
    if (threshold !== 0 && this.old[n]! === 1) {
      if (this.accessed[n]! === 1 && now - this.accessMs[n]! >= threshold) return true;
      this.counters.notMadeYoung++;
      return false;
    }
    return !this.peekIfYoung(pool, n);
  }

  /**
   * buf0buf.ic, buf_page_peek_if_young: a page is still young while fewer pages than a quarter of the
   * young sublist's share of the pool have been evicted since it was last put at the head (the
   * freed_page_clock rule).
   */
  private peekIfYoung(pool: LruInstance, n: number): boolean {
    const quarter = Math.floor(
      (pool.currSize * (BUF_LRU_OLD_RATIO_DIV - this.oldRatio)) / (BUF_LRU_OLD_RATIO_DIV * 4),
    );
    return pool.freedPageClock < this.freedClockOf[n]! + quarter;
  }

  /** buf0lru.cc, buf_LRU_make_block_young: n_pages_made_young counts old pages only. */
  private makeYoung(pool: LruInstance, n: number): void {
    if (this.old[n]! === 1) this.counters.madeYoung++;
    this.removeBlock(pool, n);
    this.addBlockLow(pool, n, false);
  }

  /**
   * buf0rea.cc, buf_read_page_low → buf0buf.cc, buf_page_init_for_read: a block from the free list or
   * the LRU's tail (buf0lru.cc, buf_LRU_get_free_block), added to the old sublist
   * (buf_LRU_add_block(bpage, TRUE)), never accessed yet.
   */
  private readIn(spaceOrdinal: number, pageNo: number, g: number): number {
    const instance = this.instanceOf(spaceOrdinal, pageNo);
    const pool = this.pools[instance]!;
    const n = this.takeBlock(pool);
    // MariaDB: buf_LRU_get_free_block, having taken the block, wakes the page cleaner when fewer than
    // innodb_lru_scan_depth / 2 are left free and the LRU (without this page) is longer than BUF_LRU_MIN_LEN.
    const cleaner = this.settings.pageCleaner;
    const wake =
      cleaner !== undefined && pool.len > cleaner.wakeLru && pool.free < Math.floor(cleaner.scanDepth / 2);
    this.pageOf[n] = g;
    this.instOf[n] = instance;
    this.accessed[n] = 0;
    this.accessMs[n] = 0;
    this.freedClockOf[n] = 0;
    this.slot[g] = n;
    this.counters.pagesRead++;
    this.addBlockLow(pool, n, true);
    if (wake) this.lruBatch(pool, cleaner, n, false);
    return n;
  }

  /** buf0lru.cc, buf_LRU_get_free_block: a block from the free list, else the LRU's tail evicted. */
  private takeBlock(pool: LruInstance): number {
    if (pool.free === 0) return this.evict(pool, pool.tail);
    pool.free--;
    return this.freeNodes.length > 0 ? this.freeNodes.pop()! : this.allocated++;
  }

  /**
   * A page the server's pool held before the replay (trace.ts, StartPool), at the head: seeded tail first,
   * the server's order is kept (a smaller pool keeps its head). First accessed before the replay
   * began, long enough ago that an old one is made young at its first access; no read counted.
   * `accessed` false: read and never accessed (read ahead, not yet used), as readIn leaves a page.
   */
  seed(spaceOrdinal: number, pageNo: number, accessed = true): void {
    const g = this.base[spaceOrdinal]! + pageNo;
    if (this.slot[g]! >= 0) return;
    const instance = this.instanceOf(spaceOrdinal, pageNo);
    const pool = this.pools[instance]!;
    const n = this.takeBlock(pool);
    this.pageOf[n] = g;
    this.instOf[n] = instance;
    this.accessed[n] = accessed ? 1 : 0;
    this.accessMs[n] = accessed ? -Infinity : 0;
    this.slot[g] = n;
    this.addBlockLow(pool, n, false);
  }

  /**
   * buf0flu.cc, buf_flush_LRU_list_batch (10.11): from the LRU's tail, clean pages to the free list while
   * the LRU is longer than min(pool / 20 − 1, BUF_LRU_MIN_LEN) and fewer than innodb_lru_scan_depth are
   * free, once the reader has put its page on the LRU: io-fixed, that one is passed over (buf_flush_ready_for_replace).
   */
  private lruBatch(
    pool: LruInstance,
    cleaner: { scanDepth: number; minLru: number },
    fixed: number,
    countsUnused: boolean,
  ): void {
    let n = pool.tail;
    while (n >= 0 && pool.free < cleaner.scanDepth && pool.len > cleaner.minLru) {
      const p = this.prev[n]!;
      if (n !== fixed) {
        this.evict(pool, n, countsUnused);
        this.freeNodes.push(n);
        pool.free++;
      }
      n = p;
    }
  }

  /**
   * MySQL 5.6–8.0's page cleaner, one LRU batch in every instance (buf0flu.cc, buf_flush_LRU_list →
   * buf_flush_LRU_list_batch): clean pages go from the LRU's tail to the free list while fewer than
   * `scanDepth` (innodb_lru_scan_depth) are free, at most `scanDepth` of them, and the LRU is longer
   * than `minLru` (BUF_LRU_MIN_LEN). When it runs is the caller's (mysql-cleaner.ts).
   */
  cleanLru(scanDepth: number, minLru: number): void {
    for (const pool of this.pools) this.lruBatch(pool, { scanDepth, minLru }, -1, true);
  }

  /**
   * The blocks the pool gives to data, now (all instances): fewer, and the missing ones are taken from
   * the free list, else by evicting the LRU's tail (buf0buf.cc, buf_block_alloc → buf0lru.cc,
   * buf_LRU_get_free_block: what MySQL's adaptive hash index does as it grows); more, and the free
   * list gets them. At most the nodes the simulator was made with.
   */
  resize(dataPages: number): void {
    const most = this.pageOf.length / this.pools.length;
    const target = Math.min(most, Math.max(1, Math.floor(dataPages / this.pools.length)));
    for (const pool of this.pools) {
      let blocks = pool.len + pool.free;
      for (; blocks > target && (pool.free > 0 || pool.tail >= 0); blocks--) {
        if (pool.free > 0) pool.free--;
        else this.freeNodes.push(this.evict(pool, pool.tail));
      }
      if (blocks < target) pool.free += target - blocks;
    }
  }

  /** Nodes the page cleaner or a resize freed, reused before new ones. */
  private readonly freeNodes: number[] = [];

  /** Whether a page is in the pool (read-ahead reads only the ones that are not). */
  hasPage(spaceOrdinal: number, pageNo: number): boolean {
    return this.slot[this.base[spaceOrdinal]! + pageNo]! >= 0;
  }

  /** A page's first access time (ms), or null when it is not in the pool or never accessed. */
  accessTimeOf(spaceOrdinal: number, pageNo: number): number | null {
    const n = this.slot[this.base[spaceOrdinal]! + pageNo]!;
    return n >= 0 && this.accessed[n]! === 1 ? this.accessMs[n]! : null;
  }

  /** The page layout, for read-ahead's FIL_PAGE_PREV/NEXT and space sizes. */
  get pageLayout(): PageLayout {
    return this.layout;
  }

  get flavor(): 'mysql' | 'mariadb' {
    return this.settings.flavor;
  }

  get readAheadThreshold(): number {
    return this.settings.readAheadThreshold;
  }

  /** A page read by linear read-ahead (buf_read_page_low, async): counted in n_ra_pages_read. */
  readAhead(spaceOrdinal: number, pageNo: number): void {
    const g = this.base[spaceOrdinal]! + pageNo;
    if (this.slot[g]! >= 0) return;
    this.readIn(spaceOrdinal, pageNo, g);
    this.counters.readAhead++;
    if (this.settings.flavor === 'mysql') this.ibufBitmapGet(spaceOrdinal, pageNo);
  }

  /** The time of the request being replayed (ms): when its read-ahead's I/O completes. */
  private nowMs = 0;

  /**
   * MySQL: the I/O thread that completes a read-ahead of an index page looks its change-buffer bitmap
   * up (buf0buf.cc, buf_page_io_complete → ibuf0ibuf.cc, ibuf_merge_or_delete_for_page →
   * ibuf_bitmap_get_map_page): a buf_page_get outside the run's thread, so in no trace, that reads the
   * bitmap page again once it was evicted, counted in Innodb_buffer_pool_reads. MySQL 8.0.31 SF 0.1 cold
   * Q1.2 at 32 MB: I/O threads read lineorder's page 1 six times (bpftrace on buf_read_page), and the
   * server counted ~3,760 requests more than the run's thread made, one per page read ahead. Not counted
   * as one of the trace's touches. (MariaDB 11's change buffer is gone; 10.11 is left as it was.)
   */
  protected ibufBitmapGet(spaceOrdinal: number, pageNo: number): void {
    const space = this.layout.spaces[spaceOrdinal]!;
    if (space.indexOf[pageNo]! < 0) return;
    const bitmap = ibufBitmapPageOf(pageNo);
    if (bitmap === pageNo || bitmap >= space.sizePages) return;
    const touches = this.counters.touches;
    this.touch(spaceOrdinal, bitmap, this.nowMs);
    this.counters.touches = touches;
  }

  /**
   * buf0lru.cc, buf_LRU_free_from_common_LRU_list: a clean page goes (a read-only run's are); never accessed,
   * it counts in n_ra_pages_evicted; buf_LRU_block_remove_hashed ticks freed_page_clock. MariaDB's page
   * cleaner frees its pages with buf_LRU_free_page directly (buf0flu.cc, buf_flush_LRU_list_batch), and
   * n_ra_pages_evicted is counted only in buf_LRU_free_from_common_LRU_list: its batch counts none
   * (`countsUnused` false), whether the page was accessed or not.
   */
  private evict(pool: LruInstance, n: number, countsUnused = true): number {
    if (countsUnused && this.accessed[n]! === 0) this.counters.readAheadEvicted++;
    this.removeBlock(pool, n);
    pool.freedPageClock++;
    this.slot[this.pageOf[n]!] = -1;
    this.counters.evicted++;
    return n;
  }

  /**
   * include/buf0buf.ic, buf_pool_get: the instance is the page id's fold with the page number's low 6
   * bits dropped (a read-ahead area stays in one instance), modulo the instance count. page_id_t::fold
   * is (space << 20) + space + page_no.
   */
  instanceOf(spaceOrdinal: number, pageNo: number): number {
    const count = this.pools.length;
    if (count === 1) return 0;
    return instanceForPage(this.layout.spaces[spaceOrdinal]!.spaceId, pageNo, count);
  }

  /**
   * Each page of one instance's LRU from head to tail, as (space ordinal, page number, old): what the
   * run's LRU composition and the tests read (lru-composition.ts).
   */
  forEachInLru(instance: number, visit: (space: number, page: number, old: boolean) => void): void {
    for (let n = this.pools[instance]!.head; n >= 0; n = this.next[n]!) {
      const g = this.pageOf[n]!;
      let s = 0;
      while (s + 1 < this.base.length && this.base[s + 1]! <= g) s++;
      visit(s, g - this.base[s]!, this.old[n]! === 1);
    }
  }

  /** The LRU from head to tail as [space ordinal, page, old] (tests; small pools only). */
  lruOrder(instance = 0): Array<[number, number, boolean]> {
    const out: Array<[number, number, boolean]> = [];
    this.forEachInLru(instance, (s, p, old) => out.push([s, p, old]));
    return out;
  }
}
