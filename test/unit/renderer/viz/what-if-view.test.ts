// The what-if panel's view-model: curves to one row per pool size with a column per setting, knees in MiB, the table's words.
import { describe, expect, it } from 'vitest';
import {
  sideCurveRows,
  uniqueAssumptions,
  whatIfAnswer,
  whatIfRows,
} from '../../../../src/renderer/lib/viz/what-if';
import { whatIfChart } from '../../../../src/shared/whatif/curve-view';
import type { WhatIfReport } from '../../../../src/shared/whatif/what-if';
import { curveTrust } from '../../../../src/shared/whatif/size-accuracy';
import { curve, otherSizes, sideCurves } from '../../../support/whatif-fixture';

const report: WhatIfReport = {
  queryId: 'Q3.1',
  variant: 'base',
  server: 'mysql 8.0.31',
  hot: false,
  pageSizeBytes: 16384,
  simulatedPagesRead: 88926,
  measuredPagesRead: 89041,
  planMismatch: null,
  own: {
    simulatedReadAhead: 1451,
    measuredReadAhead: 1397,
    madeYoung: 1,
    notMadeYoung: 348172,
    readAheadEvicted: 680,
  },
  curves: [
    curve(
      0,
      [
        [1024, 102024, 0.1],
        [4608, 4104, 0.004],
      ],
      4608,
      0.0037,
    ),
    curve(
      1000,
      [
        [1024, 94997, 0.09],
        [4608, 4104, 0.004],
      ],
      null,
    ),
  ],
  ...otherSizes(),
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
    // The run's own pool is marked when the report says it.
    expect(m.ownMib).toBeNull();
    expect(whatIfChart({ ...report, ownPoolPages: 1024 }).ownMib).toBe(16);
  });
});

describe('whatIfAnswer: the panel says its answer first, in words', () => {
  const own = { ...report, ownPoolPages: 1024, ownVariant: { oldBlocksTimeMs: 0, oldBlocksPct: 37 } };

  // The benchmark's table as it will read once run: other sizes checked at 0.5×–2× the traced size.
  const checked = curveTrust({
    measuredOn: '2026-12-04',
    command: 'npm run bench -- whatif-sizes',
    workloads: ['point select'],
    servers: ['mysql 8.0.31'],
    loadAverage: '0.9',
    rows: [
      { multiple: 0.5, pass: 'cold', points: 4, within: 4, worstPct: 6, planChanged: 0 },
      { multiple: 2, pass: 'cold', points: 4, within: 4, worstPct: 8, planChanged: 0 },
    ],
  });

  it('never says the working set fits at a size no real run has checked the curve at', () => {
    // The knee at 72 MiB, 4.5× the run's own 16 MiB: not checked before the benchmark, nor within 0.5×–2×.
    const unchecked = curveTrust({
      measuredOn: null,
      command: null,
      workloads: [],
      servers: [],
      loadAverage: null,
      rows: [],
    });
    for (const trust of [unchecked, checked]) {
      const { answer } = whatIfAnswer({ ...own, trust });
      expect(answer).not.toMatch(/fits from/);
      expect(answer).toMatch(
        /^The curve drops to 4,104 pages read at 72 MiB \(old_blocks_time 0, pct 37\), a size no real run has checked the curve at \(.*\), so the working set may need another size; this run's own 16 MiB pool reads 88,926 \(simulated\)\.$/,
      );
    }
    expect(whatIfAnswer({ ...own, trust: checked }).answer).toContain('checked at 0.5×–2× the traced size');
  });

  it("says where the working set fits in Compare's words where the curve is checked, and explains the cold floor", () => {
    // Checked up to 8× the traced 16 MiB: the knee at 72 MiB is inside.
    const wide = curveTrust({
      measuredOn: '2026-12-04',
      command: null,
      workloads: ['a'],
      servers: ['mysql 8.0.31'],
      loadAverage: null,
      rows: [
        { multiple: 8, pass: 'cold', points: 2, within: 2, worstPct: 3, planChanged: 0 },
        { multiple: 0.5, pass: 'cold', points: 2, within: 2, worstPct: 3, planChanged: 0 },
      ],
    });
    const { answer, floor } = whatIfAnswer({ ...own, trust: wide });
    expect(answer).toBe(
      "The working set fits from 72 MiB: 4,104 pages read (old_blocks_time 0, pct 37); this run's own 16 MiB pool reads 88,926 (simulated).",
    );
    // The same words as Compare's side rows.
    expect(answer.toLowerCase()).toContain('the working set fits from 72 mib');
    expect(floor).toBe(
      'From 72 MiB up the curve stays near 4,104 pages: the cold floor, each page the query needs read once into an empty pool. No pool size reads fewer on a cold start.',
    );
  });

  it('says there is no knee when the pages read do not drop, and that a pool past the knee holds it', () => {
    const flat = { ...own, ownVariant: { oldBlocksTimeMs: 1000, oldBlocksPct: 37 } };
    expect(whatIfAnswer(flat).answer).toMatch(
      /^No knee \(old_blocks_time 1000, pct 37\): the pages read do not drop between 16 MiB and 72 MiB/,
    );
    // The knee at the run's own 72 MiB (4,608 pages) is checked by the run itself.
    expect(whatIfAnswer({ ...own, ownPoolPages: 4608 }).answer).toMatch(/^The working set fits from 72 MiB/);
    expect(whatIfAnswer({ ...own, ownPoolPages: 8192 }).answer).toMatch(
      /this run's own 128 MiB pool holds it\.$/,
    );
  });

  it('says the assumptions once on Compare: each item once across the sides', () => {
    expect(uniqueAssumptions([['a', 'b'], ['b', 'c'], ['a']])).toEqual(['a', 'b', 'c']);
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
    // A run that did not run its recorded plan: the error says why it is not the simulator's.
    expect(
      whatIfRows({ ...report, planMismatch: 'EXPLAIN recorded dim_date read in full, …' }).find(
        (r) => r.testId === 'whatif-error',
      )?.value,
    ).toBe('not comparable: EXPLAIN recorded dim_date read in full, …');
  });

  it('says how far other sizes can be trusted in the benchmark’s words, what was not traced, and the plan', () => {
    const rows = whatIfRows(report);
    // The benchmark's words as the report holds them, not the view's own.
    expect(rows.find((r) => r.testId === 'whatif-trust')?.value).toBe(curveTrust().words);
    expect(rows.find((r) => r.testId === 'whatif-uncertainty')).toBeUndefined();
    expect(rows.find((r) => r.testId === 'whatif-plan')?.value).toBe('Every point assumes it.');
    const untraced = whatIfRows({
      ...report,
      uncertainty: { pages: 1234, why: ['Q1 at 10:00 was not traced: it read 1234 page(s)'] },
    });
    expect(untraced.find((r) => r.testId === 'whatif-uncertainty')?.value).toBe(
      'points at other sizes can move by up to about 1,234 pages: Q1 at 10:00 was not traced: it read 1234 page(s)',
    );
  });
});

