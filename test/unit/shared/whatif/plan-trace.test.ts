// The page touches a plan makes, on tiny tables whose B-trees and touches are worked out by hand.
import { describe, expect, it } from 'vitest';
import {
  leafPagesOf,
  tracePlan,
  type ExplainStep,
  type TableRows,
} from '../../../../src/shared/whatif/plan-trace';

function rows(table: string, pass: number[], columns: Record<string, number[]>): TableRows {
  return {
    table,
    rows: pass.length,
    pass: Uint8Array.from(pass),
    columns: Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, Int32Array.from(v)])),
  };
}

function touches(
  explain: ExplainStep[],
  data: Record<string, TableRows>,
  pages: Parameters<typeof tracePlan>[2],
) {
  const r = tracePlan(explain, data, pages);
  if (!r.ok) throw new Error(r.reason);
  const t = r.builder.build();
  return Array.from(t.page, (p, i) => [t.space[i], p]);
}

describe('tracePlan', () => {
  // dim_date: keys 10..13, two pass; one leaf page (the root is the leaf, page 3).
  const dates = rows('dim_date', [1, 0, 1, 0], { d_datekey: [10, 11, 12, 13] });
  // lineorder: 8 rows, GEN_CLUST_INDEX on 4 leaves (2 rows each: pages 4..7 under root 3);
  // LO_OrderDateKey on 2 leaves (4 entries each: pages 9, 10 under root 8).
  const lines = rows('lineorder', [1, 1, 1, 1, 1, 1, 1, 1], {
    lo_orderdatekey: [10, 12, 10, 13, 12, 12, 11, 10],
  });
  const pages = [
    { table: 'dim_date', index: 'PRIMARY', leafPages: 1, sizePages: 1 },
    { table: 'lineorder', index: 'GEN_CLUST_INDEX', leafPages: 4, sizePages: 5 },
    { table: 'lineorder', index: 'LO_OrderDateKey', leafPages: 2, sizePages: 3 },
  ];

  it('follows a scan, then ref lookups on a secondary index with clustered lookups, in key order', () => {
    const explain: ExplainStep[] = [
      { table: 'dim_date', type: 'ALL', key: null, ref: null, extra: 'Using where' },
      { table: 'lineorder', type: 'ref', key: 'LO_OrderDateKey', ref: 'ssb.dim_date.D_DateKey', extra: '' },
    ];
    // Key 10's entries are ranks 0-2 (rows 0, 2, 7: leaf 9); key 12's ranks 4-6 (rows 1, 4, 5: leaf 10).
    // Each entry: the clustered root (3) and the row's leaf (row / 2 + 4); the secondary leaf is
    // touched again before the next entry; the date page again after each date's lookups.
    expect(touches(explain, { dim_date: dates, lineorder: lines }, pages)).toEqual([
      [0, 3],
      [1, 8],
      [1, 9],
      [1, 3],
      [1, 4],
      [1, 9],
      [1, 3],
      [1, 5],
      [1, 9],
      [1, 3],
      [1, 7],
      [0, 3],
      [1, 8],
      [1, 10],
      [1, 3],
      [1, 4],
      [1, 10],
      [1, 3],
      [1, 6],
      [1, 10],
      [1, 3],
      [1, 6],
      [0, 3],
    ]);
  });

  it('reuses an eq_ref row for the same key as the last lookup (join_read_key)', () => {
    const fact = rows('lineorder', [1, 1, 1], { lo_orderdatekey: [10, 10, 12] });
    const allPass = rows('dim_date', [1, 1, 1, 1], { d_datekey: [10, 11, 12, 13] });
    const explain: ExplainStep[] = [
      { table: 'lineorder', type: 'ALL', key: null, ref: null, extra: '' },
      { table: 'dim_date', type: 'eq_ref', key: 'PRIMARY', ref: 'ssb.lineorder.LO_OrderDateKey', extra: '' },
    ];
    const one = [
      { table: 'dim_date', index: 'PRIMARY', leafPages: 1, sizePages: 1 },
      { table: 'lineorder', index: 'GEN_CLUST_INDEX', leafPages: 1, sizePages: 1 },
    ];
    // Spaces are numbered in join order: lineorder 0, dim_date 1. The second key 10 touches nothing.
    expect(touches(explain, { dim_date: allPass, lineorder: fact }, one)).toEqual([
      [0, 3],
      [1, 3],
      [0, 3],
      [1, 3],
      [0, 3],
    ]);
  });

  it('traces a full read after another table only as the probe side of a hash join', () => {
    const hash: ExplainStep[] = [
      { table: 'dim_date', type: 'ALL', key: null, ref: null, extra: 'Using where' },
      {
        table: 'lineorder',
        type: 'ALL',
        key: null,
        ref: null,
        extra: 'Using where; Using join buffer (hash join)',
      },
    ];
    expect(tracePlan(hash, { dim_date: dates, lineorder: lines }, pages).ok).toBe(true);
    const nested = [hash[0]!, { ...hash[1]!, extra: 'Using where' }];
    const r = tracePlan(nested, { dim_date: dates, lineorder: lines }, pages);
    expect(!r.ok && r.reason).toMatch(/lineorder is read in full for each row before it/);
  });

  it('names a plan it cannot follow', () => {
    const explain: ExplainStep[] = [
      { table: 'dim_date', type: 'ALL', key: null, ref: null, extra: '' },
      { table: 'lineorder', type: 'range', key: 'LO_OrderDateKey', ref: null, extra: 'Using where' },
    ];
    const r = tracePlan(explain, { dim_date: dates, lineorder: lines }, pages);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/access type range is not traced/);
    const missing = tracePlan(
      [{ table: 'dim_date', type: 'ALL', key: null, ref: null, extra: '' }],
      { dim_date: dates },
      [],
    );
    expect(!missing.ok && missing.reason).toMatch(/no page counts for the table dim_date/);
  });
});

describe('leafPagesOf', () => {
  it("takes a multi-page tree that MariaDB's statistics recorded with one leaf page as size − 1 leaves", () => {
    // SF 0.1's dim_date on MariaDB 10.11: n_leaf_pages 1, size 18; the pool held 17 of its leaf pages.
    expect(leafPagesOf({ table: 'dim_date', index: 'PRIMARY', leafPages: 1, sizePages: 18 })).toBe(17);
    expect(leafPagesOf({ table: 'supplier', index: 'PRIMARY', leafPages: 1, sizePages: 33 })).toBe(32);
  });

  it('keeps a recorded count it cannot correct, or that needs none', () => {
    // A root that is its own leaf.
    expect(leafPagesOf({ table: 't', index: 'PRIMARY', leafPages: 1, sizePages: 1 })).toBe(1);
    expect(leafPagesOf({ table: 't', index: 'PRIMARY', leafPages: 0, sizePages: 1 })).toBe(1);
    // Past 32 fragment pages a segment reserves whole extents: size no longer counts the pages used.
    expect(leafPagesOf({ table: 't', index: 'PRIMARY', leafPages: 1, sizePages: 97 })).toBe(1);
    expect(
      leafPagesOf({ table: 'lineorder', index: 'GEN_CLUST_INDEX', leafPages: 3855, sizePages: 3878 }),
    ).toBe(3855);
  });
});
