/** A results file's runs: settings, server, pass, query, time, rows and state of each (a failed one says why), in plan order. */
import type { ExperimentFile } from '../../../../shared/experiments/experiment-file';
import { passLabel, planExperiment } from '../../../../shared/experiments/experiments';
import { formatCount, formatMs, formatTimestamp } from '../../../../shared/format';
import { resultRows, runCounts } from '../utils/builder-view';
import { keptItems } from '../utils/sweep-rows';
import { num, TableHead } from '../../../components/TableHead';

export function ExperimentResults({ file }: { file: ExperimentFile }) {
  const rows = resultRows(file);
  const servers = file.definition.servers.length > 1;
  // An experiment of load steps only (post 002) has no query runs: its sweeps are listed on their own.
  if (rows.length === 0 && file.definition.queries.length === 0 && file.loads?.length) return null;
  return (
    <div className="panel" data-testid="experiment-results" data-count={rows.length}>
      <h3>
        Results: {formatCount(rows.length)} runs kept · {file.state} · saved {formatTimestamp(file.savedAt)}
      </h3>
      {rows.length > 0 && (
        <p className="muted" data-testid="experiment-results-counts">
          {runCounts(keptItems(file), planExperiment(file.definition).length).words}.
        </p>
      )}
      {rows.length === 0 ? (
        <p className="muted">No run was kept in this file.</p>
      ) : (
        <div className="table-scroll">
          <table className="grid-table">
            <TableHead
              columns={['Settings', servers && 'Server', 'Pass', 'Query', num('Time'), num('Rows'), 'State']}
            />
            <tbody>
              {rows.map(({ result: r, server, settings, why }) => (
                <tr key={r.planIndex} data-testid="experiment-result-row" data-state={r.run.state}>
                  <td title={r.cell}>{settings}</td>
                  {servers && <td>{server}</td>}
                  <td>{passLabel(r.pass)}</td>
                  <td>
                    {r.run.queryId}
                    {r.run.variant !== 'base' ? ` (${r.run.variant})` : ''}
                  </td>
                  <td className="num">{r.run.elapsedMs === null ? '—' : formatMs(r.run.elapsedMs)}</td>
                  <td className="num">{r.run.rows === null ? '—' : formatCount(r.run.rows)}</td>
                  <td title={r.cold?.note ?? undefined}>
                    {r.run.state}
                    {why && (
                      <div className="muted result-why" data-testid="experiment-result-why">
                        {why}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