describe('whatIfChart in time', () => {
  it('turns each point into estimated ms from the time model', () => {
    // 800 ms kept, 8 ms a read: 102024 reads → 800 + 816192 = 816992 ms; 4104 → 800 + 32832 = 33632.
    const m = whatIfChart(report, { baseMs: 800, msPerRead: 8, how: '' });
    expect(m.unit).toBe('ms');
    expect(m.rows[0]).toEqual({ mib: 16, s0: 816992, s1: 760776 });
    expect(m.rows[1]).toEqual({ mib: 72, s0: 33632, s1: 33632 });
    expect(whatIfChart(report).unit).toBe('pages');
  });
});

describe('sideCurveRows', () => {
  const side = sideCurves({
    ownPoolPages: 4608,
    ownVariant: { oldBlocksTimeMs: 0, oldBlocksPct: 37 },
    measuredPagesRead: 4000,
    curves: report.curves,
    time: { baseMs: 800, msPerRead: 8, how: 'the rest is the cost of each read' },
  });

  it('says what was replayed, where the own curve meets what was measured, and each knee with its time', () => {
    const rows = sideCurveRows(side);
    expect(rows[0]).toEqual({
      label: 'Replayed',
      value: 'Q1.1, Q1.2, cold; the runs had 72 MiB',
    });
    // Only the curve at the runs' own settings (0, 37) is set beside the measured reads.
    expect(rows[1]).toEqual({
      label: "At the runs' own 72 MiB, old_blocks_time 0, pct 37",
      value: 'the curve says 4,104 pages read; the runs measured 4,000',
    });
    // Knee of the first curve at 4608 pages = 72 MiB, 4104 reads: 800 + 8 × 4104 = 33632 ms.
    expect(rows[2]!.value).toMatch(/^the working set fits from 72 MiB: 4,104 pages read, about 33\.6 ?s$/);
    expect(rows[3]!.value).toBe('no knee: the pages read do not drop across these pool sizes');
    expect(rows[4]).toEqual({ label: 'Time', value: 'the rest is the cost of each read' });
  });
});
