/**
 * Which runs stand side by side: an experiment grouped by configuration, by a query's variants, by
 * query, and runs picked one by one; each compared through the one comparison.
 */
import { describe, expect, it } from 'vitest';
import { compareSides } from '../../../../src/shared/compare/comparison';
import { defaultGrouping, groupResults, pickedSides } from '../../../../src/shared/compare/grouping';
import { findFindings } from '../../../../src/shared/compare/findings';
import type { ExperimentResult } from '../../../../src/shared/experiments/experiment-file';
import type { RunResult } from '../../../../src/shared/runs/runs';
import {
  baseRun,
  dimDateFirstOb1000,
  lineorderFirstOb0,
  lineorderFirstOb1000,
} from '../../../support/post001';

let plan = 0;
const result = (cell: string, pass: ExperimentResult['pass'], run: RunResult): ExperimentResult => ({
  planIndex: plan++,
  cell,
  pass,
  counted: true,
  cold: null,
  run,
});
const COLD = { kind: 'cold' } as const;
const HOT = { kind: 'hot', n: 1 } as const;

/** The preset "Q1.1 join order both ways": one configuration, Q1.1 lineorder first and dim_date first, cold then hot. */
function joinOrderPreset(): ExperimentResult[] {
  const cell = 'MariaDB 10.11 · innodb_buffer_pool_size=16M';
  return [
    result(cell, COLD, lineorderFirstOb1000()),
    result(cell, COLD, dimDateFirstOb1000()),
    result(cell, HOT, { ...lineorderFirstOb1000(), elapsedMs: 30_000 }),
    result(cell, HOT, { ...dimDateFirstOb1000(), elapsedMs: 20_000 }),
  ];
}

describe('grouping an experiment into sides', () => {
  it("compares the join-order preset's two variants of Q1.1, which has a single configuration", () => {
    const results = joinOrderPreset();
    expect(groupResults(results, 'configuration').sides).toHaveLength(1);
    expect(defaultGrouping(results)).toBe('variant');
    const g = groupResults(results, 'variant');
    expect(g.sides.map((s) => [s.label, s.runs.length])).toEqual([
      ['straight-lo', 2],
      ['straight-dd', 2],
    ]);
    // Matched by query alone: the two variants' runs of Q1.1 are one row and one pair.
    const c = compareSides(g.sides, (run) => g.keys.get(run));
    expect(c.queries).toHaveLength(1);
    expect(c.queries[0]?.label).toBe('Q1.1 (straight-lo) / Q1.1 (straight-dd)');
    expect(c.queries[0]?.times.map((t) => t?.elapsedMs)).toEqual([
      (33_940 + 30_000) / 2,
      (22_540 + 20_000) / 2,
    ]);
    expect(c.pairs).toHaveLength(1);
    expect(c.pairs[0]?.explain.joinOrderDiffers).toBe(true);
    // Post 001's protocol: a cold and a hot run per variant, on the row of Q1.1.
    expect(g.protocol.map((p) => [p.configuration, p.repetition, p.queryId])).toEqual([
      ['straight-lo', 'cold', 'Q1.1'],
      ['straight-dd', 'cold', 'Q1.1'],
      ['straight-lo', 1, 'Q1.1'],
      ['straight-dd', 1, 'Q1.1'],
    ]);
  });

  it('groups by configuration as before, matching each query and variant across them', () => {
    const results = [
      result('MySQL 8.0 · innodb_old_blocks_time=1000', COLD, lineorderFirstOb1000()),
      result('MySQL 8.0 · innodb_old_blocks_time=0', COLD, lineorderFirstOb0()),
    ];
    expect(defaultGrouping(results)).toBe('configuration');
    const g = groupResults(results, 'configuration');
    expect(g.sides.map((s) => s.label)).toEqual(['innodb_old_blocks_time=1000', 'innodb_old_blocks_time=0']);
    expect(g.protocol.map((p) => p.queryId)).toEqual(['Q1.1 (straight-lo)', 'Q1.1 (straight-lo)']);
    expect(compareSides(g.sides, (run) => g.keys.get(run)).pairs).toHaveLength(1);
  });

  it('compares two queries, matched per configuration when there are several', () => {
    const q = (queryId: string, elapsedMs: number) => baseRun({ queryId, elapsedMs });
    const results = [
      result('M · innodb_old_blocks_time=1000', COLD, q('Q1.1', 100)),
      result('M · innodb_old_blocks_time=1000', COLD, q('Q1.2', 300)),
      result('M · innodb_old_blocks_time=0', COLD, q('Q1.1', 50)),
      result('M · innodb_old_blocks_time=0', COLD, q('Q1.2', 200)),
    ];
    const g = groupResults(results, 'query');
    expect(g.sides.map((s) => s.label)).toEqual(['Q1.1', 'Q1.2']);
    const c = compareSides(g.sides, (run) => g.keys.get(run));
    expect(c.queries.map((r) => [r.key, r.times.map((t) => t?.elapsedMs)])).toEqual([
      ['innodb_old_blocks_time=1000', [100, 300]],
      ['innodb_old_blocks_time=0', [50, 200]],
    ]);
    expect(c.pairs).toHaveLength(2);
  });
});

