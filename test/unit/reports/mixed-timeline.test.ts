/**
 * The mixed preset's one time axis (shared/compare/mixed-timeline.ts): seconds at their middle, scans
 * as bands in seconds, pages per index with PRIMARY first, and the headline's figures worked out by
 * hand from small sides (p99 during scans as the median of the per-second p99s inside a scan).
 */
import { describe, expect, it } from 'vitest';
import { mixedComparison, sideTimeline } from '../../../src/shared/compare/mixed-timeline';
import { result, side } from './mixed-fixture';

describe('the mixed timeline', () => {
  it('puts seconds at their middle, the scan as a band, and PRIMARY before k_1, all in seconds', () => {
    const v = sideTimeline(side(0, [1, 1, 5, 7, 1, 1], [2000, 4000], [100, 100, 80, 40, 60, 100]), 512);
    expect(v.load.map((x) => x.t)).toEqual([0.5, 1.5, 2.5, 3.5, 4.5, 5.5]);
    expect(v.scans).toEqual([{ label: 'Q1.1', from: 2, to: 4, failed: false }]);
    expect(v.indexes).toEqual(['PRIMARY', 'k_1']);
    expect(v.pages[3]).toEqual({ t: 3, byIndex: { k_1: 10, PRIMARY: 30 } });
    expect(v.domain).toEqual([0, 6]);
  });

  it('sums up the seconds inside the scan apart from the rest', () => {
    const v = sideTimeline(side(0, [1, 2, 5, 7, 1, 1], [2000, 4000], [100, 100, 80, 40, 60, 100]), 512);
    expect(v.summary.p99During).toBe(6); // median of 5 and 7
    expect(v.summary.p99Outside).toBe(1); // median of 1, 2, 1, 1
    expect(v.summary.qpsDuring).toBe(102.5); // 102 and 103
    expect(v.summary.qpsOutside).toBe((100 + 101 + 104 + 105) / 4);
    expect(v.summary.scanSeconds).toBe(2);
    expect(v.summary.pagesBefore).toBe(80); // the snapshot at 2.0 s, the scan's start
    expect(v.summary.pagesLeast).toBe(40);
  });

  it('leaves a failed scan out of the scans time, and says n/a where nothing was measured', () => {
    const x = side(0, [], [1000, 3000], []);
    x.queries[0]!.error = 'killed';
    const v = sideTimeline(x, 512);
    expect(v.summary.scanSeconds).toBe(0);
    expect(v.summary.p99During).toBeNull();
    expect(v.summary.pagesBefore).toBeNull();
    expect(v.scans[0]!.failed).toBe(true);
  });

  it('compares 1000 against 0 in the headline, whatever their order, on one shared span', () => {
    const zero = side(0, [1, 1, 4, 4, 1, 1], [2000, 4000], [100, 100, 100, 20, 50, 100]);
    const thousand = side(1000, [1, 1, 2, 2, 1, 1], [2000, 5000], [100, 100, 100, 90, 95, 100]);
    thousand.load.toMs = 9000;
    const c = mixedComparison(result([thousand, zero]));
    expect(c.headline).toBe(
      "With old_blocks_time=1000 the point selects' p99 during scans is 2.00 ms against 4.00 ms at 0; " +
        'the scans take 50% longer (3.00 s against 2.00 s); sbtest1 keeps 90% of its pages through the scans against 20%.',
    );
    expect(c.sides.map((s) => s.domain)).toEqual([
      [0, 9],
      [0, 9],
    ]);
    expect(c.rows.map((r) => r.label)).toEqual(['old_blocks_time = 1000', 'old_blocks_time = 0']);
    expect(c.rows[1]!.cells).toEqual(['4.00 ms', '1.00 ms', '103', '103', '2.00 s', '20%']);
  });

  it('counts the first snapshot after the scans when none fell inside them, and says less time in words', () => {
    const slow = side(0, [1, 1, 4, 4, 1, 1], [2000, 4000], []);
    slow.pages = [1000, 5000].map((atMs, i) => ({
      atMs,
      indexes: { PRIMARY: [100, 30][i]! },
      databasePages: 500,
      freePages: null,
    }));
    expect(sideTimeline(slow, 512).summary).toMatchObject({ pagesBefore: 100, pagesLeast: 30 });
    const fast = side(1000, [1, 1, 2, 2, 1, 1], [2000, 3000], []);
    expect(mixedComparison(result([slow, fast])).headline).toContain(
      'the scans take 50% less time (1.00 s against 2.00 s)',
    );
  });

  it('says one side in words without a comparison', () => {
    const c = mixedComparison(result([side(0, [1, 1, 3, 3, 1, 1], [2000, 4000], [])]));
    expect(c.headline).toBe(
      "With old_blocks_time=0 the point selects' p99 is 3.00 ms during scans against 1.00 ms without; the scans take 2.00 s.",
    );
    expect(mixedComparison(result([])).headline).toBe('No side was measured.');
  });
});
