/** The OLTP datasets on the connection: schemas holding sysbench's sbtest tables (bplab load prepares them), each table's rows and size. */
import { formatBytes, formatCount } from '../../../../shared/format';
import { useDatasets } from '../stores/datasets-store';
import { num, TableHead } from '../../../components/TableHead';

export function OltpDatasetList() {
  const { oltp, profileId } = useDatasets();
  if (!profileId || oltp.length === 0) return null;
  return (
    <div className="panel" data-testid="oltp-datasets">
      <div className="panel-head">
        <h2>OLTP datasets</h2>
        <span className="muted">
          sysbench’s tables sbtest1..N, for OLTP loads (bplab load, an experiment’s load steps); real sysbench
          runs on them unchanged
        </span>
      </div>
      <table className="grid-table compact" data-testid="oltp-dataset-table">
        <TableHead columns={['Schema', 'Kind', 'Tables', num('Rows'), num('Size')]} />
        <tbody>
          {oltp.map((d) => (
            <tr key={d.schema} data-testid="oltp-dataset-row" data-schema={d.schema}>
              <td>{d.schema}</td>
              <td>OLTP (sysbench)</td>
              <td
                title={d.tables
                  .map((t) => `${t.name}: ${formatCount(t.rows)} rows, ${formatBytes(t.bytes)}`)
                  .join('\n')}
              >
                {d.tables.length === 1
                  ? d.tables[0]!.name
                  : `${d.tables[0]!.name}..${d.tables.at(-1)!.name.slice(6)}`}
              </td>
              <td className="num">{formatCount(d.rows)}</td>
              <td className="num">{formatBytes(d.bytes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
