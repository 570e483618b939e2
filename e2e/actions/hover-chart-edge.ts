import { expect, type Locator } from '@playwright/test';

/**
 * Rests the pointer on a recharts chart near its right edge (at `fromTop` px below the plot's top: a
 * bar's row, or anywhere on a line chart) and waits for its hover tooltip. Returns the tooltip.
 */
export async function hoverChartEdge(chart: Locator, fromTop = 12): Promise<Locator> {
  await chart.scrollIntoViewIfNeeded();
  // The chart's own drawing (a legend's icons are small SVGs of the same class, inside the legend).
  const surface = chart.locator('.recharts-wrapper > svg.recharts-surface');
  const box = await surface.boundingBox();
  if (!box) throw new Error('e2e: the chart is not drawn');
  // 20 px in from the right: inside the plot (the chart's right margin is 16 px).
  await chart.page().mouse.move(box.x + box.width - 20, box.y + fromTop);
  const tooltip = chart.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toBeVisible();
  return tooltip;
}
