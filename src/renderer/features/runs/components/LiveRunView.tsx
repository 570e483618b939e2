/**
 * The run while it runs: elapsed time and Cancel, the LRU map (canvas, fed outside React), the
 * old/young bars of the latest composition, each index's pages over time, the pool's rates, and
 * the poller's own cost.
 */
import { useEffect, useMemo, useState } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { LruMap } from '../../../components/LruMap';
import { formatMs } from '../../../../shared/format';
import { lruBars } from '../../../lib/viz/lru-bars';
import { pagesOverTime } from '../../../lib/viz/lru-series';
import { poolRates } from '../../../lib/viz/pool-rates';
import { followRunMap, useLive } from '../stores/live-store';
import { useRuns } from '../stores/runs-store';
import { pollerCostRows } from '../utils/run-view';
import { LruBarsChart } from './LruBarsChart';
import { PagesOverTimeChart } from './PagesOverTimeChart';
import { Pairs } from './Pairs';
import { RatesChart } from './RatesChart';
import { useColorScheme } from '../../../lib/theme';

export function LiveRunView() {
  const open = useRuns((s) => s.open)!;
  const { cancel, checkStillRunning } = useRuns();
  const live = useLive();

  useEffect(() => {
    const check = setInterval(() => void checkStillRunning(), 2000);
    return () => clearInterval(check);
  }, [checkStillRunning]);

  const follow = useMemo(() => followRunMap(open.runId), [open.runId]);
  const latest = live.compositions.at(-1);
  const scheme = useColorScheme();
  const bars = useMemo(
    () => (latest ? lruBars(latest, live.legend, undefined, scheme) : null),
    [latest, live.legend, scheme],
  );
  const series = useMemo(
    () => pagesOverTime(live.compositions, live.legend),
    [live.compositions, live.legend],
  );
  const rates = useMemo(() => poolRates(live.stats), [live.stats]);

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
            <button
              type="button"
              className="danger"
              data-testid="run-cancel"
              disabled={open.cancelling}
              onClick={() => void cancel()}
            >
              {open.cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          </div>
        </div>
        {open.progress?.message && <p className="muted">{open.progress.message}</p>}
        <ErrorMessage error={open.error} testId="run-live-error" />
      </div>
      <div className="panel">
        <h3>LRU map</h3>
        <LruMap follow={follow} legend={live.legend} pools={live.poolIds} />
      </div>
      <div className="report-columns">
        <div className="panel">
          <h3>Pages per table and index</h3>
          {bars ? <LruBarsChart view={bars} /> : <p className="muted">No LRU snapshot yet.</p>}
        </div>
        <div className="panel">
          <h3>Pages over time</h3>
          <PagesOverTimeChart view={series} />
          {live.cachedIndexes && (
            <p className="muted chart-note">
              INNODB_CACHED_INDEXES (approximate) between full snapshots: {live.cachedIndexes.indexes.length}{' '}
              indexes at {formatMs(live.cachedIndexes.atMs)}.
            </p>
          )}
        </div>
      </div>
      <div className="report-columns">
        <div className="panel">
          <h3>Buffer pool rates</h3>
          <RatesChart points={rates} />
        </div>
        <div className="panel">
          <h3>The poller’s own cost</h3>
          <Pairs rows={pollerCostRows(live.cost)} />
        </div>
      </div>
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
