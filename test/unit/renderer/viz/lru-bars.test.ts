import { describe, expect, it } from 'vitest';
import { describeBar, lruBars, OTHERS_COLOR } from '../../../../src/renderer/lib/viz/lru-bars';
import { cssColor, keyColor, oldShade, SERVER_GROUPS, userColors } from '../../../../src/shared/runs/palette';
import { composition, index } from './samples';

// The post's composition after Q1.1 with innodb_old_blocks_time=1000.
const after = composition(7_810, [
  index('ssb.lineorder', 'LO_PartKey', 17, 0, 0.002075),
  index('ssb.lineorder', 'GEN_CLUST_INDEX', 6909, 2559, 0.843384),
  index('ssb.dim_date', 'PRIMARY', 17, 0, 0.002075),
  index('ssb.lineorder', 'LO_SuppKey', 15, 0, 0.001831),
]);

describe('lruBars', () => {
  it('stacks young and old per index, largest first, with the share of the pool in words', () => {
    const view = lruBars(after);
    expect(view.bars.map((b) => b.label)).toEqual([
      'lineorder GEN_CLUST_INDEX',
      'dim_date PRIMARY',
      'lineorder LO_PartKey',
      'lineorder LO_SuppKey',
    ]);
    const clustered = view.bars[0]!;
    expect([clustered.young, clustered.old, clustered.pages]).toEqual([4350, 2559, 6909]);
    expect(clustered.shareText).toBe('84.3%');
    expect(describeBar(clustered)).toBe('6,909 pages (4,350 young, 2,559 old), 84.3% of the pool');
    expect(view.others).toBeNull();
    expect(view.oldNote).toContain('IS_OLD');
  });

  it('colours each index by its name, the same whatever the legend or its rank', () => {
    const color = (key: string) => keyColor(key, userColors([key]));
    const legend = ['ssb.dim_date/PRIMARY', 'ssb.lineorder/GEN_CLUST_INDEX'];
    for (const view of [lruBars(after, legend), lruBars(after, [...legend].reverse()), lruBars(after)]) {
      const byKey = new Map(view.bars.map((b) => [b.key, b]));
      expect(byKey.get('ssb.lineorder/GEN_CLUST_INDEX')!.color).toBe(
        cssColor(color('ssb.lineorder/GEN_CLUST_INDEX')),
      );
      expect(byKey.get('ssb.lineorder/GEN_CLUST_INDEX')!.oldColor).toBe(
        cssColor(oldShade(color('ssb.lineorder/GEN_CLUST_INDEX'))),
      );
      // Four indexes, four colours.
      expect(new Set(view.bars.map((b) => b.color)).size).toBe(4);
    }
  });

  it("sums the server's own pages into one bar per group, in the group's grey", () => {
    const withServer = composition(7_810, [
      ...after.indexes,
      index('mysql.tables', 'PRIMARY', 9, 0, 0.001),
      index('mysql.columns', 'table_id', 5, 0, 0.0006),
      index('(data dictionary)', '(none)', 5, 0, 0.0006),
      index('(undo 2)', '(none)', 2, 0, 0.0002),
    ]);
    const view = lruBars(withServer);
    const dictionary = view.bars.find((b) => b.key === 'server:dictionary')!;
    expect(dictionary).toMatchObject({ pages: 19, label: SERVER_GROUPS.dictionary.label });
    expect(dictionary.color).toBe(cssColor(SERVER_GROUPS.dictionary.rgb));
    expect(view.bars.find((b) => b.key === 'server:undo')?.pages).toBe(2);
    expect(view.bars.filter((b) => b.key.startsWith('mysql.'))).toEqual([]);
  });

  it('sums the indexes past the limit into one grey bar', () => {
    const view = lruBars(after, [], 2);
    expect(view.bars).toHaveLength(2);
    expect(view.others).toMatchObject({ label: '2 more', pages: 32, old: 0, young: 32, color: OTHERS_COLOR });
  });

  it('says how old pages were derived on MariaDB', () => {
    expect(lruBars({ ...after, oldMethod: 'lru-position' }).oldNote).toContain(
      'LRU_POSITION < OLD_DATABASE_PAGES',
    );
  });
});
