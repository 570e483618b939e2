/** Saved runs, newest first: open one, delete one, tick two or more and compare them. */
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { useNavigation } from '../../../lib/navigation';
import { useRuns } from '../stores/runs-store';
import { runListRows } from '../utils/run-view';

export function RunList() {
  const { runs, open, listing, confirmingDelete, refresh, openRun, askDelete, remove } = useRuns();
  const { selected, toggleSelected } = useRuns();
  const go = useNavigation((s) => s.go);
  // A run deleted since it was ticked is not compared.
  const picked = selected.filter((id) => runs.some((r) => r.runId === id));
  return (
    <div className="panel" data-testid="run-list">
      <div className="panel-head">
        <h2>Runs</h2>
        <div className="actions">
          <button
            type="button"
            data-testid="runs-compare-selected"
            disabled={picked.length < 2}
            title={picked.length < 2 ? 'Tick two runs or more to compare them' : undefined}
            onClick={() => go('compare', null, null, picked)}
          >
            Compare selected{picked.length > 0 ? ` (${picked.length})` : ''}
          </button>
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
        {runListRows(runs).map((row, i) => {
          const r = runs[i]!;
          return (
            <li
              key={r.runId}
              className="run-pick-row"
              data-testid="run-row"
              data-run={r.runId}
              data-state={r.state}
            >
              <input
                type="checkbox"
                aria-label={`compare ${row.title}`}
                data-testid="run-pick"
                checked={selected.includes(r.runId)}
                disabled={r.state === 'running'}
                onChange={() => toggleSelected(r.runId)}
              />
              <button
                type="button"
                className={open?.runId === r.runId ? 'list-item selected' : 'list-item'}
                data-testid="run-open"
                onClick={() => void openRun(r.runId)}
              >
                <span className="list-title">
                  {row.title}
                  {row.traced && (
                    <span
                      className="tag"
                      data-testid="run-row-traced"
                      title="Traced: its time includes the probes' cost"
                    >
                      traced
                    </span>
                  )}
                </span>
                <span className="muted">
                  <span className={`status status-${row.tone}`}>{row.stateLabel}</span> {row.elapsed} ·{' '}
                  {row.rows} rows
                </span>
                {row.where && (
                  <span className="muted run-row-facts" data-testid="run-row-where">
                    {row.where}
                  </span>
                )}
                {row.settings.length > 0 && (
                  <span className="muted run-row-facts" data-testid="run-row-settings">
                    {row.settings.join(' · ')}
                  </span>
                )}
                {row.experiment && (
                  <span className="muted run-row-experiment" data-testid="run-row-experiment">
                    {row.experiment}
                  </span>
                )}
                <span className="muted">{row.when}</span>
              </button>
              <span className="row-actions">
                <ConfirmDanger
                  confirming={confirmingDelete === r.runId}
                  label="delete"
                  confirmLabel="Delete"
                  testId="run-delete"
                  askClassName="link-button"
                  onAsk={() => askDelete(r.runId)}
                  onConfirm={() => void remove(r.runId)}
                  onKeep={() => askDelete(null)}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
