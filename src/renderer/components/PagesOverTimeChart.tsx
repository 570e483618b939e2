import { memo } from 'react';
/** Each index's pages over time (draw-only: pagesOverTime prepared the points). */
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../shared/format';
import type { PagesOverTime } from '../lib/viz/lru-series';
import { CHART_MARGIN, chartTooltipProps } from './chart-frame';

const AXIS_WIDTH = 56;

export const PagesOverTimeChart = memo(function PagesOverTimeChart({
  view,
  testId = 'pages-over-time',
}: {
  view: PagesOverTime;
  testId?: string;
}) {
  if (view.points.length === 0)
    return (
      <p className="muted" data-testid={`${testId}-empty`}>
        No LRU snapshot yet.
      </p>
    );
  return (
    <div className="chart" data-testid={testId} data-points={view.points.length}>
      <ResponsiveContainer width="100%" height={200}>
        <AreaChart data={view.points} margin={CHART_MARGIN}>
          <CartesianGrid stroke="#eef0f3" />
          <XAxis dataKey="t" type="number" domain={['dataMin', 'dataMax']} unit=" s" fontSize={11} />
          <YAxis tickFormatter={(v: number) => formatCount(v)} fontSize={11} width={AXIS_WIDTH} />
          <Tooltip
            {...chartTooltipProps(AXIS_WIDTH)}
            formatter={(v) => formatCount(Number(v))}
            labelFormatter={(t) => `${t} s`}
          />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          {view.series.map((s) => (
            <Area
              key={s.dataKey}
              dataKey={s.dataKey}
              name={s.label}
              stackId="pages"
              stroke={s.color}
              fill={s.color}
              fillOpacity={0.6}
              isAnimationActive={false}
              type="stepAfter"
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
});
