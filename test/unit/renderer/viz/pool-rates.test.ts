import { describe, expect, it } from 'vitest';
import { poolRates } from '../../../../src/renderer/lib/viz/pool-rates';
import { pool, statsAt } from './samples';

describe('poolRates', () => {
  it('turns successive cumulative counters into per-second rates, summed over the pool instances', () => {
    const points = poolRates([
      statsAt(0, [
        pool(0, { pagesMadeYoung: 100, pagesRead: 1000 }),
        pool(1, { pagesMadeYoung: 50, pagesRead: 500 }),
      ]),
      statsAt(500, [
        pool(0, { pagesMadeYoung: 300, pagesNotMadeYoung: 40, pagesRead: 1600, readAhead: 64 }),
        pool(1, { pagesMadeYoung: 150, pagesNotMadeYoung: 10, pagesRead: 900, readAhead: 64 }),
      ]),
      statsAt(1500, [
        pool(0, { pagesMadeYoung: 300, pagesNotMadeYoung: 40, pagesRead: 1700, readAhead: 64 }),
        pool(1, { pagesMadeYoung: 150, pagesNotMadeYoung: 10, pagesRead: 900, readAhead: 64 }),
      ]),
    ]);
    expect(points).toEqual([
      { t: 0.5, madeYoung: 600, notMadeYoung: 100, pagesRead: 2000, readAhead: 256 },
      { t: 1.5, madeYoung: 0, notMadeYoung: 0, pagesRead: 100, readAhead: 0 },
    ]);
  });

  it('matches pools by id, not by position', () => {
    const points = poolRates([
      statsAt(0, [pool(0, { pagesRead: 10 }), pool(1, { pagesRead: 1000 })]),
      statsAt(1000, [pool(1, { pagesRead: 1001 }), pool(0, { pagesRead: 20 })]),
    ]);
    expect(points[0]!.pagesRead).toBe(11);
  });

  it('gives no point where a counter went down (a restart) or time did not move', () => {
    expect(
      poolRates([statsAt(0, [pool(0, { pagesRead: 5000 })]), statsAt(1000, [pool(0, { pagesRead: 30 })])]),
    ).toEqual([]);
    expect(poolRates([statsAt(1000, [pool(0, {})]), statsAt(1000, [pool(0, { pagesRead: 1 })])])).toEqual([]);
    expect(poolRates([statsAt(0, [pool(0, {})])])).toEqual([]);
  });
});
