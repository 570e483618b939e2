/** Plain-text tables and findings for the terminal (`bplab compare`). */
import type { Finding } from '../../shared/compare/finding';
import type { ReportTable } from '../../shared/compare/report-table';
import { legendText } from '../../shared/compare/glance';
import type { ReportModel } from './report-model';

/** The answer first: one line per side against the baseline, then which side each letter is. */
export function headlineText(m: Pick<ReportModel, 'headlines' | 'legend'>): string {
  return [...m.headlines, ...(m.legend.length ? [legendText(m.legend)] : [])].join('\n');
}

export function tableText(t: ReportTable): string {
  const cells = [t.columns.map((c) => c.label), ...t.rows.map((r) => r.map((c) => c.text))];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((s, i) => (t.columns[i]?.numeric ? s.padStart(widths[i] ?? 0) : s.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [t.title, ...(t.note ? [t.note] : []), '', line(cells[0] ?? []), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

export function findingsText(list: Finding[]): string {
  if (list.length === 0) return 'findings: no rule found a difference large enough to state';
  return [
    'findings',
    ...list.map((f) => `  - ${f.kind === 'difference' ? '' : `${f.kind}: `}${f.text}`),
  ].join('\n');
}
