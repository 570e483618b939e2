/** The saved connection profiles. */
import { useConnections } from '../stores/connections-store';

const PASSWORD_STATE = {
  none: 'no password',
  session: 'password for this session',
  'saved-encrypted': 'password saved (encrypted)',
};

export function ConnectionList() {
  const { profiles, form, startNew, edit } = useConnections();
  return (
    <div className="panel">
      <div className="panel-head">
        <h2>Connections</h2>
        <button type="button" data-testid="profile-new" onClick={startNew}>
          New connection
        </button>
      </div>
      {profiles.length === 0 && <p className="muted">No saved connections yet.</p>}
      <ul className="list">
        {profiles.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className={form?.id === p.id ? 'list-item selected' : 'list-item'}
              data-testid="profile-row"
              data-id={p.id}
              onClick={() => edit(p.id)}
            >
              <span className="list-title">{p.name}</span>
              <span className="muted">
                {p.user}@{p.transport === 'tcp' ? `${p.host ?? ''}:${p.port ?? 3306}` : p.socketPath}
                {p.sandboxId ? ' · sandbox' : ''} · {PASSWORD_STATE[p.password]}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
