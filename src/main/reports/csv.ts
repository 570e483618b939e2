/** CSV of the raw numbers: one file per table, its cells' values (not their display text). */
import type { ReportTable } from '../../shared/compare/report-table';
import type { ReportModel } from './report-model';

function field(v: number | string | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function tableCsv(t: ReportTable): string {
  const lines = [
    t.columns.map((c) => field(c.label)),
    ...t.rows.map((row) => row.map((c) => field(c.value))),
  ];
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

/** File name → content; names are the tables' ids, which are unique in a report. */
export function reportCsvFiles(model: ReportModel): Array<{ name: string; content: string }> {
  return [
    ...model.tables,
    ...(model.options.whatIf?.tables ?? []),
    ...model.pairs.flatMap((p) => p.tables),
  ].map((t) => ({
    name: `${t.id}.csv`,
    content: tableCsv(t),
  }));
}
