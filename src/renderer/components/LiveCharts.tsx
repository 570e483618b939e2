/**
 * The charts of a run while it runs: the LRU map (canvas, fed outside React), the old/young bars of
 * the latest composition, each index's pages over time, the pool's rates, and the poller's own cost.
 * The Runs screen shows them under its run's header; the Experiments screen under its progress.
 */
import { useMemo } from 'react';
import { formatMs } from '../../shared/format';
import { followRunMap, useLive } from '../lib/live-store';
import { pollerCostRows } from '../lib/live-view';
import { useColorScheme } from '../lib/theme';
import { freeBlocksNote } from '../lib/viz/free-blocks';
import { lruBars } from '../lib/viz/lru-bars';
import { presentKeys } from '../lib/viz/lru-legend';
import { pagesOverTime } from '../lib/viz/lru-series';
import { poolRates } from '../lib/viz/pool-rates';
import { LruBarsChart } from './LruBarsChart';
import { LruMap } from './LruMap';
import { PagesOverTimeChart } from './PagesOverTimeChart';
import { Pairs } from './Pairs';
import { RatesChart } from './RatesChart';

export function LiveCharts({ runId }: { runId: string }) {
  const live = useLive();
  const follow = useMemo(() => followRunMap(runId), [runId]);
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
  const present = useMemo(() => presentKeys(live.compositions), [live.compositions]);

  return (
    <>
      <div className="panel">
        <h3>LRU map</h3>
        <LruMap
          follow={follow}
          legend={live.legend}
          pools={live.poolIds}
          freeNote={freeBlocksNote(live.stats.at(-1)?.pools ?? [], null)}
          present={present}
        />
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
    </>
  );
}
