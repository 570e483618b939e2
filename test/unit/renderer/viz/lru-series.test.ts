import { describe, expect, it } from 'vitest';
import { appendBounded } from '../../../../src/renderer/lib/viz/history';
import { pagesOverTime } from '../../../../src/renderer/lib/viz/lru-series';
import { cssColor, keyColor, userColors } from '../../../../src/shared/runs/palette';
import { composition, index } from './samples';

describe('pagesOverTime', () => {
  const compositions = [
    composition(0, [index('ssb.lineorder', 'LO_PartKey', 17, 0)]),
    composition(1000, [
      index('ssb.lineorder', 'GEN_CLUST_INDEX', 3000, 1000),
      index('ssb.lineorder', 'LO_PartKey', 9, 9),
    ]),
    composition(2500, [
      index('ssb.lineorder', 'GEN_CLUST_INDEX', 6000, 2200),
      index('ssb.dim_date', 'PRIMARY', 17, 0),
    ]),
  ];

  it('gives one series per index, biggest peak first, and one point per snapshot (0 when absent)', () => {
    const { series, points } = pagesOverTime(compositions);
    expect(series.map((s) => [s.dataKey, s.label])).toEqual([
      ['s0', 'lineorder GEN_CLUST_INDEX'],
      ['s1', 'dim_date PRIMARY'],
      ['s2', 'lineorder LO_PartKey'],
    ]);
    expect(points).toEqual([
      { t: 0, s0: 0, s1: 0, s2: 17 },
      { t: 1, s0: 3000, s1: 0, s2: 9 },
      { t: 2.5, s0: 6000, s1: 17, s2: 0 },
    ]);
  });

  it('keeps the largest indexes within the limit, coloured by name as the map colours them', () => {
    const { series } = pagesOverTime(
      compositions,
      ['ssb.dim_date/PRIMARY', 'ssb.lineorder/GEN_CLUST_INDEX'],
      1,
    );
    expect(series).toEqual([
      {
        dataKey: 's0',
        key: 'ssb.lineorder/GEN_CLUST_INDEX',
        label: 'lineorder GEN_CLUST_INDEX',
        color: cssColor(
          keyColor('ssb.lineorder/GEN_CLUST_INDEX', userColors(['ssb.lineorder/GEN_CLUST_INDEX'])),
        ),
      },
    ]);
  });
});

describe('appendBounded', () => {
  it('appends until the bound, then halves the older points and keeps the newest', () => {
    let list: number[] = [];
    for (let n = 1; n <= 4; n++) list = appendBounded(list, n, 4);
    expect(list).toEqual([1, 2, 3, 4]);
    list = appendBounded(list, 5, 4);
    expect(list).toEqual([2, 4, 5]);
    for (let n = 6; n <= 1000; n++) list = appendBounded(list, n, 4);
    expect(list.length).toBeLessThanOrEqual(4);
    expect(list.at(-1)).toBe(1000);
  });
});
