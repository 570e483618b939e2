/** The saved connection profiles. */
import { ListStatusView } from '../../../components/ListStatusView';
import { listStatus } from '../../../lib/list-status';
import { useConnections } from '../stores/connections-store';

const PASSWORD_STATE = {
  none: 'no password',
  session: 'password for this session',
  'saved-encrypted': 'password saved (encrypted)',
};

export function ConnectionList() {
  const { profiles, listed, listError, form, startNew, edit } = useConnections();
  return (
    <div className="panel">
      <div className="panel-head">
        <h2>Connections</h2>
        <button type="button" data-testid="profile-new" onClick={startNew}>
          New connection
        </button>
      </div>
      <ListStatusView
        status={listStatus(listed, listError, profiles.length)}
        noun="saved connections"
        empty="No saved connections yet."
        testId="profiles-empty"
      />
      <ul className="list">
        {profiles.map((p) => {
          const where = `${p.user}@${p.transport === 'tcp' ? `${p.host ?? ''}:${p.port ?? 3306}` : p.socketPath}${p.sandboxId ? ' · sandbox' : ''} · ${PASSWORD_STATE[p.password]}`;
          return (
            <li key={p.id}>
              <button
                type="button"
                className={form?.id === p.id ? 'list-item selected' : 'list-item'}
                data-testid="profile-row"
                data-id={p.id}
                onClick={() => edit(p.id)}
              >
                <span className="list-title truncate" title={p.name}>
                  {p.name}
                </span>
                <span className="muted truncate" title={where}>
                  {where}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
