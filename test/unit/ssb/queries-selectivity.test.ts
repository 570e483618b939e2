/** The JavaScript count of kept rows, on hand-written rows whose answers are known. */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseSsbQuery } from '../../../src/main/ssb/query-parse';
import { countKeptRows, type TblRows } from '../../../src/main/ssb/selectivity';
import type { SsbTable } from '../../../src/shared/datasets/datasets';
import { tableBytes } from './generator-tbl';

const tbl = (rows: Array<Array<string | number>>) => rows.map((r) => r.join('|') + '|\n').join('');

/** A lineorder row: only the columns the queries read matter, the rest are placeholders. */
function line(o: { cust: number; part: number; supp: number; date: number; qty: number; disc: number }) {
  return [
    1,
    1,
    o.cust,
    o.part,
    o.supp,
    o.date,
    '1-URGENT',
    0,
    o.qty,
    100,
    100,
    o.disc,
    90,
    60,
    0,
    o.date,
    'AIR',
  ];
}

const TABLES: Record<Exclude<SsbTable, 'dim_date'>, string> = {
  customer: tbl([
    [1, 'Customer#000000001', 'a', 'UNITED KI1', 'UNITED KINGDOM', 'EUROPE', '33-1', 'BUILDING'],
    // Lower case and trailing spaces: equal under MySQL's default collations.
    [2, 'Customer#000000002', 'b', 'united ki5 ', 'UNITED KINGDOM', 'europe  ', '33-2', 'BUILDING'],
    [4, 'Customer#000000004', 'c', 'UNITED KI2', 'UNITED KINGDOM', 'EUROPE', '33-3', 'BUILDING'],
  ]),
  supplier: tbl([
    [1, 'Supplier#000000001', 'a', 'UNITED KI5', 'UNITED KINGDOM', 'EUROPE', '33-4'],
    [2, 'Supplier#000000002', 'b', 'PERU     1', 'PERU', 'AMERICA', '27-5'],
  ]),
  part: tbl([
    [1, 'x y', 'MFGR#2', 'MFGR#22', 'MFGR#2221', 'red', 'T', 1, 'SM BOX'],
    [2, 'x y', 'MFGR#2', 'MFGR#22', 'MFGR#2228', 'red', 'T', 1, 'SM BOX'],
    [3, 'x y', 'MFGR#2', 'MFGR#22', 'MFGR#2229', 'red', 'T', 1, 'SM BOX'],
    [4, 'x y', 'MFGR#2', 'MFGR#22', 'MFGR#222', 'red', 'T', 1, 'SM BOX'],
  ]),
  lineorder: tbl([
    line({ cust: 1, part: 1, supp: 1, date: 19940105, qty: 26, disc: 4 }),
    line({ cust: 2, part: 2, supp: 1, date: 19940131, qty: 35, disc: 6 }),
    line({ cust: 4, part: 3, supp: 1, date: 19940201, qty: 30, disc: 5 }),
    line({ cust: 1, part: 4, supp: 2, date: 19931231, qty: 25, disc: 7 }),
    line({ cust: 3, part: 1, supp: 1, date: 19940110, qty: 30, disc: 5 }), // customer 3 does not exist
    line({ cust: 2, part: 2, supp: 1, date: 19940115, qty: 36, disc: 3 }),
  ]),
};

/** Serves each table in 7-byte chunks, so rows straddle chunk boundaries. */
const rows: TblRows = (table) => {
  const bytes =
    table === 'dim_date' ? tableBytes('dim_date', { sf: 1, seed: 1 }) : Buffer.from(TABLES[table]);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
  return Readable.from(chunks);
};

async function kept(
  where: string,
  from = 'lineorder join dim_date on lo_orderdatekey = d_datekey',
): Promise<number> {
  const result = await countKeptRows(
    [{ id: 'q', parsed: parseSsbQuery(`select 1 from ${from} where ${where}`) }],
    rows,
  );
  expect(result.lineorderRows).toBe(6);
  return result.kept.q!;
}

const ALL_JOINS =
  'lineorder join dim_date on lo_orderdatekey = d_datekey join customer on lo_custkey = c_customerkey ' +
  'join supplier on lo_suppkey = s_suppkey join part on lo_partkey = p_partkey';

describe('countKeptRows', () => {
  it('treats BETWEEN as inclusive at both ends (and, without the customer join, counts customer 3’s row)', async () => {
    expect(
      await kept('d_yearmonthnum = 199401 and lo_discount between 4 and 6 and lo_quantity between 26 and 35'),
    ).toBe(3);
  });

  it('keeps nothing for the seed’s d_yearmonth = 199401, as MySQL does ("Jan1994" is the number 0)', async () => {
    expect(await kept('d_yearmonth = 199401')).toBe(0);
    expect(await kept("d_yearmonth = 'Jan1994'")).toBe(4);
  });

  it('compares text case-insensitively and without trailing spaces, like the default collations', async () => {
    expect(
      await kept("(c_city='UNITED KI1' or c_city='UNITED KI5') and c_region = 'EUROPE'", ALL_JOINS),
    ).toBe(4);
  });

  it('drops rows whose key has no dimension row (an inner join)', async () => {
    expect(await kept("s_region = 'EUROPE'", ALL_JOINS)).toBe(4);
    expect(await kept('lo_quantity >= 0')).toBe(6);
  });

  it('compares strings in order for BETWEEN (MFGR#222 and MFGR#2229 fall outside 2221..2228)', async () => {
    expect(await kept("p_brand between 'MFGR#2221' and 'MFGR#2228'", ALL_JOINS)).toBe(3);
  });

  it('applies <, <=, >, >= and <> as written', async () => {
    expect(await kept('lo_quantity < 26')).toBe(1);
    expect(await kept('lo_quantity <= 26')).toBe(2);
    expect(await kept('lo_quantity > 35')).toBe(1);
    expect(await kept('lo_quantity >= 35')).toBe(2);
    expect(await kept('lo_discount <> 5')).toBe(4);
  });

  it('says why it cannot count a query', async () => {
    await expect(kept('(lo_quantity = 1 or c_customerkey = 1)', ALL_JOINS)).rejects.toThrow(
      /mixes the tables/,
    );
    await expect(kept("p_mfgr = 'MFGR#1'")).rejects.toThrow(/does not join/);
    await expect(kept('lo_nothing = 1')).rejects.toThrow(/no SSB table has a column named lo_nothing/);
  });
});
