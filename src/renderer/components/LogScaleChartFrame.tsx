/**
 * The frame LoadCurveChart and WhatIfChart share: a line chart over a log-scale axis (clients, pool
 * MiB) from the data's least to its most, its grid, a value axis on the left, the tooltip and the
 * legend, and the series' colours. Draw-only; the lines (and any other axis or mark) are given.
 */
import type { ReactNode } from 'react';
import {
  CartesianGrid,
  Legend,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipProps,
} from 'recharts';
import { CHART_MARGIN, chartTooltipProps } from './chart-frame';

export const LOG_CHART_AXIS_WIDTH = 64;
/** One colour per series (a side, a setting), in order. */
export const SERIES_COLORS = ['var(--accent)', 'var(--bad)', 'var(--ok)', 'var(--busy)'];

export function LogScaleChartFrame({
  data,
  height,
  xKey,
  xUnit,
  xTicks,
  valueAxisId,
  valueFormat,
  rightAxis,
  formatter,
  labelFormatter,
  xLabel,
  yLabel,
  children,
}: {
  data: object[];
  height: number;
  xKey: string;
  xUnit: string;
  xTicks?: number[];
  /** The left axis's id, when the lines use more than one axis. */
  valueAxisId?: string;
  valueFormat: (v: number) => string;
  rightAxis?: ReactNode;
  formatter: TooltipProps['formatter'];
  labelFormatter: TooltipProps['labelFormatter'];
  /** Words under the horizontal axis and beside the vertical one. */
  xLabel?: string;
  yLabel?: string;
  /** The lines and marks. */
  children: ReactNode;
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={data} margin={CHART_MARGIN}>
        <CartesianGrid stroke="#eef0f3" />
        <XAxis
          dataKey={xKey}
          type="number"
          scale="log"
          domain={['dataMin', 'dataMax']}
          {...(xTicks ? { ticks: xTicks } : {})}
          fontSize={11}
          unit={xUnit}
          {...(xLabel
            ? { height: 40, label: { value: xLabel, position: 'insideBottom', offset: 0, fontSize: 11 } }
            : {})}
        />
        <YAxis
          {...(valueAxisId ? { yAxisId: valueAxisId } : {})}
          tickFormatter={valueFormat}
          fontSize={11}
          width={LOG_CHART_AXIS_WIDTH + (yLabel ? 16 : 0)}
          {...(yLabel
            ? {
                label: {
                  value: yLabel,
                  angle: -90,
                  position: 'insideLeft',
                  fontSize: 11,
                  style: { textAnchor: 'middle' },
                },
              }
            : {})}
        />
        {rightAxis}
        <Tooltip
          {...chartTooltipProps(LOG_CHART_AXIS_WIDTH)}
          formatter={formatter}
          labelFormatter={labelFormatter}
        />
        <Legend wrapperStyle={{ fontSize: 11, ...(xLabel ? { paddingTop: 10 } : {}) }} />
        {children}
      </LineChart>
    </ResponsiveContainer>
  );
}
