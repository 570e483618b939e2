// MySQL's page cleaner in the simulator: one LRU batch worked out by hand, when a run's batches fall, and their place in a replay.
import { describe, expect, it } from 'vitest';
import { LruSimulator } from '../../../../src/shared/whatif/lru-simulator';
import { lruComposition } from '../../../../src/shared/whatif/lru-composition';
import {
  cleanerBatchesAfter,
  cleanerBatchesOfRun,
  cleanerBatchesOfRuns,
  cleanerBatchWords,
  cleanerRanBetween,
} from '../../../../src/shared/whatif/mysql-cleaner';
import type { SimulatorSettings } from '../../../../src/shared/whatif/pool-model';
import { replaySteps } from '../../../../src/shared/whatif/replay';
import { contiguousSpace, TraceBuilder, type PageLayout } from '../../../../src/shared/whatif/trace';
import { composition, poolStats, runResult } from '../../../support/run-fixture';

const layout = (sizePages: number): PageLayout => ({
  indexNames: ['t/PRIMARY'],
  spaces: [contiguousSpace(0, sizePages, 0)],
});

const settings = (poolPages: number, over: Partial<SimulatorSettings> = {}): SimulatorSettings => ({
  poolPages,
  instances: 1,
  oldBlocksPct: 37,
  oldBlocksTimeMs: 1000,
  readAheadThreshold: 0,
  flavor: 'mysql',
  ...over,
});

function filled(poolPages: number, sizePages = 4000): LruSimulator {
  const s = new LruSimulator(layout(sizePages), settings(poolPages));
  for (let p = 0; p < poolPages; p++) s.touch(0, p, 0);
  return s;
}

describe('one LRU batch (buf_flush_LRU_list_batch)', () => {
  it('moves pages from the tail to the free list until innodb_lru_scan_depth are free', () => {
    const s = filled(2000);
    s.cleanLru(1024, 256);
    expect(s.poolState()[0]).toMatchObject({ lruLength: 976, free: 1024 });
    // The tail goes first: page 0, read first, was at the tail.
    expect(s.hasPage(0, 0)).toBe(false);
    expect(s.counters.evicted).toBe(1024);
    // Enough free already: a second batch does nothing.
    s.cleanLru(1024, 256);
    expect(s.counters.evicted).toBe(1024);
  });

  it('leaves BUF_LRU_MIN_LEN pages on the LRU', () => {
    const s = filled(1200);
    s.cleanLru(1024, 256);
    // 1200 − 256 = 944 evicted, fewer than the 1024 it would free.
    expect(s.poolState()[0]).toMatchObject({ lruLength: 256, free: 944 });
  });

  it('lets the pages read after it turn young without a counted make-young (buf_LRU_old_adjust_len)', () => {
    // 2000 pages read at once: the old sublist sits at its upper edge, floor(2000 × 378 / 1024) + 20 = 758.
    const s = filled(2000);
    s.cleanLru(1024, 256);
    // 1024 old pages evicted from the tail: LRU_old follows the lower edge, floor(976 × 378 / 1024) − 20 = 340.
    expect(s.poolState()[0]?.oldLength).toBe(340);
    // 1024 new pages fill the free blocks, each at the old sublist's head. The old sublist grows back to
    // 758: 1024 − (758 − 340) = 606 moves of LRU_old towards the tail, each turning the page it leaves
    // young: the first an old page of the fill, the next 605 the new pages just read.
    for (let p = 2000; p < 3024; p++) s.touch(0, p, 0);
    expect(s.poolState()[0]).toMatchObject({ lruLength: 2000, oldLength: 758, free: 0 });
    const youngNew = s.lruOrder().filter(([, p, old]) => p >= 2000 && !old).length;
    expect(youngNew).toBe(605);
    expect(s.counters.madeYoung).toBe(0);
    expect(lruComposition(s, layout(4000))).toEqual([
      { index: 't/PRIMARY', pages: 2000, oldPages: 758, youngPages: 1242 },
    ]);
  });

  it('turns no new page young when the reads take the tail themselves (no batch)', () => {
    const s = filled(2000);
    for (let p = 2000; p < 3024; p++) s.touch(0, p, 0);
    expect(s.lruOrder().filter(([, p, old]) => p >= 2000 && !old)).toHaveLength(0);
  });
});

