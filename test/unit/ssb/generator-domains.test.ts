/**
 * Every column's values against the SSB specification's domains, restated here from the
 * specification (and dbgen's formulas where the specification defers to it), not read off the code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerCount,
  orderCount,
  partCount,
  partKeyMax,
  supplierCount,
} from '../../../src/main/ssb/generator/scale';
import { tableBytes, tblRows } from './generator-tbl';

const SF = 0.05;
// The specification's form: the domains below are the specification's (dbgen's quirks are tested in generator.test.ts).
const OPTS = { sf: SF, seed: 1, mode: 'spec' } as const;

const REGION_OF: Record<string, string> = {
  ALGERIA: 'AFRICA', ETHIOPIA: 'AFRICA', KENYA: 'AFRICA', MOROCCO: 'AFRICA', MOZAMBIQUE: 'AFRICA',
  ARGENTINA: 'AMERICA', BRAZIL: 'AMERICA', CANADA: 'AMERICA', PERU: 'AMERICA', 'UNITED STATES': 'AMERICA',
  INDIA: 'ASIA', INDONESIA: 'ASIA', JAPAN: 'ASIA', CHINA: 'ASIA', VIETNAM: 'ASIA',
  FRANCE: 'EUROPE', GERMANY: 'EUROPE', ROMANIA: 'EUROPE', RUSSIA: 'EUROPE', 'UNITED KINGDOM': 'EUROPE',
  EGYPT: 'MIDDLE EAST', IRAN: 'MIDDLE EAST', IRAQ: 'MIDDLE EAST', JORDAN: 'MIDDLE EAST', 'SAUDI ARABIA': 'MIDDLE EAST',
}; // prettier-ignore
/** TPC-H's nation keys, alphabetical but for the last few: the phone's country code is 10 + key. */
const NATION_KEY = [
  'ALGERIA', 'ARGENTINA', 'BRAZIL', 'CANADA', 'EGYPT', 'ETHIOPIA', 'FRANCE', 'GERMANY', 'INDIA', 'INDONESIA',
  'IRAN', 'IRAQ', 'JAPAN', 'JORDAN', 'KENYA', 'MOROCCO', 'MOZAMBIQUE', 'PERU', 'CHINA', 'ROMANIA',
  'SAUDI ARABIA', 'VIETNAM', 'RUSSIA', 'UNITED KINGDOM', 'UNITED STATES',
]; // prettier-ignore

/** Fails with the first few offending rows, in one assertion (per-row expects would be slow). */
function expectAll(rows: string[][], what: string, ok: (r: string[]) => boolean): void {
  const bad = rows.filter((r) => !ok(r)).slice(0, 3);
  expect(bad, what).toEqual([]);
}

const isCity = (city: string, nation: string) =>
  city.length === 10 && city.slice(0, 9) === nation.slice(0, 9).padEnd(9, ' ') && /^[0-9]$/.test(city[9]!);
const isPhone = (phone: string, nation: string) =>
  new RegExp(`^${10 + NATION_KEY.indexOf(nation)}-[1-9]\\d\\d-[1-9]\\d\\d-[1-9]\\d{3}$`).test(phone);

describe('customer and supplier', () => {
  let customers: string[][];
  let suppliers: string[][];
  beforeAll(() => {
    customers = tblRows(tableBytes('customer', OPTS));
    suppliers = tblRows(tableBytes('supplier', OPTS));
  });

  it('numbers and names rows Customer#000000001, Supplier#000000001, ...', () => {
    expectAll(customers, 'keys', (r) => r[1] === `Customer#${r[0]!.padStart(9, '0')}`);
    expectAll(suppliers, 'keys', (r) => r[1] === `Supplier#${r[0]!.padStart(9, '0')}`);
    expect(customers.map((r) => Number(r[0]))).toEqual(
      Array.from({ length: customerCount(SF) }, (_, i) => i + 1),
    );
  });

  it('places each in one of the 25 nations, in its region, in a city of that nation, with its country code', () => {
    for (const [rows, c] of [
      [customers, { nation: 4, region: 5, city: 3, phone: 6 }],
      [suppliers, { nation: 4, region: 5, city: 3, phone: 6 }],
    ] as const) {
      expectAll(rows, 'nation/region', (r) => REGION_OF[r[c.nation]!] === r[c.region]);
      expectAll(rows, 'city', (r) => isCity(r[c.city]!, r[c.nation]!));
      expectAll(rows, 'phone', (r) => isPhone(r[c.phone]!, r[c.nation]!));
      expectAll(
        rows,
        'address',
        (r) => r[2]!.length >= 6 && r[2]!.length <= 24 && /^[0-9a-zA-Z ,]+$/.test(r[2]!),
      );
    }
    expect(new Set(customers.map((r) => r[4])).size).toBe(25);
    expect(new Set(customers.map((r) => r[3]!.slice(9))).size).toBe(10);
    expect(
      customers.map((r) => r[3]).filter((c) => c === 'UNITED KI1' || c === 'UNITED KI5').length,
    ).toBeGreaterThan(0);
  });

  it('gives customers one of the five market segments', () => {
    const segments = ['AUTOMOBILE', 'BUILDING', 'FURNITURE', 'HOUSEHOLD', 'MACHINERY'];
    expectAll(customers, 'segment', (r) => segments.includes(r[7]!));
    expect(new Set(customers.map((r) => r[7])).size).toBe(5);
  });
});

