import { describe, expect, it } from 'vitest';
import { compareSides, comparePair, median } from '../../../../src/shared/compare/comparison';
import { queryTimesTable } from '../../../../src/shared/compare/tables';
import { diffExplain } from '../../../../src/shared/compare/explain-diff';
import { diffLru } from '../../../../src/shared/runs/lru-diff';
import { diffPoolStats } from '../../../../src/shared/compare/pool-diff';
import { diffStages } from '../../../../src/shared/compare/stage-diff';
import { diffStatus } from '../../../../src/shared/compare/status-diff';
import {
  baseRun,
  dimDateFirstOb1000,
  lineorderFirstOb0,
  lineorderFirstOb1000,
  pool,
} from '../../../support/post001';
import { timedStage, type RunResult } from '../../../../src/shared/runs/runs';

const side = (label: string, ...runs: ReturnType<typeof baseRun>[]) => ({ label, runs });
const pairOf = (a = lineorderFirstOb1000(), b = lineorderFirstOb0()) =>
  comparePair({ label: 'A', run: a, ordinal: 1, of: 1 }, { label: 'B', run: b, ordinal: 1, of: 1 }, 'p1');

describe('time per query', () => {
  it('gives each side its median time, the ratio and the difference against the first side', () => {
    const q = (queryId: string, elapsedMs: number) => baseRun({ queryId, variant: 'base', elapsedMs });
    const c = compareSides([
      side('5.5.30', q('Q1.1', 1000), q('Q1.2', 400)),
      side('5.6.10', q('Q1.1', 3000), q('Q1.1', 2000), q('Q1.1', 2600), q('Q1.2', 300)),
    ]);
    expect(c.queries.map((r) => r.queryId)).toEqual(['Q1.1', 'Q1.2']);
    const [q11, q12] = c.queries;
    expect(q11?.times[0]).toMatchObject({ elapsedMs: 1000, ratio: null, diffMs: null });
    expect(q11?.times[1]).toMatchObject({
      elapsedMs: 2600,
      runs: 3,
      completeRuns: 3,
      ratio: 2.6,
      diffMs: 1600,
    });
    expect(q12?.times[1]).toMatchObject({ elapsedMs: 300, ratio: 0.75, diffMs: -100 });
    expect(c.totals).toEqual({ queries: 2, elapsedMs: [1400, 2900] });
    // One pair per query both sides ran; the deep diffs use the side's last complete run.
    expect(c.pairs.map((p) => [p.a.run.queryId, p.b.ordinal, p.b.of, p.b.run.elapsedMs])).toEqual([
      ['Q1.1', 3, 3, 2600],
      ['Q1.2', 1, 1, 300],
    ]);
    expect(new Set(c.pairs.map((p) => p.id)).size).toBe(2);
  });

  it('leaves failed runs and queries one side lacks out of medians and totals', () => {
    const c = compareSides([
      side('A', baseRun({ queryId: 'Q1.1', elapsedMs: 1000 }), baseRun({ queryId: 'Q2.1', elapsedMs: 50 })),
      side('B', baseRun({ queryId: 'Q1.1', elapsedMs: null, state: 'cancelled' })),
    ]);
    expect(c.queries[0]?.times[1]).toMatchObject({ elapsedMs: null, runs: 1, completeRuns: 0, ratio: null });
    expect(c.queries[1]?.times[1]).toBeNull();
    expect(c.totals).toEqual({ queries: 0, elapsedMs: [null, null] });
    expect(c.sides[1]).toEqual({ label: 'B', runs: 1, completeRuns: 0 });
  });

  it('pairs two single runs even when they ran different variants (the STRAIGHT_JOIN pair)', () => {
    const c = compareSides([side('A', lineorderFirstOb1000()), side('B', dimDateFirstOb1000())]);
    expect(c.queries).toHaveLength(1);
    expect(c.pairs).toHaveLength(1);
    expect(c.pairs[0]?.title).toBe('A Q1.1 (straight-lo) against B Q1.1 (straight-dd)');
    expect(c.pairs[0]?.elapsed.ratio).toBeCloseTo(22.54 / 33.94, 6);
  });

  it('flags the settings that differ between the sides, and a side whose runs disagree', () => {
    const c = compareSides([
      side('A', lineorderFirstOb1000()),
      side('B', lineorderFirstOb0(), lineorderFirstOb1000()),
    ]);
    const row = c.settings.find((r) => r.key === 'oldBlocksTimeMs');
    expect(row).toMatchObject({ values: ['1000', '0'], mixed: [false, true], differs: true });
    expect(c.settings.find((r) => r.key === 'flushMethod')?.differs).toBe(false);
  });

  it('shows innodb_adaptive_hash_index as the server spells it, and "—" where a run did not record it', () => {
    const ahi = (r: RunResult, on?: boolean): RunResult => ({
      ...r,
      server: { ...r.server, adaptiveHashIndex: on },
    });
    const row = (a: RunResult, b: RunResult) =>
      compareSides([side('A', a), side('B', b)]).settings.find((r) => r.key === 'adaptiveHashIndex');
    expect(row(ahi(lineorderFirstOb1000(), true), ahi(lineorderFirstOb0(), false))).toMatchObject({
      label: 'innodb_adaptive_hash_index',
      values: ['ON', 'OFF'],
      differs: true,
    });
    expect(row(ahi(lineorderFirstOb1000(), true), ahi(lineorderFirstOb0(), true))?.differs).toBe(false);
    expect(row(lineorderFirstOb1000(), lineorderFirstOb0())?.values).toEqual(['—', '—']);
  });

  it('median of an even count is the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('leaves traced runs out of every time figure and says so, while their page counts are still compared', () => {
    const trace = { file: 't.pagetrace', requests: 100, records: 10, probes: [], lost: 0 };
    const reads = (n: number) => [
      { name: 'Innodb_buffer_pool_reads', scope: 'global' as const, before: 0, after: n, delta: n },
    ];
    const c = compareSides([
      side('A', baseRun({ queryId: 'Q1.1', elapsedMs: 1000, status: reads(10) })),
      side(
        'B',
        baseRun({ queryId: 'Q1.1', elapsedMs: 900 }),
        baseRun({ queryId: 'Q1.1', elapsedMs: 3000, status: reads(40), pageTrace: trace }),
      ),
      side('C', baseRun({ queryId: 'Q1.1', elapsedMs: 5000, status: reads(30), pageTrace: trace })),
    ]);
    expect(c.tracedLeftOut).toBe(2);
    const [q] = c.queries;
    expect(q?.times[1]).toMatchObject({ elapsedMs: 900, completeRuns: 2, timedRuns: 1, ratio: 0.9 });
    expect(q?.times[2]).toMatchObject({ elapsedMs: null, completeRuns: 1, timedRuns: 0, ratio: null });
    expect(c.totals).toEqual({ queries: 0, elapsedMs: [null, null, null] });
    // The pair still compares the traced run's pages, but gives no time for it.
    const [ab, ac] = c.pairs;
    expect(ab?.b.run.pageTrace).toBeDefined();
    expect(ab?.elapsed).toEqual({ a: 1000, b: null, ratio: null, diffMs: null });
    expect(ab?.status.find((r) => r.name === 'Innodb_buffer_pool_reads')).toMatchObject({ a: 10, b: 40 });
    expect(ac?.elapsed.b).toBeNull();
    const table = queryTimesTable(c);
    expect(table.note).toContain('2 traced runs left out of timings: tracing slows a run');
    expect(table.rows[0]?.[5]?.text).toBe('traced runs only (1)');
  });
});

