/**
 * The frame every recharts chart of bplab draws in, set in one place: its margin, and its hover
 * tooltip kept inside the chart (so inside the window).
 *
 * Recharts keeps a tooltip inside the plot area (allowEscapeViewBox false) only while the tooltip is
 * narrower than that area: a wider one is pinned at the plot's left edge and runs out past the chart's
 * right side, and at 1024 px past the window (an index's long name, the bars' long label). So the
 * tooltip is never wider than the plot (the chart's width less its margins and value axis), its text
 * wraps instead, and it moves without the slide animation that carried it past the edge on its way.
 */
import type { TooltipProps } from 'recharts';

export const CHART_MARGIN = { top: 4, right: 16, bottom: 4, left: 4 } as const;

export type ChartTooltipProps = Pick<
  TooltipProps,
  'allowEscapeViewBox' | 'isAnimationActive' | 'wrapperStyle' | 'contentStyle'
>;

/** The tooltip's props for a chart whose value (or category) axis is `axisWidth` px wide on the left. */
export function chartTooltipProps(axisWidth: number): ChartTooltipProps {
  const besidePlot = CHART_MARGIN.left + axisWidth + CHART_MARGIN.right;
  return {
    allowEscapeViewBox: { x: false, y: false },
    isAnimationActive: false,
    wrapperStyle: { maxWidth: `calc(100% - ${besidePlot}px)`, zIndex: 2 },
    contentStyle: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
  };
}
