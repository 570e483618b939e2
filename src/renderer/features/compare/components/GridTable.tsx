// Draws a table the Compare screen prepared (utils/grid-table.ts): a head row, then its rows, nothing decided here.
import { Fragment } from 'react';
import { nameParts } from '../../../../shared/compare/report-table';
import type { GridTable as Grid } from '../utils/grid-table';

export function GridTable({ grid, className }: { grid: Grid; className: string }) {
  return (
    <div className="table-scroll">
      <table className={className}>
        <thead>
          <tr>
            {grid.head.map((c, i) => (
              <th key={i} scope="col" className={c.className}>
                {nameParts(c.text).map((part, j) => (
                  <Fragment key={j}>
                    {j > 0 && <wbr />}
                    {part}
                  </Fragment>
                ))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row, r) => (
            <tr key={r}>
              {row.map((c, i) => (
                <td
                  key={i}
                  colSpan={c.span > 1 ? c.span : undefined}
                  className={c.className}
                  data-differs={c.differs ? 'true' : undefined}
                >
                  {c.text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
