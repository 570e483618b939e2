/**
 * What one event sends, as sysbench 1.0.20's oltp_point_select and oltp_read_only send it
 * (oltp_common.lua's stmt_defs, written out here from the Lua source).
 */
import { describe, expect, it } from 'vitest';
import { eventMaker } from '../../../src/main/load/statement-mix';

const base = { tables: 8, rows: 1000, distribution: 'uniform' as const, rangeSize: 100 };

describe('the statements of one event', () => {
  it('point-select: one SELECT c by id on a table of 1..tables', () => {
    const next = eventMaker({ ...base, mix: 'point-select' });
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const event = next();
      expect(event).toHaveLength(1);
      const [st] = event;
      expect(st!.sql).toMatch(/^SELECT c FROM sbtest[1-8] WHERE id=\?$/);
      expect(st!.values![0]).toBeGreaterThanOrEqual(1);
      expect(st!.values![0]).toBeLessThanOrEqual(1000);
      seen.add(st!.sql);
    }
    expect(seen.size).toBe(8);
  });

  it('read-only: BEGIN, 10 point selects on one table, the four ranges of --range-size rows, COMMIT', () => {
    const event = eventMaker({ ...base, tables: 1, mix: 'read-only' })();
    expect(event.map((s) => s.sql)).toEqual([
      'BEGIN',
      ...Array<string>(10).fill('SELECT c FROM sbtest1 WHERE id=?'),
      'SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?',
      'SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?',
      'SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c',
      'SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c',
      'COMMIT',
    ]);
    expect(event[0]!.values).toBeNull();
    expect(event[15]!.values).toBeNull();
    for (const range of event.slice(11, 15)) expect(range.values![1]! - range.values![0]!).toBe(99);
    const tables = new Set(event.slice(1, 11).map((s) => s.sql));
    expect(tables.size).toBe(1);
  });

  it('select-1: the ceiling sends SELECT 1 alone', () => {
    expect(eventMaker({ ...base, mix: 'select-1' })().map((s) => s.sql)).toEqual(['SELECT 1']);
  });
});
