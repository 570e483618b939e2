/**
 * A mixed preset result (bplab load --during), answer first: the headline, then each old_blocks_time
 * side by side on the same seconds (QPS and p99 with the scans shaded, and the OLTP table's pages per
 * index), then the sides' figures. Shared by the OLTP load screen and the Compare screen.
 */
import { useMemo } from 'react';
import { mixedComparison } from '../../shared/compare/mixed-timeline';
import type { MixedLoadResult } from '../../shared/load/mixed-load';
import { LoadSecondsChart } from './LoadSecondsChart';
import { MixedPagesChart } from './MixedPagesChart';
import { num, TableHead } from './TableHead';

export function MixedResultView({ result }: { result: MixedLoadResult }) {
  const view = useMemo(() => mixedComparison(result), [result]);
  return (
    <>
      <p className="headline" data-testid="mixed-headline">
        {view.headline}
      </p>
      <div className="report-columns">
        {view.sides.map((side, i) => (
          <div key={i} className="panel" data-testid={`mixed-side-${i + 1}`}>
            <h3>{side.label}</h3>
            <LoadSecondsChart
              points={side.load}
              scans={side.scans}
              domain={side.domain}
              testId={`mixed-seconds-${i + 1}`}
            />
            <MixedPagesChart view={side} testId={`mixed-pages-${i + 1}`} />
          </div>
        ))}
      </div>
      <table data-testid="mixed-sides">
        <TableHead columns={['side', ...view.columns.map((c) => num(c))]} />
        <tbody>
          {view.rows.map((r) => (
            <tr key={r.label}>
              <td>{r.label}</td>
              {r.cells.map((c, i) => (
                <td key={i} className="num">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
