/** QPS against clients with p99 (draw-only: shared/compare/load-report's loadChart prepared it): per side QPS solid on the left axis, p99 dashed on the right. */
import { memo } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatMs } from '../../shared/format';
import type { LoadChartView } from '../../shared/compare/load-report';
import { CHART_MARGIN, chartTooltipProps } from './chart-frame';

const AXIS_WIDTH = 64;
const COLORS = ['var(--accent)', 'var(--bad)', 'var(--ok)', 'var(--busy)'];

export const LoadCurveChart = memo(function LoadCurveChart({ view }: { view: LoadChartView }) {
  return (
    <div className="chart" data-testid="load-chart" data-points={view.rows.length}>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={view.rows} margin={CHART_MARGIN}>
          <CartesianGrid stroke="#eef0f3" />
          <XAxis
            dataKey="clients"
            type="number"
            scale="log"
            domain={['dataMin', 'dataMax']}
            ticks={view.clients}
            fontSize={11}
            unit=" cl."
          />
          <YAxis
            yAxisId="qps"
            tickFormatter={(v: number) => formatCount(v)}
            fontSize={11}
            width={AXIS_WIDTH}
          />
          <YAxis
            yAxisId="p99"
            orientation="right"
            tickFormatter={(v: number) => formatMs(v)}
            fontSize={11}
            width={AXIS_WIDTH}
          />
          <Tooltip
            {...chartTooltipProps(AXIS_WIDTH)}
            formatter={(v, name) =>
              String(name).endsWith('p99') ? formatMs(Number(v)) : `${formatCount(Number(v))} QPS`
            }
            labelFormatter={(c) => `${c} clients`}
          />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          {view.series.map((s, i) => (
            <Line
              key={`${s.key}qps`}
              yAxisId="qps"
              dataKey={`${s.key}qps`}
              name={`${s.label} QPS`}
              stroke={COLORS[i % COLORS.length]}
              strokeWidth={2}
              connectNulls
              isAnimationActive={false}
            />
          ))}
          {view.series.map((s, i) => (
            <Line
              key={`${s.key}p99`}
              yAxisId="p99"
              dataKey={`${s.key}p99`}
              name={`${s.label} p99`}
              stroke={COLORS[i % COLORS.length]}
              strokeDasharray="4 3"
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
});
