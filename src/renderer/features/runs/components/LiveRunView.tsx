/** The run while it runs: its title, elapsed time and Cancel over the live charts (components/LiveCharts). */
import { useEffect, useState } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { LiveCharts } from '../../../components/LiveCharts';
import { formatMs } from '../../../../shared/format';
import { useLive } from '../../../lib/live-store';
import { useRuns } from '../stores/runs-store';
import { CancelButton } from '../../../components/CancelButton';

export function LiveRunView() {
  const open = useRuns((s) => s.open)!;
  const { cancel, checkStillRunning } = useRuns();
  const live = useLive();

  useEffect(() => {
    const check = setInterval(() => void checkStillRunning(), 2000);
    return () => clearInterval(check);
  }, [checkStillRunning]);

  return (
    <div className="report" data-testid="run-live">
      <div className="panel">
        <div className="panel-head">
          <h2 data-testid="run-live-title">{open.title}</h2>
          <span className="status status-busy">{open.cancelling ? 'cancelling…' : 'running'}</span>
          <Elapsed sampledMs={live.elapsedMs} startedAtMs={live.startedAtMs} />
          <span className="muted" data-testid="run-live-samples" data-samples={live.samples}>
            {live.samples} samples
          </span>
          <div className="actions">
            <CancelButton testId="run-cancel" cancelling={open.cancelling} onCancel={cancel} />
          </div>
        </div>
        {open.progress?.message && <p className="muted">{open.progress.message}</p>}
        <ErrorMessage error={open.error} testId="run-live-error" />
      </div>
      <LiveCharts runId={open.runId} />
    </div>
  );
}

/** The ticking elapsed time: its own component, so the tick redraws only this text. */
function Elapsed({ sampledMs, startedAtMs }: { sampledMs: number; startedAtMs: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, []);
  return (
    <span className="muted" data-testid="run-live-elapsed">
      {formatMs(Math.max(sampledMs, startedAtMs ? now - startedAtMs : 0))}
    </span>
  );
}
