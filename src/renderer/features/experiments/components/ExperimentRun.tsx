/**
 * The experiment started from this page: which cell and run, elapsed and time left (the estimate
 * updated from the times measured so far), Cancel (every result so far is kept), the live view of the
 * run being captured, and how it ended, with what the settings journal put back, and Compare: the
 * comparison of its results file, in one click.
 */
import { useMemo } from 'react';
import { LiveCharts } from '../../../components/LiveCharts';
import { useDocuments } from '../../../lib/documents';
import { useExperiments } from '../stores/experiments-store';
import { endStateWords, progressView, runCounts } from '../utils/builder-view';
import { keptItems } from '../utils/sweep-rows';
import { CancelButton } from '../../../components/CancelButton';
import { CompareButton } from '../../../components/CompareButton';

export function ExperimentRun() {
  const { running, cancel, dismiss } = useExperiments();
  // The selector returns the store's own file (or undefined): a fresh [] on every read would make
  // zustand re-render without end (React's "Maximum update depth exceeded" as soon as Start is pressed).
  const file = useDocuments((s) => s.current?.file);
  // Query runs and load sweeps alike: an experiment of load steps only (post 002) keeps sweeps only.
  const results = useMemo(() => keptItems(file), [file]);
  if (!running) return null;
  const view = running.progress ? progressView(running.progress) : null;
  const finished = running.finished;
  const end = finished ? endStateWords(finished, results, running.progress?.total ?? results.length) : null;

  return (
    <div className="report" data-testid="experiment-run" data-state={finished?.state ?? 'running'}>
      <div className="panel">
        <div className="panel-head">
          <h3>{finished ? 'Finished' : running.cancelling ? 'Cancelling…' : 'Running'}</h3>
          <div className="actions">
            {!finished ? (
              <CancelButton
                testId="experiment-cancel"
                cancelling={running.cancelling}
                disabled={!running.taskId}
                onCancel={cancel}
              />
            ) : (
              <>
                {results.length > 0 && <CompareButton file={finished.file} testId="experiment-compare" />}
                <button type="button" data-testid="experiment-dismiss" onClick={dismiss}>
                  Close
                </button>
              </>
            )}
          </div>
        </div>
        {view ? (
          <>
            <progress max={1} value={view.fraction} data-testid="experiment-progress-bar" />
            <dl className="pairs">
              <div>
                <dt>Done</dt>
                <dd data-testid="experiment-progress-counts" data-done={running.progress?.done}>
                  {/* Once it ended, the count of the runs kept, as the ending and the results say it. */}
                  {finished
                    ? runCounts(results, running.progress?.total ?? results.length).words
                    : view.counts}
                </dd>
              </div>
              {!finished && (
                <div className="pairs-wide">
                  <dt>Now</dt>
                  <dd data-testid="experiment-progress-where">{view.where}</dd>
                </div>
              )}
              <div>
                <dt>Elapsed</dt>
                <dd data-testid="experiment-progress-elapsed">{view.elapsed}</dd>
              </div>
              {!finished && (
                <div>
                  <dt>Time left</dt>
                  <dd data-testid="experiment-progress-left">{view.left}</dd>
                </div>
              )}
            </dl>
          </>
        ) : (
          !finished && <p className="muted">Starting…</p>
        )}
        {end && (
          <div className={end.tone === 'ok' ? 'outcome outcome-ok' : 'outcome outcome-bad'}>
            <p data-testid="experiment-end">{end.text}</p>
            <p data-testid="experiment-next">{end.next}</p>
            <p className="muted">Saved in {finished?.file}</p>
            {finished && (
              <div data-testid="experiment-restored">
                <strong>What bplab set back on the servers:</strong>
                {finished.restored.length === 0 ? (
                  <span className="muted"> nothing: it changed no setting that needed it.</span>
                ) : (
                  <ul>
                    {finished.restored.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </div>
        )}
      </div>
      {!finished && running.runId && (
        <>
          <p className="muted" data-testid="experiment-live-of">
            Live view of {running.liveOf ?? 'the run under way'}
          </p>
          <LiveCharts runId={running.runId} />
        </>
      )}
    </div>
  );
}
