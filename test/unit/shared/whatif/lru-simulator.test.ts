// The LRU simulator against small traces whose outcome is worked out by hand from InnoDB's rules.
import { describe, expect, it } from 'vitest';
import { LruSimulator } from '../../../../src/shared/whatif/lru-simulator';
import {
  instanceForPage,
  lruLengths,
  type SimulatorSettings,
} from '../../../../src/shared/whatif/pool-model';
import { contiguousSpace, type PageLayout } from '../../../../src/shared/whatif/trace';

function layout(sizePages: number, spaceId = 0): PageLayout {
  return { indexNames: ['t/PRIMARY'], spaces: [contiguousSpace(spaceId, sizePages, 0)] };
}

function sim(poolPages: number, over: Partial<SimulatorSettings> = {}, sizePages = 4000): LruSimulator {
  return new LruSimulator(layout(sizePages), {
    poolPages,
    instances: 1,
    oldBlocksPct: 37,
    oldBlocksTimeMs: 0,
    readAheadThreshold: 0,
    flavor: 'mysql',
    ...over,
  });
}

function touchRange(s: LruSimulator, from: number, to: number, atMs = 0): void {
  for (let p = from; p < to; p++) s.touch(0, p, atMs);
}

function positionOf(s: LruSimulator, page: number): number {
  return s.lruOrder().findIndex(([, p]) => p === page);
}

describe('midpoint insertion (buf_LRU_add_block_low, buf_LRU_old_adjust_len)', () => {
  it('puts the first 512 pages at the head, then every new page at the head of the old sublist', () => {
    const s = sim(1000);
    touchRange(s, 0, 600);
    const order = s.lruOrder();
    expect(order).toHaveLength(600);
    // Page 511 was the last read while the list was shorter than BUF_LRU_OLD_MIN_LEN.
    expect(order[0]?.[1]).toBe(511);
    expect(order[599]?.[1]).toBe(0);
    // At 600 pages the old sublist's ideal is floor(600 * 378 / 1024) = 221; reads at the midpoint keep
    // it at the tolerance's upper edge, 221 + 20.
    expect(s.poolState()[0]?.oldLength).toBe(241);
    // The newest page sits at the old sublist's head: 600 − 241 = 359 places from the LRU's head.
    expect(positionOf(s, 599)).toBe(359);
    expect(order[359]?.[2]).toBe(true);
    expect(order[358]?.[2]).toBe(false);
  });

  it('scales the 512-page minimum, the tolerance and the young minimum for a sampled pool', () => {
    // lruScale 0.125: the old sublist begins at round(512 × 0.125) = 64 pages, with a tolerance of
    // round(20 × 0.125) = 3. At 100 pages the ideal is floor(100 × 378 / 1024) = 36, held at 36 + 3 = 39.
    const s = sim(200, { lruScale: 0.125 });
    touchRange(s, 0, 100);
    const order = s.lruOrder();
    expect(order[0]?.[1]).toBe(63);
    expect(s.poolState()[0]?.oldLength).toBe(39);
    expect(positionOf(s, 99)).toBe(100 - 39);
    expect(lruLengths(0.1)).toEqual({ oldMinLen: 51, tolerance: 2, nonOldMinLen: 1 });
    expect(lruLengths(1)).toEqual({ oldMinLen: 512, tolerance: 20, nonOldMinLen: 5 });
  });

  it('never lets the page cleaner evict the page being read (buf_flush_ready_for_replace: it is io-fixed)', () => {
    // lruScale 0.1: the old sublist begins at 51 pages. Pages 0..50 go to the head (50 first), 51..61 to
    // the old sublist's head. Reading page 61 the LRU is 61 > 60 long with 39 < 200 / 2 blocks free: the
    // cleaner evicts from the tail down to 5 pages, passing over page 61 at the midpoint, so the four at
    // the head and page 61 are left. Then its access (eviction begun, old_blocks_time 0, its
    // freed_page_clock 0 + floor(100 × 646 / 4096) = 15 < 57 evicted) moves it to the head.
    const s = sim(100, { lruScale: 0.1, pageCleaner: { scanDepth: 200, wakeLru: 60, minLru: 5 } });
    touchRange(s, 0, 62);
    expect(s.lruOrder().map(([, p]) => p)).toEqual([61, 50, 49, 48, 47]);
    expect(s.counters.syncReads).toBe(62);
  });

  it('keeps the old sublist at innodb_old_blocks_pct of the list', () => {
    const s = sim(1000, { oldBlocksPct: 20 });
    touchRange(s, 0, 600);
    // floor(20 * 1024 / 100) = 204; floor(600 * 204 / 1024) = 119; + 20 tolerance.
    expect(s.poolState()[0]?.oldLength).toBe(139);
  });

  it('moves nothing and counts nothing before eviction has begun', () => {
    const s = sim(1000, { oldBlocksTimeMs: 1000 });
    touchRange(s, 0, 600);
    s.touch(0, 5, 5000);
    expect(s.counters.madeYoung).toBe(0);
    expect(s.counters.notMadeYoung).toBe(0);
    expect(s.lruOrder()[599]?.[1]).toBe(0);
  });
});

