import { describe, expect, it } from 'vitest';
import { poolRates, restampLegacyStats } from '../../../../src/renderer/lib/viz/pool-rates';
import { composition, pool, statsAt } from './samples';

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

  it('divides by the measured interval when a sample waited for a full snapshot: marked, not a spike', () => {
    // 73k pages/s throughout. The third poll began at 500 ms but walked the LRU for 1000 ms first, so
    // its stats response was read at 1500 ms holding 1000 ms more pages.
    const points = poolRates([
      statsAt(0, [pool(0, { pagesRead: 0 })]),
      statsAt(250, [pool(0, { pagesRead: 18_250 })]),
      { atMs: 1500, afterSnapshotMs: 1000, pools: [pool(0, { pagesRead: 109_500 })] },
      statsAt(1750, [pool(0, { pagesRead: 127_750 })]),
    ]);
    expect(points.map((p) => p.pagesRead)).toEqual([73_000, 73_000, 73_000]);
    expect(points.map((p) => p.afterSnapshotMs)).toEqual([undefined, 1000, undefined]);
    // Stamped when the poll began (the old way), the same counters gave 5× the true rate.
    const stampedAtStart = poolRates([
      statsAt(250, [pool(0, { pagesRead: 18_250 })]),
      statsAt(500, [pool(0, { pagesRead: 109_500 })]),
    ]);
    expect(stampedAtStart[0]!.pagesRead).toBe(365_000);
  });

  it('restamps samples saved before response times: the poll with a full snapshot read its stats after it', () => {
    const saved = [
      statsAt(250, [pool(0, { pagesRead: 18_250 })]),
      statsAt(500, [pool(0, { pagesRead: 109_500 })]),
      statsAt(1750, [pool(0, { pagesRead: 127_750 })]),
    ];
    const restamped = restampLegacyStats(saved, [{ ...composition(500, []), costMs: 1000 }]);
    expect(restamped.map((s) => [s.atMs, s.afterSnapshotMs])).toEqual([
      [250, undefined],
      [1500, 1000],
      [1750, undefined],
    ]);
    expect(poolRates(restamped).map((p) => p.pagesRead)).toEqual([73_000, 73_000]);
    // A file that already carries response times is left as it is.
    const current = [{ ...saved[1]!, afterSnapshotMs: 0 }];
    expect(restampLegacyStats(current, [composition(500, [])])).toEqual(current);
  });
});
