/**
 * dim_date (dbgen's date.tbl): one row per day of the calendar, no random numbers. Both modes keep
 * two dbgen habits that the queries see: the day of the week runs one day ahead of the real one
 * (1992-01-01, a Wednesday, is written Thursday; D_DayNumInWeek counts Sunday as 1), and the week
 * number is ⌊day of year / 7⌋ + 1. The 'dbgen' mode also keeps the ones the queries do not see
 * (dbgen-quirks.ts): 2,556 rows, "Augest" and "Octorber", and the inverted last-day-in-month flag.
 */
import { CALENDAR, daysInMonth } from './calendar';
import { tblQuirks, type TblQuirks } from './dbgen-quirks';
import type { GenerateOptions, TableSource } from './source';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** build.c's month_names. */
const DBGEN_MONTHS = MONTHS.map((m) => (m === 'August' ? 'Augest' : m === 'October' ? 'Octorber' : m));
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** dbgen's selling seasons, first match wins: [name, first month, last month]. */
const SEASONS: ReadonlyArray<[string, number, number]> = [
  ['Christmas', 11, 12],
  ['Summer', 5, 8],
  ['Winter', 1, 3],
  ['Spring', 4, 4],
  ['Fall', 9, 10],
];

/** dbgen's holidays, as [month, day]. */
const HOLIDAYS: ReadonlyArray<[number, number]> = [
  [12, 24],
  [1, 1],
  [2, 20],
  [4, 20],
  [5, 20],
  [7, 20],
  [8, 20],
  [9, 20],
  [10, 20],
  [11, 20],
];

/** The weekday of day 0 (1992-01-01), Sunday = 0. */
const FIRST_WEEKDAY = 3;

/** One dim_date row as text, in column order, without the trailing `|\n`. */
export function dateRowFields(offset: number, quirks: TblQuirks = tblQuirks()): string[] {
  const c = CALENDAR[offset]!;
  const dayNumInWeek = ((FIRST_WEEKDAY + offset + 1) % 7) + 1;
  const month = (quirks.misspeltMonths ? DBGEN_MONTHS : MONTHS)[c.month - 1]!;
  const lastDayInMonth = c.day === daysInMonth(c.year, c.month);
  const season = SEASONS.find(([, from, to]) => c.month >= from && c.month <= to)?.[0] ?? '';
  const holiday = HOLIDAYS.some(([m, d]) => m === c.month && d === c.day);
  return [
    String(c.dateKey),
    `${month} ${c.day}, ${c.year}`,
    WEEKDAYS[dayNumInWeek - 1]!,
    month,
    String(c.year),
    String(c.year * 100 + c.month),
    `${month.slice(0, 3)}${c.year}`,
    String(dayNumInWeek),
    String(c.day),
    String(c.dayOfYear),
    String(c.month),
    String(Math.floor(c.dayOfYear / 7) + 1),
    season,
    dayNumInWeek === 7 ? '1' : '0',
    lastDayInMonth !== quirks.invertedLastDayFlag ? '1' : '0',
    holiday ? '1' : '0',
    dayNumInWeek !== 1 && dayNumInWeek !== 7 ? '1' : '0',
  ];
}

/** 2,556 or 2,557 short rows: built as strings, which costs nothing next to lineorder. */
export class DateTableSource implements TableSource {
  readonly maxChunkBytes = 160;
  private next = 0;
  private readonly quirks: TblQuirks;

  constructor(opts: Pick<GenerateOptions, 'mode' | 'lineage'> = {}) {
    this.quirks = tblQuirks(opts.mode, opts.lineage);
  }

  get rowsWritten(): number {
    return this.next;
  }

  get done(): boolean {
    return this.next >= this.quirks.dateRows;
  }

  fill(buf: Uint8Array, pos: number, end: number): number {
    while (this.next < this.quirks.dateRows && pos + this.maxChunkBytes <= end) {
      const line = dateRowFields(this.next, this.quirks).join('|') + '|\n';
      pos += Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).write(line, pos, 'latin1');
      this.next++;
    }
    return pos;
  }
}
