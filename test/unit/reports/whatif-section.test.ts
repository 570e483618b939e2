// The report's simulator section: built from hand-made answers (no replay), its SVG curves, its HTML and CSV.
import { describe, expect, it } from 'vitest';
import { reportCsvFiles } from '../../../src/main/reports/csv';
import { renderHtmlReport } from '../../../src/main/reports/html';
import { renderMarkdownSummary } from '../../../src/main/reports/markdown';
import { buildReport } from '../../../src/main/reports/report-model';
import { buildWhatIfSection, SIMULATOR_MODELS } from '../../../src/main/reports/whatif-section';
import { whatIfCurvesSvg } from '../../../src/shared/compare/svg-whatif';
import type { Calibration } from '../../../src/shared/whatif/calibration';
import { lineorderFirstOb0, lineorderFirstOb1000 } from '../../support/post001';
import { curve, sideCurves } from '../../support/whatif-fixture';

const cal: Calibration = {
  rows: [
    {
      side: 'A',
      query: 'Q1.1',
      server: 'mysql 8.0.31',
      hot: false,
      simulated: { pagesRead: 1100, readAhead: 0, madeYoung: 0, notMadeYoung: 0, evictedUnused: 0 },
      measured: { pagesRead: 1000, readAhead: 0, madeYoung: 0, notMadeYoung: 0, evictedUnused: 0 },
    },
  ],
  unavailable: [{ side: 'B', query: 'Q3.3', why: 'the plan cannot be traced: a hash join' }],
  assumptions: ['leaf pages hold the same number of entries each and lie in key order'],
};

// 1024, 4096 and 16384 pages of 16 KiB: 16, 64 and 256 MiB.
const side = sideCurves({
  curves: [
    curve(
      1000,
      [
        [1024, 1000, 0.1],
        [4096, 500, 0.05],
        [16384, 0, 0],
      ],
      16384,
    ),
  ],
});

describe('buildWhatIfSection', () => {
  it('says the finding, draws a chart per side that has curves, names the rest, and the assumptions in words', () => {
    const w = buildWhatIfSection(cal, [side, { side: 'B', unavailable: 'Q3.3 on B cannot be replayed' }]);
    expect(w.findings[0]).toBe(
      'The simulator reads 10% more pages than Q1.1 measured on A (mysql 8.0.31, cold).',
    );
    expect(w.charts).toHaveLength(1);
    expect(w.charts[0]!.id).toBe('whatif-curves-1');
    expect(w.charts[0]!.title).toBe('A: pages read across pool sizes');
    expect(w.charts[0]!.note).toBe(
      // The knee: 16384 pages of 16 KiB = 256 MiB, 0 pages read; no time model, so no time.
      'Q1.1, Q1.2 one after the other, cold; sampled at 10% of pages as SHARDS does (small tables page by page, large ones by 64-page group). The working set: old_blocks_time 1000, pct 37 fits from 256 MiB (0 pages read).',
    );
    expect(w.charts[0]!.view.rows).toEqual([
      { mib: 16, s0: 1000 },
      { mib: 64, s0: 500 },
      { mib: 256, s0: 0 },
    ]);
    expect(w.unavailable).toEqual(['Q3.3 on B cannot be replayed.']);
    // With a time model (100 ms kept, 2 ms a read), the knee's 0 reads take about 100 ms.
    const timed = buildWhatIfSection(cal, [
      { ...side, time: { baseMs: 100, msPerRead: 2, how: 'as measured' } },
    ]);
    expect(timed.charts[0]!.note).toMatch(
      /fits from 256 MiB \(0 pages read, about 100 ms\)\. Time: as measured\.$/,
    );
    expect(w.assumptions.slice(0, SIMULATOR_MODELS.length)).toEqual(SIMULATOR_MODELS);
    expect(w.assumptions).toContain(
      'plans it cannot trace are left out, not approximated: Q3.3 (the plan cannot be traced: a hash join)',
    );
    expect(w.assumptions.at(-1)).toBe('leaf pages hold the same number of entries each and lie in key order');
    expect(w.tables.map((t) => t.id)).toEqual(['whatif-calibration']);
  });

  it('says which run did not run the plan it recorded, with why, and checks the others without it', () => {
    const why =
      'EXPLAIN recorded dim_date read in full, then lineorder by ref on LO_OrderDateKey, which makes 314,314 to 316,870 page requests, but the run made 6.43 million, as a full scan of lineorder would (6.00 million rows): the plan that ran is not the one recorded; simulated pages read for this run are not comparable';
    const flagged = {
      ...cal.rows[0]!,
      query: 'Q1.2',
      simulated: { ...cal.rows[0]!.simulated, pagesRead: 16_383 },
      measured: { ...cal.rows[0]!.measured, pagesRead: 6609 },
      planMismatch: why,
    };
    const w = buildWhatIfSection({ ...cal, rows: [...cal.rows, flagged] }, [side]);
    // Q1.1's +10% stays the worst the simulator made; Q1.2's +148% is not the simulator's.
    expect(w.findings[0]).toBe(
      'The simulator reads 10% more pages than Q1.1 measured on A (mysql 8.0.31, cold).',
    );
    expect(w.findings[1]).toBe(
      `1 run did not run the plan it recorded, so its simulated pages read are left out of the check: Q1.2 measured on A (mysql 8.0.31, cold): ${why}.`,
    );
    expect(w.tables[0]!.rows[1]![2]!.text).toBe('cold, not the plan that ran (not comparable)');
  });
});

