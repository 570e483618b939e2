import { memo } from 'react';
/** Made young, not made young, pages read and read ahead per second (draw-only: poolRates computed them). */
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatMs, formatRate } from '../../shared/format';
import { RATE_LABELS, type RatePoint } from '../lib/viz/pool-rates';
import { CHART_MARGIN, chartTooltipProps } from './chart-frame';

const AXIS_WIDTH = 56;

// The theme's colours (styles.css), so the lines stay readable in light and dark.
const COLORS: Record<keyof typeof RATE_LABELS, string> = {
  madeYoung: 'var(--ok)',
  notMadeYoung: 'var(--bad)',
  pagesRead: 'var(--accent)',
  readAhead: 'var(--busy)',
};

export const RatesChart = memo(function RatesChart({
  points,
  testId = 'pool-rates',
}: {
  points: readonly RatePoint[];
  testId?: string;
}) {
  const last = points.at(-1);
  const spanning = points.filter((p) => p.afterSnapshotMs !== undefined).length;
  return (
    <div className="chart" data-testid={testId} data-points={points.length}>
      <div className="rate-figures">
        {(Object.keys(RATE_LABELS) as Array<keyof typeof RATE_LABELS>).map((key) => (
          <span key={key} data-testid={`${testId}-${key}`}>
            <span className="swatch" style={{ background: COLORS[key] }} /> {RATE_LABELS[key]}:{' '}
            <strong>{last ? formatRate(last[key]) : '—'}</strong>
          </span>
        ))}
      </div>
      {points.length === 0 ? (
        <p className="muted">Rates need two pool-stats samples.</p>
      ) : (
        <ResponsiveContainer width="100%" height={170}>
          <LineChart data={[...points]} margin={CHART_MARGIN}>
            <CartesianGrid stroke="#eef0f3" />
            <XAxis dataKey="t" type="number" domain={['dataMin', 'dataMax']} unit=" s" fontSize={11} />
            <YAxis tickFormatter={(v: number) => formatCount(v)} fontSize={11} width={AXIS_WIDTH} />
            <Tooltip
              {...chartTooltipProps(AXIS_WIDTH)}
              formatter={(v) => formatRate(Number(v))}
              labelFormatter={(t, payload) =>
                rateLabel(Number(t), payload[0]?.payload as RatePoint | undefined)
              }
            />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            {(Object.keys(RATE_LABELS) as Array<keyof typeof RATE_LABELS>).map((key) => (
              <Line
                key={key}
                dataKey={key}
                name={`${RATE_LABELS[key]} /s`}
                stroke={COLORS[key]}
                dot={(props: DotProps) => <SnapshotDot key={`${key}-${props.index}`} {...props} />}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      )}
      {spanning > 0 && (
        <p className="muted chart-note" data-testid={`${testId}-snapshot-note`}>
          ● {spanning} {spanning === 1 ? 'interval spans' : 'intervals span'} a full LRU snapshot: the rate
          there is over the whole, longer interval.
        </p>
      )}
    </div>
  );
});

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  stroke?: string;
  payload?: RatePoint;
}

/** A dot only where the interval spans a full snapshot: the label, where a spike used to be. */
function SnapshotDot({ cx, cy, stroke, payload }: DotProps) {
  if (cx === undefined || cy === undefined || payload?.afterSnapshotMs === undefined) return <g />;
  return <circle cx={cx} cy={cy} r={2.5} fill={stroke} stroke="none" />;
}

function rateLabel(t: number, point: RatePoint | undefined): string {
  return point?.afterSnapshotMs === undefined
    ? `${t} s`
    : `${t} s (after a full LRU snapshot, ${formatMs(point.afterSnapshotMs)})`;
}
