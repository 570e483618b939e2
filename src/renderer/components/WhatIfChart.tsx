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
        height={250}
        xKey="mib"
        xUnit=" MiB"
        valueFormat={value}
        formatter={(v) =>
          model.unit === 'ms' ? `about ${formatMs(Number(v))}` : `${formatCount(Number(v))} pages read`
        }
        labelFormatter={(mib) => `${mib} MiB pool`}
        xLabel="buffer pool size (MiB, log scale)"
        yLabel={model.unit === 'ms' ? 'estimated time' : 'pages read'}
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
              // Inside the plot: above it the label was cut off.
              label={{ value: `knee ${s.kneeMib} MiB`, fontSize: 10, position: 'insideTopLeft' }}
            />
          ),
        )}
        {model.ownMib !== null && (
          <ReferenceLine
            x={model.ownMib}
            stroke="var(--muted)"
            label={{ value: `this run: ${model.ownMib} MiB`, fontSize: 10, position: 'insideBottomLeft' }}
          />
        )}
      </LogScaleChartFrame>
    </div>
  );
});
