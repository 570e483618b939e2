/** Plain-text tables and findings for the terminal (`bplab compare`). */
import type { Finding } from '../../shared/compare/finding';
import type { ReportTable } from '../../shared/compare/report-table';
import { legendText } from '../../shared/compare/glance';
import type { ReportModel } from './report-model';
import { CLI_WIDTH, wrapLines } from '../../shared/text-wrap';

/**
 * The answer first: its heading (the experiment's question), one line per side against the baseline
 * (or per pair of the question), then which side each letter is and how every ratio is read; each
 * wrapped to the terminal's width.
 */
export function headlineText(m: Pick<ReportModel, 'heading' | 'headlines' | 'legend' | 'ratios'>): string {
  return wrapLines(
    [
      ...(m.heading ? [m.heading] : []),
      ...m.headlines,
      ...(m.legend.length ? [legendText(m.legend)] : []),
      ...(m.ratios ? [m.ratios] : []),
    ].join('\n'),
  );
}

/**
 * A table for the terminal, no wider than `width` columns: each heading wraps onto lines of its own
 * (a column is as wide as its widest cell or heading word), and a table still too wide is cut into
 * parts of whole columns, each repeating the first column so every row keeps its name.
 */
export function tableText(t: ReportTable, width = CLI_WIDTH): string {
  const rows = t.rows.map((r) => r.map((c) => c.text));
  const dataWidth = t.columns.map((_, i) => Math.max(0, ...rows.map((r) => (r[i] ?? '').length)));
  const heads = t.columns.map((c, i) => headingLines(c.label, Math.max(dataWidth[i]!, HEADING_WIDTH)));
  const widths = t.columns.map((_, i) => Math.max(dataWidth[i]!, ...heads[i]!.map((l) => l.length)));
  const parts: number[][] = [];
  let part: number[] = [0];
  let used = widths[0] ?? 0;
  for (let i = 1; i < t.columns.length; i++) {
    if (part.length > 1 && used + 2 + widths[i]! > width) {
      parts.push(part);
      part = [0];
      used = widths[0] ?? 0;
    }
    part.push(i);
    used += 2 + widths[i]!;
  }
  parts.push(part);
  const cell = (s: string, i: number) =>
    t.columns[i]?.numeric ? s.padStart(widths[i]!) : s.padEnd(widths[i]!);
  const block = (cols: number[]) => {
    const depth = Math.max(...cols.map((i) => heads[i]!.length));
    const headLines = Array.from({ length: depth }, (_, k) =>
      cols.map((i) => cell(heads[i]![k - (depth - heads[i]!.length)] ?? '', i)),
    );
    return [...headLines, ...rows.map((r) => cols.map((i) => cell(r[i] ?? '', i)))]
      .map((cells) => cells.join('  ').trimEnd())
      .join('\n');
  };
  return [
    wrapLines(t.title, { width }),
    ...(t.note ? [wrapLines(t.note, { width })] : []),
    '',
    parts.map(block).join('\n\n'),
  ].join('\n');
}

/** A heading wider than its column's cells wraps at this many columns (a single longer word stays whole). */
const HEADING_WIDTH = 16;

function headingLines(label: string, width: number): string[] {
  return wrapLines(label, { width, hang: 0 }).split('\n');
}

export function findingsText(list: Finding[]): string {
  if (list.length === 0) return 'findings: no rule found a difference large enough to state';
  return wrapLines(
    ['findings', ...list.map((f) => `  - ${f.kind === 'difference' ? '' : `${f.kind}: `}${f.text}`)].join(
      '\n',
    ),
  );
}
