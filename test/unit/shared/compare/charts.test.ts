import { describe, expect, it } from 'vitest';
import { lruPairedBars, pagesOverTime } from '../../../../src/shared/compare/charts';
import { comparePair } from '../../../../src/shared/compare/comparison';
import { linesSvg, niceMax, pairedBarsSvg } from '../../../../src/shared/compare/svg';
import { composition, lineorderFirstOb0, lineorderFirstOb1000 } from '../../../support/post001';

const pair = () =>
  comparePair(
    { label: 'A', run: lineorderFirstOb1000(), ordinal: 1, of: 1 },
    { label: 'B', run: lineorderFirstOb0(), ordinal: 1, of: 1 },
    'p1',
  );

describe('paired bars of the LRU composition diff', () => {
  it('gives each index A and B split into old and young, largest first, and sums what is left out', () => {
    const view = lruPairedBars(pair(), 3);
    expect(view.sides).toEqual(['A', 'B']);
    expect(view.bars[0]).toEqual({
      label: 'lineorder GEN_CLUST_INDEX',
      a: { old: 2559, young: 4350 },
      b: { old: 2547, young: 4538 },
    });
    expect(view.bars.map((b) => b.label)).toEqual([
      'lineorder GEN_CLUST_INDEX',
      'dim_date PRIMARY',
      'lineorder LO_CommitDateKey',
    ]);
    expect(view.bars[1]?.b).toEqual({ old: 17, young: 0 });
    expect(view.maxPages).toBe(7085);
    expect(view.rest).toEqual({ indexes: 5, a: 17 + 17 + 16 + 16 + 15, b: 0 });
  });
});

describe('pages per index over time', () => {
  it('keeps the indexes that held most and sums the others, in time order', () => {
    const samples = [
      composition(
        [
          ['lineorder', 'GEN_CLUST_INDEX', 5000, 2000, 3000, 0],
          ['dim_date', 'PRIMARY', 17, 0, 17, 0],
          ['lineorder', 'LO_SuppKey', 15, 0, 15, 0],
        ],
        2000,
      ),
      composition(
        [
          ['lineorder', 'GEN_CLUST_INDEX', 1000, 1000, 0, 0],
          ['dim_date', 'PRIMARY', 17, 0, 17, 0],
          ['lineorder', 'LO_PartKey', 9, 0, 9, 0],
        ],
        1000,
      ),
    ];
    const view = pagesOverTime(samples, 'during A', 2);
    expect(view.series.map((s) => s.label)).toEqual([
      'lineorder GEN_CLUST_INDEX',
      'dim_date PRIMARY',
      'other indexes',
    ]);
    expect(view.series[0]?.points).toEqual([
      [1000, 1000],
      [2000, 5000],
    ]);
    expect(view.series[2]?.points).toEqual([
      [1000, 9],
      [2000, 15],
    ]);
    expect(view).toMatchObject({ minMs: 1000, maxMs: 2000, maxPages: 5000 });
  });

  it('has no "other" line when every index fits, and is empty without samples', () => {
    const one = pagesOverTime([composition([['dim_date', 'PRIMARY', 17, 0, 17, 0]], 5)], 't');
    expect(one.series.map((s) => s.label)).toEqual(['dim_date PRIMARY']);
    expect(pagesOverTime([], 't')).toMatchObject({ series: [], maxPages: 0 });
  });
});

describe('SVG drawing', () => {
  it('draws one young and one old bar per side and index, to scale', () => {
    const svg = pairedBarsSvg(lruPairedBars(pair(), 2), 'p1-lru-chart');
    expect(svg.startsWith('<svg id="p1-lru-chart"')).toBe(true);
    expect(svg.match(/<rect [^>]*height="10"[^>]*><title>/g)).toHaveLength(2 * 2 * 2);
    // niceMax(7085) = 10,000 pages over 420 px: B's 4,538 young pages of GEN_CLUST_INDEX are 190.6 px.
    expect(svg).toContain('width="190.6"');
    expect(svg).toContain('<title>B: 4,538 young</title>');
  });

  it('escapes labels that hold markup', () => {
    const view = lruPairedBars(pair(), 1);
    view.sides = ['<script>alert(1)</script>', 'B & C'];
    view.bars[0] = { ...view.bars[0], label: 'x"><img src=y>' } as (typeof view.bars)[number];
    const svg = pairedBarsSvg(view, 'id"x');
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<img');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('B &amp; C');
    expect(svg).toContain('id="id&quot;x"');
  });

  it('draws a polyline per series through its points', () => {
    const view = pagesOverTime(
      [
        composition([['dim_date', 'PRIMARY', 0, 0, 0, 0]], 0),
        composition([['dim_date', 'PRIMARY', 100, 0, 100, 0]], 1000),
      ],
      'during <A>',
    );
    const svg = linesSvg(view, 'p1-t');
    // x from 60 to 580 over 0..1000 ms; y from 220 (0 pages) to 20 (100 pages, the nice maximum).
    expect(svg).toContain('points="60,220 580,20"');
    expect(svg).toContain('aria-label="during &lt;A&gt;"');
  });

  it('rounds axis maxima up to 1, 2 or 5 × 10^k', () => {
    expect([niceMax(0), niceMax(7), niceMax(7085), niceMax(150), niceMax(2000)]).toEqual([
      1, 10, 10000, 200, 2000,
    ]);
  });
});
