// The LRU map's legend: the user's indexes first, each once in its colour, the server's own grouped.
import { describe, expect, it } from 'vitest';
import { lruLegend } from '../../../../src/renderer/lib/viz/lru-legend';
import { cssColor, keyColor, SERVER_GROUPS, userColors } from '../../../../src/shared/runs/palette';

/** A MySQL 8.0 run after a restart: a few SSB indexes among 60 of the server's dictionary, undo and system. */
const legend = [
  'ssb.lineorder/GEN_CLUST_INDEX',
  '(undo 2)/(none)',
  ...Array.from({ length: 60 }, (_, i) => `mysql.t${i}/PRIMARY`),
  '(data dictionary)/(none)',
  'ssb.dim_date/PRIMARY',
  '(system)/(none)',
  '(tablespace ssb.lineorder)/(none)',
  '(undo 1)/(none)',
  'ssb.customer/PRIMARY',
];

describe('lruLegend', () => {
  it("lists the user's indexes first, by name, then one entry per group of the server's", () => {
    const entries = lruLegend(legend);
    expect(entries.map((e) => e.label)).toEqual([
      'customer PRIMARY',
      'dim_date PRIMARY',
      'lineorder GEN_CLUST_INDEX',
      `${SERVER_GROUPS.dictionary.label} (61 indexes)`,
      `${SERVER_GROUPS.undo.label} (2 tablespaces)`,
      `${SERVER_GROUPS.system.label} (2 tablespaces)`,
    ]);
    expect(entries.length).toBeLessThan(10);
    expect(entries[3]!.title).toContain('mysql.t59/PRIMARY');
  });

  it('gives each entry the colour the map draws it in', () => {
    const users = userColors(legend);
    const entries = lruLegend(legend);
    expect(entries[2]!.color).toBe(cssColor(keyColor('ssb.lineorder/GEN_CLUST_INDEX', users)));
    expect(entries[4]!.color).toBe(cssColor(SERVER_GROUPS.undo.rgb));
    expect(new Set(entries.map((e) => e.color)).size).toBe(entries.length);
  });

  it('lists only the indexes that held pages when told which, keeping the colours of the whole legend', () => {
    const seeded = ['ssb.customer/PRIMARY', 'ssb.part/PRIMARY', ...legend];
    const present = new Set(['ssb.lineorder/GEN_CLUST_INDEX', 'mysql.t3/PRIMARY']);
    const entries = lruLegend(seeded, 'light', present);
    expect(entries.map((e) => e.label)).toEqual([
      'lineorder GEN_CLUST_INDEX',
      `${SERVER_GROUPS.dictionary.label} (1 index)`,
    ]);
    expect(entries[0]!.color).toBe(
      lruLegend(seeded).find((e) => e.key === 'ssb.lineorder/GEN_CLUST_INDEX')!.color,
    );
  });
});
