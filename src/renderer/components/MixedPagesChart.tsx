/**
 * The OLTP table's pages per index over a side of the mixed preset, with the SSB scans shaded, on the
 * same seconds as the side's QPS and p99 chart (SecondsChartFrame). Draw-only: shared/compare/mixed-timeline.ts prepared it.
 */
import { memo } from 'react';
import { Line } from 'recharts';
import type { MixedTimelineView } from '../../shared/compare/mixed-timeline';
import { SecondsChartFrame } from './SecondsChartFrame';

const COLOURS = ['var(--accent)', 'var(--ok)', 'var(--busy)', 'var(--bad)'];

export const MixedPagesChart = memo(function MixedPagesChart({
  view,
  testId = 'mixed-pages',
}: {
  view: MixedTimelineView;
  testId?: string;
}) {
  const rows = view.pages.map((p) => ({ t: p.t, ...p.byIndex }));
  return (
    <div className="chart" data-testid={testId} data-points={rows.length}>
      {rows.length === 0 ? (
        <p className="muted">No pool snapshot of the table on this side.</p>
      ) : (
        <SecondsChartFrame data={rows} height={170} domain={view.domain} scans={view.scans}>
          {view.indexes.map((index, i) => (
            <Line
              key={index}
              dataKey={index}
              name={`${index} pages`}
              stroke={COLOURS[i % COLOURS.length]}
              dot
              isAnimationActive={false}
            />
          ))}
        </SecondsChartFrame>
      )}
    </div>
  );
});