describe('part', () => {
  let parts: string[][];
  beforeAll(() => {
    parts = tblRows(tableBytes('part', OPTS));
  });

  it('has the MFGR#m ⊃ MFGR#mc ⊃ MFGR#mcbb hierarchy: 5 manufacturers, 25 categories, 1000 brands', () => {
    expectAll(parts, 'mfgr', (r) => /^MFGR#[1-5]$/.test(r[2]!));
    expectAll(parts, 'category', (r) => r[3]!.startsWith(r[2]!) && /^MFGR#[1-5][1-5]$/.test(r[3]!));
    expectAll(parts, 'brand', (r) => {
      const brand = Number(r[4]!.slice(7));
      return r[4]!.startsWith(r[3]!) && /^MFGR#[1-5][1-5]\d\d$/.test(r[4]!) && brand >= 1 && brand <= 40;
    });
    expect(new Set(parts.map((r) => r[3])).size).toBe(25);
    expect(new Set(parts.map((r) => r[4])).size).toBe(1000);
  });

  it('can write brands as dbgen does (no leading zero) for comparisons with dbgen files', () => {
    const dbgen = tblRows(tableBytes('part', { ...OPTS, mode: 'dbgen' }));
    expectAll(dbgen, 'brand', (r) => /^MFGR#[1-5][1-5]([1-9]|[1-3]\d|40)$/.test(r[4]!));
    expect(dbgen.map((r) => [r[3], Number(r[4]!.slice(7))])).toEqual(
      parts.map((r) => [r[3], Number(r[4]!.slice(7))]),
    );
  });

  it('names parts with two colours, takes a third for P_Colour, and keeps type, size and container in their domains', () => {
    const colour = /^[a-z]+$/;
    expectAll(
      parts,
      'name',
      (r) => r[1]!.split(' ').length === 2 && r[1]!.split(' ').every((w) => colour.test(w)),
    );
    expectAll(parts, 'colour', (r) => colour.test(r[5]!) && !r[1]!.split(' ').includes(r[5]!));
    const type =
      /^(STANDARD|SMALL|MEDIUM|LARGE|ECONOMY|PROMO) (ANODIZED|BURNISHED|PLATED|POLISHED|BRUSHED) (TIN|NICKEL|BRASS|STEEL|COPPER)$/;
    expectAll(parts, 'type', (r) => type.test(r[6]!));
    expectAll(parts, 'size', (r) => Number(r[7]) >= 1 && Number(r[7]) <= 50);
    expectAll(parts, 'container', (r) =>
      /^(SM|LG|MED|JUMBO|WRAP) (CASE|BOX|BAG|JAR|PACK|PKG|CAN|DRUM)$/.test(r[8]!),
    );
    expect(parts.length).toBe(partCount(SF));
  });
});

describe('dim_date', () => {
  const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']; // prettier-ignore
  const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

  it('has one row per day from 1992-01-01 to 1998-12-31, with dbgen’s columns', () => {
    const rows = tblRows(tableBytes('dim_date', OPTS));
    const expected = rows.map((_, i) => new Date(Date.UTC(1992, 0, 1 + i)));
    expect(rows.length).toBe(2557);
    expect(expected.at(-1)!.toISOString().slice(0, 10)).toBe('1998-12-31');
    const bad = rows.filter((r, i) => {
      const d = expected[i]!;
      const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
      const dayOfYear = (Date.UTC(y, m - 1, day) - Date.UTC(y, 0, 1)) / 86_400_000 + 1;
      // dbgen's weekday runs one day ahead of the calendar (1992-01-01, a Wednesday, is 'Thursday').
      const shifted = (d.getUTCDay() + 1) % 7;
      const lastOfMonth = new Date(Date.UTC(y, m, 0)).getUTCDate() === day;
      const want = [
        String(y * 10000 + m * 100 + day),
        `${MONTHS[m - 1]} ${day}, ${y}`,
        DAYS[shifted],
        MONTHS[m - 1],
        String(y),
        String(y * 100 + m),
        `${MONTHS[m - 1]!.slice(0, 3)}${y}`,
        String(shifted + 1),
        String(day),
        String(dayOfYear),
        String(m),
        String(Math.floor(dayOfYear / 7) + 1),
        m >= 11 ? 'Christmas' : m >= 9 ? 'Fall' : m >= 5 ? 'Summer' : m === 4 ? 'Spring' : 'Winter',
        shifted === 6 ? '1' : '0',
        lastOfMonth ? '1' : '0',
        (m === 12 && day === 24) ||
        (m === 1 && day === 1) ||
        ([2, 4, 5, 7, 8, 9, 10, 11].includes(m) && day === 20)
          ? '1'
          : '0',
        shifted === 0 || shifted === 6 ? '0' : '1',
      ];
      return r.join('|') !== want.join('|');
    });
    expect(bad.slice(0, 2)).toEqual([]);
    expect(rows[0]!.slice(0, 3)).toEqual(['19920101', 'January 1, 1992', 'Thursday']);
  });
});

describe('lineorder', () => {
  let rows: string[][];
  beforeAll(() => {
    rows = tblRows(tableBytes('lineorder', OPTS));
  });
  const dayOf = (key: string) =>
    Date.UTC(Number(key.slice(0, 4)), Number(key.slice(4, 6)) - 1, Number(key.slice(6)));
  const retail = (p: number) => 90000 + (Math.floor(p / 10) % 20001) + (p % 1000) * 100;

  it('groups 1 to 7 numbered lines under sparse, increasing order keys, 1,500,000 × SF orders', () => {
    const orders = new Map<string, string[][]>();
    for (const r of rows) orders.set(r[0]!, [...(orders.get(r[0]!) ?? []), r]);
    expect(orders.size).toBe(orderCount(SF));
    const keys = [...orders.keys()].map(Number);
    expect(keys.every((k, i) => i === 0 || k > keys[i - 1]!)).toBe(true);
    expect(keys.slice(0, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 32, 33]);
    const bad = [...orders.values()].filter(
      (lines) =>
        lines.length > 7 ||
        lines.some((l, i) => l[1] !== String(i + 1)) ||
        new Set(lines.map((l) => `${l[2]}|${l[5]}|${l[6]}|${l[10]}`)).size !== 1,
    );
    expect(bad.slice(0, 2)).toEqual([]);
    const counts = [1, 2, 3, 4, 5, 6, 7].map(
      (n) => [...orders.values()].filter((l) => l.length === n).length,
    );
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  it('draws keys from their tables, never a customer key divisible by 3', () => {
    const [c, s, p] = [customerCount(SF), supplierCount(SF), partKeyMax(SF)];
    expectAll(rows, 'custkey', (r) => Number(r[2]) >= 1 && Number(r[2]) <= c && Number(r[2]) % 3 !== 0);
    expectAll(rows, 'partkey', (r) => Number(r[3]) >= 1 && Number(r[3]) <= p);
    expectAll(rows, 'suppkey', (r) => Number(r[4]) >= 1 && Number(r[4]) <= s);
  });

  it('orders between 1992-01-01 and 1998-08-02, commits 30 to 90 days later', () => {
    expectAll(rows, 'order date', (r) => r[5]! >= '19920101' && r[5]! <= '19980802');
    expectAll(rows, 'commit date', (r) => {
      const days = (dayOf(r[15]!) - dayOf(r[5]!)) / 86_400_000;
      return days >= 30 && days <= 90;
    });
    expect(rows.some((r) => r[5]! < '19920110')).toBe(true);
    expect(rows.some((r) => r[5]! > '19980720')).toBe(true);
  });

  it('keeps quantity, discount, tax, priorities and ship modes in their domains', () => {
    const priorities = ['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECIFIED', '5-LOW'];
    const modes = ['REG AIR', 'AIR', 'RAIL', 'TRUCK', 'MAIL', 'FOB', 'SHIP'];
    expectAll(rows, 'priority', (r) => priorities.includes(r[6]!) && r[7] === '0');
    expectAll(rows, 'quantity', (r) => Number(r[8]) >= 1 && Number(r[8]) <= 50);
    expectAll(rows, 'discount', (r) => Number(r[11]) >= 0 && Number(r[11]) <= 10);
    expectAll(rows, 'tax', (r) => Number(r[14]) >= 0 && Number(r[14]) <= 8);
    expectAll(rows, 'ship mode', (r) => modes.includes(r[16]!));
    for (const [col, n] of [
      [8, 50],
      [11, 11],
      [14, 9],
    ] as const)
      expect(new Set(rows.map((r) => r[col])).size).toBe(n);
  });

  it('prices lines in cents by dbgen’s formulas', () => {
    expectAll(
      rows,
      'extended price = quantity × retail price',
      (r) => Number(r[9]) === Number(r[8]) * retail(Number(r[3])),
    );
    expectAll(
      rows,
      'revenue',
      (r) => Number(r[12]) === Math.floor((Number(r[9]) * (100 - Number(r[11]))) / 100),
    );
    expectAll(rows, 'supply cost', (r) => Number(r[13]) === Math.floor((6 * retail(Number(r[3]))) / 10));
    const totals = new Map<string, number>();
    for (const r of rows) {
      totals.set(r[0]!, (totals.get(r[0]!) ?? 0) + Math.floor((Number(r[12]) * (100 + Number(r[14]))) / 100));
    }
    expectAll(rows, 'order total', (r) => Number(r[10]) === totals.get(r[0]!));
  });
});
