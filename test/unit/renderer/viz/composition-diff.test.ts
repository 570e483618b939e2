import { describe, expect, it } from 'vitest';
import { compositionDiff, signedPercent } from '../../../../src/renderer/lib/viz/composition-diff';
import { composition, index } from './samples';
import { SERVER_GROUPS } from '../../../../src/shared/runs/palette';

// The post: Q1.1 with old_blocks_time=0 pushes the secondary indexes out and brings in more lineorder.
const before = composition(-120, [
  index('ssb.lineorder', 'GEN_CLUST_INDEX', 6909, 2559, 0.843384),
  index('ssb.lineorder', 'LO_PartKey', 17, 0, 0.002075),
  index('ssb.dim_date', 'PRIMARY', 17, 0, 0.002075),
]);
const after = composition(7_900, [
  index('ssb.lineorder', 'GEN_CLUST_INDEX', 7085, 2547, 0.864868),
  index('ssb.dim_date', 'PRIMARY', 17, 17, 0.002075),
  index('ssb.customer', 'PRIMARY', 4, 4, 0.000488),
]);

describe('compositionDiff', () => {
  it('gives pages, old and young before, after and their change per index, with + and −', () => {
    const diff = compositionDiff(before, after);
    expect(diff.missing).toBeNull();
    const clustered = diff.rows.find((r) => r.index === 'GEN_CLUST_INDEX')!;
    expect(clustered.change).toBe('kept');
    expect(clustered.delta).toEqual({ pages: 176, old: -12, young: 188, share: expect.closeTo(0.021484, 6) });
    expect(clustered.text.delta).toEqual({ pages: '+176', old: '−12', young: '+188', share: '+2.15%' });
    expect(clustered.text.after).toEqual({ pages: '7,085', old: '2,547', young: '4,538', share: '86.5%' });
    const date = diff.rows.find((r) => r.table === 'ssb.dim_date')!;
    expect(date.text.delta).toMatchObject({ pages: '0', old: '+17', young: '−17' });
  });

  it('marks indexes pushed out and brought in, and sorts by pages after', () => {
    const diff = compositionDiff(before, after);
    expect(diff.rows.map((r) => [r.table, r.index, r.change])).toEqual([
      ['ssb.lineorder', 'GEN_CLUST_INDEX', 'kept'],
      ['ssb.dim_date', 'PRIMARY', 'kept'],
      ['ssb.customer', 'PRIMARY', 'new'],
      ['ssb.lineorder', 'LO_PartKey', 'gone'],
    ]);
    const gone = diff.rows[3]!;
    expect(gone.after.pages).toBe(0);
    expect(gone.text.delta.pages).toBe('−17');
  });

  it("sums the server's own indexes into one row per group, named in words", () => {
    const withServer = (c: typeof before, dictionary: number) =>
      composition(c.atMs, [
        ...c.indexes,
        index('mysql.tables', 'PRIMARY', dictionary, 0, 0.001),
        index('mysql.columns', 'table_id', 5, 0, 0.0006),
        index('(undo 2)', '(none)', 2, 0, 0.0002),
      ]);
    const diff = compositionDiff(withServer(before, 9), withServer(after, 4));
    expect(diff.rows.filter((r) => r.key.startsWith('mysql.'))).toEqual([]);
    const dictionary = diff.rows.find((r) => r.key === 'server:dictionary')!;
    expect(dictionary.label).toBe(`${SERVER_GROUPS.dictionary.label} (2 indexes)`);
    expect(dictionary.title).toBe('mysql.tables/PRIMARY, mysql.columns/table_id');
    expect([dictionary.before.pages, dictionary.after.pages, dictionary.text.delta.pages]).toEqual([
      14,
      9,
      '−5',
    ]);
    expect(diff.rows.find((r) => r.key === 'server:undo')!.label).toBe(
      `${SERVER_GROUPS.undo.label} (1 tablespace)`,
    );
    expect(diff.rows.find((r) => r.index === 'GEN_CLUST_INDEX')!.label).toBe('lineorder GEN_CLUST_INDEX');
  });

  it('totals every index', () => {
    const { total } = compositionDiff(before, after);
    expect(total.before.pages).toBe(6909 + 17 + 17);
    expect(total.after.pages).toBe(7085 + 17 + 4);
    expect(total.text.delta.pages).toBe('+163');
  });

  it('says in words which snapshot is missing', () => {
    expect(compositionDiff(null, after).missing).toContain('before this run');
    expect(compositionDiff(null, after).rows.every((r) => r.change === 'new')).toBe(true);
    expect(compositionDiff(before, null).missing).toContain('after this run');
    expect(compositionDiff(null, null).missing).toContain('before or after');
  });

  it('signs percentages', () => {
    expect(signedPercent(0.021)).toBe('+2.10%');
    expect(signedPercent(-0.5)).toBe('−50.0%');
    expect(signedPercent(0)).toBe('0.0%');
  });
});
