/** Miss-ratio curves: pages read per pool size, a line per old-blocks setting, each knee marked (draw-only: whatIfChart prepared them). */
import { memo } from 'react';
import { Line, ReferenceLine } from 'recharts';
import { formatCount, formatMs } from '../../shared/format';
import type { WhatIfChartModel } from '../../shared/whatif/curve-view';
import { LogScaleChartFrame, SERIES_COLORS as COLORS } from './LogScaleChartFrame';

export const WhatIfChart = memo(function WhatIfChart({ model }: { model: WhatIfChartModel }) {
  const value = (v: number) => (model.unit === 'ms' ? formatMs(v) : formatCount(v));
  return (
    <div className="chart" data-testid="whatif-chart" data-points={model.rows.length} data-unit={model.unit}>
      <LogScaleChartFrame
        data={model.rows}
        height={220}
        xKey="mib"
        xUnit=" MiB"
        valueFormat={value}
        formatter={(v) =>
          model.unit === 'ms' ? `about ${formatMs(Number(v))}` : `${formatCount(Number(v))} pages read`
        }
        labelFormatter={(mib) => `${mib} MiB pool`}
      >
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
      </LogScaleChartFrame>
    </div>
  );
});
