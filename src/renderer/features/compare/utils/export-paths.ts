/** Where an export goes unless the user says otherwise: beside the first results file. */
import { fileLabel } from '../../../../shared/compare/experiment-sides';

export type ExportFormat = 'html' | 'csv' | 'md';

export const EXPORT_FORMATS: Array<{ id: ExportFormat; label: string }> = [
  { id: 'html', label: 'HTML report (self-contained, printable)' },
  { id: 'csv', label: 'CSV files (one per table, raw numbers)' },
  { id: 'md', label: 'Markdown summary' },
];

/** "/data/post001.bplab.json", html → "/data/post001.report.html"; csv → a folder "/data/post001.report-csv". */
export function defaultExportPath(firstFile: string | undefined, format: ExportFormat): string {
  if (!firstFile) return '';
  const cut = Math.max(firstFile.lastIndexOf('/'), firstFile.lastIndexOf('\\'));
  const dir = cut >= 0 ? firstFile.slice(0, cut + 1) : '';
  const base = `${dir}${fileLabel(firstFile)}.report`;
  return format === 'csv' ? `${base}-csv` : `${base}.${format}`;
}
