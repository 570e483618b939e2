/** A results file's runs: configuration, pass, query, time, rows and state of each, in plan order. */
import type { ExperimentFile } from '../../../../shared/experiment-file';
import { passLabel } from '../../../../shared/experiments';
import { formatCount, formatMs, formatTimestamp } from '../../../../shared/format';

export function ExperimentResults({ file }: { file: ExperimentFile }) {
  const results = [...file.results].sort((a, b) => a.planIndex - b.planIndex);
  return (
    <div className="panel" data-testid="experiment-results" data-count={results.length}>
      <h3>
        Results: {formatCount(results.length)} runs · {file.state} · saved {formatTimestamp(file.savedAt)}
      </h3>
      {results.length === 0 ? (
        <p className="muted">No run was kept in this file.</p>
      ) : (
        <div className="table-scroll">
          <table className="grid-table">
            <thead>
              <tr>
                <th>Configuration</th>
                <th>Pass</th>
                <th>Query</th>
                <th className="num">Time</th>
                <th className="num">Rows</th>
                <th>State</th>
              </tr>
            </thead>
            <tbody>
              {results.map((r) => (
                <tr key={r.planIndex} data-testid="experiment-result-row" data-state={r.run.state}>
                  <td className="truncate" title={r.cell}>
                    {r.cell}
                  </td>
                  <td>{passLabel(r.pass)}</td>
                  <td>
                    {r.run.queryId}
                    {r.run.variant !== 'base' ? ` (${r.run.variant})` : ''}
                  </td>
                  <td className="num">{r.run.elapsedMs === null ? '—' : formatMs(r.run.elapsedMs)}</td>
                  <td className="num">{r.run.rows === null ? '—' : formatCount(r.run.rows)}</td>
                  <td title={r.cold?.note ?? undefined}>{r.run.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
