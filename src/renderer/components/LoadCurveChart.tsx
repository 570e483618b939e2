/** QPS against clients with p99 (draw-only: shared/compare/load-report's loadChart prepared it): per side QPS solid on the left axis, p99 dashed on the right. */
import { memo } from 'react';
import { Line, YAxis } from 'recharts';
import { formatCount, formatMs } from '../../shared/format';
import type { LoadChartView } from '../../shared/compare/load-report';
import { LOG_CHART_AXIS_WIDTH, LogScaleChartFrame, SERIES_COLORS as COLORS } from './LogScaleChartFrame';

export const LoadCurveChart = memo(function LoadCurveChart({ view }: { view: LoadChartView }) {
  return (
    <div className="chart" data-testid="load-chart" data-points={view.rows.length}>
      <LogScaleChartFrame
        data={view.rows}
        height={260}
        xKey="clients"
        xUnit=" cl."
        xTicks={view.clients}
        valueAxisId="qps"
        valueFormat={formatCount}
        rightAxis={
          <YAxis
            yAxisId="p99"
            orientation="right"
            tickFormatter={(v: number) => formatMs(v)}
            fontSize={11}
            width={LOG_CHART_AXIS_WIDTH}
          />
        }
        formatter={(v, name) =>
          String(name).endsWith('p99') ? formatMs(Number(v)) : `${formatCount(Number(v))} QPS`
        }
        labelFormatter={(c) => `${c} clients`}
      >
        {view.series.map((s) => (
          <Line
            key={`${s.key}qps`}
            yAxisId="qps"
            dataKey={`${s.key}qps`}
            name={`${s.label} QPS`}
            stroke={COLORS[s.qpsColor % COLORS.length]}
            strokeWidth={2}
            connectNulls
            isAnimationActive={false}
          />
        ))}
        {view.series.map((s) => (
          <Line
            key={`${s.key}p99`}
            yAxisId="p99"
            dataKey={`${s.key}p99`}
            name={`${s.label} p99`}
            stroke={COLORS[s.p99Color % COLORS.length]}
            strokeDasharray="4 3"
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LogScaleChartFrame>
    </div>
  );
});