describe('innodb_old_blocks_time (buf_page_peek_if_too_old)', () => {
  it('keeps an old page old until its first access is old_blocks_time ago', () => {
    const s = sim(600, { oldBlocksTimeMs: 1000 });
    touchRange(s, 0, 600);
    s.touch(0, 600, 0); // the pool is full: page 0 is evicted, page 600 read into the old sublist
    expect(s.counters.evicted).toBe(1);
    expect(s.counters.notMadeYoung).toBe(1);
    s.touch(0, 600, 999);
    expect(s.counters.notMadeYoung).toBe(2);
    expect(s.counters.madeYoung).toBe(0);
    s.touch(0, 600, 1000);
    expect(s.counters.madeYoung).toBe(1);
    expect(s.lruOrder()[0]).toEqual([0, 600, false]);
  });

  it('at 0, makes a freshly read page young on its first access once a quarter has been evicted', () => {
    const s = sim(600);
    touchRange(s, 0, 600);
    // 94 evictions (the quarter rule's bound, below) so that a page stamped with clock 0 is no longer young.
    touchRange(s, 600, 694);
    const before = s.counters.madeYoung;
    s.touch(0, 694, 0);
    expect(s.counters.madeYoung).toBe(before + 1);
    expect(s.lruOrder()[0]?.[1]).toBe(694);
  });
});

describe('the quarter rule (buf_page_peek_if_young, freed_page_clock)', () => {
  // Quarter of the young share: floor(600 * (1024 − 378) / 4096) = 94 evictions.
  function youngPageAfter(evictions: number): { moved: boolean; wasOld: boolean | undefined } {
    const s = sim(600);
    touchRange(s, 0, 600);
    touchRange(s, 600, 600 + evictions);
    const wasOld = s.lruOrder()[positionOf(s, 500)]?.[2];
    s.touch(0, 500, 0);
    return { moved: positionOf(s, 500) === 0, wasOld };
  }

  it('leaves a young page in place while fewer than a quarter of the young share were evicted', () => {
    const r = youngPageAfter(93);
    expect(r.wasOld).toBe(false);
    expect(r.moved).toBe(false);
  });

  it('moves it to the head once that many were', () => {
    const r = youngPageAfter(94);
    expect(r.wasOld).toBe(false);
    expect(r.moved).toBe(true);
  });
});

