import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseQueries, findQueriesDir, loadSsbQueries, type SsbQuery } from '../../../src/main/ssb/queries';
import { countKeptRowsSql, parseSsbQuery } from '../../../src/main/ssb/query-parse';
import { AppFailure } from '../../../src/shared/result';
import { THE_13_QUERY_IDS } from '../../support/ssb-query-ids';

const all = loadSsbQueries();
const IDS = THE_13_QUERY_IDS;

/** The join order of each flight as the seed (post 001) writes it. */
const SEED_JOIN_ORDER: Record<number, string[]> = {
  1: ['lineorder', 'dim_date'],
  2: ['lineorder', 'dim_date', 'part', 'supplier'],
  3: ['customer', 'lineorder', 'supplier', 'dim_date'],
  4: ['lineorder', 'dim_date', 'customer', 'supplier', 'part'],
};

const joinSet = (q: SsbQuery) => q.parsed.joins.map((j) => [j.left, j.right].sort().join('=')).sort();

describe('queries/ssb', () => {
  it('holds the 13 queries, each with a STRAIGHT_JOIN variant, and Q1.x with dim_date first too', () => {
    expect(baseQueries(all).map((q) => q.id)).toEqual(IDS);
    expect(all.filter((q) => q.variant === 'straight').map((q) => q.id)).toEqual(IDS);
    expect(all.filter((q) => q.variant === 'straight-dim-first').map((q) => q.id)).toEqual([
      'Q1.1',
      'Q1.2',
      'Q1.3',
    ]);
    expect(all).toHaveLength(29);
  });

  it('gives each query its flight, a title and the seed’s join order', () => {
    for (const q of baseQueries(all)) {
      expect(q.flight).toBe(Number(q.id[1]));
      expect(q.title.length).toBeGreaterThan(10);
      expect(q.tables).toEqual(SEED_JOIN_ORDER[q.flight]);
      expect(q.parsed.straightJoin).toBe(false);
      // Every dimension joins lineorder on its key.
      expect(q.parsed.joins).toHaveLength(q.tables.length - 1);
    }
  });

  it('filters Q1.2 on d_yearmonthnum = 199401 (the seed’s d_yearmonth = 199401 keeps nothing)', () => {
    const q12 = all.find((q) => q.id === 'Q1.2' && q.variant === 'base')!;
    expect(q12.parsed.whereText).toContain('d_yearmonthnum = 199401');
    expect(q12.parsed.whereText).not.toMatch(/d_yearmonth\s*=/);
  });

  it('keeps, in every variant, its base query’s tables, joins and WHERE', () => {
    for (const v of all.filter((q) => q.variant !== 'base')) {
      const base = all.find((q) => q.id === v.id && q.variant === 'base')!;
      expect(v.parsed.straightJoin, v.file).toBe(true);
      expect([...v.tables].sort(), v.file).toEqual([...base.tables].sort());
      expect(joinSet(v), v.file).toEqual(joinSet(base));
      expect(v.parsed.where, v.file).toEqual(base.parsed.where);
      expect(v.tables, v.file).toEqual(v.variant === 'straight' ? base.tables : ['dim_date', 'lineorder']);
    }
  });

  it('derives each count query from its file: same FROM, JOINs and WHERE, no GROUP BY or ORDER BY', () => {
    for (const q of all) {
      const prefix = q.parsed.straightJoin ? 'select straight_join count(*) from ' : 'select count(*) from ';
      expect(q.countSql.startsWith(prefix), q.file).toBe(true);
      expect(q.countSql).not.toMatch(/group by|order by|;/i);
      expect(q.sql.replace(/\s+/g, ' ')).toContain(q.parsed.fromWhereText.replace(/\s+/g, ' '));
      expect(parseSsbQuery(q.countSql), q.file).toEqual({
        ...q.parsed,
        fromWhereText: q.parsed.fromWhereText,
      });
    }
  });

  it('finds its folder from the working directory', () => {
    expect(findQueriesDir()).toMatch(/queries[/\\]ssb$/);
  });
});

describe('parseSsbQuery', () => {
  it('reads AND, OR, parentheses, BETWEEN and comparisons into a tree', () => {
    const q = parseSsbQuery(
      "select x from lineorder join part on lo_partkey = p_partkey where (p_mfgr = 'MFGR#1' or p_mfgr='it''s') and lo_quantity between 1 and 5 and lo_tax <> 3 order by 1",
    );
    expect(q.tables).toEqual(['lineorder', 'part']);
    expect(q.where).toEqual({
      kind: 'and',
      args: [
        {
          kind: 'or',
          args: [
            { kind: 'compare', column: 'p_mfgr', op: '=', value: 'MFGR#1' },
            { kind: 'compare', column: 'p_mfgr', op: '=', value: "it's" },
          ],
        },
        { kind: 'between', column: 'lo_quantity', low: 1, high: 5 },
        { kind: 'compare', column: 'lo_tax', op: '<>', value: 3 },
      ],
    });
    expect(countKeptRowsSql(q)).toBe(
      "select count(*) from lineorder join part on lo_partkey = p_partkey where (p_mfgr = 'MFGR#1' or p_mfgr='it''s') and lo_quantity between 1 and 5 and lo_tax <> 3",
    );
  });

  it.each([
    ['select 1 from lineorder where lo_tax = ', /ends too early/],
    ["select 1 from lineorder where lo_shipmode = 'AIR", /never closed/],
    ['select 1 from lineorder where lo_tax = 1 limit 5', /unexpected "limit"/],
    ['select 1 from lineorder where lo_tax like 1', /expected a comparison/],
    ['select 1 from lineorder left join part on lo_partkey = p_partkey where lo_tax = 1', /expected WHERE/],
  ])('refuses what it does not understand: %s', (sql, why) => {
    expect(() => parseSsbQuery(sql)).toThrow(why);
  });

  it('names the file when a query file cannot be read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bplab-queries-'));
    try {
      const q11 = await readFile(join(findQueriesDir(), 'q1.1.sql'), 'utf8');
      await writeFile(join(dir, 'q1.1.sql'), q11);
      await writeFile(join(dir, 'q1.1.straight.sql'), q11.replace('where', 'where (d_year = 1993'));
      const failure = (() => {
        try {
          loadSsbQueries(dir);
        } catch (e) {
          return e;
        }
      })();
      expect(failure).toBeInstanceOf(AppFailure);
      expect((failure as AppFailure).error.code).toBe('FILE_MALFORMED');
      expect((failure as AppFailure).error.message).toContain('q1.1.straight.sql');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
