/** Miss-ratio curves: pages read per pool size, a line per old-blocks setting, each knee marked (draw-only: whatIfChart prepared them). */
import { memo } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount, formatMs } from '../../shared/format';
import type { WhatIfChartModel } from '../../shared/whatif/curve-view';
import { CHART_MARGIN, chartTooltipProps } from './chart-frame';

const AXIS_WIDTH = 64;
const COLORS = ['var(--accent)', 'var(--bad)', 'var(--ok)', 'var(--busy)'];

export const WhatIfChart = memo(function WhatIfChart({ model }: { model: WhatIfChartModel }) {
  const value = (v: number) => (model.unit === 'ms' ? formatMs(v) : formatCount(v));
  return (
    <div className="chart" data-testid="whatif-chart" data-points={model.rows.length} data-unit={model.unit}>
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={model.rows} margin={CHART_MARGIN}>
          <CartesianGrid stroke="#eef0f3" />
          <XAxis
            dataKey="mib"
            type="number"
            scale="log"
            domain={['dataMin', 'dataMax']}
            unit=" MiB"
            fontSize={11}
          />
          <YAxis tickFormatter={value} fontSize={11} width={AXIS_WIDTH} />
          <Tooltip
            {...chartTooltipProps(AXIS_WIDTH)}
            formatter={(v) =>
              model.unit === 'ms' ? `about ${formatMs(Number(v))}` : `${formatCount(Number(v))} pages read`
            }
            labelFormatter={(mib) => `${mib} MiB pool`}
          />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          {model.series.map((s, i) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={COLORS[i % COLORS.length]}
              isAnimationActive={false}
            />
          ))}
          {model.series.map((s, i) =>
            s.kneeMib === null ? null : (
              <ReferenceLine
                key={`knee-${s.key}`}
                x={s.kneeMib}
                stroke={COLORS[i % COLORS.length]}
                strokeDasharray="4 3"
                label={{ value: 'knee', fontSize: 10, position: 'top' }}
              />
            ),
          )}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
});