describe('linear read-ahead (buf_read_ahead_linear)', () => {
  // A 2048-page pool has 64-page areas (min(64, 2048 / 32)).
  function scan(pages: number[], over: Partial<SimulatorSettings> = {}): LruSimulator {
    const s = sim(2048, { readAheadThreshold: 56, ...over }, 1000);
    pages.forEach((p, i) => s.touch(0, p, i));
    return s;
  }
  const range = (a: number, b: number): number[] => Array.from({ length: b - a }, (_, i) => a + i);

  it('reads the next area when the last page of an area is first accessed after the area in order', () => {
    const s = scan(range(0, 128));
    // Pages 0..63 are read one by one; at page 63, 64..127 are read ahead; at 127, 128..191.
    expect(s.counters.syncReads).toBe(64);
    expect(s.counters.readAhead).toBe(128);
    expect(s.counters.pagesRead).toBe(192);
  });

  it('tolerates 64 − threshold pages missing on MySQL, one fewer on MariaDB', () => {
    const eightMissing = range(0, 64).filter((p) => p < 10 || p > 17);
    expect(scan(eightMissing).counters.readAhead).toBe(64);
    expect(scan(eightMissing, { flavor: 'mariadb' }).counters.readAhead).toBe(0);
    const nineMissing = range(0, 64).filter((p) => p < 10 || p > 18);
    expect(scan(nineMissing).counters.readAhead).toBe(0);
    const sevenMissing = range(0, 64).filter((p) => p < 10 || p > 16);
    expect(scan(sevenMissing, { flavor: 'mariadb' }).counters.readAhead).toBe(64);
  });

  it('counts pages accessed against the direction as failures', () => {
    // Even pages first, then odd ones: every odd page's successor was accessed before it.
    const evens = range(0, 64).filter((p) => p % 2 === 0);
    const odds = range(0, 63).filter((p) => p % 2 === 1);
    const s = scan([...evens, ...odds, 63]);
    expect(s.counters.readAhead).toBe(0);
  });

  it('reads the previous area on a descending scan on MySQL only', () => {
    const down = range(128, 192).reverse();
    expect(scan(down).counters.readAhead).toBe(64);
    expect(scan(down, { flavor: 'mariadb' }).counters.readAhead).toBe(0);
  });

  it('is off at threshold 0, and counts read-ahead pages evicted unused', () => {
    expect(scan(range(0, 128), { readAheadThreshold: 0 }).counters.readAhead).toBe(0);
    // A 600-page pool has 32-page areas (600 / 32 = 18, rounded up to a power of two).
    const s = sim(600, { readAheadThreshold: 56 }, 2000);
    touchRange(s, 0, 32);
    expect(s.counters.readAhead).toBe(32);
    // Far away: 780 pages in a 600-page pool; the oldest, 0..63, go, and 32..63 were never accessed.
    touchRange(s, 500, 1200);
    expect(s.counters.readAheadEvicted).toBe(32);
  });
});

describe('innodb_buffer_pool_instances (buf_pool_get)', () => {
  it('picks the instance from fold(space, page_no >> 6)', () => {
    // (5 << 20) + 5 + 0 = 5242885, which is 1 modulo 4; the next 64 pages go to instance 2.
    expect(instanceForPage(5, 0, 4)).toBe(1);
    expect(instanceForPage(5, 63, 4)).toBe(1);
    expect(instanceForPage(5, 64, 4)).toBe(2);
  });

  it('gives each instance its share of the pool, so one instance evicts while another is empty', () => {
    const s = sim(2000, { instances: 2 }, 4000);
    // Space 0: instance = (page >> 6) % 2; pages whose 64-page group is even all go to instance 0.
    let touched = 0;
    for (let p = 0; touched < 1100; p++) {
      if ((p >> 6) % 2 === 0) {
        s.touch(0, p, 0);
        touched++;
      }
    }
    const state = s.poolState();
    expect(state[1]?.lruLength).toBe(0);
    expect(state[0]?.lruLength).toBe(1000);
    expect(s.counters.evicted).toBe(100);
  });
});

describe('a scan through a hot set (post 001)', () => {
  it('keeps the hot set at old_blocks_time 1000 and loses it at 0', () => {
    function rereads(oldBlocksTimeMs: number): number {
      const s = sim(1000, { oldBlocksTimeMs }, 5000);
      // 700 filler pages, a hot set of 300, 10 more so that eviction has begun; the hot set touched
      // again two seconds later, then a 2000-page scan within a second.
      touchRange(s, 1000, 1700, 0);
      touchRange(s, 0, 300, 0);
      touchRange(s, 1700, 1710, 0);
      touchRange(s, 0, 300, 2000);
      touchRange(s, 2000, 4000, 2500);
      const before = s.counters.syncReads;
      touchRange(s, 0, 300, 3000);
      return s.counters.syncReads - before;
    }
    // At 0 every scan page goes to the head once a quarter of the young share was evicted: the whole
    // hot set is pushed out. At 1000 the scan stays in the old sublist; only hot pages that had drifted
    // into it meanwhile (young but never stamped, so never moved) can be lost.
    expect(rereads(0)).toBe(300);
    expect(rereads(1000)).toBeLessThan(100);
  });
});

