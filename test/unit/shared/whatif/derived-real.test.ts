/**
 * A traced run's what-if, derived against real: the two curves at the run's own old-blocks setting on
 * one pool-size axis, each knee, and one line saying how far apart they are at the run's own pool.
 */
import { describe, expect, it } from 'vitest';
import { derivedAgainstReal } from '../../../../src/shared/whatif/derived-real';
import type { WhatIfReport } from '../../../../src/shared/whatif/what-if';
import { curve, otherSizes } from '../../../support/whatif-fixture';

const report = (simulatedPagesRead: number, curves: WhatIfReport['curves']): WhatIfReport => ({
  queryId: 'Q1.1',
  variant: 'base',
  server: 'mysql 8.0.31',
  hot: false,
  pageSizeBytes: 16384,
  simulatedPagesRead,
  measuredPagesRead: 1000,
  planMismatch: null,
  own: { simulatedReadAhead: 0, measuredReadAhead: 0, madeYoung: 0, notMadeYoung: 0, readAheadEvicted: 0 },
  curves,
  ...otherSizes(),
  assumptions: [],
  ownPoolPages: 1024,
  ownVariant: { oldBlocksTimeMs: 1000, oldBlocksPct: 37 },
});

describe('derivedAgainstReal', () => {
  it("draws the two curves at the run's own setting and says how far apart they are at its pool", () => {
    const derived = report(950, [
      curve(0, [[1024, 5, 0]], null),
      curve(
        1000,
        [
          [1024, 950, 0.1],
          [4608, 40, 0.01],
        ],
        4608,
      ),
    ]);
    const real = report(1000, [
      curve(
        1000,
        [
          [1024, 1000, 0.1],
          [4608, 50, 0.01],
        ],
        null,
      ),
    ]);
    const m = derivedAgainstReal(derived, real);
    // 1024 pages of 16 KiB are 16 MiB; 4608 are 72 MiB. The old_blocks_time 0 curve is not the run's.
    expect(m.chart.rows).toEqual([
      { mib: 16, derived: 950, real: 1000 },
      { mib: 72, derived: 40, real: 50 },
    ]);
    expect(m.chart.series).toEqual([
      { key: 'derived', label: 'derived from the SSB plan', kneeMib: 72 },
      { key: 'real', label: "the server's own page trace", kneeMib: null },
    ]);
    expect(m.chart.ownMib).toBe(16);
    expect(m.line).toBe(
      "At this run's own pool (16 MiB): the derived trace replays 950 pages read, the real trace 1,000 (the derived is 5.00% below the real); the run measured 1,000.",
    );
  });

  it('says when they agree, and when the derived reads more', () => {
    const same = derivedAgainstReal(report(1000, []), report(1000, []));
    expect(same.line).toContain('1,000 (the same)');
    expect(derivedAgainstReal(report(1300, []), report(1000, [])).line).toContain(
      '(the derived is 30.0% above the real)',
    );
  });
});
