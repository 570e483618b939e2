// The curve's sample: systematic by touches, small spaces by page, large ones by whole group, each kept touch at its full-trace time.
import { describe, expect, it } from 'vitest';
import { missRatioCurves } from '../../../../src/shared/whatif/mrc';
import { replaySteps } from '../../../../src/shared/whatif/replay';
import { keptAt, replaySampled, SampledSteps } from '../../../../src/shared/whatif/sampled-steps';
import {
  contiguousSpace,
  FOREIGN_PAGE,
  TraceBuilder,
  type PageLayout,
} from '../../../../src/shared/whatif/trace';
import { smallPool } from '../../../support/whatif-fixture';

describe('keptAt', () => {
  it('keeps every 1/rate-th rank from half a step in: exactly round(rate × units)', () => {
    const kept = (n: number, rate: number) => [...Array(n).keys()].filter((k) => keptAt(k, rate));
    // 0.1 × (k + 1) + 0.5 reaches the next whole number at k = 4, 14, 24, …
    expect(kept(100, 0.1)).toEqual([4, 14, 24, 34, 44, 54, 64, 74, 84, 94]);
    // 0.25: at k = 1, 5, 9, 13, 17.
    expect(kept(20, 0.25)).toEqual([1, 5, 9, 13, 17]);
    expect(kept(1000, 0.125)).toHaveLength(125);
    expect(kept(7, 1)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(keptAt(-1, 1)).toBe(false);
  });
});

describe('SampledSteps', () => {
  // Space 0: 100 groups of 64 pages (100 × 0.25 = 25 groups, over 16: by group); space 1: 20 pages,
  // one group (by page). Page p of space 1 is touched p + 1 times, so its rank is 19 − p.
  const layout: PageLayout = {
    indexNames: ['big/PRIMARY', 'small/PRIMARY'],
    spaces: [contiguousSpace(1, 6400, 0), contiguousSpace(2, 20, 1)],
  };
  const b = new TraceBuilder();
  for (let p = 0; p < 6400; p++) for (let k = 0; k <= p % 64; k++) b.touch(0, p);
  for (let p = 0; p < 20; p++) for (let k = 0; k <= p; k++) b.touch(1, p);
  const trace = b.build();
  const steps = [
    { trace, elapsedMs: 1000 },
    { trace, elapsedMs: 1000, gapMs: 5 },
  ];

  it('samples a small space page by page, a cross-section of its light and heavy pages', () => {
    const [step] = new SampledSteps(layout, steps).at(0.25).steps;
    const pages = new Set<number>();
    for (let i = 0; i < step!.trace.length; i++)
      if (step!.trace.space[i] === 1) pages.add(step!.trace.page[i]!);
    // Ranks 1, 5, 9, 13, 17 (keptAt) are pages 18, 14, 10, 6, 2.
    expect([...pages].sort((x, y) => x - y)).toEqual([2, 6, 10, 14, 18]);
  });

  it('samples a large space by whole 64-page groups, 25 of its 100, each with every touch', () => {
    const [step] = new SampledSteps(layout, steps).at(0.25).steps;
    const perGroup = new Map<number, number>();
    for (let i = 0; i < step!.trace.length; i++) {
      if (step!.trace.space[i] !== 0) continue;
      const g = step!.trace.page[i]! >> 6;
      perGroup.set(g, (perGroup.get(g) ?? 0) + 1);
    }
    expect(perGroup.size).toBe(25);
    // Every group has the same touches here (1 + 2 + … + 64 = 2080), all of them kept.
    for (const n of perGroup.values()) expect(n).toBe(2080);
  });

  it('keeps each touch at its time in the full trace, one sampled trace for a hot run’s two steps', () => {
    const sampled = new SampledSteps(layout, steps);
    const [first, second] = sampled.at(0.25).steps;
    expect(second!.trace).toBe(first!.trace);
    expect(second!.gapMs).toBe(5);
    expect(sampled.at(0.25).steps[0]).toBe(first);
    // The small space's first kept touch is page 2's first: after 6400 pages' 6400 × 32.5 = 208,000
    // touches and pages 0-1's 3; the full trace has 208,210.
    const t = first!.trace;
    const i = [...t.space].indexOf(1);
    expect(t.page[i]).toBe(2);
    expect(t.atMs[i]).toBeCloseTo((1000 * 208003) / trace.length, 9);
    expect(trace.length).toBe(208210);
  });

  it('weighs a kept page by its space’s touched units over its kept ones, not 1 / rate', () => {
    const sampled = new SampledSteps(layout, steps);
    expect([...sampled.at(0.25).weight]).toEqual([4, 4]);
    // At 0.125, 12.5 groups are under 16: space 0 by page too, 800 of 6400; space 1 keeps ranks 3, 11
    // and 19: 3 pages of 20 (2.5 asked), each standing for 20 / 3.
    const w = sampled.at(0.125).weight;
    expect(w[0]).toBe(8);
    expect(w[1]).toBeCloseTo(20 / 3, 12);
  });

  it('replays a sample of everything as the full replay does', () => {
    const settings = {
      poolPages: 3000,
      instances: 1,
      oldBlocksPct: 37,
      oldBlocksTimeMs: 1000,
      readAheadThreshold: 56,
      flavor: 'mysql' as const,
    };
    const prepared = new SampledSteps(layout, steps);
    const { counters } = replaySteps(layout, settings, steps);
    expect(replaySampled(layout, settings, prepared.at(1), prepared).syncReads).toBe(counters[1]!.syncReads);
    expect(counters[1]!.syncReads).toBeGreaterThan(0);
  });

  it('replays a sample of everything from a start pool as the full replay does, foreign pages too', () => {
    const settings = {
      poolPages: 3000,
      instances: 1,
      oldBlocksPct: 37,
      oldBlocksTimeMs: 1000,
      readAheadThreshold: 56,
      flavor: 'mysql' as const,
    };
    // Tail first: 50 pages of no traced space, then space 0's pages 0..1999 and space 1's 20 pages.
    const n = 50 + 2000 + 20;
    const start = {
      space: Int32Array.from({ length: n }, (_, i) => (i < 50 ? FOREIGN_PAGE : i < 2050 ? 0 : 1)),
      page: Uint32Array.from({ length: n }, (_, i) => (i < 50 ? 0 : i < 2050 ? i - 50 : i - 2050)),
      length: n,
    };
    const prepared = new SampledSteps(layout, steps);
    const { counters } = replaySteps(layout, settings, steps, start);
    const sampled = replaySampled(layout, settings, prepared.at(1), prepared, start);
    expect(sampled.syncReads).toBe(counters[1]!.syncReads);
    expect(sampled.readAhead).toBe(counters[1]!.readAhead);
  });
});

describe('a sampled curve with small hot tables', () => {
  it('stays within 0.02 of the full simulation at 10%, as flight 3 needs', () => {
    // Flight 3's shape: per row, a page of a 20,000-page fact table (random), then one of a 24-page
    // (one group) and one of a 400-page (seven groups) dimension, the larger one skewed to its first
    // pages. By group, a 10% sample holds each dimension whole or not at all; by hash it held neither,
    // and the sampled pools had the dimensions' room for the fact table: their misses went missing.
    const layout: PageLayout = {
      indexNames: ['fact/PRIMARY', 'd1/PRIMARY', 'd2/PRIMARY'],
      spaces: [contiguousSpace(1, 20000, 0), contiguousSpace(2, 24, 1), contiguousSpace(3, 400, 2)],
    };
    const b = new TraceBuilder();
    let x = 12345;
    const rand = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296;
    for (let row = 0; row < 120000; row++) {
      b.touch(0, Math.floor(rand() * 20000));
      b.touch(1, Math.floor(rand() * 24));
      b.touch(2, Math.floor(rand() * rand() * 400));
    }
    const steps = [{ trace: b.build(), elapsedMs: 4000 }];
    const settings = smallPool();
    const sizes = [1280, 2560, 5120, 10240];
    const variants = [
      { oldBlocksTimeMs: 0, oldBlocksPct: 37 },
      { oldBlocksTimeMs: 1000, oldBlocksPct: 37 },
    ];
    const full = missRatioCurves(layout, settings, steps, sizes, variants, 1);
    const sampled = missRatioCurves(layout, settings, steps, sizes, variants, 0.1);
    sampled.forEach((c, v) => {
      expect(c.rate).toBe(0.1);
      c.points.forEach((p, i) =>
        expect(Math.abs(p.missRatio - full[v]!.points[i]!.missRatio)).toBeLessThan(0.02),
      );
    });
  });
});
