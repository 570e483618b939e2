/**
 * InnoDB's LRU list itself, per buffer pool instance (buf0lru.cc): an intrusive doubly linked list by
 * node number with its old sublist kept at innodb_old_blocks_pct behind LRU_old. What pages the nodes
 * hold, and when they move, is the simulator's (lru-simulator.ts); this is only where they sit.
 */
import { lruLengths, type LruLengths } from './pool-model';

/** buf0lru.h: innodb_old_blocks_pct is kept as a fraction of this. */
export const BUF_LRU_OLD_RATIO_DIV = 1024;

/** One buffer pool instance's list heads and counters (buf_pool_t). */
export interface LruInstance {
  head: number;
  tail: number;
  len: number;
  /** LRU_old: the first old page, or -1 while the list is shorter than BUF_LRU_OLD_MIN_LEN. */
  oldPtr: number;
  oldLen: number;
  /** Blocks still on the free list. */
  free: number;
  freedPageClock: number;
  /** curr_size, in pages. */
  currSize: number;
  readAheadArea: number;
}

export class LruList {
  protected readonly prev: Int32Array;
  protected readonly next: Int32Array;
  protected readonly old: Uint8Array;
  /** freed_page_clock when each node was last put at the head (the quarter rule's stamp). */
  protected readonly freedClockOf: Float64Array;
  protected readonly pools: LruInstance[];
  /** innodb_old_blocks_pct as a fraction of BUF_LRU_OLD_RATIO_DIV (buf_LRU_old_ratio). */
  protected readonly oldRatio: number;
  private readonly lens: LruLengths;

  constructor(nodes: number, pools: LruInstance[], oldBlocksPct: number, lruScale: number) {
    // buf0lru.cc, buf_LRU_old_ratio_update: the percentage as a fraction of 1024, within its bounds.
    this.oldRatio = Math.min(
      BUF_LRU_OLD_RATIO_DIV,
      Math.max(51, Math.floor((oldBlocksPct * BUF_LRU_OLD_RATIO_DIV) / 100)),
    );
    this.lens = lruLengths(lruScale);
    this.prev = new Int32Array(nodes);
    this.next = new Int32Array(nodes);
    this.old = new Uint8Array(nodes);
    this.freedClockOf = new Float64Array(nodes);
    this.pools = pools;
  }

  /** buf0lru.cc, buf_LRU_old_adjust_len: moves LRU_old until the old sublist is its share ± tolerance. */
  protected oldAdjustLen(pool: LruInstance): void {
    let oldLen = pool.oldLen;
    const newLen = Math.min(
      Math.floor((pool.len * this.oldRatio) / BUF_LRU_OLD_RATIO_DIV),
      pool.len - (this.lens.tolerance + this.lens.nonOldMinLen),
    );
    for (;;) {
      const oldPtr = pool.oldPtr;
      if (oldLen + this.lens.tolerance < newLen) {
        pool.oldPtr = this.prev[oldPtr]!;
        oldLen = ++pool.oldLen;
        this.old[pool.oldPtr] = 1;
      } else if (oldLen > newLen + this.lens.tolerance) {
        pool.oldPtr = this.next[oldPtr]!;
        oldLen = --pool.oldLen;
        this.old[oldPtr] = 0;
      } else {
        return;
      }
    }
  }

  /**
   * The old sublist as the server had it: its `count` pages nearest the tail are old, LRU_old the
   * head-most of them (INNODB_BUFFER_PAGE_LRU's IS_OLD, kept with a traced run's start pool). The
   * server's LRU_old sits anywhere within BUF_LRU_OLD_TOLERANCE of its share; buf_LRU_old_adjust_len
   * alone would put it at one end of that window. Left alone when the list has no old sublist.
   */
  setOldTail(instance: number, count: number): void {
    const pool = this.pools[instance]!;
    if (pool.len < this.lens.oldMinLen || count <= 0 || count >= pool.len) return;
    let n = pool.tail;
    for (let i = 1; i < count; i++) {
      this.old[n] = 1;
      n = this.prev[n]!;
    }
    this.old[n] = 1;
    pool.oldPtr = n;
    pool.oldLen = count;
    for (let m = this.prev[n]!; m >= 0; m = this.prev[m]!) this.old[m] = 0;
  }

  /** buf0lru.cc, buf_LRU_old_init: at BUF_LRU_OLD_MIN_LEN pages every page is old, then the pointer moves. */
  protected oldInit(pool: LruInstance): void {
    for (let n = pool.tail; n >= 0; n = this.prev[n]!) this.old[n] = 1;
    pool.oldPtr = pool.head;
    pool.oldLen = pool.len;
    this.oldAdjustLen(pool);
  }

  /** buf0lru.cc, buf_LRU_remove_block. */
  protected removeBlock(pool: LruInstance, n: number): void {
    if (n === pool.oldPtr) {
      const p = this.prev[n]!;
      pool.oldPtr = p;
      this.old[p] = 1;
      pool.oldLen++;
    }
    const p = this.prev[n]!;
    const q = this.next[n]!;
    if (p >= 0) this.next[p] = q;
    else pool.head = q;
    if (q >= 0) this.prev[q] = p;
    else pool.tail = p;
    pool.len--;
    if (pool.len < this.lens.oldMinLen) {
      for (let m = pool.head; m >= 0; m = this.next[m]!) this.old[m] = 0;
      pool.oldPtr = -1;
      pool.oldLen = 0;
      return;
    }
    if (this.old[n]! === 1) pool.oldLen--;
    this.oldAdjustLen(pool);
  }

  /** buf0lru.cc, buf_LRU_add_block_low: at the head (stamping freed_page_clock), or just after LRU_old. */
  protected addBlockLow(pool: LruInstance, n: number, old: boolean): void {
    if (!old || pool.len < this.lens.oldMinLen) {
      this.prev[n] = -1;
      this.next[n] = pool.head;
      if (pool.head >= 0) this.prev[pool.head] = n;
      else pool.tail = n;
      pool.head = n;
      this.freedClockOf[n] = pool.freedPageClock;
    } else {
      const after = pool.oldPtr;
      const q = this.next[after]!;
      this.prev[n] = after;
      this.next[n] = q;
      this.next[after] = n;
      if (q >= 0) this.prev[q] = n;
      else pool.tail = n;
      pool.oldLen++;
    }
    pool.len++;
    if (pool.len > this.lens.oldMinLen) {
      this.old[n] = old ? 1 : 0;
      this.oldAdjustLen(pool);
    } else if (pool.len === this.lens.oldMinLen) {
      this.oldInit(pool);
    } else {
      this.old[n] = pool.oldPtr >= 0 ? 1 : 0;
    }
  }

  get instanceCount(): number {
    return this.pools.length;
  }

  /** Per instance: LRU length, old sublist length, free blocks, freed_page_clock (for tests and checks). */
  poolState(): Array<{ lruLength: number; oldLength: number; free: number; freedPageClock: number }> {
    return this.pools.map((p) => ({
      lruLength: p.len,
      oldLength: p.oldLen,
      free: p.free,
      freedPageClock: p.freedPageClock,
    }));
  }
}
