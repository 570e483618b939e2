/** A results file's OLTP load sweeps: settings, server, repeat, QPS and p99 per client count, the engine that drove each, and its state. */
import type { ExperimentFile } from '../../../../shared/experiments/experiment-file';
import { sweepRows } from '../utils/sweep-rows';
import { num, TableHead } from '../../../components/TableHead';

export function ExperimentSweeps({ file }: { file: ExperimentFile }) {
  const rows = sweepRows(file);
  if (rows.length === 0) return null;
  const servers = file.definition.servers.length > 1;
  const repeated = rows.some((r) => r.repeat > 1);
  return (
    <div className="panel" data-testid="experiment-sweeps" data-count={rows.length}>
      <h3>OLTP load sweeps: {rows.length}</h3>
      <div className="table-scroll">
        <table className="grid-table">
          <TableHead
            columns={[
              'Settings',
              servers && 'Server',
              repeated && num('Repeat'),
              'Load',
              'QPS by clients',
              'Driven by',
              'State',
            ]}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={r.planIndex} data-testid="experiment-sweep-row" data-state={r.state}>
                <td>{r.settings}</td>
                {servers && <td>{r.server}</td>}
                {repeated && <td className="num">{r.repeat}</td>}
                <td>{r.load}</td>
                <td data-testid="experiment-sweep-clients">{r.perClients}</td>
                <td data-testid="experiment-sweep-engine">{r.engine}</td>
                <td>{r.state}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
