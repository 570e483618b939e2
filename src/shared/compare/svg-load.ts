/**
 * The QPS-against-clients chart as SVG text for the self-contained HTML report: per side a solid line
 * of QPS (left axis) and a dashed line of p99 (right axis), clients on a log scale (1, 2, 4 … 256).
 * Pure string output, every label escaped.
 */
import { formatCount, formatMs } from '../format';
import { escapeXml } from './escape';
import type { LoadChartView } from './load-report';
import { niceMax, plotAxes, plotBox, r1, SERIES_COLOURS, svgOpen, valueTicks } from './svg';

export function loadChartSvg(view: LoadChartView, id: string): string {
  // The p99 axis's labels at the plot's right (`right`), the legend beyond them.
  const right = 60;
  const { left, top, plotW, plotH, width, height } = plotBox(64, 480, 220, right + 230, 44);
  const qpsMax = niceMax(view.qpsMax);
  const p99Max = niceMax(view.p99Max);
  const lo = Math.log2(Math.max(1, view.clients[0] ?? 1));
  const hi = Math.log2(Math.max(1, view.clients.at(-1) ?? 1));
  const x = (c: number) => left + (hi > lo ? ((Math.log2(c) - lo) / (hi - lo)) * plotW : plotW / 2);
  const yQps = (q: number) => top + plotH - (q / qpsMax) * plotH;
  const yP99 = (ms: number) => top + plotH - (ms / p99Max) * plotH;
  const parts: string[] = [
    ...svgOpen(id, view.title, width, height),
    ...plotAxes(left, top, plotW, plotH),
    `<line x1="${left + plotW}" y1="${top}" x2="${left + plotW}" y2="${top + plotH}" stroke="#ccc"/>`,
    ...valueTicks(left, qpsMax, yQps, formatCount),
  ];
  for (const f of [0, 0.5, 1])
    parts.push(
      `<text x="${left + plotW + 4}" y="${r1(yP99(p99Max * f) + 4)}" font-size="10">${escapeXml(formatMs(p99Max * f))}</text>`,
    );
  for (const c of view.clients)
    parts.push(
      `<text x="${r1(x(c))}" y="${top + plotH + 16}" font-size="10" text-anchor="middle">${c}</text>`,
    );
  view.series.forEach((s, i) => {
    const colour = SERIES_COLOURS[s.qpsColor % SERIES_COLOURS.length]!;
    const p99Colour = SERIES_COLOURS[s.p99Color % SERIES_COLOURS.length]!;
    const done = s.points.filter((p) => p.complete);
    if (done.length > 0) {
      parts.push(
        `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${done.map((p) => `${r1(x(p.clients))},${r1(yQps(p.qps))}`).join(' ')}"><title>${escapeXml(`${s.label}: QPS`)}</title></polyline>`,
        `<polyline fill="none" stroke="${p99Colour}" stroke-width="1.2" stroke-dasharray="4 3" points="${done.map((p) => `${r1(x(p.clients))},${r1(yP99(p.p99 ?? 0))}`).join(' ')}"><title>${escapeXml(`${s.label}: p99`)}</title></polyline>`,
        ...done.map(
          (p) =>
            `<circle cx="${r1(x(p.clients))}" cy="${r1(yQps(p.qps))}" r="2.5" fill="${colour}"><title>${escapeXml(`${s.label}, ${p.clients} clients: ${formatCount(p.qps)} QPS, p99 ${formatMs(p.p99 ?? 0)}`)}</title></circle>`,
        ),
      );
    }
    const ly = top + i * 32;
    const lx = left + plotW + right + 8;
    parts.push(
      `<rect x="${lx}" y="${ly}" width="14" height="3" fill="${colour}"/>`,
      `<text x="${lx + 20}" y="${ly + 5}" font-size="11">${escapeXml(s.label)}</text>`,
      `<line x1="${lx}" y1="${ly + 17}" x2="${lx + 14}" y2="${ly + 17}" stroke="${p99Colour}" stroke-dasharray="4 3"/>`,
      `<text x="${lx + 20}" y="${ly + 20}" font-size="10">p99</text>`,
    );
  });
  parts.push(
    `<text x="${left + plotW / 2}" y="${height - 6}" font-size="10" text-anchor="middle">clients (QPS solid, left; p99 dashed, right)</text>`,
    '</svg>',
  );
  return parts.join('');
}
