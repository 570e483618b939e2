/**
 * Draws the chart view-models as SVG text, for the self-contained HTML report (and a PNG export
 * later). Pure string output: no DOM. Every label is escaped.
 */
import { formatCount, formatMs } from '../format';
import type { LinesView, LruMapView, PairedBarsView } from './charts';
import { escapeXml } from './escape';

/** Side A, side B; young pages solid, old pages the same hue lighter. */
const SIDE_COLOURS = ['#3b6fb6', '#d9822b'] as const;
/** Colours of sides and configurations (not of indexes: those are palette.ts's, by ordinal). */
export const SERIES_COLOURS = [
  '#3b6fb6',
  '#d9822b',
  '#4a9a5b',
  '#b04a5a',
  '#7d5ba6',
  '#8a6d3b',
  '#2f8f8f',
  '#888888',
];

/** Rounded to a tenth: coordinates short enough to read. */
export const r1 = (n: number) => Math.round(n * 10) / 10;

/** A chart's opening: the svg element, sized, named for screen readers, and its title. */
export function svgOpen(id: string, title: string, width: number, height: number): string[] {
  return [
    `<svg id="${escapeXml(id)}" class="chart" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
  ];
}

/** A plot's baseline and its left axis. */
export function plotAxes(left: number, top: number, plotW: number, plotH: number): string[] {
  return [
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#999"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#999"/>`,
  ];
}

/** A series' line through its points (x, y), named on hover; nothing when it has no point. */
export function seriesLine(
  points: readonly (readonly [number, number])[],
  colour: string,
  label: string,
): string[] {
  if (points.length === 0) return [];
  const at = points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ');
  return [
    `<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${at}"><title>${escapeXml(label)}</title></polyline>`,
  ];
}

/** A series' row in the legend beside a plot: its swatch at (x, y), then its words. */
export function legendRow(x: number, y: number, colour: string, words: string): string[] {
  return [
    `<rect x="${x}" y="${y}" width="12" height="3" fill="${colour}"/>`,
    `<text x="${x + 16}" y="${y + 5}" font-size="11">${escapeXml(words)}</text>`,
  ];
}

/** A side's row in a paired-bars legend at (x, y): its colour solid, then lighter, then its words ("A (young | old)"). */
export function pairedLegendRow(x: number, y: number, colour: string, words: string): string[] {
  return [
    `<rect x="${x}" y="${y}" width="12" height="10" fill="${colour}"/>`,
    `<rect x="${x + 13}" y="${y}" width="12" height="10" fill="${colour}" fill-opacity="0.4"/>`,
    `<text x="${x + 30}" y="${y + 9}" font-size="11">${escapeXml(words)}</text>`,
  ];
}

/** A bars chart's value axis along its bottom at axisY: the line, 0, half and `max` in `tick`'s words, and what it measures. */
export function barsAxis(
  left: number,
  plotW: number,
  axisY: number,
  max: number,
  tick: (value: number) => string,
  measures: string,
): string[] {
  return [
    `<line x1="${left}" y1="${axisY}" x2="${left + plotW}" y2="${axisY}" stroke="#999"/>`,
    ...[0, 0.5, 1].map(
      (f) =>
        `<text x="${r1(left + f * plotW)}" y="${axisY + 14}" font-size="10" text-anchor="middle">${escapeXml(tick(max * f))}</text>`,
    ),
    `<text x="${left + plotW / 2}" y="${axisY + 27}" font-size="10" text-anchor="middle">${escapeXml(measures)}</text>`,
  ];
}

/**
 * A line plot's box: the plot, plotW × plotH, 20 from the top and `left` in from the left (its value
 * axis's labels), with `right` beside it (a legend, a second axis) and `below` under it (its x labels).
 */
export function plotBox(left: number, plotW: number, plotH: number, right: number, below: number) {
  const top = 20;
  return { left, top, plotW, plotH, width: left + plotW + right, height: top + plotH + below };
}

/** A plot's value labels left of its axis: 0, half and `max`, each at y(value), in `words`. */
export function valueTicks(
  left: number,
  max: number,
  y: (value: number) => number,
  words: (value: number) => string,
): string[] {
  return [0, 0.5, 1].map(
    (f) =>
      `<text x="${left - 4}" y="${r1(y(max * f) + 4)}" font-size="10" text-anchor="end">${escapeXml(words(max * f))}</text>`,
  );
}

/** A 'nice' axis maximum at or above n: 1, 2 or 5 × 10^k. */
export function niceMax(n: number): number {
  if (n <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 2, 5, 10]) if (m * p >= n) return m * p;
  return 10 * p;
}

