/** Saved runs, newest first: open one, delete one. */
import { useRuns } from '../stores/runs-store';
import { summaryRow } from '../utils/run-view';

export function RunList() {
  const { runs, open, listing, confirmingDelete, refresh, openRun, askDelete, remove } = useRuns();
  return (
    <div className="panel" data-testid="run-list">
      <div className="panel-head">
        <h2>Runs</h2>
        <div className="actions">
          <button type="button" data-testid="runs-refresh" disabled={listing} onClick={() => void refresh()}>
            {listing ? 'Listing…' : 'Refresh'}
          </button>
        </div>
      </div>
      {runs.length === 0 && !listing && (
        <p className="muted" data-testid="runs-empty">
          No saved runs yet: run a query from the Queries screen.
        </p>
      )}
      <ul className="list">
        {runs.map((r) => {
          const row = summaryRow(r);
          return (
            <li key={r.runId} data-testid="run-row" data-run={r.runId} data-state={r.state}>
              <button
                type="button"
                className={open?.runId === r.runId ? 'list-item selected' : 'list-item'}
                data-testid="run-open"
                onClick={() => void openRun(r.runId)}
              >
                <span className="list-title">{row.title}</span>
                <span className="muted">
                  <span className={`status status-${row.tone}`}>{row.stateLabel}</span> {row.elapsed} ·{' '}
                  {row.rows} rows
                </span>
                <span className="muted">{row.when}</span>
              </button>
              {confirmingDelete === r.runId ? (
                <span className="row-actions">
                  <button
                    type="button"
                    className="danger"
                    data-testid="run-delete-confirm"
                    onClick={() => void remove(r.runId)}
                  >
                    Delete
                  </button>
                  <button type="button" onClick={() => askDelete(null)}>
                    Keep
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  data-testid="run-delete"
                  onClick={() => askDelete(r.runId)}
                >
                  delete
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
