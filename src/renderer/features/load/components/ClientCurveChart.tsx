/** A traced load client's pages read per 1,000 queries against pool size (draw-only: clientCurveViews prepared it). */
import { memo } from 'react';
import { Line, ReferenceLine } from 'recharts';
import { formatCount } from '../../../../shared/format';
import { LogScaleChartFrame } from '../../../components/LogScaleChartFrame';
import type { ClientCurveRow } from '../utils/client-curve';

export const ClientCurveChart = memo(function ClientCurveChart({
  rows,
  ownMib,
  testId,
}: {
  rows: ClientCurveRow[];
  ownMib: number | null;
  testId: string;
}) {
  return (
    <div className="chart" data-testid={testId} data-points={rows.length}>
      <LogScaleChartFrame
        data={rows}
        height={220}
        xKey="mib"
        xUnit=" MiB"
        valueFormat={formatCount}
        formatter={(v) => `${formatCount(Number(v))} pages read per 1,000 queries`}
        labelFormatter={(mib) => `${mib} MiB pool`}
        xLabel="buffer pool size (MiB, log scale)"
        yLabel="pages read per 1,000 queries"
      >
        <Line dataKey="perThousand" name="this client" stroke="var(--accent)" isAnimationActive={false} />
        {ownMib !== null && (
          <ReferenceLine
            x={ownMib}
            stroke="var(--muted)"
            label={{ value: `this load: ${ownMib} MiB`, fontSize: 10, position: 'insideBottomLeft' }}
          />
        )}
      </LogScaleChartFrame>
    </div>
  );
});
