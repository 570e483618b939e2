/**
 * The point selects' QPS and p99 per second on one time axis, QPS on the left and p99 on the right,
 * with SSB scans shaded where given (the mixed preset), in SecondsChartFrame. Draw-only: shared/load/load-live.ts and
 * shared/compare/mixed-timeline.ts computed the points and the bands.
 */
import { memo } from 'react';
import { Line, YAxis } from 'recharts';
import { formatCount } from '../../shared/format';
import type { ScanBand } from '../../shared/compare/mixed-timeline';
import type { LoadFigures } from '../../shared/load/load-live';
import { SECONDS_AXIS_WIDTH, SecondsChartFrame } from './SecondsChartFrame';

export interface SecondPoint {
  t: number;
  qps: number;
  p99: number | null;
}

export const LoadSecondsChart = memo(function LoadSecondsChart({
  points,
  figures,
  scans = [],
  domain,
  testId = 'load-per-second',
}: {
  points: readonly SecondPoint[];
  /** The large figures and what they are of (loadFigures); absent: the last second, labelled so. */
  figures?: LoadFigures;
  scans?: readonly ScanBand[];
  /** The time axis's span in seconds, when several charts must line up. */
  domain?: [number, number];
  testId?: string;
}) {
  const last = points.at(-1);
  const shown: LoadFigures = figures ?? {
    qps: last?.qps ?? null,
    p99: last?.p99 ?? null,
    label: last ? 'last second' : '',
  };
  return (
    <div className="chart" data-testid={testId} data-points={points.length}>
      <div className="rate-figures">
        <span data-testid={`${testId}-qps`}>
          <span className="swatch" style={{ background: 'var(--accent)' }} /> QPS:{' '}
          <strong>{shown.qps !== null ? formatCount(shown.qps) : '—'}</strong>
        </span>
        <span data-testid={`${testId}-p99`}>
          <span className="swatch" style={{ background: 'var(--bad)' }} /> p99:{' '}
          <strong>{shown.p99 !== null ? `${shown.p99.toFixed(2)} ms` : '—'}</strong>
        </span>
        {shown.label && (
          <span className="muted" data-testid={`${testId}-figures-of`}>
            {shown.label}
          </span>
        )}
      </div>
      {points.length === 0 ? (
        <p className="muted">No second measured yet.</p>
      ) : (
        <SecondsChartFrame
          data={[...points]}
          height={190}
          domain={domain}
          scans={scans}
          countAxisId="qps"
          scanLabels
          rightAxis={
            <YAxis yAxisId="p99" orientation="right" unit=" ms" fontSize={11} width={SECONDS_AXIS_WIDTH} />
          }
          formatter={(v, name) =>
            name === 'p99 (ms)' ? `${Number(v).toFixed(2)} ms` : formatCount(Number(v))
          }
        >
          <Line
            yAxisId="qps"
            dataKey="qps"
            name="QPS"
            stroke="var(--accent)"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="p99"
            dataKey="p99"
            name="p99 (ms)"
            stroke="var(--bad)"
            dot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
        </SecondsChartFrame>
      )}
    </div>
  );
});
