/** The sandboxes with their status and what can be done with each. */
import { useNavigation } from '../../../lib/navigation';
import { useSandboxes } from '../stores/sandboxes-store';
import { sandboxRow } from '../utils/sandbox-view';

export function SandboxList() {
  const { sandboxes, busy, confirmingDelete, act, askDelete, remove, showLog } = useSandboxes();
  const go = useNavigation((s) => s.go);
  return (
    <div className="panel">
      <div className="panel-head">
        <h2>Sandboxes</h2>
        <span className="muted">
          servers bplab runs on this machine, each with its own data folder and port
        </span>
      </div>
      {sandboxes.length === 0 ? (
        <p className="muted" data-testid="sandboxes-empty">
          No sandboxes yet: create one below.
        </p>
      ) : (
        <table className="grid-table" data-testid="sandbox-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Server</th>
              <th>Listens on</th>
              <th>Status</th>
              <th>Buffer pool</th>
              <th>On quit</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sandboxes.map((s) => {
              const row = sandboxRow(s);
              const working = busy[s.id];
              return (
                <tr key={s.id} data-testid="sandbox-row" data-name={s.name} data-status={s.status}>
                  <td>
                    <strong>{row.name}</strong>
                  </td>
                  <td>{row.server}</td>
                  <td data-testid="sandbox-listens-on">{row.listensOn}</td>
                  <td>
                    <span className={`status status-${row.tone}`} data-testid="sandbox-status">
                      {working ? `${working}…` : row.statusLabel}
                    </span>
                    {row.lastError && <div className="error-inline">{row.lastError}</div>}
                  </td>
                  <td>{row.bufferPool}</td>
                  <td>{row.keepRunning ? 'keeps running' : 'stops'}</td>
                  <td className="row-actions">
                    <button
                      type="button"
                      data-testid="sandbox-start"
                      disabled={!row.canStart || !!working}
                      onClick={() => void act(s.id, 'start')}
                    >
                      Start
                    </button>
                    <button
                      type="button"
                      data-testid="sandbox-stop"
                      disabled={!row.canStop || !!working}
                      onClick={() => void act(s.id, 'stop')}
                    >
                      Stop
                    </button>
                    <button
                      type="button"
                      data-testid="sandbox-restart"
                      disabled={!row.canRestart || !!working}
                      onClick={() => void act(s.id, 'restart')}
                    >
                      Restart
                    </button>
                    <button type="button" data-testid="sandbox-log" onClick={() => void showLog(s.id)}>
                      Log
                    </button>
                    <button
                      type="button"
                      data-testid="sandbox-open-connection"
                      onClick={() => go('connections', s.profileId)}
                    >
                      Open connection
                    </button>
                    <button
                      type="button"
                      data-testid="sandbox-capabilities"
                      disabled={!row.canConnect}
                      onClick={() => go('capabilities', s.profileId)}
                    >
                      Capabilities
                    </button>
                    <button
                      type="button"
                      data-testid="sandbox-datasets"
                      disabled={!row.canConnect}
                      onClick={() => go('datasets', s.profileId)}
                    >
                      Datasets
                    </button>
                    {confirmingDelete === s.id ? (
                      <>
                        <button
                          type="button"
                          className="danger"
                          data-testid="sandbox-delete-confirm"
                          onClick={() => void remove(s.id)}
                        >
                          Delete its data too
                        </button>
                        <button
                          type="button"
                          data-testid="sandbox-delete-cancel"
                          onClick={() => askDelete(null)}
                        >
                          Keep
                        </button>
                      </>
                    ) : (
                      <button
                        type="button"
                        className="danger"
                        data-testid="sandbox-delete"
                        disabled={!row.canDelete || !!working}
                        title={row.canDelete ? 'delete the sandbox and its data folder' : 'stop it first'}
                        onClick={() => askDelete(s.id)}
                      >
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
