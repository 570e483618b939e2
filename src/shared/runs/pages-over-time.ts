/**
 * Each index's pages over time, from a run's LRU compositions: the one computation behind the live
 * chart, the run view and the report. The indexes that ever held the most pages are kept, coloured as
 * the LRU map colours them (their ordinal in the run's legend), so an index has one colour everywhere.
 */
import { indexName } from './lru-diff';
import { cssColor, indexKey, ordinalColor, ordinalsFor } from './palette';
import type { LruComposition } from './runs';

/** The line that sums the indexes left out, when asked for. */
export const OTHER_INDEXES = 'other indexes';
const OTHER_COLOR = 'rgb(150, 150, 150)';

export interface IndexSeries {
  /** "table/index" (the legend's key); OTHER_INDEXES for the sum of the rest. */
  key: string;
  label: string;
  color: string;
  points: Array<[atMs: number, pages: number]>;
}

export interface IndexSeriesSet {
  series: IndexSeries[];
  /** The snapshots' times, in order. */
  times: number[];
}

/**
 * The `limit` indexes with the most pages at any moment, biggest peak first (0 where a snapshot lacks
 * one); with `other`, the rest summed as one more line, so the lines still add up to the pool.
 */
export function indexSeries(
  compositions: readonly LruComposition[],
  opts: { legend?: readonly string[]; limit?: number; other?: boolean } = {},
): IndexSeriesSet {
  const { legend = [], limit = 8, other = false } = opts;
  const ordered = [...compositions].sort((a, b) => a.atMs - b.atMs);
  const peak = new Map<string, { pages: number; label: string }>();
  for (const c of ordered)
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
  const series: IndexSeries[] = chosen.map(([key, { label }]) => ({
    key,
    label,
    color: cssColor(ordinalColor(ordinals.get(key) ?? 0)),
    points: [],
  }));
  const rest = other && peak.size > chosen.length;
  if (rest) series.push({ key: OTHER_INDEXES, label: OTHER_INDEXES, color: OTHER_COLOR, points: [] });
  const shown = new Set(chosen.map(([key]) => key));
  for (const c of ordered) {
    const pages = new Map<string, number>();
    for (const i of c.indexes) {
      const key = indexKey(i.table, i.index);
      const into = shown.has(key) ? key : rest ? OTHER_INDEXES : null;
      if (into) pages.set(into, (pages.get(into) ?? 0) + i.pages);
    }
    for (const s of series) s.points.push([c.atMs, pages.get(s.key) ?? 0]);
  }
  return { series, times: ordered.map((c) => c.atMs) };
}
