/**
 * The frame LoadSecondsChart and MixedPagesChart share, so the mixed preset's two charts line up: a
 * line chart over seconds with its grid and time axis, a count axis on the left, the SSB scans shaded,
 * a tooltip that says the second, and the legend. Draw-only; the lines (and any other axis) are given.
 */
import type { ReactNode } from 'react';
import {
  CartesianGrid,
  Legend,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipProps,
} from 'recharts';
import { formatCount } from '../../shared/format';
import type { ScanBand } from '../../shared/compare/mixed-timeline';
import { CHART_MARGIN, chartTooltipProps } from './chart-frame';

export const SECONDS_AXIS_WIDTH = 56;

export function SecondsChartFrame({
  data,
  height,
  domain,
  scans,
  countAxisId,
  scanLabels = false,
  rightAxis,
  formatter,
  children,
}: {
  data: object[];
  height: number;
  /** The time axis's span in seconds; the data's own span when absent. */
  domain?: [number, number];
  scans: readonly ScanBand[];
  /** The left axis's id, when the lines use more than one axis. */
  countAxisId?: string;
  /** Each scan's name written in its band, a failed scan shaded as bad. */
  scanLabels?: boolean;
  rightAxis?: ReactNode;
  formatter?: TooltipProps['formatter'];
  /** The lines. */
  children: ReactNode;
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={data} margin={CHART_MARGIN}>
        <CartesianGrid stroke="#eef0f3" />
        <XAxis dataKey="t" type="number" domain={domain ?? ['dataMin', 'dataMax']} unit=" s" fontSize={11} />
        <YAxis
          {...(countAxisId ? { yAxisId: countAxisId } : {})}
          tickFormatter={(v: number) => formatCount(v)}
          fontSize={11}
          width={SECONDS_AXIS_WIDTH}
        />
        {rightAxis}
        {scans.map((b, i) => (
          <ReferenceArea
            key={`${b.label}-${i}`}
            {...(countAxisId ? { yAxisId: countAxisId } : {})}
            x1={b.from}
            x2={b.to}
            fill={scanLabels && b.failed ? 'var(--bad)' : 'var(--busy)'}
            fillOpacity={0.15}
            {...(scanLabels ? { label: { value: b.label, position: 'insideTop', fontSize: 10 } } : {})}
          />
        ))}
        <Tooltip
          {...chartTooltipProps(SECONDS_AXIS_WIDTH)}
          labelFormatter={(t) => `${Number(t).toFixed(1)} s`}
          {...(formatter ? { formatter } : {})}
        />
        <Legend wrapperStyle={{ fontSize: 11 }} />
        {children}
      </LineChart>
    </ResponsiveContainer>
  );
}
