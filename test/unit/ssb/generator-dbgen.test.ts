/**
 * The 'dbgen' mode against electrum/ssb-dbgen's own rules, restated here from its C source (not read
 * off the generator): build.c's mk_part and mk_date, dsstypes.h's lineorder_t, driver.c's tdefs.
 * No electrum dbgen output is at hand here (the eyalroz fork's real digests are in generator.test.ts,
 * and they pin the random streams both dbgens share), so these tests restate each rule and check
 * that the two modes differ by exactly those rules and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { SSB_TABLES } from '../../../src/main/ssb/tables';
import { tableBytes, tblRows } from './generator-tbl';

const SF = 0.01;
const dbgen = { sf: SF, seed: 1 } as const; // the default mode
const spec = { sf: SF, seed: 1, mode: 'spec' } as const;

// build.c: char *month_names[] and char *weekday_names[].
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'Augest', 'September', 'Octorber', 'November', 'December']; // prettier-ignore
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const LEAP = (y: number) => y % 4 === 0 && y % 100 !== 0; // dss.h's LEAP(y), enough for 1992..1998
const SEASONS: Array<[string, number, number]> = [['Christmas', 11, 12], ['Summer', 5, 8], ['Winter', 1, 3], ['Spring', 4, 4], ['Fall', 9, 10]]; // prettier-ignore
const HOLIDAYS = ['12-24', '1-1', '2-20', '4-20', '5-20', '7-20', '8-20', '9-20', '10-20', '11-20'];

/** build.c's mk_date(index, d) and print.c's pr_date, for index 1..2556 (driver.c: base 2556). */
function mkDate(index: number): string {
  const t = new Date(Date.UTC(1992, 0, 1) + (index - 1) * 86_400_000);
  const year = t.getUTCFullYear();
  const month = t.getUTCMonth() + 1;
  const day = t.getUTCDate();
  const yday = Math.round((t.getTime() - Date.UTC(year, 0, 1)) / 86_400_000);
  const dayNumInWeek = ((t.getUTCDay() + 1) % 7) + 1;
  const name = MONTH_NAMES[month - 1]!;
  const last = day === (LEAP(year) && month === 2 ? 29 : DAYS_IN_MONTH[month - 1]!);
  const fields = [
    year * 10000 + month * 100 + day,
    `${name} ${day}, ${year}`,
    WEEKDAY_NAMES[dayNumInWeek - 1],
    name,
    year,
    year * 100 + month,
    `${name.slice(0, 3)}${year}`,
    dayNumInWeek,
    day,
    yday + 1,
    month,
    Math.floor((yday + 1) / 7) + 1,
    SEASONS.find(([, from, to]) => month >= from && month <= to)![0],
    dayNumInWeek === 7 ? '1' : '0',
    last ? '0' : '1', // is_last_day_in_month() == 1 gives '0'
    HOLIDAYS.includes(`${month}-${day}`) ? '1' : '0',
    dayNumInWeek !== 1 && dayNumInWeek !== 7 ? '1' : '0',
  ];
  return fields.join('|') + '|\n';
}

describe("dbgen-exact mode (the default): electrum/ssb-dbgen's rules", () => {
  it("writes date.tbl as mk_date does: 2,556 days, 'Augest', 'Octorber', the inverted last-day flag", () => {
    const expected = Array.from({ length: 2556 }, (_, i) => mkDate(i + 1)).join('');
    const written = tableBytes('dim_date', dbgen).toString('latin1');
    expect(written.split('\n')[0]).toBe(
      '19920101|January 1, 1992|Thursday|January|1992|199201|Jan1992|5|1|1|1|1|Winter|0|1|1|1|',
    );
    expect(written).toContain('|Augest 31, 1992|');
    expect(written).toContain('|Octorber|');
    expect(written.split('\n').at(-2)!.startsWith('19981230|December 30, 1998|')).toBe(true);
    expect(written).toBe(expected);
  });

  it('writes P_Brand as mk_part does: sprintf("%s%d", category, brand), no leading zero', () => {
    const rows = tblRows(tableBytes('part', dbgen));
    const specRows = tblRows(tableBytes('part', spec));
    expect(rows).toHaveLength(specRows.length);
    const bad = rows.filter((r, i) => {
      const brand = Number(specRows[i]![4]!.slice(7)); // the spec's two digits: the same draw
      return r[4] !== `${r[3]}${brand}`;
    });
    expect(bad.slice(0, 3)).toEqual([]);
    expect(rows.some((r) => /^MFGR#\d\d[1-9]$/.test(r[4]!))).toBe(true); // MFGR#513-style brands occur
  });

  it('cuts LO_OrderPriority to the 11 bytes of lineorder_t.opriority: "4-NOT SPECI"', () => {
    const rows = tblRows(tableBytes('lineorder', dbgen));
    const priorities = new Set(rows.map((r) => r[6]));
    expect([...priorities].sort()).toEqual(['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECI', '5-LOW']);
  });

  it('differs from the specification’s form by exactly those four rules, and nothing else', () => {
    const months = (s: string) => s.replace(/August/g, 'Augest').replace(/October/g, 'Octorber');
    const small = { sf: 0.002 }; // every table, twice: kept small so the test stays quick
    for (const table of SSB_TABLES) {
      const s = tblRows(tableBytes(table, { ...spec, ...small }));
      const d = tblRows(tableBytes(table, { ...dbgen, ...small }));
      let fromSpec = s;
      if (table === 'part')
        fromSpec = s.map((r) => r.map((f, i) => (i === 4 ? `${r[3]}${Number(f.slice(7))}` : f)));
      if (table === 'lineorder') fromSpec = s.map((r) => r.map((f, i) => (i === 6 ? f.slice(0, 11) : f)));
      if (table === 'dim_date') {
        expect(s).toHaveLength(2557);
        expect(s.at(-1)![0]).toBe('19981231');
        fromSpec = s
          .slice(0, 2556)
          .map((r) => r.map((f, i) => (i === 14 ? (f === '1' ? '0' : '1') : months(f))));
      }
      expect(d.length, table).toBe(fromSpec.length);
      const firstDiff = d.findIndex((r, i) => r.join('|') !== fromSpec[i]!.join('|'));
      expect(firstDiff === -1 ? null : [d[firstDiff], fromSpec[firstDiff]], table).toBeNull();
    }
  });

  it("keeps the specification's form on request: two-digit brands, whole priorities, correct months", () => {
    const parts = tblRows(tableBytes('part', spec));
    expect(parts.every((r) => /^MFGR#[1-5][1-5]\d\d$/.test(r[4]!))).toBe(true);
    const dates = tableBytes('dim_date', spec).toString('latin1');
    expect(dates).toContain('|August 31, 1992|');
    expect(dates).not.toContain('Augest');
    const jan = tblRows(Buffer.from(dates, 'latin1')).slice(0, 31);
    expect(jan.map((r) => r[14]).join('')).toBe('0'.repeat(30) + '1'); // the flag on the last day only
    expect(tblRows(tableBytes('lineorder', spec)).some((r) => r[6] === '4-NOT SPECIFIED')).toBe(true);
  });
});