describe('whatIfCurvesSvg', () => {
  it('puts pool sizes on a log axis, the pages on a linear one, and the knee as a dashed line', () => {
    const svg = whatIfCurvesSvg(buildWhatIfSection(cal, [side]).charts[0]!.view, 'c1', 'A & B');
    // Plot from x 64 to 544 (480 wide), log scale: 16 MiB at 64, 64 MiB halfway (304), 256 MiB at 544.
    // Pages 0..1000 (niceMax 1000) from y 220 to 20: 1000 → 20, 500 → 120, 0 → 220.
    expect(svg).toContain('points="64,20 304,120 544,220"');
    expect(svg).toMatch(/<line class="knee" x1="544" y1="20" x2="544" y2="220"[^>]*stroke-dasharray="4 3"/);
    expect(svg).toContain('aria-label="A &amp; B"');
    expect(svg).toContain('>64 MiB</text>');
    expect(svg).toContain('old_blocks_time 1000, pct 37, knee 256 MiB');
  });
});

describe('the report with the simulator', () => {
  const model = () =>
    buildReport(
      [
        { label: 'A', runs: [lineorderFirstOb1000()] },
        { label: 'B', runs: [lineorderFirstOb0()] },
      ],
      {
        title: 'Q1.1',
        generatedAt: '2026-11-25T12:00:00.000Z',
        bplabVersion: '0.1.0',
        sources: ['a.json'],
        whatIf: buildWhatIfSection(cal, [side]),
      },
    );

  it('holds the section in the HTML: finding, curves, the folded table and the assumptions', () => {
    const html = renderHtmlReport(model());
    expect(html).toContain('<h2 id="whatif">The simulator</h2>');
    expect(html).toContain(
      '<li>The simulator reads 10% more pages than Q1.1 measured on A (mysql 8.0.31, cold).</li>',
    );
    expect(html).toContain('<svg id="whatif-curves-1"');
    expect(html).toContain('<details class="detail" id="whatif-calibration">');
    expect(html).toContain(`<li>${SIMULATOR_MODELS[2]!}</li>`);
    expect(
      renderHtmlReport({ ...model(), options: { ...model().options, whatIf: undefined } }),
    ).not.toContain('id="whatif"');
  });

  it('says the finding, the curves in words and the pages-read table in the Markdown summary', () => {
    const md = renderMarkdownSummary(model());
    expect(md).toContain('## The simulator');
    expect(md).toContain(
      '- The simulator reads 10% more pages than Q1.1 measured on A (mysql 8.0.31, cold).',
    );
    expect(md).toContain('| A | Q1.1 | cold | 1,100 | 1,000 | +10.0% |');
    expect(md).toContain('fits from 256 MiB');
    expect(
      renderMarkdownSummary({ ...model(), options: { ...model().options, whatIf: undefined } }),
    ).not.toContain('The simulator');
  });

  it('writes the simulated-against-measured table as CSV too', () => {
    const csv = reportCsvFiles(model()).find((f) => f.name === 'whatif-calibration.csv');
    expect(csv?.content).toBe(
      'Side,Query,Replayed,Simulated,Measured,Error\r\nA,Q1.1,cold,1100,1000,0.1\r\n',
    );
  });
});
