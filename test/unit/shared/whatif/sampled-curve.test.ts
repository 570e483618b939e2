// The sampled curve against the full simulation on a synthetic traced run shaped like an analytical
// join (test/support/synthetic-trace.ts): the error bench:whatif-speed states, at a size a unit test runs.
import { describe, expect, it } from 'vitest';
import { curveError, curveRate, missRatioCurves, poolSizes } from '../../../../src/shared/whatif/mrc';
import type { SimulatorSettings } from '../../../../src/shared/whatif/pool-model';
import { syntheticRun } from '../../../support/synthetic-trace';

const settings: SimulatorSettings = {
  poolPages: 1024,
  instances: 1,
  oldBlocksPct: 37,
  oldBlocksTimeMs: 1000,
  readAheadThreshold: 56,
  flavor: 'mysql',
};

describe('a sampled curve of a scan joined to two B-trees', () => {
  for (const skew of ['pareto', 'uniform'] as const)
    it(`stays within 4% of the full simulation, sampled at 10% (${skew} keys)`, () => {
      // 1.5 million requests: a 12,000-page fact table scanned twice, lookups into 2,000- and
      // 20,000-leaf dimensions. 8 pool sizes from 1,024 pages to all the data. Before the hot first
      // group of each dimension (its B-tree's root and internal pages) was sampled by page, uniform
      // keys read 10% too few at 1,024 pages.
      const run = syntheticRun(1_500_000, { factPages: 12_000, skew });
      const steps = [{ trace: run.trace, elapsedMs: run.elapsedMs, timed: true }];
      const whole = run.layout.spaces.reduce((n, s) => n + s.sizePages, 0);
      const sizes = poolSizes(1024, Math.ceil(whole * 1.1), 8);
      const variants = [{ oldBlocksTimeMs: 1000, oldBlocksPct: 37 }];
      const [full] = missRatioCurves(run.layout, settings, steps, sizes, variants, 1);
      const [sampled] = missRatioCurves(run.layout, settings, steps, sizes, variants, 0.1);
      expect(sampled!.rate).toBe(0.1);
      expect(curveError(sampled!, full!)).toBeLessThan(0.01);
      sampled!.points.forEach((p, i) => {
        const f = full!.points[i]!.pagesRead;
        expect(Math.abs(p.pagesRead - f)).toBeLessThanOrEqual(0.04 * f);
      });
    }, 120_000);
});

describe('curveRate', () => {
  it('simulates whole what the budget holds, and samples a 10-million-request run at 15%', () => {
    expect(curveRate(1_000_000, 16, 0.1)).toBe(1);
    expect(curveRate(2_000_000, 16, 0.1)).toBe(0.75);
    expect(curveRate(10_000_000, 16, 0.1)).toBe(0.15);
    expect(curveRate(100_000_000, 16, 0.1)).toBe(0.1);
    expect(curveRate(50_000, 16, 0.1)).toBe(1);
  });
});
