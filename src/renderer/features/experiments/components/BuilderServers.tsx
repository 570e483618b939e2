/** The builder's servers: the saved connections to run on, each marked sandbox (restartable) or not. */
import { useDocuments } from '../../../lib/documents';
import { useServerSession } from '../../../lib/server-session';
import { issueAt, toggleServer, type BuilderSectionProps } from '../utils/builder-view';

export function BuilderServers({ definition, issues }: BuilderSectionProps) {
  const edit = useDocuments((s) => s.edit);
  const profiles = useServerSession((s) => s.profiles);
  return (
    <div className="panel" data-testid="experiment-servers">
      <h3>Servers</h3>
      {profiles.length === 0 && <p className="muted">No saved connections yet: create a sandbox first.</p>}
      <div className="check-list">
        {profiles.map((p) => (
          <label key={p.id} className="check">
            <input
              type="checkbox"
              data-testid="experiment-server"
              data-name={p.name}
              checked={definition.servers.some((s) => s.profileId === p.id)}
              onChange={() =>
                edit(toggleServer(definition, { profileId: p.id, name: p.name, sandboxId: p.sandboxId }))
              }
            />
            <span className="truncate">{p.name}</span>
            {p.sandboxId ? <span className="tag">sandbox</span> : <span className="tag">no restart</span>}
          </label>
        ))}
      </div>
      {issueAt(issues, '$.servers') && (
        <small className="field-error" data-testid="field-error" data-field="servers">
          {issueAt(issues, '$.servers')}
        </small>
      )}
    </div>
  );
}
