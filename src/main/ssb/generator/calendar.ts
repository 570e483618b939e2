/**
 * SSB's calendar: day 0 is 1992-01-01, the last day (DATE_ROWS − 1) is 1998-12-31. Both date
 * columns of lineorder and every row of dim_date come from these precomputed days.
 */
import { DATE_ROWS } from './scale';

export interface CalendarDay {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
  /** 1..366 */
  dayOfYear: number;
  /** yyyymmdd, the D_DateKey */
  dateKey: number;
  /** dateKey's eight ASCII digits, for the lineorder writer. */
  dateKeyBytes: Uint8Array;
}

const DAY_MS = 86_400_000;
const START = Date.UTC(1992, 0, 1);

export const CALENDAR: readonly CalendarDay[] = Array.from({ length: DATE_ROWS }, (_, offset) => {
  const d = new Date(START + offset * DAY_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  const dayOfYear = Math.round((d.getTime() - Date.UTC(year, 0, 1)) / DAY_MS) + 1;
  const dateKey = year * 10000 + month * 100 + day;
  return { year, month, day, dayOfYear, dateKey, dateKeyBytes: Buffer.from(String(dateKey), 'latin1') };
});

/**
 * Order dates run from day 0 to 1998-08-02: dbgen leaves the last 151 days (the 121 + 30 days
 * TPC-H keeps for ship and receipt dates) out of the order date range.
 */
export const LAST_ORDER_DAY = DATE_ROWS - 151 - 1;

export const isLeapYear = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

export const daysInMonth = (y: number, m: number): number =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