export function pairedBarsSvg(view: PairedBarsView, id: string): string {
  const labelW = 230;
  const plotW = 420;
  const barH = 11;
  const groupH = barH * 2 + 10;
  const top = 34;
  const height = top + Math.max(1, view.bars.length) * groupH + 40;
  const width = labelW + plotW + 80;
  const max = niceMax(view.maxPages);
  const x = (pages: number) => labelW + (pages / max) * plotW;
  const parts: string[] = [];
  parts.push(...svgOpen(id, view.title, width, height));
  // Legend: side colours, and old drawn lighter than young.
  view.sides.forEach((side, i) =>
    parts.push(...pairedLegendRow(labelW + i * 190, 6, SIDE_COLOURS[i]!, `${side} (young | old)`)),
  );
  view.bars.forEach((bar, i) => {
    const y0 = top + i * groupH;
    parts.push(
      `<text x="${labelW - 6}" y="${y0 + barH + 4}" font-size="11" text-anchor="end">${escapeXml(bar.label)}</text>`,
    );
    [bar.a, bar.b].forEach((s, k) => {
      const y = y0 + k * barH;
      const colour = SIDE_COLOURS[k as 0 | 1];
      parts.push(
        `<rect x="${labelW}" y="${y}" width="${r1(x(s.young) - labelW)}" height="${barH - 1}" fill="${colour}"><title>${escapeXml(`${view.sides[k]}: ${formatCount(s.young)} young`)}</title></rect>`,
        `<rect x="${r1(x(s.young))}" y="${y}" width="${r1(x(s.old) - labelW)}" height="${barH - 1}" fill="${colour}" fill-opacity="0.4"><title>${escapeXml(`${view.sides[k]}: ${formatCount(s.old)} old`)}</title></rect>`,
        `<text x="${r1(x(s.young + s.old) + 4)}" y="${y + barH - 2}" font-size="9">${formatCount(s.young + s.old)}</text>`,
      );
    });
  });
  const axisY = top + Math.max(1, view.bars.length) * groupH + 4;
  parts.push(...barsAxis(labelW, plotW, axisY, max, formatCount, 'pages'), '</svg>');
  return parts.join('');
}

export function linesSvg(view: LinesView, id: string): string {
  const { left, top, plotW, plotH, width, height } = plotBox(60, 520, 200, 200, 40);
  const maxY = niceMax(view.maxPages);
  const span = Math.max(1, view.maxMs - view.minMs);
  const x = (ms: number) => left + ((ms - view.minMs) / span) * plotW;
  const y = (pages: number) => top + plotH - (pages / maxY) * plotH;
  const parts: string[] = [
    ...svgOpen(id, view.title, width, height),
    ...plotAxes(left, top, plotW, plotH),
    ...valueTicks(left, maxY, y, formatCount),
  ];
  for (const f of [0, 0.5, 1])
    parts.push(
      `<text x="${r1(left + f * plotW)}" y="${top + plotH + 16}" font-size="10" text-anchor="middle">${escapeXml(formatMs(view.minMs + f * span))}</text>`,
    );
  view.series.forEach((s, i) => {
    const colour = s.color;
    parts.push(
      ...seriesLine(
        s.points.map(([t, p]) => [x(t), y(p)] as const),
        colour,
        s.label,
      ),
      ...legendRow(left + plotW + 12, top + i * 16, colour, s.label),
    );
  });
  parts.push(
    `<text x="${left + plotW / 2}" y="${height - 4}" font-size="10" text-anchor="middle">time since the run started</text>`,
    '</svg>',
  );
  return parts.join('');
}

export function lruMapSvg(view: LruMapView, id: string): string {
  // Each index's colour as the live view's map draws it (palette.ts, by name); old pages lighter.
  const colors = new Map(view.legend.map((e) => [e.ordinal, e.color]));
  const ordinalColour = (ordinal: number) => colors.get(ordinal) ?? 'rgb(128, 128, 128)';
  const left = 70;
  const plotW = 600;
  const stripH = 22;
  const gap = 8;
  const top = 8;
  const stripsH = view.strips.length * (stripH + gap);
  const legendTop = top + stripsH + 22;
  const legendRows = Math.ceil(view.legend.length / 3);
  const width = left + plotW + 20;
  const height = legendTop + legendRows * 16 + 6;
  const parts: string[] = [...svgOpen(id, view.title, width, height)];
  view.strips.forEach((strip, k) => {
    const y = top + k * (stripH + gap);
    parts.push(
      `<text x="${left - 6}" y="${y + stripH / 2 + 4}" font-size="10" text-anchor="end">pool ${strip.poolId}</text>`,
      `<rect x="${left}" y="${y}" width="${plotW}" height="${stripH}" fill="#eceff3"/>`,
    );
    for (const seg of strip.segments)
      parts.push(
        `<rect class="lru-segment" x="${r1(left + seg.from * plotW)}" y="${y}" width="${Math.max(0.5, r1((seg.to - seg.from) * plotW))}" height="${stripH}" fill="${ordinalColour(seg.ordinal)}"${seg.old ? ' fill-opacity="0.45"' : ''}/>`,
      );
    if (strip.boundary !== null)
      parts.push(
        `<line x1="${r1(left + strip.boundary * plotW)}" y1="${y - 2}" x2="${r1(left + strip.boundary * plotW)}" y2="${y + stripH + 2}" stroke="#1d2228" stroke-width="2"><title>${escapeXml(`old sublist: ${formatCount(strip.oldLength)} of ${formatCount(strip.lruLength)} pages`)}</title></line>`,
      );
  });
  parts.push(
    `<text x="${left}" y="${top + stripsH + 8}" font-size="10">head (most recently used)</text>`,
    `<text x="${left + plotW}" y="${top + stripsH + 8}" font-size="10" text-anchor="end">tail; old pages lighter, the dark line starts the old sublist</text>`,
  );
  view.legend.forEach((entry, i) => {
    const lx = left + (i % 3) * 200;
    const ly = legendTop + Math.floor(i / 3) * 16;
    parts.push(
      `<rect x="${lx}" y="${ly - 9}" width="12" height="10" fill="${ordinalColour(entry.ordinal)}"/>`,
      `<text x="${lx + 16}" y="${ly}" font-size="10">${escapeXml(entry.label)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}
