import { memo } from 'react';
/** Stacked young/old bars per table and index (draw-only: lruBars prepared everything). */
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../shared/format';
import { describeBar, type LruBarsView } from '../lib/viz/lru-bars';
import { CHART_MARGIN, chartTooltipProps } from './chart-frame';

const ROW = 22;
/** The category axis, where each index's name is written. */
const AXIS_WIDTH = 200;

export const LruBarsChart = memo(function LruBarsChart({
  view,
  testId = 'lru-bars',
}: {
  view: LruBarsView;
  testId?: string;
}) {
  const bars = view.others ? [...view.bars, view.others] : view.bars;
  return (
    <div
      className="chart"
      data-testid={testId}
      data-bars={bars.map((b) => `${b.key}=${b.young}+${b.old}`).join(';')}
      data-colors={bars.map((b) => `${b.key}=${b.color}`).join(';')}
    >
      {bars.length === 0 ? (
        <p className="muted" data-testid={`${testId}-empty`}>
          No pages of any table in the pool yet.
        </p>
      ) : (
        <ResponsiveContainer width="100%" height={bars.length * ROW + 40}>
          <BarChart data={bars} layout="vertical" margin={CHART_MARGIN}>
            <CartesianGrid horizontal={false} stroke="#eef0f3" />
            <XAxis type="number" tickFormatter={(v: number) => formatCount(v)} fontSize={11} />
            <YAxis type="category" dataKey="label" width={AXIS_WIDTH} fontSize={11} interval={0} />
            <Tooltip
              {...chartTooltipProps(AXIS_WIDTH)}
              formatter={(value, name) => [
                formatCount(Number(value)),
                name === 'young' ? 'young pages' : 'old pages',
              ]}
              labelFormatter={(label, payload) => {
                const bar = bars.find((b) => b.label === label) ?? payload?.[0]?.payload;
                return bar ? `${bar.title}: ${describeBar(bar)}` : String(label);
              }}
            />
            <Bar dataKey="young" stackId="pages" isAnimationActive={false}>
              {bars.map((b) => (
                <Cell key={b.key} fill={b.color} />
              ))}
            </Bar>
            <Bar dataKey="old" stackId="pages" isAnimationActive={false}>
              {bars.map((b) => (
                <Cell key={b.key} fill={b.oldColor} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
      <p className="muted chart-note">
        Dark: young pages; light: old pages. {formatCount(view.databasePages)} database pages; {view.oldNote}.
      </p>
    </div>
  );
});
