import { describe, expect, it } from 'vitest';
import { pagesOverTime as reportLines } from '../../../../src/shared/compare/charts';
import { linesSvg } from '../../../../src/shared/compare/svg';
import { indexSeries, OTHER_INDEXES } from '../../../../src/shared/runs/pages-over-time';
import { pagesOverTime as screenLines } from '../../../../src/renderer/lib/viz/lru-series';
import { composition, index } from '../../renderer/viz/samples';
import { cssColor, SERVER_GROUPS } from '../../../../src/shared/runs/palette';

const compositions = [
  composition(2000, [
    index('ssb.lineorder', 'GEN_CLUST_INDEX', 6000, 2200),
    index('ssb.dim_date', 'PRIMARY', 17, 0),
  ]),
  composition(1000, [
    index('ssb.lineorder', 'GEN_CLUST_INDEX', 3000, 1000),
    index('ssb.part', 'PRIMARY', 40, 5),
  ]),
];
const legend = ['ssb.part/PRIMARY', 'ssb.dim_date/PRIMARY', 'ssb.lineorder/GEN_CLUST_INDEX'];

describe('pages per index over time: one computation for the screen and the report', () => {
  it("draws the server's own pages as one line per group, in the group's grey", () => {
    const withServer = [
      composition(0, [
        index('ssb.lineorder', 'GEN_CLUST_INDEX', 100, 0),
        index('mysql.tables', 'PRIMARY', 30, 0),
        index('mysql.columns', 'PRIMARY', 40, 0),
      ]),
      composition(1000, [
        index('ssb.lineorder', 'GEN_CLUST_INDEX', 900, 0),
        index('mysql.tables', 'PRIMARY', 5, 0),
      ]),
    ];
    const set = indexSeries(withServer, { limit: 8 });
    expect(set.series.map((s) => [s.key, s.label, s.points])).toEqual([
      [
        'ssb.lineorder/GEN_CLUST_INDEX',
        'lineorder GEN_CLUST_INDEX',
        [
          [0, 100],
          [1000, 900],
        ],
      ],
      [
        'server:dictionary',
        SERVER_GROUPS.dictionary.label,
        [
          [0, 70],
          [1000, 5],
        ],
      ],
    ]);
    expect(set.series[1]!.color).toBe(cssColor(SERVER_GROUPS.dictionary.rgb));
  });

  it('keeps the biggest peaks, in time order, and sums the rest when asked', () => {
    const set = indexSeries(compositions, { legend, limit: 1, other: true });
    expect(set.times).toEqual([1000, 2000]);
    expect(set.series.map((s) => [s.label, s.points])).toEqual([
      [
        'lineorder GEN_CLUST_INDEX',
        [
          [1000, 3000],
          [2000, 6000],
        ],
      ],
      [
        OTHER_INDEXES,
        [
          [1000, 40],
          [2000, 17],
        ],
      ],
    ]);
  });

  it('colours an index the same on the screen, in the report model and in the report SVG', () => {
    const screen = screenLines(compositions, legend, 2);
    const report = reportLines(compositions, 't', 2, legend);
    const colourOf = (label: string) => ({
      screen: screen.series.find((s) => s.label === label)?.color,
      report: report.series.find((s) => s.label === label)?.color,
    });
    const lineorder = colourOf('lineorder GEN_CLUST_INDEX');
    expect(lineorder.screen).toBeDefined();
    expect(lineorder.report).toBe(lineorder.screen);
    expect(colourOf('part PRIMARY').report).toBe(colourOf('part PRIMARY').screen);
    // Legend ordinals differ, so do the colours.
    expect(colourOf('part PRIMARY').screen).not.toBe(lineorder.screen);
    expect(linesSvg(report, 'x')).toContain(`stroke="${lineorder.screen}"`);
  });
});
