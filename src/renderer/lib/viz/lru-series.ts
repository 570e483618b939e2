/** Each index's pages over time, from successive LRU compositions, as a line/area chart's input. */
import type { LruComposition } from '../../../shared/runs';
import { cssColor, indexKey, ordinalColor, ordinalsFor } from './palette';
import { indexName } from '../../../shared/compare/lru-diff';

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

/** The `limit` indexes with the most pages at any moment, in that order, over every composition. */
export function pagesOverTime(
  compositions: readonly LruComposition[],
  legend: readonly string[] = [],
  limit = 8,
): PagesOverTime {
  const peak = new Map<string, { pages: number; label: string }>();
  for (const c of compositions)
    for (const i of c.indexes) {
      const key = indexKey(i.table, i.index);
      const seen = peak.get(key);
      if (!seen || i.pages > seen.pages)
        peak.set(key, { pages: i.pages, label: indexName(i.table, i.index) });
    }
  const chosen = [...peak.entries()]
    .sort((a, b) => b[1].pages - a[1].pages || a[0].localeCompare(b[0]))
    .slice(0, limit);
  const ordinals = ordinalsFor(
    legend,
    chosen.map(([key]) => key),
  );
  const series = chosen.map(([key, { label }], n) => ({
    dataKey: `s${n}`,
    key,
    label,
    color: cssColor(ordinalColor(ordinals.get(key) ?? 0)),
  }));
  const points = compositions.map((c) => {
    const point: { t: number } & Record<string, number> = { t: round3(c.atMs / 1000) };
    const pages = new Map(c.indexes.map((i) => [indexKey(i.table, i.index), i.pages]));
    for (const s of series) point[s.dataKey] = pages.get(s.key) ?? 0;
    return point;
  });
  return { series, points };
}

export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
