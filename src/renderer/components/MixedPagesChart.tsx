/**
 * The OLTP table's pages per index over a side of the mixed preset, with the SSB scans shaded, on the
 * same seconds as the side's QPS and p99 chart. Draw-only: shared/compare/mixed-timeline.ts prepared it.
 */
import { memo } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount } from '../../shared/format';
import type { MixedTimelineView } from '../../shared/compare/mixed-timeline';
import { CHART_MARGIN, chartTooltipProps } from './chart-frame';

const AXIS_WIDTH = 56;
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
        <ResponsiveContainer width="100%" height={170}>
          <LineChart data={rows} margin={CHART_MARGIN}>
            <CartesianGrid stroke="#eef0f3" />
            <XAxis dataKey="t" type="number" domain={view.domain} unit=" s" fontSize={11} />
            <YAxis tickFormatter={(v: number) => formatCount(v)} fontSize={11} width={AXIS_WIDTH} />
            {view.scans.map((b, i) => (
              <ReferenceArea
                key={`${b.label}-${i}`}
                x1={b.from}
                x2={b.to}
                fill="var(--busy)"
                fillOpacity={0.15}
              />
            ))}
            <Tooltip {...chartTooltipProps(AXIS_WIDTH)} labelFormatter={(t) => `${Number(t).toFixed(1)} s`} />
            <Legend wrapperStyle={{ fontSize: 11 }} />
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
          </LineChart>
        </ResponsiveContainer>
      )}
    </div>
  );
});
