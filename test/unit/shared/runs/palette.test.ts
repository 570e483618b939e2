// Colours by name: a dataset's indexes keep theirs across runs and screens; the server's own are grouped.
import { describe, expect, it } from 'vitest';
import {
  keyColor,
  legendColors,
  SERVER_GROUPS,
  serverGroupOf,
  userColors,
} from '../../../../src/shared/runs/palette';

/** SSB's indexes at SF 0.1, in name order: what a run on the dataset seeds its legend with. */
const SSB = [
  'customer/PRIMARY',
  'dim_date/PRIMARY',
  'lineorder/GEN_CLUST_INDEX',
  'lineorder/LO_CommitDate',
  'lineorder/LO_CustKey',
  'lineorder/LO_OrderDate',
  'lineorder/LO_PartKey',
  'lineorder/LO_SuppKey',
  'part/PRIMARY',
  'supplier/PRIMARY',
].map((k) => `ssb_sf0_1.${k}`);

describe('the server’s own pages', () => {
  it('are grouped: its dictionary and mysql.* tables, undo, and its other files', () => {
    expect(serverGroupOf('mysql.tables/PRIMARY')).toBe('dictionary');
    expect(serverGroupOf('(data dictionary)/(none)')).toBe('dictionary');
    expect(serverGroupOf('SYS_INDEXES/CLUST_IND')).toBe('dictionary');
    expect(serverGroupOf('(undo 2)/(none)')).toBe('undo');
    expect(serverGroupOf('(system)/(none)')).toBe('system');
    expect(serverGroupOf('(temporary tablespace)/(none)')).toBe('system');
    expect(serverGroupOf('(tablespace ssb_sf0_1.lineorder)/(none)')).toBe('system');
    expect(serverGroupOf('(no table)/(none)')).toBe('system');
    expect(serverGroupOf('ssb_sf0_1.lineorder/GEN_CLUST_INDEX')).toBeNull();
    expect(serverGroupOf('mysqlx.t/PRIMARY')).toBeNull();
  });

  it("take their group's one colour in any legend (undo was yellow in one run and brown in the next)", () => {
    const a = ['(undo 2)/(none)', ...SSB];
    const b = [...SSB, 'mysql.tables/PRIMARY', '(undo 2)/(none)'];
    expect(keyColor('(undo 2)/(none)', userColors(a))).toEqual(SERVER_GROUPS.undo.rgb);
    expect(keyColor('(undo 2)/(none)', userColors(b))).toEqual(SERVER_GROUPS.undo.rgb);
  });
});

describe("a dataset's indexes", () => {
  it('each take their own colour', () => {
    const colors = userColors(SSB);
    expect(new Set([...colors.values()].map((c) => c.join())).size).toBe(SSB.length);
    for (const group of Object.values(SERVER_GROUPS))
      expect([...colors.values()].map((c) => c.join())).not.toContain(group.rgb.join());
  });

  it('keep them whatever else passes through the pool, in whatever order it came', () => {
    const alone = userColors(SSB);
    const others = [
      'sbtest.sbtest1/PRIMARY',
      'aaa.t/PRIMARY',
      'mysql.columns/PRIMARY',
      'ssb_sf1.part/PRIMARY',
    ];
    for (const extra of [others, [...others].reverse(), others.slice(1, 3)]) {
      const legend = [...SSB, ...extra];
      const colors = userColors(legend);
      for (const key of SSB) expect(colors.get(key)).toEqual(alone.get(key));
      // And the map draws them in those colours.
      const { classOf, colors: byClass } = legendColors(legend);
      SSB.forEach((key, ordinal) => expect(byClass[classOf[ordinal]!]).toEqual(alone.get(key)));
    }
  });

  it('give an index the colour of its name alone when nothing before it took its slot', () => {
    const key = 'ssb_sf0_1.lineorder/GEN_CLUST_INDEX';
    expect(userColors([key]).get(key)).toEqual(userColors([key, 'mysql.tables/PRIMARY']).get(key));
  });

  it('still colour more indexes than the palette holds, each differently', () => {
    const many = Array.from({ length: 40 }, (_, i) => `s.t${i}/PRIMARY`);
    const colors = userColors(many);
    expect(new Set([...colors.values()].map((c) => c.join())).size).toBe(40);
  });
});

describe('the map’s colour classes', () => {
  it("count a user index as itself and the server's indexes as their group", () => {
    const legend = ['s.a/PRIMARY', 'mysql.tables/PRIMARY', '(undo 1)/(none)', 'mysql.columns/PRIMARY'];
    const { classOf, colors } = legendColors(legend);
    expect(classOf).toEqual([0, 4, 5, 4]);
    expect(colors[4]).toEqual(SERVER_GROUPS.dictionary.rgb);
    expect(colors[5]).toEqual(SERVER_GROUPS.undo.rgb);
  });
});
