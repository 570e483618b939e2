import { describe, expect, it } from 'vitest';
import { describeBar, lruBars, OTHERS_COLOR } from '../../../../src/renderer/lib/viz/lru-bars';
import { cssColor, oldShade, ordinalColor } from '../../../../src/shared/runs/palette';
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

  it('colours each index by its ordinal in the run legend, whatever its rank', () => {
    const legend = ['ssb.dim_date/PRIMARY', 'ssb.lineorder/GEN_CLUST_INDEX'];
    const view = lruBars(after, legend);
    expect(view.bars[0]!.color).toBe(cssColor(ordinalColor(1)));
    expect(view.bars[0]!.oldColor).toBe(cssColor(oldShade(ordinalColor(1))));
    expect(view.bars[1]!.color).toBe(cssColor(ordinalColor(0)));
    // Indexes the legend does not name take the next ordinals, never a legend colour.
    expect(view.bars[2]!.color).toBe(cssColor(ordinalColor(2)));
    expect(view.bars[3]!.color).toBe(cssColor(ordinalColor(3)));
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
