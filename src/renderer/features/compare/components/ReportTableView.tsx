/**
 * One comparison table, drawn as given (shared/compare/tables.ts prepared every cell's text), folded
 * under its title unless asked open: the answer and the findings come first, the details on demand.
 */
import { memo } from 'react';
import { cellClass, type ReportTable } from '../../../../shared/compare/report-table';

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
        <div className="table-scroll">
          <table className="grid-table">
            <thead>
              <tr>
                {table.columns.map((c, i) => (
                  <th key={i} className={cellClass(c.numeric, c.label) || undefined} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td
                      key={i}
                      className={
                        cellClass(table.columns[i]?.numeric ?? false, cell.text, cell.differs) || undefined
                      }
                      data-differs={cell.differs ? 'true' : undefined}
                    >
                      {cell.text}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
});
