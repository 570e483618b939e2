/**
 * The samples kept with a run: its LRU map frames to step through (the first before the query, the
 * last after it), its charts, and how many samples of each kind. What watching cost is stated once,
 * on the run's outcome line (observerCostWords), not again here.
 */
import { useMemo, useState } from 'react';
import { encodeLruMapFrame } from '../../../../shared/runs/lru-map-codec';
import type { RunResult } from '../../../../shared/runs/runs';
import { LruMap } from '../../../components/LruMap';
import type { FollowFrames } from '../../../lib/viz/lru-map';
import { formatMs } from '../../../../shared/format';
import { useColorScheme } from '../../../lib/theme';
import { freeBlocksNote, poolFiguresAt } from '../../../lib/viz/free-blocks';
import { frameMoment } from '../../../lib/viz/lru-map';
import { lruBars } from '../../../lib/viz/lru-bars';
import { presentKeys } from '../../../lib/viz/lru-legend';
import { pagesOverTime } from '../../../lib/viz/lru-series';
import { poolRates, restampLegacyStats } from '../../../lib/viz/pool-rates';
import { LruBarsChart } from '../../../components/LruBarsChart';
import { PagesOverTimeChart } from '../../../components/PagesOverTimeChart';
import { RatesChart } from '../../../components/RatesChart';

export function SamplesView({ result }: { result: RunResult }) {
  const { samples } = result;
  const scheme = useColorScheme();
  const maps = samples.maps;
  const [frame, setFrame] = useState(Math.max(0, maps.length - 1));
  const legend = useMemo(() => maps.at(-1)?.legend ?? [], [maps]);
  const capacity = Math.max(0, ...(samples.stats.at(-1)?.pools.map((p) => p.poolSize) ?? []));
  const shown = maps[Math.min(frame, maps.length - 1)];
  const follow = useMemo<FollowFrames>(() => {
    // A saved frame is drawn the way a live one is: packed (the painter decodes the wire's form).
    const packed = shown ? encodeLruMapFrame(shown) : null;
    return (show) => {
      if (packed) show(packed, capacity);
      return () => {};
    };
  }, [shown, capacity]);
  const last = samples.compositions.at(-1);
  const present = useMemo(() => presentKeys(samples.compositions), [samples.compositions]);
  const series = useMemo(() => pagesOverTime(samples.compositions, legend), [samples.compositions, legend]);
  const rates = useMemo(
    () => poolRates(restampLegacyStats(samples.stats, samples.compositions)),
    [samples.stats, samples.compositions],
  );

  return (
    <div className="report">
      {shown && (
        <div>
          <label className="field inline">
            <span>
              LRU map, frame {Math.min(frame, maps.length - 1) + 1} of {maps.length}:{' '}
              <span data-testid="samples-map-frame-moment">{frameMoment(shown)}</span>
            </span>
            <input
              type="range"
              min={0}
              max={maps.length - 1}
              value={Math.min(frame, maps.length - 1)}
              data-testid="samples-map-frame"
              onChange={(e) => setFrame(Number(e.target.value))}
            />
          </label>
          <LruMap
            follow={follow}
            legend={legend}
            pools={shown.pools.map((p) => p.poolId)}
            freeNote={freeBlocksNote(
              poolFiguresAt(result, shown),
              result.server.flavor,
              result.server.lruScanDepth,
            )}
            showMoment={false}
            present={present}
            testId="samples-map"
          />
        </div>
      )}
      <div className="report-columns">
        <div>
          <h3>Pages per index, last snapshot</h3>
          {last ? (
            <LruBarsChart view={lruBars(last, legend, undefined, scheme)} testId="samples-bars" />
          ) : (
            <p className="muted">No composition was sampled.</p>
          )}
        </div>
        <div>
          <h3>Pages over time</h3>
          <PagesOverTimeChart view={series} testId="samples-pages" />
        </div>
      </div>
      <h3>Buffer pool rates</h3>
      <RatesChart points={rates} testId="samples-rates" />
      <p className="muted" data-testid="samples-counts">
        {samples.stats.length} pool-stats samples, {samples.compositions.length} LRU compositions,{' '}
        {maps.length} LRU map frames
        {samples.downsampled ? ' (older samples thinned to stay within the bound)' : ''}
        {samples.cost && samples.cost.snapshots > 0
          ? `; a walk during the query took ${formatMs(samples.cost.meanSnapshotMs)} on average, ${formatMs(samples.cost.maxSnapshotMs)} at most`
          : ''}
        .
      </p>
    </div>
  );
}
