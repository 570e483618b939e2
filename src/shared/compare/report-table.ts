/**
 * A report table as plain rows of cells, each with its display text and its raw value, and the
 * cells bplab writes figures in: the screens, the CLI, HTML, CSV and Markdown all render these.
 */
import { formatBytes, formatCount, formatMs, formatRatio, formatShare } from '../format';

export interface ReportCell {
  text: string;
  /** The raw figure (ms, pages, bytes...) for CSV; null where there is none. */
  value: number | string | null;
  /** The two sides differ here (EXPLAIN fields, settings). */
  differs?: boolean;
}

export interface ReportColumn {
  label: string;
  numeric: boolean;
}

export interface ReportTable {
  id: string;
  title: string;
  /** What the figures are, in words (scope, units, what is missing). */
  note?: string;
  columns: ReportColumn[];
  rows: ReportCell[][];
}

/**
 * Text holding a word too long for a narrow column (a setting's name, a checksum, a path): such a cell
 * may break anywhere, so no table grows wider than the window; shorter words break only between words.
 */
export const hasLongWord = (text: string, longest = 16): boolean =>
  text.split(/\s+/).some((word) => word.length > longest);

/** The class names of a cell: numbers right-aligned, long words breakable, differences marked. */
export function cellClass(numeric: boolean, text: string, differs = false): string {
  return [numeric ? 'num' : '', hasLongWord(text) ? 'wrap' : '', differs ? 'differs' : '']
    .filter(Boolean)
    .join(' ');
}

/**
 * A name cut after each _ = / : and each dot before a letter, so a long one ("innodb_flush_method=
 * O_DIRECT") wraps between its parts, never inside a word ("innodb_flush_me thod") nor a number
 * ("1.22×"); the parts joined again are the text.
 */
export function nameParts(text: string): string[] {
  return text.split(/(?<=[_=/:])|(?<=\.)(?=[A-Za-z])/).filter((p) => p.length > 0);
}

/**
 * The class names of a cell drawn with a break opportunity between its names' parts (nameParts): a
 * word breaks anywhere only when one of its parts is still too long for a column (a checksum).
 */
export const partedCellClass = (numeric: boolean, text: string, differs = false): string =>
  cellClass(numeric, nameParts(text).join(' '), differs);

export const num = (label: string): ReportColumn => ({ label, numeric: true });
export const txt = (label: string): ReportColumn => ({ label, numeric: false });
export const none: ReportCell = { text: '—', value: null };
export const count = (n: number | null | undefined): ReportCell =>
  n === null || n === undefined ? none : { text: formatCount(n), value: n };
export const ms = (n: number | null | undefined): ReportCell =>
  n === null || n === undefined ? none : { text: formatMs(n), value: Math.round(n * 1000) / 1000 };
export const ratio = (n: number | null | undefined): ReportCell =>
  n === null || n === undefined ? none : { text: formatRatio(n), value: Math.round(n * 10000) / 10000 };
export const signedMs = (n: number | null | undefined): ReportCell =>
  n === null || n === undefined
    ? none
    : {
        text: `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatMs(Math.abs(n))}`,
        value: Math.round(n * 1000) / 1000,
      };
export const signedCount = (n: number | null | undefined): ReportCell =>
  n === null || n === undefined ? none : { text: `${n > 0 ? '+' : ''}${formatCount(n)}`, value: n };
export const share = (n: number | null | undefined): ReportCell =>
  n === null || n === undefined ? none : { text: formatShare(n), value: Math.round(n * 1e6) / 1e6 };
export const bytes = (n: number | null | undefined): ReportCell =>
  typeof n === 'number' ? { text: formatBytes(n), value: n } : none;
export const text = (t: string, differs?: boolean): ReportCell => ({
  text: t,
  value: t,
  ...(differs ? { differs } : {}),
});
