// Miss-ratio curves: pool sizes, SHARDS sampling by 64-page group, the knee, and the sampled curve against the full one.
import { describe, expect, it } from 'vitest';
import { kneeOf, missRatioCurves, poolSizes, rateFor, sampleTrace } from '../../../../src/shared/whatif/mrc';
import { contiguousSpace, TraceBuilder, type PageLayout } from '../../../../src/shared/whatif/trace';

const layout: PageLayout = { indexNames: ['t/PRIMARY'], spaces: [contiguousSpace(7, 20000, 0)] };

describe('poolSizes', () => {
  it('spaces the sizes evenly on a log scale, ends included', () => {
    expect(poolSizes(1000, 8000, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(poolSizes(1000, 1000, 16)).toEqual([1000]);
  });
});

describe('sampleTrace', () => {
  it('keeps or drops each 64-page group whole, near the rate asked', () => {
    const b = new TraceBuilder();
    for (let p = 0; p < 20000; p++) b.touch(0, p, p);
    const sampled = sampleTrace(b.build(), layout, 0.25);
    const groups = new Map<number, number>();
    for (const p of sampled.page) groups.set(p >> 6, (groups.get(p >> 6) ?? 0) + 1);
    // 20000 pages are 312 whole groups and one of 32 pages.
    for (const [g, n] of groups) expect(n).toBe(g === 312 ? 32 : 64);
    expect(groups.size / 313).toBeGreaterThan(0.15);
    expect(groups.size / 313).toBeLessThan(0.35);
  });

  it('never samples a pool below 1024 pages, where the old sublist would vanish', () => {
    expect(rateFor(2048, 0.1)).toBe(0.5);
    expect(rateFor(100000, 0.1)).toBe(0.1);
    expect(rateFor(512, 0.1)).toBe(1);
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
    // A 6000-page working set scanned three times: a pool of 8000 reads it once, one of 2000 every time.
    const b = new TraceBuilder();
    for (let pass = 0; pass < 3; pass++) for (let p = 0; p < 6000; p++) b.touch(0, p);
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
    const sizes = [2000, 8000];
    const variant = [{ oldBlocksTimeMs: 0, oldBlocksPct: 37 }];
    const [full] = missRatioCurves(layout, settings, steps, sizes, variant, 1);
    expect(full!.points.map((p) => p.pagesRead)).toEqual([18000, 6000]);
    const [sampled] = missRatioCurves(layout, settings, steps, sizes, variant, 0.3);
    sampled!.points.forEach((p, i) => {
      expect(Math.abs(p.missRatio - full!.points[i]!.missRatio)).toBeLessThan(0.05);
    });
  });
});
