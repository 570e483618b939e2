/** The stage profile with every column, and which source it came from. */
import type { StageProfile } from '../../../../shared/runs/runs';
import { TableHead } from '../../../components/TableHead';
import { PROFILE_COLUMNS, profileView } from '../utils/run-view';

export function ProfileView({ profile }: { profile: StageProfile }) {
  const view = profileView(profile);
  return (
    <div data-testid="profile" data-source={profile.source}>
      <p>
        Source: <strong data-testid="profile-source">{view.source}</strong>
        {view.note && <span className="muted"> · {view.note}</span>}
      </p>
      {view.rows.length > 0 && (
        <div className="table-scroll">
          <table className="grid-table numeric" data-testid="profile-table">
            <TableHead columns={[...PROFILE_COLUMNS.map((c) => c.label), 'Share']} />
            <tbody>
              {view.rows.map((r, i) => (
                <tr key={i}>
                  {PROFILE_COLUMNS.map((c) => (
                    <td key={c.key}>{r[c.key]}</td>
                  ))}
                  <td>{r.share}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th>total</th>
                <th>{view.total}</th>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
