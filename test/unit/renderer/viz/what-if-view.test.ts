// The what-if panel's view-model: curves to one row per pool size with a column per setting, knees in MiB, the table's words.
import { describe, expect, it } from 'vitest';
import { whatIfChart, whatIfRows } from '../../../../src/renderer/lib/viz/what-if';
import type { WhatIfReport } from '../../../../src/shared/whatif/what-if';

const report: WhatIfReport = {
  queryId: 'Q3.1',
  variant: 'base',
  server: 'mysql 8.0.31',
  hot: false,
  pageSizeBytes: 16384,
  simulatedPagesRead: 88926,
  measuredPagesRead: 89041,
  own: {
    simulatedReadAhead: 1451,
    measuredReadAhead: 1397,
    madeYoung: 1,
    notMadeYoung: 348172,
    readAheadEvicted: 680,
  },
  curves: [
    {
      variant: { oldBlocksTimeMs: 0, oldBlocksPct: 37 },
      points: [
        { poolPages: 1024, pagesRead: 102024, missRatio: 0.1 },
        { poolPages: 4608, pagesRead: 4104, missRatio: 0.004 },
      ],
      kneePoolPages: 4608,
      rate: 0.1,
      errorVsFull: 0.0037,
    },
    {
      variant: { oldBlocksTimeMs: 1000, oldBlocksPct: 37 },
      points: [
        { poolPages: 1024, pagesRead: 94997, missRatio: 0.09 },
        { poolPages: 4608, pagesRead: 4104, missRatio: 0.004 },
      ],
      kneePoolPages: null,
      rate: 0.1,
      errorVsFull: null,
    },
  ],
  optimisticAbovePoolPages: 1024,
  assumptions: [],
};

describe('whatIfChart', () => {
  it('lays the curves out by pool size in MiB, one column per setting, with each knee', () => {
    const m = whatIfChart(report);
    // 1024 pages of 16 KiB are 16 MiB; 4608 are 72 MiB.
    expect(m.rows).toEqual([
      { mib: 16, s0: 102024, s1: 94997 },
      { mib: 72, s0: 4104, s1: 4104 },
    ]);
    expect(m.series).toEqual([
      { key: 's0', label: 'old_blocks_time 0, pct 37', kneeMib: 72 },
      { key: 's1', label: 'old_blocks_time 1000, pct 37', kneeMib: null },
    ]);
  });
});

describe('whatIfRows', () => {
  it('puts simulated beside measured with the error, and each curve its sampling error', () => {
    const rows = whatIfRows(report);
    expect(rows.find((r) => r.testId === 'whatif-error')?.value).toBe('-0.1%');
    expect(rows.find((r) => r.testId === 'whatif-measured')?.value).toMatch(/89.041/);
    expect(rows.at(-1)?.value).toMatch(/sampled at 10.0%; largest miss-ratio error vs full simulation —/);
    expect(
      whatIfRows({ ...report, measuredPagesRead: null }).find((r) => r.testId === 'whatif-measured')?.value,
    ).toBe('not recorded');
  });

  it("says how far the curves hold: to the run's own pool when the adaptive hash index was on, everywhere when off", () => {
    expect(whatIfRows(report).find((r) => r.testId === 'whatif-valid-up-to')?.value).toMatch(
      /^16 MiB, the run's own pool; above it they are optimistic/,
    );
    expect(
      whatIfRows({ ...report, optimisticAbovePoolPages: null }).find((r) => r.testId === 'whatif-valid-up-to')
        ?.value,
    ).toMatch(/every size/);
  });
});