describe('when the batches fall', () => {
  it('puts one batch 1.5 s after the end of each LRU snapshot of a MySQL run', () => {
    // The fixture's snapshots: before at −200, compositions at 0, 1000, 2000 and after at 34000, each 120 ms.
    expect(cleanerBatchesOfRun(runResult())).toEqual([1420, 1620, 2620, 3620, 35620]);
  });

  it('puts none on MariaDB, whose cleaner the reads wake', () => {
    const run = runResult();
    expect(cleanerBatchesOfRun({ ...run, server: { ...run.server, flavor: 'mariadb' } })).toEqual([]);
  });

  it('puts several runs on one clock, each after the ones before it', () => {
    const a = runResult({ elapsedMs: 10000, samples: { ...runResult().samples, compositions: [] } });
    expect(cleanerBatchesOfRuns([a, a])).toEqual([1420, 11420, 35620, 45620]);
  });
});

describe('batches in a replay', () => {
  // A sampled pool at 1/128: the batch's depth is round(1024 / 128) = 8 and its floor round(256 / 128) = 2.
  const small = settings(16, { lruScale: 1 / 128 });
  const pass = (): TraceBuilder => {
    const b = new TraceBuilder();
    for (let p = 0; p < 16; p++) b.touch(0, p);
    return b;
  };
  const replay = (first: number[], second: number[] = []) =>
    replaySteps(layout(40), small, [
      { trace: pass().build(), elapsedMs: 16, cleanerBatchesMs: first },
      { trace: pass().build(), elapsedMs: 16, gapMs: 100, cleanerBatchesMs: second },
    ]).counters[1]!.syncReads;

  it('runs a batch that falls in the gap before the next step: that step reads back the 8 it freed', () => {
    expect(replay([50])).toBe(8);
  });

  it('runs none after the last touch, and none when there are none', () => {
    expect(replay([500])).toBe(0);
    expect(replay([])).toBe(0);
  });
});

describe('a run that recorded its batches (observer cost)', () => {
  // Its snapshots marked the server active (a walk that spilled to disk: a pool over 224 MB).
  const observed = (lruBatches: number | null) =>
    runResult({
      observer: {
        poll: 1000,
        snapshots: 3,
        intervalMs: 1000,
        snapshotMs: 360,
        share: 0.01,
        lruBatches,
        activityMarks: 4,
      },
    });

  it('has none when it counted none, however many snapshots it took', () => {
    expect(cleanerBatchesOfRun(observed(0))).toEqual([]);
  });

  it('has as many as it counted, at its snapshots\u2019 times during the statement first', () => {
    // The fixture's snapshot batches during its 33,940 ms: 1420, 1620, 2620, 3620 (35620 is after it).
    expect(cleanerBatchesOfRun(observed(2))).toEqual([1420, 1620]);
  });

  it('spreads the batches beyond its snapshots evenly over the statement', () => {
    // 4 at the snapshots, 1 more at 33,940 / 2.
    expect(cleanerBatchesOfRun(observed(5))).toEqual([1420, 1620, 2620, 3620, 16970]);
  });

  it('keeps one per snapshot when the count was not read', () => {
    expect(cleanerBatchesOfRun(observed(null))).toEqual([1420, 1620, 2620, 3620, 35620]);
  });
});

