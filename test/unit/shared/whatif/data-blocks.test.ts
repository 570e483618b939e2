// The blocks a pool gives to data over a run (MySQL 8.0's adaptive hash index takes some as it grows), worked out by hand.
import { describe, expect, it } from 'vitest';
import type { PoolStats } from '../../../../src/shared/runs/runs';
import { LruSimulator } from '../../../../src/shared/whatif/lru-simulator';
import type { SimulatorSettings } from '../../../../src/shared/whatif/pool-model';
import { replaySteps, settingsOfPool } from '../../../../src/shared/whatif/replay';
import { contiguousSpace, type PageLayout, type PageTrace } from '../../../../src/shared/whatif/trace';

const layout: PageLayout = { indexNames: ['t/PRIMARY'], spaces: [contiguousSpace(5, 100, 0)] };

// Pools under BUF_LRU_OLD_MIN_LEN (512) have no old sublist: a plain LRU, every page in at the head.
function settings(dataPages: number, dataPagesAtStart?: number): SimulatorSettings {
  return {
    poolPages: 64,
    dataPages,
    ...(dataPagesAtStart !== undefined ? { dataPagesAtStart } : {}),
    instances: 1,
    oldBlocksPct: 37,
    oldBlocksTimeMs: 0,
    readAheadThreshold: 0,
    flavor: 'mysql',
  };
}

function traceOf(pages: number[], atMs: number[]): PageTrace {
  return {
    space: new Uint32Array(pages.length),
    page: Uint32Array.from(pages),
    atMs: Float64Array.from(atMs),
    length: pages.length,
  };
}

describe('LruSimulator.resize', () => {
  it('takes the free blocks first, then evicts from the LRU tail, and gives blocks back to the free list', () => {
    const s = new LruSimulator(layout, settings(4, 8));
    s.resize(8);
    for (const p of [0, 1, 2, 3, 4, 5]) s.touch(0, p, p);
    expect(s.poolState()[0]).toMatchObject({ lruLength: 6, free: 2, freedPageClock: 0 });
    s.resize(5);
    // Two from the free list, then the tail (page 0) evicted: freed_page_clock ticks once.
    expect(s.poolState()[0]).toMatchObject({ lruLength: 5, free: 0, freedPageClock: 1 });
    expect(s.hasPage(0, 0)).toBe(false);
    expect(s.hasPage(0, 1)).toBe(true);
    s.resize(8);
    expect(s.poolState()[0]).toMatchObject({ lruLength: 5, free: 3 });
    // Never more blocks than the simulator was made with.
    s.resize(50);
    expect(s.poolState()[0]).toMatchObject({ lruLength: 5, free: 3 });
  });
});

describe('replaySteps with dataPagesAtStart', () => {
  // Six pages read at 0–5 ms, then the same six again at 6–11 ms of a 100 ms run.
  const pages = [0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5];
  const trace = traceOf(
    pages,
    pages.map((_, i) => i),
  );

  it('starts with the blocks of the run start and gives them up over the run', () => {
    // At 11 ms of 100 the pool still has round(8 − 4 × 0.11) = 8 blocks: the second pass finds its pages.
    const { counters, simulator } = replaySteps(layout, settings(4, 8), [
      { trace, elapsedMs: 100, timed: true },
    ]);
    expect(counters[0]!.syncReads).toBe(6);
    // At the run's end the pool has the blocks of its end: 4.
    const st = simulator.poolState()[0]!;
    expect(st.lruLength + st.free).toBe(4);
    // Without it, the run-end pool thrashes from the start (the replay before): every request reads.
    expect(
      replaySteps(layout, settings(4), [{ trace, elapsedMs: 100, timed: true }]).counters[0]!.syncReads,
    ).toBe(12);
  });

  it('halfway through the run, half the difference is gone', () => {
    // Eight pages at 0–7 ms, then at 50 ms (6 blocks left: two evicted, pages 0 and 1) pages 0–7 again.
    const t = traceOf(
      [0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0],
      [0, 1, 2, 3, 4, 5, 6, 7, 50, 50, 50, 50, 50, 50, 50, 50],
    );
    const { counters } = replaySteps(layout, settings(4, 8), [{ trace: t, elapsedMs: 100, timed: true }]);
    // 8 first reads; then 7, 6, 5, 4, 3, 2 hit and 1, 0 are read again.
    expect(counters[0]!.syncReads).toBe(10);
  });
});

describe('settingsOfPool', () => {
  const stats = (free: number, database: number) =>
    ({ freeBuffers: free, databasePages: database, poolSize: 2048 }) as PoolStats;
  const server = {
    flavor: 'mysql',
    bufferPoolSizeBytes: 32 * 1048576,
    pageSizeBytes: 16384,
    bufferPoolInstances: 1,
    oldBlocksPct: 37,
    oldBlocksTimeMs: 1000,
    readAheadThreshold: 56,
  } as Parameters<typeof settingsOfPool>[0];

  it('keeps the blocks at the start when the run ended with fewer (MySQL 8.0.31 SF 0.1 Q3.1 cold: 2,043 then 1,900)', () => {
    const s = settingsOfPool(server, [stats(1020, 1023)], [stats(0, 1900)]);
    expect(s.dataPages).toBe(1900);
    expect(s.dataPagesAtStart).toBe(2043);
    // None when the run ended with as many or more (its hot pass: 1,899 then 1,902).
    expect(settingsOfPool(server, [stats(0, 1899)], [stats(0, 1902)]).dataPagesAtStart).toBeUndefined();
  });
});
