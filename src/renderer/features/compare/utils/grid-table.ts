// One shape for every table the Compare screen draws (a comparison table, a finding's evidence), so both are drawn by one component with the same cell classes.
import type { EvidenceTable } from '../../../../shared/compare/glance';
import { cellClass, type ReportTable } from '../../../../shared/compare/report-table';

export interface GridCell {
  text: string;
  /** Class names (numbers right-aligned, long words breakable, differences marked), or undefined. */
  className: string | undefined;
  differs: boolean;
  /** Columns the cell spans (a figure of no one side spans the sides' columns). */
  span: number;
}

export interface GridTable {
  head: GridCell[];
  rows: GridCell[][];
}

function cell(text: string, numeric: boolean, differs = false, span = 1): GridCell {
  return { text, className: cellClass(numeric, text, differs) || undefined, differs, span };
}

/** A comparison table's cells, each numeric as its column. */
export function gridOfReportTable(table: ReportTable): GridTable {
  return {
    head: table.columns.map((c) => cell(c.label, c.numeric)),
    rows: table.rows.map((row) =>
      row.map((c, i) => cell(c.text, table.columns[i]?.numeric ?? false, c.differs ?? false)),
    ),
  };
}

/** A finding's evidence: the measure's name, then a figure per side, or one spanning them all. */
export function gridOfEvidence(t: EvidenceTable): GridTable {
  const span = t.columns.length - 1;
  return {
    head: t.columns.map((c, i) => cell(c, i > 0)),
    rows: t.rows.map((r) => [
      cell(r.label, false),
      ...(r.values.length < span
        ? [cell(r.values[0] ?? '', false, false, span)]
        : r.values.map((v) => cell(v, true))),
    ]),
  };
}
