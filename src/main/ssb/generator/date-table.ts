/**
 * dim_date (dbgen's date.tbl): one row per day of the calendar, no random numbers. It reproduces
 * two dbgen habits so the rows are dbgen's: the day of the week runs one day ahead of the real one
 * (1992-01-01, a Wednesday, is written Thursday; D_DayNumInWeek counts Sunday as 1), and the week
 * number is ⌊day of year / 7⌋ + 1.
 */
import { CALENDAR, daysInMonth } from './calendar';
import { DATE_ROWS } from './scale';
import type { TableSource } from './source';

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
export function dateRowFields(offset: number): string[] {
  const c = CALENDAR[offset]!;
  const dayNumInWeek = ((FIRST_WEEKDAY + offset + 1) % 7) + 1;
  const month = MONTHS[c.month - 1]!;
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
    c.day === daysInMonth(c.year, c.month) ? '1' : '0',
    holiday ? '1' : '0',
    dayNumInWeek !== 1 && dayNumInWeek !== 7 ? '1' : '0',
  ];
}

/** 2,557 short rows: built as strings once, which costs nothing next to lineorder. */
export class DateTableSource implements TableSource {
  readonly maxChunkBytes = 160;
  private next = 0;

  get rowsWritten(): number {
    return this.next;
  }

  get done(): boolean {
    return this.next >= DATE_ROWS;
  }

  fill(buf: Uint8Array, pos: number, end: number): number {
    while (this.next < DATE_ROWS && pos + this.maxChunkBytes <= end) {
      const line = dateRowFields(this.next).join('|') + '|\n';
      pos += Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).write(line, pos, 'latin1');
      this.next++;
    }
    return pos;
  }
}
