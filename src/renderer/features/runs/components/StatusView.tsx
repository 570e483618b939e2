/** Status counter deltas; global ones are marked (other sessions count in them). */
import type { StatusDelta } from '../../../../shared/runs/runs';
import { statusRows } from '../utils/run-view';
import { TableHead } from '../../../components/TableHead';

export function StatusView({ status }: { status: readonly StatusDelta[] }) {
  if (status.length === 0) return <p className="muted">No counters were captured.</p>;
  return (
    <div className="table-scroll">
      <table className="grid-table numeric" data-testid="status-table">
        <TableHead columns={['Counter', 'Before', 'After', 'Change', 'Scope']} />
        <tbody>
          {statusRows(status).map((r) => (
            <tr
              key={r.name}
              data-testid="status-row"
              data-name={r.name}
              data-global={r.global ? 'yes' : 'no'}
            >
              <td>
                <code>{r.name}</code>
              </td>
              <td>{r.before}</td>
              <td>{r.after}</td>
              <td>
                <strong>{r.delta}</strong>
              </td>
              <td className={r.global ? 'scope-global' : 'muted'}>{r.scope}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
