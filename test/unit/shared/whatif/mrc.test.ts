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

  it('never samples a short trace', () => {
    const b = new TraceBuilder();
    for (let p = 0; p < 3; p++) b.touch(0, p);
    const settings = {
      poolPages: 2048,
      instances: 1,
      oldBlocksPct: 37,
      oldBlocksTimeMs: 0,
      readAheadThreshold: 0,
      flavor: 'mysql' as const,
    };
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
});
