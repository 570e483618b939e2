/** The running (or last) load: phase, a progress bar, rows, rows/s, time left, and Cancel. */
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useDatasets } from '../stores/datasets-store';
import { progressView } from '../utils/dataset-view';
import { CancelButton } from '../../../components/CancelButton';

export function DatasetLoadProgressView() {
  const { task, cancel } = useDatasets();
  if (!task) return null;
  const view = task.progress ? progressView(task.progress) : null;
  const percent = view?.percent ?? 0;
  return (
    <div className="panel" data-testid="dataset-progress" data-done={view?.done ? 'yes' : 'no'}>
      <div className="panel-head">
        <h2>Loading {task.schema}</h2>
        <span className="muted" data-testid="dataset-progress-phase">
          {view ? view.phase : 'Starting…'}
        </span>
      </div>
      <progress
        style={{ width: '100%', height: 14 }}
        data-testid="dataset-progress-bar"
        max={100}
        value={view?.done && !view.failed ? 100 : percent}
        aria-label={`${task.schema}: ${percent}%`}
      />
      {view && (
        <p data-testid="dataset-progress-figures">
          {[
            view.percent !== null ? `${view.done && !view.failed ? 100 : view.percent}%` : '',
            view.rows,
            view.rate,
            view.eta,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {view && !view.failed && (
        <p className="muted" data-testid="dataset-progress-message">
          {view.message}
        </p>
      )}
      {view?.failed && <ErrorMessage error={task.progress?.error} testId="dataset-progress-error" />}
      {!view?.done && (
        <div className="actions">
          <CancelButton
            testId="dataset-cancel"
            label="Cancel load"
            cancelling={task.cancelling}
            onCancel={cancel}
          />
        </div>
      )}
    </div>
  );
}