describe('runs picked one by one', () => {
  it('makes each run a side in the order picked, named by its query and start, and compares them', () => {
    const a = { ...lineorderFirstOb1000(), startedAt: '2026-11-25T08:29:58.326Z' };
    const b = { ...lineorderFirstOb0(), startedAt: '2026-11-25T08:31:45.376Z' };
    const twin = { ...lineorderFirstOb0(), startedAt: '2026-11-25T08:31:45.900Z' };
    const sides = pickedSides([b, a, twin]);
    expect(sides.map((s) => s.label)).toEqual([
      'Q1.1 (straight-lo) at 08:31:45',
      'Q1.1 (straight-lo) at 08:29:58',
      'Q1.1 (straight-lo) at 08:31:45 (2)',
    ]);
    const c = compareSides(sides.slice(0, 2));
    expect(c.pairs).toHaveLength(1);
    expect(c.pairs[0]?.a.run).toBe(b);
    expect(c.pairs[0]?.b.run).toBe(a);
  });
});

describe('an engine comparison (the MyISAM against InnoDB preset)', () => {
  const engineRun = (engine: 'InnoDB' | 'MyISAM', schema: string, counters: Record<string, number>) => {
    const run = lineorderFirstOb1000();
    return {
      ...run,
      dataset: { schema, sf: 0.1, source: 'generated', engine },
      status: [
        ...run.status.filter((s) => !(s.name in counters)),
        ...Object.entries(counters).map(([name, delta]) => ({
          name,
          before: 0,
          after: delta,
          delta,
          scope: 'global' as const,
        })),
      ],
    };
  };
  const results = () => [
    result('MariaDB 10.11 · dataset=ssb_sf0_1', COLD, engineRun('InnoDB', 'ssb_sf0_1', {})),
    result(
      'MariaDB 10.11 · dataset=ssb_sf0_1_myisam',
      COLD,
      engineRun('MyISAM', 'ssb_sf0_1_myisam', {
        Key_read_requests: 5000,
        Key_reads: 250,
        Innodb_pages_read: 0,
        Innodb_buffer_pool_read_requests: 0,
        Innodb_buffer_pool_reads: 0,
      }),
    ),
  ];

  it('names the sides by engine, not by schema (they read "dataset=ssb_sf0_1")', () => {
    const g = groupResults(results(), 'configuration');
    expect(g.sides.map((s) => s.label)).toEqual(['InnoDB', 'MyISAM']);
    expect(g.protocol.map((p) => p.configuration)).toEqual(['InnoDB', 'MyISAM']);
    // Two copies in one engine keep their schema beside it.
    const three = [
      ...results(),
      result('MariaDB 10.11 · dataset=ssb_other', COLD, engineRun('InnoDB', 'ssb_other', {})),
    ];
    expect(groupResults(three, 'configuration').sides.map((s) => s.label)).toEqual([
      'InnoDB (ssb_sf0_1)',
      'MyISAM',
      'InnoDB (ssb_other)',
    ]);
  });

  it("speaks of each engine's cache, and leaves InnoDB's pool rules out of it", () => {
    const g = groupResults(results(), 'configuration');
    const found = findFindings(compareSides(g.sides, (run) => g.keys.get(run))).byPair;
    const rules = Object.values(found)
      .flat()
      .map((f) => f.rule);
    expect(rules).toContain('engine-caches');
    for (const innodb of [
      'pages-from-disk',
      'pool-never-evicted',
      'not-made-young',
      'pushed-out',
      'young-pages',
    ])
      expect(rules).not.toContain(innodb);
    const caches = Object.values(found)
      .flat()
      .find((f) => f.rule === 'engine-caches');
    expect(caches?.text).toMatch(
      /^InnoDB's buffer pool answered .* pages asked for .*; MyISAM's key cache answered 95\.0% of 5,000 key blocks asked for \(250 read from storage\)$/,
    );
  });
});
