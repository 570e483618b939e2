/** Each index's pages over time, from successive LRU compositions, as a line/area chart's input. */
import type { LruComposition } from '../../../shared/runs/runs';
import { indexSeries } from '../../../shared/runs/pages-over-time';

export interface Series {
  /** The point field holding this series' values ("s0", "s1"...: index names have dots, which charts read as paths). */
  dataKey: string;
  key: string;
  label: string;
  color: string;
}

export interface PagesOverTime {
  series: Series[];
  /** One point per composition: seconds since the run started, and each series' pages then (0 when absent). */
  points: Array<{ t: number } & Record<string, number>>;
}

/** The `limit` indexes with the most pages at any moment, as recharts reads them (shared/runs/pages-over-time.ts). */
export function pagesOverTime(
  compositions: readonly LruComposition[],
  legend: readonly string[] = [],
  limit = 8,
): PagesOverTime {
  const set = indexSeries(compositions, { legend, limit });
  const series = set.series.map((s, n) => ({ dataKey: `s${n}`, key: s.key, label: s.label, color: s.color }));
  const points = set.times.map((atMs, k) => {
    const point: { t: number } & Record<string, number> = { t: round3(atMs / 1000) };
    set.series.forEach((s, n) => (point[`s${n}`] = s.points[k]![1]));
    return point;
  });
  return { series, points };
}

export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
