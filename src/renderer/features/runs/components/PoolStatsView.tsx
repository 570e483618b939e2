/** INNODB_BUFFER_POOL_STATS before and after, per pool, side by side with the change. */
import type { PoolStats } from '../../../../shared/runs/runs';
import { poolStatsTables } from '../utils/run-view';
import { TableHead } from '../../../components/TableHead';

export function PoolStatsView({
  before,
  after,
}: {
  before: readonly PoolStats[];
  after: readonly PoolStats[] | null;
}) {
  const tables = poolStatsTables(before, after);
  if (tables.length === 0) return <p className="muted">No pool stats were captured.</p>;
  return (
    <div className="pool-stats">
      {after === null && <p className="muted">No “after” snapshot: the run ended before it.</p>}
      {tables.map((t) => (
        <details
          key={t.poolId}
          open={t.poolId === tables[0]!.poolId}
          data-testid="pool-stats"
          data-pool={t.poolId}
        >
          <summary>Pool {t.poolId}</summary>
          <div className="table-scroll">
            <table className="grid-table numeric">
              <TableHead columns={['Column', 'Before', 'After', 'Change']} />
              <tbody>
                {t.rows.map((r) => (
                  <tr key={r.column}>
                    <td>
                      <code>{r.column}</code>
                    </td>
                    <td>{r.before}</td>
                    <td>{r.after}</td>
                    <td>{r.delta}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ))}
    </div>
  );
}
