/** Miss-ratio curves as SVG text for the HTML report: pool size on a log scale, a line per old-blocks setting, each knee a dashed line. */
import { formatCount, formatMs } from '../format';
import type { WhatIfChartModel } from '../whatif/curve-view';
import { escapeXml } from './escape';
import {
  legendRow,
  niceMax,
  plotAxes,
  plotBox,
  r1,
  seriesLine,
  SERIES_COLOURS,
  svgOpen,
  valueTicks,
} from './svg';

export function whatIfCurvesSvg(model: WhatIfChartModel, id: string, title: string): string {
  const { left, top, plotW, plotH, width, height } = plotBox(64, 480, 200, 240, 44);
  const mibs = model.rows.map((r) => r.mib ?? 1).filter((m) => m > 0);
  const lo = Math.log(Math.min(...mibs, 1e9));
  const hi = Math.log(Math.max(...mibs, 1));
  const span = Math.max(1e-9, hi - lo);
  const values = model.rows.flatMap((r) => model.series.map((s) => r[s.key] ?? 0));
  const maxY = niceMax(Math.max(0, ...values));
  const x = (mib: number) => left + ((Math.log(Math.max(mib, 1e-9)) - lo) / span) * plotW;
  const y = (v: number) => top + plotH - (v / maxY) * plotH;
  const value = (v: number) => (model.unit === 'ms' ? formatMs(v) : formatCount(v));
  const parts: string[] = [
    ...svgOpen(id, title, width, height),
    ...plotAxes(left, top, plotW, plotH),
    ...valueTicks(left, maxY, y, value),
  ];
  // The pool sizes at the ends and the middle of the log axis.
  for (const m of [...new Set([mibs[0], mibs[mibs.length >> 1], mibs[mibs.length - 1]])])
    if (m !== undefined)
      parts.push(
        `<text x="${r1(x(m))}" y="${top + plotH + 16}" font-size="10" text-anchor="middle">${formatCount(m)} MiB</text>`,
      );
  model.series.forEach((s, i) => {
    const colour = SERIES_COLOURS[i % SERIES_COLOURS.length]!;
    const points = model.rows
      .filter((r) => r[s.key] !== undefined)
      .map((r) => [x(r.mib!), y(r[s.key]!)] as const);
    parts.push(...seriesLine(points, colour, s.label));
    if (s.kneeMib !== null)
      parts.push(
        `<line class="knee" x1="${r1(x(s.kneeMib))}" y1="${top}" x2="${r1(x(s.kneeMib))}" y2="${top + plotH}" stroke="${colour}" stroke-dasharray="4 3"><title>knee of ${escapeXml(s.label)}: ${formatCount(s.kneeMib)} MiB</title></line>`,
      );
    parts.push(
      ...legendRow(
        left + plotW + 12,
        top + i * 16,
        colour,
        `${s.label}${s.kneeMib === null ? '' : `, knee ${formatCount(s.kneeMib)} MiB`}`,
      ),
    );
  });
  parts.push(
    `<text x="${left + plotW / 2}" y="${height - 4}" font-size="10" text-anchor="middle">buffer pool size (log scale); ${model.unit === 'ms' ? 'estimated time' : 'pages read'}</text>`,
    '</svg>',
  );
  return parts.join('');
}