describe("MariaDB's page cleaner (buf_LRU_get_free_block wakes it; buf_flush_LRU_list_batch evicts)", () => {
  const cleaner = (minLru: number) => ({ scanDepth: 1536, wakeLru: 256, minLru });

  it('keeps a 16 MB pool (fewer blocks than innodb_lru_scan_depth) between 50 and 257 LRU pages', () => {
    const s = sim(1024, { flavor: 'mariadb', pageCleaner: cleaner(50) });
    // Page 257's read finds 257 pages on the LRU (> BUF_LRU_MIN_LEN) and leaves 766 free (< 1536 / 2):
    // once it is on the LRU, the cleaner evicts its 208 oldest pages, down to 50.
    touchRange(s, 0, 257);
    expect(s.poolState()[0]).toEqual({ lruLength: 257, oldLength: 0, free: 767, freedPageClock: 0 });
    s.touch(0, 257, 0);
    expect(s.poolState()[0]).toEqual({ lruLength: 50, oldLength: 0, free: 974, freedPageClock: 208 });
    expect(s.hasPage(0, 207)).toBe(false);
    expect(s.hasPage(0, 208)).toBe(true);
    expect(s.hasPage(0, 257)).toBe(true);
    // The next batch comes 208 reads later, at the same length.
    touchRange(s, 258, 465);
    expect(s.poolState()[0]?.lruLength).toBe(257);
    s.touch(0, 465, 0);
    expect(s.poolState()[0]).toEqual({ lruLength: 50, oldLength: 0, free: 974, freedPageClock: 416 });
    expect(s.counters.syncReads).toBe(466);
  });

  it("counts no read-ahead evicted for the cleaner's batch, as MariaDB counts it only for a read's own eviction", () => {
    const s = sim(1024, { flavor: 'mariadb', pageCleaner: cleaner(50) });
    // 257 pages read and never accessed (as read ahead), then a read that wakes the cleaner.
    for (let p = 0; p < 257; p++) s.seed(0, p, false);
    s.touch(0, 257, 0);
    expect(s.counters.evicted).toBe(208);
    expect(s.hasPage(0, 0)).toBe(false);
    expect(s.counters.readAheadEvicted).toBe(0);
    // Without a cleaner the read takes the tail itself (buf_LRU_free_from_common_LRU_list): counted.
    const m = sim(257);
    for (let p = 0; p < 257; p++) m.seed(0, p, false);
    m.touch(0, 257, 0);
    expect(m.counters.evicted).toBe(1);
    expect(m.counters.readAheadEvicted).toBe(1);
  });

  it('keeps 768 to 1536 blocks free in a 128 MB pool', () => {
    const s = sim(8192, { flavor: 'mariadb', pageCleaner: cleaner(256) }, 9000);
    // Page 7424's read leaves 767 free: the batch evicts 769 pages, to 1536 free.
    touchRange(s, 0, 7424);
    expect(s.poolState()[0]?.free).toBe(768);
    s.touch(0, 7424, 0);
    expect(s.poolState()[0]?.free).toBe(1536);
    expect(s.poolState()[0]?.lruLength).toBe(7425 - 769);
    expect(s.counters.evicted).toBe(769);
  });

  it('leaves a pool without a cleaner (MySQL) whole: a read takes the tail only once nothing is free', () => {
    const s = sim(1024);
    touchRange(s, 0, 1024);
    expect(s.counters.evicted).toBe(0);
    s.touch(0, 1024, 0);
    expect(s.counters.evicted).toBe(1);
    expect(s.poolState()[0]?.lruLength).toBe(1024);
  });
});
