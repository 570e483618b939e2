// A replay that starts from the pages the server's pool held (a traced run's StartPool), worked out by hand.
import { describe, expect, it } from 'vitest';
import { LruSimulator } from '../../../../src/shared/whatif/lru-simulator';
import type { SimulatorSettings } from '../../../../src/shared/whatif/pool-model';
import { replaySteps } from '../../../../src/shared/whatif/replay';
import {
  contiguousSpace,
  FOREIGN_PAGE,
  type PageLayout,
  type PageTrace,
  type StartPool,
} from '../../../../src/shared/whatif/trace';

const layout: PageLayout = { indexNames: ['t/PRIMARY'], spaces: [contiguousSpace(5, 4000, 0)] };

function settings(poolPages: number): SimulatorSettings {
  return {
    poolPages,
    instances: 1,
    oldBlocksPct: 37,
    oldBlocksTimeMs: 0,
    readAheadThreshold: 0,
    flavor: 'mysql',
  };
}

function traceOf(pages: number[]): PageTrace {
  return {
    space: new Uint32Array(pages.length),
    page: Uint32Array.from(pages),
    atMs: Float64Array.from(pages.map((_, i) => i)),
    length: pages.length,
  };
}

/** Space 0's pages, tail first, then `foreign` pages of no traced space. */
function startPool(pages: number[], foreign = 0): StartPool {
  const n = pages.length + foreign;
  const space = new Int32Array(n).fill(FOREIGN_PAGE);
  space.fill(0, foreign);
  const page = new Uint32Array(n);
  page.set(pages, foreign);
  return { space, page, length: n };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('seeding the pool (LruSimulator.seed)', () => {
  it("keeps the server's LRU order, tail first, and counts no read", () => {
    const s = new LruSimulator(layout, settings(1000));
    for (let p = 0; p < 600; p++) s.seed(0, p);
    const order = s.lruOrder();
    expect(order.map(([, p]) => p)).toEqual(range(0, 600).reverse());
    expect(s.counters.syncReads).toBe(0);
    // The old sublist is its share of the tail: 600 × 378 / 1024 = 221 pages (± BUF_LRU_OLD_TOLERANCE 20).
    const oldLength = s.poolState()[0]!.oldLength;
    expect(Math.abs(oldLength - 221)).toBeLessThanOrEqual(20);
    expect(order.slice(-oldLength).every(([, , old]) => old)).toBe(true);
    expect(order.slice(0, 600 - oldLength).some(([, , old]) => old)).toBe(false);
  });

  it('counts a seeded page as accessed before the replay: an old one is made young at once', () => {
    // innodb_old_blocks_time 1000: a page first accessed at the run's 0 ms would stay old for a second;
    // the server's pages were first accessed before the run, so its first access makes an old one young.
    const s = new LruSimulator(layout, { ...settings(600), oldBlocksTimeMs: 1000 });
    for (let p = 0; p < 600; p++) s.seed(0, p);
    s.touch(0, 1000, 0); // a miss: eviction begins (buf_page_peek_if_too_old moves nothing before it)
    s.touch(0, 5, 1);
    expect(s.counters.madeYoung).toBe(1);
    expect(s.lruOrder()[0]![1]).toBe(5);
  });

  it('keeps a page read ahead and not yet used unaccessed: evicted, it counts as read ahead and evicted', () => {
    // Pages 0..9 seeded, 0..4 never accessed (ACCESS_TIME 0); 5 new pages in a 10-page pool evict 0..4.
    const s = new LruSimulator(layout, settings(10));
    for (let p = 0; p < 10; p++) s.seed(0, p, p >= 5);
    for (let p = 100; p < 105; p++) s.touch(0, p, p);
    expect(s.counters.readAheadEvicted).toBe(5);
    // Taken as accessed, as a pool kept without access times is, none counts.
    const t = new LruSimulator(layout, settings(10));
    for (let p = 0; p < 10; p++) t.seed(0, p);
    for (let p = 100; p < 105; p++) t.touch(0, p, p);
    expect(t.counters.readAheadEvicted).toBe(0);
  });

  it('keeps the head of a seed larger than the pool', () => {
    const s = new LruSimulator(layout, settings(100));
    for (let p = 0; p < 150; p++) s.seed(0, p);
    expect(s.lruOrder().map(([, p]) => p)).toEqual(range(50, 150).reverse());
  });
});

describe('replaySteps from a start pool', () => {
  it('reads only the pages the server did not hold', () => {
    const steps = [{ trace: traceOf(range(0, 10)), elapsedMs: 10 }];
    const seeded = replaySteps(layout, settings(1000), steps, startPool(range(0, 5), 3));
    expect(seeded.counters[0]!.syncReads).toBe(5);
    // The foreign pages take blocks and no trace page: the pool holds the 5 seeded pages, 3 foreign and 5 read.
    expect(seeded.simulator.poolState()[0]!.lruLength).toBe(13);
    // As a count of foreign pages, the same eight pages read all ten.
    expect(replaySteps(layout, settings(1000), steps, 8).counters[0]!.syncReads).toBe(10);
  });

  it('seeds the pages the server had never accessed as such (StartPool.accessed)', () => {
    // innodb_old_blocks_time 1000: pages 0..599 seeded in a 600-page pool, page 5 never accessed; a miss
    // starts eviction, then page 5 (old) is accessed at 1 ms: not made young (its first access is now).
    const pool = startPool(range(0, 600));
    pool.accessed = Uint8Array.from(range(0, 600).map((p) => (p === 5 ? 0 : 1)));
    const steps = [{ trace: traceOf([1000, 5]), elapsedMs: 2 }];
    const s = { ...settings(600), oldBlocksTimeMs: 1000 };
    expect(replaySteps(layout, s, steps, pool).counters[0]!.madeYoung).toBe(0);
    delete pool.accessed;
    expect(replaySteps(layout, s, steps, pool).counters[0]!.madeYoung).toBe(1);
  });

  it("keeps the server's old sublist (StartPool.old, IS_OLD)", () => {
    // 600 pages seeded: buf_LRU_old_adjust_len alone leaves 221 ± 20 old; the server had 240.
    const pool = startPool(range(0, 600));
    pool.old = Uint8Array.from(range(0, 600).map((i) => (i < 240 ? 1 : 0)));
    const { simulator } = replaySteps(layout, settings(1000), [], pool);
    expect(simulator.poolState()[0]!.oldLength).toBe(240);
    const order = simulator.lruOrder();
    expect(order.slice(-240).every(([, , old]) => old)).toBe(true);
    expect(order.slice(0, 360).some(([, , old]) => old)).toBe(false);
    delete pool.old;
    expect(replaySteps(layout, settings(1000), [], pool).simulator.poolState()[0]!.oldLength).not.toBe(240);
  });

  it("evicts the seed's tail first", () => {
    // A 20-page pool seeded with pages 0..19 (0 at the tail); 5 new pages evict 0..4, then 0..4 are read again.
    const steps = [{ trace: traceOf([...range(100, 105), ...range(0, 5), ...range(15, 20)]), elapsedMs: 15 }];
    const { counters } = replaySteps(layout, settings(20), steps, startPool(range(0, 20)));
    expect(counters[0]!.syncReads).toBe(10);
  });
});

describe('latched adaptive-hash hits (PageTrace.latched)', () => {
  // innodb_old_blocks_time 1000: pages 0..599 seeded (accessed before the run) fill a 600-page pool, a
  // miss starts eviction, then page 5 (old) is requested at 1 ms.
  const trace = (latched: boolean): PageTrace => ({
    ...traceOf([1000, 5]),
    ...(latched ? { latched: Uint8Array.from([0, 1]) } : {}),
  });
  const run = (t: PageTrace) =>
    replaySteps(
      layout,
      { ...settings(600), oldBlocksTimeMs: 1000 },
      [{ trace: t, elapsedMs: 2, timed: true }],
      startPool(range(0, 600)),
    ).counters[0]!;

  it('leaves a latched hit’s page where it is (btr_search_guess_on_hash under the search latch)', () => {
    expect(run(trace(true))).toMatchObject({ madeYoung: 0, touches: 2, syncReads: 1 });
    // As any other request, the old page is made young.
    expect(run(trace(false))).toMatchObject({ madeYoung: 1, touches: 2, syncReads: 1 });
  });

  it('neither marks the page accessed nor reads ahead; a page the replay lost is read', () => {
    const s = new LruSimulator(layout, settings(100));
    s.readAhead(0, 7);
    s.touchLatched(0, 7, 5);
    expect(s.accessTimeOf(0, 7)).toBeNull();
    s.touchLatched(0, 9, 6);
    // Two reads: page 9, and the bitmap page (1) that 7's read-ahead made MySQL's I/O thread request.
    expect(s.counters).toMatchObject({ touches: 2, syncReads: 2 });
    expect(s.accessTimeOf(0, 9)).toBe(6);
  });
});

describe("a traced run's own times (ReplayStep.timed)", () => {
  // Pages 0..599 fill a 600-page pool, page 700 starts eviction, then page 599 (old, first accessed at
  // 0 ms) again: at 2,000 ms by the trace's clock innodb_old_blocks_time (1,000) has passed; spread
  // evenly over the run's 10 ms it has not.
  const pages = [...range(0, 600), 700, 599];
  const trace: PageTrace = {
    space: new Uint32Array(pages.length),
    page: Uint32Array.from(pages),
    atMs: Float64Array.from(pages.map((_, i) => (i === pages.length - 1 ? 2000 : 0))),
    length: pages.length,
  };
  const young = (timed: boolean) =>
    replaySteps(layout, { ...settings(600), oldBlocksTimeMs: 1000 }, [{ trace, elapsedMs: 10, timed }])
      .counters[0]!.madeYoung;

  it('replays each touch at its time in the trace', () => {
    expect(young(true)).toBe(1);
    expect(young(false)).toBe(0);
  });
});
