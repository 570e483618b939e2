/**
 * The mixed preset's one time axis as SVG text for the HTML report: three panels over the same seconds
 * (the point selects' QPS, their p99, the OLTP table's pages per index), with each SSB scan shaded
 * across all three, so the dip in QPS, the rise in p99 and the pages lost line up with the scan.
 */
import { formatCount } from '../format';
import { escapeXml } from './escape';
import type { MixedTimelineView } from './mixed-timeline';
import { niceMax, r1, seriesLine, SERIES_COLOURS, svgOpen } from './svg';

const LEFT = 70;
const PLOT_W = 640;
const PANEL_H = 90;
const GAP = 22;
const TOP = 26;

interface Panel {
  title: string;
  unit: (n: number) => string;
  lines: Array<{ label: string; colour: string; points: Array<[t: number, v: number]> }>;
}

export function mixedTimelineSvg(view: MixedTimelineView, id: string): string {
  const panels: Panel[] = [
    {
      title: 'point selects per second',
      unit: formatCount,
      lines: [{ label: 'QPS', colour: SERIES_COLOURS[0]!, points: view.load.map((x) => [x.t, x.qps]) }],
    },
    {
      title: 'p99 per second (ms)',
      unit: (n) => n.toFixed(n < 10 ? 1 : 0),
      lines: [
        {
          label: 'p99',
          colour: SERIES_COLOURS[1]!,
          points: view.load.flatMap((x) => (x.p99 === null ? [] : [[x.t, x.p99] as [number, number]])),
        },
      ],
    },
    {
      title: 'pages in the pool',
      unit: formatCount,
      lines: view.indexes.map((index, i) => ({
        label: index,
        colour: SERIES_COLOURS[(i + 2) % SERIES_COLOURS.length]!,
        points: view.pages.map((p) => [p.t, p.byIndex[index] ?? 0] as [number, number]),
      })),
    },
  ];
  const [t0, t1] = view.domain;
  const span = Math.max(1e-9, t1 - t0);
  const x = (t: number) => LEFT + ((t - t0) / span) * PLOT_W;
  const height = TOP + panels.length * (PANEL_H + GAP) + 24;
  const width = LEFT + PLOT_W + 130;
  const title = `${view.label}: point selects beside the SSB scans`;
  const parts = [...svgOpen(id, title, width, height)];
  const bottom = TOP + panels.length * (PANEL_H + GAP) - GAP;
  for (const b of view.scans) {
    const w = Math.max(1, x(b.to) - x(b.from));
    parts.push(
      `<rect x="${r1(x(b.from))}" y="${TOP - 4}" width="${r1(w)}" height="${bottom - TOP + 4}" fill="${b.failed ? '#e8b4a8' : '#e6e9f0'}"><title>${escapeXml(`${b.label}: ${(b.to - b.from).toFixed(2)} s${b.failed ? ' (failed)' : ''}`)}</title></rect>`,
      `<text x="${r1(x(b.from) + 2)}" y="${TOP - 8}" font-size="10">${escapeXml(b.label)}</text>`,
    );
  }
  panels.forEach((panel, k) => {
    const top = TOP + k * (PANEL_H + GAP);
    const max = niceMax(Math.max(0, ...panel.lines.flatMap((l) => l.points.map((p) => p[1]))));
    const y = (v: number) => top + PANEL_H - (v / max) * PANEL_H;
    parts.push(
      `<line x1="${LEFT}" y1="${top + PANEL_H}" x2="${LEFT + PLOT_W}" y2="${top + PANEL_H}" stroke="#999"/>`,
      `<line x1="${LEFT}" y1="${top}" x2="${LEFT}" y2="${top + PANEL_H}" stroke="#999"/>`,
      `<text x="${LEFT - 4}" y="${top + 8}" font-size="10" text-anchor="end">${escapeXml(panel.unit(max))}</text>`,
      `<text x="${LEFT - 4}" y="${top + PANEL_H}" font-size="10" text-anchor="end">0</text>`,
      `<text x="${LEFT + PLOT_W + 8}" y="${top + 10}" font-size="10">${escapeXml(panel.title)}</text>`,
    );
    panel.lines.forEach((l, i) => {
      parts.push(
        ...seriesLine(
          l.points.map(([t, v]) => [x(t), y(v)] as const),
          l.colour,
          l.label,
        ),
      );
      parts.push(
        `<rect x="${LEFT + PLOT_W + 8}" y="${top + 18 + i * 14}" width="12" height="3" fill="${l.colour}"/>`,
        `<text x="${LEFT + PLOT_W + 24}" y="${top + 23 + i * 14}" font-size="10">${escapeXml(l.label)}</text>`,
      );
    });
  });
  for (const f of [0, 0.25, 0.5, 0.75, 1])
    parts.push(
      `<text x="${r1(LEFT + f * PLOT_W)}" y="${bottom + 14}" font-size="10" text-anchor="middle">${(t0 + f * span).toFixed(0)} s</text>`,
    );
  parts.push('</svg>');
  return parts.join('');
}
