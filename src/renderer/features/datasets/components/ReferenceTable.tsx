/** The reference selectivities (real dbgen output, SF 1): what verify compares against. */
import { REFERENCE_LINEORDER_ROWS } from '../../../../shared/datasets/ssb-reference';
import { formatCount } from '../../../../shared/format';
import { referenceRows } from '../utils/dataset-view';
import { num, TableHead } from '../../../components/TableHead';

export function ReferenceTable() {
  return (
    <details className="panel" data-testid="dataset-reference">
      <summary>
        Reference selectivities: share of lineorder each query keeps, dbgen SF 1 (
        {formatCount(REFERENCE_LINEORDER_ROWS)} rows)
      </summary>
      <table className="grid-table">
        <TableHead columns={['Query', num('Rows kept'), num('Fraction'), 'Allowed at SF ≥ 1', '']} />
        <tbody>
          {referenceRows().map((r) => (
            <tr key={r.id}>
              <td>{r.id}</td>
              <td className="num">{r.kept}</td>
              <td className="num">{r.fraction}</td>
              <td>{r.tolerance}</td>
              <td className="muted">{r.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Below SF 1 a fraction rests on few rows, so verify widens the band by the sampling noise expected at
        that size.
      </p>
    </details>
  );
}
