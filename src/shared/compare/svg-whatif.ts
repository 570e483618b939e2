/** Miss-ratio curves as SVG text for the HTML report: pool size on a log scale, a line per old-blocks setting, each knee a dashed line. */
import { formatCount, formatMs } from '../format';
import type { WhatIfChartModel } from '../whatif/curve-view';
import { escapeXml } from './escape';
import { niceMax, SERIES_COLOURS } from './svg';

const r1 = (n: number) => Math.round(n * 10) / 10;

export function whatIfCurvesSvg(model: WhatIfChartModel, id: string, title: string): string {
  const left = 64;
  const plotW = 480;
  const plotH = 200;
  const top = 20;
  const legendW = 240;
  const width = left + plotW + legendW;
  const height = top + plotH + 44;
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
    `<svg id="${escapeXml(id)}" class="chart" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#999"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#999"/>`,
  ];
  for (const f of [0, 0.5, 1])
    parts.push(
      `<text x="${left - 4}" y="${r1(y(maxY * f) + 4)}" font-size="10" text-anchor="end">${escapeXml(value(maxY * f))}</text>`,
    );
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
      .map((r) => `${r1(x(r.mib!))},${r1(y(r[s.key]!))}`);
    if (points.length > 0)
      parts.push(
        `<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${points.join(' ')}"><title>${escapeXml(s.label)}</title></polyline>`,
      );
    if (s.kneeMib !== null)
      parts.push(
        `<line class="knee" x1="${r1(x(s.kneeMib))}" y1="${top}" x2="${r1(x(s.kneeMib))}" y2="${top + plotH}" stroke="${colour}" stroke-dasharray="4 3"><title>knee of ${escapeXml(s.label)}: ${formatCount(s.kneeMib)} MiB</title></line>`,
      );
    parts.push(
      `<rect x="${left + plotW + 12}" y="${top + i * 16}" width="12" height="3" fill="${colour}"/>`,
      `<text x="${left + plotW + 28}" y="${top + i * 16 + 5}" font-size="11">${escapeXml(s.label)}${s.kneeMib === null ? '' : `, knee ${formatCount(s.kneeMib)} MiB`}</text>`,
    );
  });
  parts.push(
    `<text x="${left + plotW / 2}" y="${height - 4}" font-size="10" text-anchor="middle">buffer pool size (log scale); ${model.unit === 'ms' ? 'estimated time' : 'pages read'}</text>`,
    '</svg>',
  );
  return parts.join('');
}
