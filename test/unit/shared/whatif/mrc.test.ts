// Miss-ratio curves: pool sizes, SHARDS sampling by 64-page group, the knee, and the sampled curve against the full one.
import { describe, expect, it } from 'vitest';
import { kneeOf, missRatioCurves, poolSizes, rateFor } from '../../../../src/shared/whatif/mrc';
import { contiguousSpace, TraceBuilder, type PageLayout } from '../../../../src/shared/whatif/trace';
import { smallPool } from '../../../support/whatif-fixture';

const layout: PageLayout = { indexNames: ['t/PRIMARY'], spaces: [contiguousSpace(7, 20000, 0)] };

describe('poolSizes', () => {
  it('spaces the sizes evenly on a log scale, ends included', () => {
    expect(poolSizes(1000, 8000, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(poolSizes(1000, 1000, 16)).toEqual([1000]);
  });
});

describe('sampling', () => {
  it('never samples a short trace', () => {
    const b = new TraceBuilder();
    for (let p = 0; p < 3; p++) b.touch(0, p);
    const settings = smallPool();
    const [c] = missRatioCurves(
      layout,
      settings,
      [{ trace: b.build(), elapsedMs: 1 }],
      [2048],
      [{ oldBlocksTimeMs: 0, oldBlocksPct: 37 }],
      0.1,
    );
    expect(c!.rate).toBe(1);
    expect(c!.points[0]!.pagesRead).toBe(3);
  });

  it('never samples a pool below 128 pages, the old sublist being scaled with the pool', () => {
    // 128 / 2048 = 0.0625 is under the rate asked; 128 / 1024 = 0.125 is over it; 128 / 100 > 1.
    expect(rateFor(2048, 0.1)).toBe(0.1);
    expect(rateFor(1024, 0.1)).toBe(0.125);
    expect(rateFor(100, 0.1)).toBe(1);
    // An explicit floor of 1024: 1024 / 2048 = 0.5.
    expect(rateFor(2048, 0.1, 1024)).toBe(0.5);
  });
});

describe('kneeOf', () => {
  it('is the first pool within 5% of the drop from the top to the floor', () => {
    const pts = [
      { poolPages: 1, pagesRead: 1000, missRatio: 0 },
      { poolPages: 2, pagesRead: 500, missRatio: 0 },
      { poolPages: 4, pagesRead: 140, missRatio: 0 },
      { poolPages: 8, pagesRead: 100, missRatio: 0 },
    ];
    // floor 100, top 1000: bound 100 + 45 = 145, first met at 4.
    expect(kneeOf(pts)).toBe(4);
    expect(kneeOf(pts.map((p) => ({ ...p, pagesRead: 7 })))).toBeNull();
  });
});

describe('missRatioCurves', () => {
  it('reads the working set once when the pool holds it, and a sampled curve stays near the full one', () => {
    // A 40000-page working set scanned three times (120,000 touches, enough to be sampled): a pool of
    // 50000 reads it once; one of 20000 keeps at most 20000 pages from one pass to the next, so it
    // reads at least 40000 + 2 × 20000.
    const big: PageLayout = { indexNames: ['t/PRIMARY'], spaces: [contiguousSpace(7, 40000, 0)] };
    const b = new TraceBuilder();
    for (let pass = 0; pass < 3; pass++) for (let p = 0; p < 40000; p++) b.touch(0, p);
    const trace = b.build();
    const settings = {
      poolPages: 1000,
      instances: 1,
      oldBlocksPct: 37,
      oldBlocksTimeMs: 0,
      readAheadThreshold: 0,
      flavor: 'mysql' as const,
    };
    const steps = [{ trace, elapsedMs: 3000 }];
    const sizes = [20000, 50000];
    const variant = [{ oldBlocksTimeMs: 0, oldBlocksPct: 37 }];
    const [full] = missRatioCurves(big, settings, steps, sizes, variant, 1);
    expect(full!.points[1]!.pagesRead).toBe(40000);
    expect(full!.points[0]!.pagesRead).toBeGreaterThanOrEqual(80000);
    expect(full!.points[0]!.pagesRead).toBeLessThanOrEqual(120000);
    const [sampled] = missRatioCurves(big, settings, steps, sizes, variant, 0.3);
    expect(sampled!.rate).toBe(0.3);
    sampled!.points.forEach((p, i) => {
      expect(Math.abs(p.missRatio - full!.points[i]!.missRatio)).toBeLessThan(0.05);
    });
  });

  it('keeps a hot set young in a sampled 512-page pool, as the full pool does', () => {
    // 400 hot pages (every 150th of 0..59999) touched twice 2 s apart, then 3000 pages scanned within
    // one millisecond (every 20th of 60000..119999), 30 rounds 10 s apart: 102,000 touches, with
    // old_blocks_time 1000. In a 1000-page pool the first scan pushes the hot set out (read first, it
    // is at the tail); in round 2 it is read again and made young by its second touch, and the scans
    // pass through the old sublist: at most 2 × 3400 + 28 × 3000 = 90,800 reads (fewer: the young
    // sublist's 630 places keep up to 230 scanned pages the scans never evict), at least
    // 400 + 30 × (3000 − 630) = 71,500. Without an old sublist (plain LRU) each round's scan would push
    // the hot set out: 30 × 3400 = 102,000 reads, a miss ratio of 1. Asked for 0.5, the rate is the
    // floor's 512 / 1000: a 512-page pool, whose LRU falls under InnoDB's 512-page minimum at its first
    // eviction; only the minimum scaled with it (262) keeps the old sublist and the curve near the full one.
    const big: PageLayout = { indexNames: ['t/PRIMARY'], spaces: [contiguousSpace(7, 120000, 0)] };
    const b = new TraceBuilder();
    for (let round = 0; round < 30; round++) {
      const t = round * 10000;
      for (let twice = 0; twice < 2; twice++)
        for (let p = 0; p < 60000; p += 150) b.touch(0, p, t + twice * 2000);
      for (let p = 60000; p < 120000; p += 20) b.touch(0, p, t + 3000);
    }
    const settings = {
      poolPages: 1000,
      instances: 1,
      oldBlocksPct: 37,
      oldBlocksTimeMs: 1000,
      readAheadThreshold: 0,
      flavor: 'mysql' as const,
    };
    const steps = [{ trace: b.build(), elapsedMs: 300000 }];
    const variant = [{ oldBlocksTimeMs: 1000, oldBlocksPct: 37 }];
    const [full] = missRatioCurves(big, settings, steps, [1000], variant, 1);
    expect(full!.points[0]!.pagesRead).toBeLessThanOrEqual(90800);
    expect(full!.points[0]!.pagesRead).toBeGreaterThanOrEqual(71500);
    const [sampled] = missRatioCurves(big, settings, steps, [1000], variant, 0.5);
    expect(sampled!.rate).toBe(0.5);
    expect(Math.abs(sampled!.points[0]!.missRatio - full!.points[0]!.missRatio)).toBeLessThan(0.04);
  });
});
