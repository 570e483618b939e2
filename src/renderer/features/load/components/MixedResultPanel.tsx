/**
 * A mixed preset result (bplab load --during) opened by its path: the headline first, the sides'
 * figures, then each old_blocks_time side by side on the same seconds (QPS and p99 with the scans
 * shaded, and the OLTP table's pages per index).
 */
import { useMemo } from 'react';
import { mixedComparison } from '../../../../shared/compare/mixed-timeline';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { LoadSecondsChart } from '../../../components/LoadSecondsChart';
import { MixedPagesChart } from '../../../components/MixedPagesChart';
import { useLoad } from '../stores/load-store';

export function MixedResultPanel() {
  const { mixedPath, mixed, mixedError, setMixedPath, openMixed } = useLoad();
  const view = useMemo(() => (mixed ? mixedComparison(mixed) : null), [mixed]);
  return (
    <div className="panel" data-testid="mixed-result">
      <h3>Point selects beside SSB scans (bplab load --during)</h3>
      <form
        className="actions"
        onSubmit={(e) => {
          e.preventDefault();
          void openMixed();
        }}
      >
        <input
          data-testid="mixed-path"
          placeholder="path of a *.bplab-mixed.json result"
          value={mixedPath}
          onChange={(e) => setMixedPath(e.target.value)}
        />
        <button type="submit" data-testid="mixed-open" disabled={!mixedPath.trim()}>
          Open
        </button>
      </form>
      <ErrorMessage error={mixedError} testId="mixed-error" />
      {view && (
        <>
          <p className="headline" data-testid="mixed-headline">
            {view.headline}
          </p>
          <table data-testid="mixed-sides">
            <thead>
              <tr>
                <th>side</th>
                {view.columns.map((c) => (
                  <th key={c} className="num">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
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
        </>
      )}
    </div>
  );
}
