/** The server's error log of one sandbox (the tail, when long). */
import { useEffect, useRef } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useSandboxes } from '../stores/sandboxes-store';

export function SandboxLogView() {
  const { log, showLog, closeLog } = useSandboxes();
  const text = useRef<HTMLPreElement>(null);
  // The end of a server log is what matters (the last start, the last error): show it first.
  useEffect(() => {
    if (text.current) text.current.scrollTop = text.current.scrollHeight;
  }, [log?.text]);
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
      <pre className="log" data-testid="sandbox-log-text" ref={text}>
        {log.text || (log.loading ? '' : '(the log is empty)')}
      </pre>
    </div>
  );
}
