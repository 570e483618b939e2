/** The server's error log of one sandbox (the tail, when long). */
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useSandboxes } from '../stores/sandboxes-store';

export function SandboxLogView() {
  const { log, showLog, closeLog } = useSandboxes();
  if (!log) return null;
  return (
    <div className="panel" data-testid="sandbox-log-view">
      <div className="panel-head">
        <h3>Log of {log.name}</h3>
        <span className="muted">
          {log.path}
          {log.truncated ? ' (last part only)' : ''}
        </span>
        <div className="actions">
          <button
            type="button"
            data-testid="sandbox-log-refresh"
            disabled={log.loading}
            onClick={() => void showLog(log.id)}
          >
            {log.loading ? 'Loading…' : 'Refresh'}
          </button>
          <button type="button" data-testid="sandbox-log-close" onClick={closeLog}>
            Close
          </button>
        </div>
      </div>
      <ErrorMessage error={log.error} />
      <pre className="log" data-testid="sandbox-log-text">
        {log.text || (log.loading ? '' : '(the log is empty)')}
      </pre>
    </div>
  );
}