describe('batches no activity in the run explains: the end of an active spell that began before it', () => {
  // MySQL 8.0.31, the trace-cli scenario (16 MB pool, a traced join 1-3 s after a restart, the poller
  // off): the counters' window opens with the LRU walk before bpftrace attaches, 6.5 s before the
  // statement; the cleaner's one batch in it (bpftrace on buf_flush_do_batch) ran 6.0 s before the
  // statement and evicted 15 pages: the start pool's 271 down to BUF_LRU_MIN_LEN.
  const run = (beforeAtMs: number, lruBatches: number, elapsedMs = 578) =>
    runResult({
      elapsedMs,
      lru: { before: composition(beforeAtMs, 0.1), after: composition(elapsedMs + 26) },
      samples: { ...runResult().samples, compositions: [] },
      observer: {
        poll: 'off',
        snapshots: 0,
        intervalMs: null,
        snapshotMs: 0,
        share: 0,
        lruBatches,
        activityMarks: 0,
      },
    });

  it('runs a batch that fell before the statement before its first request', () => {
    expect(cleanerBatchesOfRun(run(-6503, 1))).toEqual([0]);
  });

  it('puts them one a second from when the window opened (the coordinator’s ticks)', () => {
    // An untraced run: the walk before ends 40 ms before the statement. Two batches, in the two
    // seconds after: the middle of each.
    expect(cleanerBatchesOfRun(run(-40, 2, 30000))).toEqual([460, 1460]);
  });

  it('says so among the replay\u2019s assumptions', () => {
    expect(cleanerBatchWords(run(-6503, 1))).toMatch(
      /in the one LRU batch the run counted, on the cleaner's one-second ticks after its counters began .*; it fell before the statement, so it runs before its first request$/,
    );
    expect(cleanerBatchWords(run(-6503, 0))).toBeNull();
  });

  it('replays the run reading each of its pages once where the server did', () => {
    // 650 pages, each requested twice (a pass, then the same pages again), in a 1,024-page pool that
    // starts with 271 pages of the server's own: they all fit, so the server read each once (650).
    const pages = 650;
    const trace = new TraceBuilder();
    for (let p = 0; p < pages; p++) trace.touch(0, p);
    for (let p = pages - 1; p >= 0; p--) trace.touch(0, p);
    const r = run(-6503, 1);
    const { counters } = replaySteps(
      layout(pages),
      settings(1024),
      [{ trace: trace.build(578), elapsedMs: 578, cleanerBatchesMs: cleanerBatchesOfRun(r) }],
      271,
    );
    expect(counters[0]!.syncReads).toBe(pages);
  });
});

describe('a batch between two runs (the free list grew between them)', () => {
  // bench/whatif-sizes' shipments join on MySQL 8.0.31 at 16 MiB: the traced cold run ended with no
  // free block, the hot run began with 701 free and 259 on the LRU.
  const quiet = {
    poll: 'off' as const,
    snapshots: 0,
    intervalMs: null,
    snapshotMs: 0,
    share: 0,
    lruBatches: 0,
    activityMarks: 0,
  };
  const run = (freeBefore: number, freeAfter: number, flavor: 'mysql' | 'mariadb' = 'mysql') =>
    runResult({
      elapsedMs: 100,
      server: { ...runResult().server, flavor },
      samples: { ...runResult().samples, compositions: [] },
      observer: quiet,
      poolStats: {
        before: [poolStats({ freeBuffers: freeBefore })],
        after: [poolStats({ freeBuffers: freeAfter })],
      },
    });

  it('is seen where the later run began with more free blocks than the earlier ended with', () => {
    expect(cleanerRanBetween(run(1022, 0), run(701, 0))).toBe(true);
    expect(cleanerRanBetween(run(1022, 0), run(0, 0))).toBe(false);
    expect(cleanerRanBetween(run(1022, 0, 'mariadb'), run(701, 0, 'mariadb'))).toBe(false);
  });

  it('runs before the later run\u2019s first request, after its own when it counted none', () => {
    expect(cleanerBatchesAfter(run(1022, 0), run(701, 0))).toEqual([0]);
    expect(cleanerBatchesAfter(run(1022, 0), run(0, 0))).toEqual([]);
    expect(cleanerBatchesAfter(null, run(701, 0))).toEqual([]);
    // Two runs on one clock: the second's batch at its start, 100 ms in.
    expect(cleanerBatchesOfRuns([run(1022, 0), run(701, 0)])).toEqual([100]);
  });

  it('makes a larger pool\u2019s hot pass read back what the batch freed from the tail', () => {
    // A 1,300-page pool: the cold pass reads pages 0–1,299 and fills it; the batch frees the 1,024 at
    // the tail (the first read), leaving 276; the hot pass asks for every page again and reads those
    // 1,024 back. Without the batch the pool holds every page and the hot pass reads none.
    const pass = new TraceBuilder();
    for (let p = 0; p < 1300; p++) pass.touch(0, p);
    const trace = pass.build();
    const cold = run(1300, 0);
    const hot = run(1024, 0);
    const hotReads = (batches: number[]) =>
      replaySteps(layout(1300), settings(1300), [
        { trace, elapsedMs: 100, cleanerBatchesMs: cleanerBatchesAfter(null, cold) },
        { trace, elapsedMs: 100, gapMs: 5000, cleanerBatchesMs: batches },
      ]).counters[1]!.syncReads;
    expect(hotReads(cleanerBatchesAfter(cold, hot))).toBe(1024);
    expect(hotReads(cleanerBatchesOfRun(hot))).toBe(0);
  });
});