describe('checksums', () => {
  it('says same, different, or unknown when a side has none', () => {
    expect(pairOf().checksum.same).toBe(true);
    expect(pairOf(lineorderFirstOb1000(), baseRun({ checksum: 'ffff' })).checksum.same).toBe(false);
    expect(pairOf(lineorderFirstOb1000(), baseRun({ checksum: null })).checksum.same).toBeNull();
  });
});

describe('status counters side by side', () => {
  it('pairs counters by name with difference and ratio, keeping counters only one run has', () => {
    const rows = diffStatus(lineorderFirstOb1000().status, dimDateFirstOb1000().status);
    expect(rows.find((r) => r.name === 'Innodb_pages_read')).toEqual({
      name: 'Innodb_pages_read',
      scope: 'global',
      a: 38961,
      b: 191570,
      diff: 152609,
      ratio: 191570 / 38961,
    });
    expect(rows.find((r) => r.name === 'Handler_read_next')).toMatchObject({
      scope: 'session',
      a: null,
      b: 907921,
      diff: null,
    });
    expect(rows.find((r) => r.name === 'Innodb_buffer_pool_read_ahead_rnd')?.ratio).toBeNull();
  });
});

describe('stage profile diff', () => {
  it("joins the stages like the post's p1/p2 query and sorts by the largest difference", () => {
    const rows = diffStages(lineorderFirstOb1000().profile.stages, lineorderFirstOb0().profile.stages);
    expect(rows).toHaveLength(15);
    expect(rows[0]).toMatchObject({ stage: 'Sending data', occurrence: 1 });
    expect(rows[0]?.a).toMatchObject({
      durationMs: 33764.396,
      contextSwitches: 4979,
      pageFaults: 90,
      blockOps: 0,
    });
    expect(rows[0]?.a?.cpuMs).toBeCloseTo(40173.893, 6);
    expect(rows[0]?.b?.cpuMs).toBeCloseTo(13027.019, 6);
    expect(rows[0]?.durationDiffMs).toBeCloseTo(7523.023 - 33764.396, 6);
    expect(rows[1]).toMatchObject({ stage: 'Opening tables' });
    expect(rows[1]?.a?.blockOps).toBe(2056);
    expect(rows[1]?.b?.blockOps).toBe(1488);
    // "checking permissions" appears twice and is matched occurrence by occurrence.
    expect(
      rows
        .filter((r) => r.stage === 'checking permissions')
        .map((r) => r.occurrence)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('keeps a stage only one side has, and leaves CPU empty for performance_schema stages', () => {
    const a = [timedStage('executing', 5)];
    const rows = diffStages(a, []);
    expect(rows).toEqual([
      {
        stage: 'executing',
        occurrence: 1,
        a: {
          durationMs: 5,
          cpuMs: null,
          cpuUserMs: null,
          cpuSystemMs: null,
          contextSwitches: null,
          blockOps: null,
          pageFaults: null,
        },
        b: null,
        durationDiffMs: -5,
      },
    ]);
  });
});

describe('LRU composition diff', () => {
  it('puts each index of A and B side by side, largest first, with indexes gone from one side', () => {
    const rows = diffLru(lineorderFirstOb1000().lru.after, lineorderFirstOb0().lru.after);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({
      table: 'ssb.lineorder',
      index: 'GEN_CLUST_INDEX',
      a: { pages: 6909, oldPages: 2559, youngPages: 4350 },
      b: { pages: 7085, oldPages: 2547, youngPages: 4538 },
      pagesDiff: 176,
    });
    expect(rows.find((r) => r.index === 'PRIMARY')).toMatchObject({
      a: { youngPages: 17 },
      b: { oldPages: 17, youngPages: 0 },
    });
    expect(rows.find((r) => r.index === 'LO_PartKey')).toMatchObject({
      a: { pages: 17 },
      b: null,
      pagesDiff: -17,
    });
    expect(rows[0]?.a?.poolShare).toBeCloseTo(0.843384, 5);
  });

  it('is empty when neither run has a composition', () => {
    expect(diffLru(null, null)).toEqual([]);
  });
});

describe('INNODB_BUFFER_POOL_STATS A against B', () => {
  it('sums the pool instances, and gives counters their change during the run', () => {
    const two = (over: Parameters<typeof pool>[0]) => [
      pool({ poolId: 0, ...over }),
      pool({ poolId: 1, ...over }),
    ];
    const rows = diffPoolStats(
      {
        before: two({ pagesNotMadeYoung: 100 }),
        after: two({ pagesNotMadeYoung: 600, databasePages: 4000 }),
      },
      { before: two({}), after: null },
    );
    expect(rows.find((r) => r.column === 'PAGES_NOT_MADE_YOUNG')).toEqual({
      field: 'pagesNotMadeYoung',
      column: 'PAGES_NOT_MADE_YOUNG',
      kind: 'counter',
      a: 1200,
      b: null,
      aDelta: 1000,
      bDelta: null,
    });
    expect(rows.find((r) => r.column === 'DATABASE_PAGES')).toMatchObject({
      kind: 'gauge',
      a: 8000,
      aDelta: null,
    });
  });
});

describe('EXPLAIN side by side', () => {
  it('matches rows by table, names the fields that differ, and sees the join order change', () => {
    const x = diffExplain(lineorderFirstOb1000().explain, dimDateFirstOb1000().explain);
    expect(x.joinOrderDiffers).toBe(true);
    expect(x.orderA).toEqual(['lineorder', 'dim_date']);
    expect(x.orderB).toEqual(['dim_date', 'lineorder']);
    const lo = x.rows.find((r) => r.table === 'lineorder');
    expect(lo?.a).toMatchObject({ type: 'ALL', key: '', rows: 5996539, extra: 'Using where' });
    expect(lo?.b).toMatchObject({ type: 'ref', key: 'LO_OrderDateKey', rows: 2837 });
    expect(lo?.differs).toEqual(['type', 'key', 'rows']);
  });

  it('finds no difference between a plan and itself, and nothing when a run has no EXPLAIN', () => {
    const same = diffExplain(lineorderFirstOb1000().explain, lineorderFirstOb0().explain);
    expect(same.joinOrderDiffers).toBe(false);
    expect(same.rows.every((r) => r.differs.length === 0)).toBe(true);
    const none = diffExplain(null, lineorderFirstOb0().explain);
    expect(none.available).toBe(false);
    expect(none.joinOrderDiffers).toBe(false);
    expect(none.rows.every((r) => r.a === null)).toBe(true);
  });
});
