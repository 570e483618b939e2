/**
 * Draws post 003's chart as SVG text (for the HTML report and the screen alike): per query, a pair of
 * horizontal bars per side, cold solid and hot lighter, each labelled with its time, and the ratio to
 * the first side at the right.
 */
import { formatMs } from '../format';
import type { ColdHotBarsView } from './cold-hot';
import { escapeXml } from './escape';
import { barsAxis, niceMax, pairedLegendRow, r1, SERIES_COLOURS, svgOpen } from './svg';

export function coldHotBarsSvg(view: ColdHotBarsView, id: string): string {
  const labelW = 60;
  const plotW = 420;
  const ratioW = 230;
  const barH = 9;
  const groupH = view.sides.length * 2 * barH + 10;
  // One legend line per side: their labels are long ("innodb_old_blocks_time=1000").
  const top = 14 + view.sides.length * 16;
  const height = top + Math.max(1, view.queries.length) * groupH + 40;
  const width = labelW + plotW + ratioW;
  const max = niceMax(view.maxMs);
  const x = (v: number) => labelW + (v / max) * plotW;
  const parts = [...svgOpen(id, view.title, width, height)];
  view.sides.forEach((side, i) =>
    parts.push(
      ...pairedLegendRow(
        labelW,
        6 + i * 16,
        SERIES_COLOURS[i % SERIES_COLOURS.length]!,
        `${side} (cold | hot)`,
      ),
    ),
  );
  view.queries.forEach((q, qi) => {
    const y0 = top + qi * groupH;
    parts.push(
      `<text x="${labelW - 6}" y="${y0 + groupH / 2}" font-size="11" text-anchor="end">${escapeXml(q.label)}</text>`,
    );
    q.bars.forEach((b, si) => {
      const colour = SERIES_COLOURS[si % SERIES_COLOURS.length];
      (['cold', 'hot'] as const).forEach((pass, k) => {
        const v = b[pass];
        const y = y0 + (si * 2 + k) * barH;
        const words = `${view.sides[si]}, ${pass}: ${v === null ? 'no complete run' : formatMs(v)}`;
        if (v === null) {
          parts.push(
            `<text x="${labelW + 2}" y="${y + barH - 1}" font-size="8">—<title>${escapeXml(words)}</title></text>`,
          );
          return;
        }
        parts.push(
          `<rect x="${labelW}" y="${y}" width="${r1(x(v) - labelW)}" height="${barH - 1}" fill="${colour}"${k ? ' fill-opacity="0.4"' : ''}><title>${escapeXml(words)}</title></rect>`,
          `<text x="${r1(x(v) + 3)}" y="${y + barH - 1}" font-size="8">${escapeXml(formatMs(v))}</text>`,
        );
      });
    });
    q.ratios.forEach((r, i) =>
      parts.push(
        // Past the longest bar's own label (a bar ends at most at the plot's edge).
        `<text x="${labelW + plotW + 50}" y="${y0 + (i + 1) * 2 * barH + barH}" font-size="10">${escapeXml(r)}</text>`,
      ),
    );
  });
  const axisY = top + Math.max(1, view.queries.length) * groupH + 4;
  const time = (ms: number) => (ms === 0 ? '0' : formatMs(ms));
  parts.push(...barsAxis(labelW, plotW, axisY, max, time, 'time (lower is better)'), '</svg>');
  return parts.join('\n');
}
