/**
 * One comparison table, drawn as given (shared/compare/tables.ts prepared every cell's text), folded
 * under its title unless asked open: the answer and the findings come first, the details on demand.
 */
import { memo } from 'react';
import type { ReportTable } from '../../../../shared/compare/report-table';
import { gridOfReportTable } from '../utils/grid-table';
import { GridTable } from './GridTable';

export const ReportTableView = memo(function ReportTableView({
  table,
  open = false,
}: {
  table: ReportTable;
  open?: boolean;
}) {
  return (
    <section className="panel compare-table" id={table.id} data-testid="compare-table" data-table={table.id}>
      <details open={open}>
        <summary>
          <h3>{table.title}</h3>
        </summary>
        {table.note && <p className="muted chart-note">{table.note}</p>}
        <GridTable grid={gridOfReportTable(table)} className="grid-table" />
      </details>
    </section>
  );
});
