/**
 * The mixed preset's plan (shared/load/mixed-load.ts) and the OLTP table's pages it keeps from the poller
 * (experiments/mixed-pages.ts): every side sets, loads, waits, scans, waits, stops and restores, in
 * that order; the spec's defaults are 0 and 1000; pages are counted for sbtest1's indexes only.
 */
import { describe, expect, it } from 'vitest';
import { sidePages } from '../../../src/main/experiments/mixed-pages';
import { MixedLoadSpecSchema, mixedPlan, planStepWords } from '../../../src/shared/load/mixed-load';
import type { LruComposition, PoolStats } from '../../../src/shared/runs/runs';

const spec = (extra: object = {}) =>
  MixedLoadSpecSchema.parse({
    oltp: { rows: 1000, clients: 2 },
    ssb: { schema: 'ssb_sf1', queries: [{ queryId: 'Q1.1' }, { queryId: 'Q2.1', variant: 'straight' }] },
    ...extra,
  });

describe('the mixed preset plan', () => {
  it('runs old_blocks_time 0 then 1000 by default, each side set, loaded, scanned and restored in order', () => {
    const plan = mixedPlan(spec());
    expect(plan).toHaveLength(2);
    expect(plan[0]).toEqual([
      { kind: 'set', oldBlocksTime: 0 },
      { kind: 'load-start', clients: 2 },
      { kind: 'wait', seconds: 5, why: 'lead' },
      { kind: 'query', queryId: 'Q1.1', variant: undefined },
      { kind: 'query', queryId: 'Q2.1', variant: 'straight' },
      { kind: 'wait', seconds: 5, why: 'tail' },
      { kind: 'load-stop' },
      { kind: 'restore' },
    ]);
    expect(plan[1]![0]).toEqual({ kind: 'set', oldBlocksTime: 1000 });
    expect(plan[1]!.at(-1)).toEqual({ kind: 'restore' });
  });

  it('leaves out a lead or tail of 0 s and follows the settings given', () => {
    const plan = mixedPlan(spec({ oldBlocksTimes: [500], leadSeconds: 0, tailSeconds: 0 }));
    expect(plan.map((side) => side.map((s) => s.kind))).toEqual([
      ['set', 'load-start', 'query', 'query', 'load-stop', 'restore'],
    ]);
  });

  it('says each step in words', () => {
    expect(mixedPlan(spec())[0]!.map(planStepWords)).toEqual([
      'innodb_old_blocks_time = 0 (journaled)',
      'point selects start on sbtest1 (2 clients)',
      'the load alone for 5 s',
      'Q1.1 scans',
      'Q2.1 (straight) scans',
      'the load alone after the scans for 5 s',
      'point selects stop',
      'innodb_old_blocks_time put back',
    ]);
  });

  it('refuses a spec without queries or with a negative setting', () => {
    expect(
      MixedLoadSpecSchema.safeParse({ oltp: { rows: 1 }, ssb: { schema: 's', queries: [] } }).success,
    ).toBe(false);
    expect(
      MixedLoadSpecSchema.safeParse({
        oltp: { rows: 1 },
        ssb: { schema: 's', queries: [{ queryId: 'Q1.1' }] },
        oldBlocksTimes: [-1],
      }).success,
    ).toBe(false);
  });
});

describe("the OLTP table's pages over a side", () => {
  const comp = (atMs: number, indexes: Array<[string, string, number]>): LruComposition => ({
    atMs,
    costMs: 1,
    databasePages: 900,
    oldMethod: 'is-old',
    indexes: indexes.map(([table, index, pages]) => ({
      table,
      index,
      pages,
      oldPages: 0,
      youngPages: pages,
      records: 0,
      dataSizeBytes: 0,
      poolShare: 0,
    })),
  });
  const pool = (freeBuffers: number) => ({ freeBuffers }) as PoolStats;

  it("counts sbtest1's indexes only, in time order, with the pool's free pages read at or before each snapshot", () => {
    const pages = sidePages(
      {
        compositions: [
          comp(2000, [
            ['sbtest.sbtest1', 'PRIMARY', 50],
            ['ssb.lineorder', 'PRIMARY', 800],
          ]),
          comp(1000, [
            ['sbtest.sbtest1', 'PRIMARY', 70],
            ['sbtest.sbtest1', 'k_1', 20],
            ['sbtest.sbtest2', 'k_2', 5],
          ]),
        ],
        stats: [
          { atMs: 900, pools: [pool(3), pool(4)] },
          { atMs: 1900, pools: [pool(1), pool(0)] },
        ],
      },
      'sbtest',
      'sbtest1',
    );
    expect(pages).toEqual([
      { atMs: 1000, indexes: { PRIMARY: 70, k_1: 20 }, databasePages: 900, freePages: 7 },
      { atMs: 2000, indexes: { PRIMARY: 50 }, databasePages: 900, freePages: 1 },
    ]);
  });

  it('has no free pages figure before the first stats read', () => {
    const [p] = sidePages({ compositions: [comp(5, [])], stats: [{ atMs: 10, pools: [pool(1)] }] }, 'a', 'b');
    expect(p!.freePages).toBeNull();
  });
});
