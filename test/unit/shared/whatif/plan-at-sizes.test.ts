// Which plan a curve assumes and where MySQL 8.0's cost model may choose another: the cached share of
// each index the plan reads as the run begins, at each size against the traced size.
import { describe, expect, it } from 'vitest';
import type { CurvePoint } from '../../../../src/shared/whatif/mrc';
import { indexLabel, optimizerWeighsCache, planAtSizes } from '../../../../src/shared/whatif/plan-at-sizes';
import { contiguousSpace, TraceBuilder, type PageLayout } from '../../../../src/shared/whatif/trace';

// A real trace's layout: a fact table (its clustered index owns page 3 and the 1,000 pages after it)
// and a 200-page secondary index of it in the same file; a dimension of 20 pages.
const fact = contiguousSpace(30, 1204, 0, 3);
for (let p = 1004; p < 1204; p++) fact.indexOf[p] = 1;
const layout: PageLayout = {
  indexNames: ['shop/orders/index 157', 'shop/orders/index 158', 'shop/region/index 160'],
  spaces: [fact, contiguousSpace(31, 24, 2, 3)],
};
const b = new TraceBuilder();
for (let p = 3; p < 1004; p++) b.touch(0, p);
for (let p = 1004; p < 1204; p++) b.touch(0, p);
// One touch of the dimension: under 1% of the requests, left out.
b.touch(1, 3);
const trace = b.build();
const point = (poolPages: number, cached: number[]): CurvePoint => ({
  poolPages,
  pagesRead: 0,
  missRatio: 0,
  cachedAtStart: cached,
});
const plan = [
  { table: 'orders', type: 'range', key: 'o_date', ref: null, extra: 'Using index condition; Using MRR' },
];
const mib = (pages: number) => `${pages / 64} MiB`;

describe('planAtSizes', () => {
  it('flags the sizes where an index the plan reads starts cached differently enough to move its cost', () => {
    const r = planAtSizes({
      server: { flavor: 'mysql', version: '8.0.31' },
      plan,
      layout,
      trace,
      ownPoolPages: 1024,
      mib,
      pageSizeBytes: 16384,
      points: [
        // Traced at 1,024 pages: the clustered index 10% cached, the secondary 50%.
        point(1024, [100, 100, 0]),
        // 2,048: the secondary 60% (cost per page 0.625 → 0.55, under a quarter): no change.
        point(2048, [100, 120, 0]),
        // 4,096: the clustered index 90% cached (903 of its 1,001 pages; 0.925 → 0.323 a page): another plan may be chosen.
        point(4096, [903, 120, 0]),
      ],
    });
    expect(r.weighsCache).toBe(true);
    expect(r.assumed).toBe("the run's recorded plan: orders by range on o_date with MRR");
    expect(r.atSizes.map((a) => a.mayChange)).toEqual([false, false, true]);
    expect(r.atSizes[2]!.moved).toEqual([
      { index: "shop/orders's clustered index (id 157)", share: 903 / 1001, tracedShare: 100 / 1001 },
    ]);
    expect(r.words).toMatch(
      /another plan may be chosen at 64 MiB: at 64 MiB shop\/orders's clustered index \(id 157\) starts 90% cached/,
    );
  });

  it('says the plan does not move with the pool where the optimizer does not weigh it', () => {
    expect(optimizerWeighsCache({ flavor: 'mariadb', version: '11.4.5-MariaDB' })).toBe(false);
    expect(optimizerWeighsCache({ flavor: 'mysql', version: '5.7.22' })).toBe(false);
    expect(optimizerWeighsCache({ flavor: 'mysql', version: '9.1.0' })).toBe(true);
    const r = planAtSizes({
      server: { flavor: 'mariadb', version: '11.4.5-MariaDB' },
      plan,
      layout,
      trace,
      ownPoolPages: 1024,
      mib,
      pageSizeBytes: 16384,
      points: [point(1024, [0, 0, 0]), point(4096, [1001, 200, 20])],
    });
    expect(r.atSizes.some((a) => a.mayChange)).toBe(false);
    expect(r.words).toMatch(/does not weigh what the pool holds/);
    expect(r.words).not.toMatch(/MRR on/);
  });

  it("names a real trace's index by its table and which one is clustered", () => {
    expect(indexLabel(layout, 1)).toBe("shop/orders's secondary index (id 158)");
    expect(indexLabel({ indexNames: ['lineorder/PRIMARY'], spaces: [] }, 0)).toBe('lineorder/PRIMARY');
  });

  it('says where MRR is not considered: a pool larger than the table, as MySQL 5.6+ decides it', () => {
    // sale's clustered index is 609 pages (9.5 MiB): MRR is considered in the traced 8 MiB pool only.
    const indexPages = [
      { table: 'sale', index: 'PRIMARY', leafPages: 563, sizePages: 609 },
      { table: 'sale', index: 'sa_date', leafPages: 78, sizePages: 97 },
    ];
    const steps = [
      { table: 'sa', type: 'range', key: 'sa_date', ref: null, extra: 'Using index condition; Using MRR' },
      { table: 's', type: 'eq_ref', key: 'PRIMARY', ref: 'shop.sa.sa_store', extra: '' },
    ];
    const ask = (plan: typeof steps, own: number, at: number) =>
      planAtSizes({
        server: { flavor: 'mysql', version: '8.0.31' },
        plan,
        layout,
        trace,
        ownPoolPages: own,
        mib,
        pageSizeBytes: 16384,
        indexPages,
        points: [point(own, [0, 0, 0]), point(at, [0, 0, 0])],
      });
    const lost = ask(steps, 512, 1024);
    expect(lost.atSizes.map((a) => a.mayChange)).toEqual([false, true]);
    expect(lost.atSizes[1]!.mrr).toEqual([
      'MRR on sale is not considered (its 10 MiB of data are under the pool)',
    ]);
    expect(lost.words).toMatch(/; at 16 MiB: MRR on sale is not considered/);
    // Traced at 16 MiB without MRR: at 8 MiB it may be chosen.
    const plain = steps.map((s) => ({ ...s, extra: '' }));
    const gained = ask(plain, 1024, 512);
    expect(gained.atSizes.find((a) => a.poolPages === 512)!.mrr).toEqual([
      'MRR on sale may be chosen (its 10 MiB of data are over the pool)',
    ]);
  });
});
