/**
 * Each index's pages over time, from a run's LRU compositions: the one computation behind the live
 * chart, the run view and the report. The indexes that ever held the most pages are kept, coloured as
 * the LRU map colours them (palette.ts: by name), so an index has one colour everywhere.
 */
import { indexName } from './lru-diff';
import {
  cssColor,
  indexKey,
  keyColor,
  SERVER_GROUPS,
  serverGroupOf,
  userColors,
  type ServerGroup,
} from './palette';
import type { LruComposition } from './runs';

const GROUP_PREFIX = 'server:';

/** An index's series: its own key, or its server group's ("server:dictionary"). */
function seriesKey(table: string, index: string): string {
  const key = indexKey(table, index);
  const group = serverGroupOf(key);
  return group ? `${GROUP_PREFIX}${group}` : key;
}

function seriesLabel(key: string, table: string, index: string): string {
  return key.startsWith(GROUP_PREFIX)
    ? SERVER_GROUPS[key.slice(GROUP_PREFIX.length) as ServerGroup].label
    : indexName(table, index);
}

/** The line that sums the indexes left out, when asked for. */
export const OTHER_INDEXES = 'other indexes';
const OTHER_COLOR = 'rgb(150, 150, 150)';

export interface IndexSeries {
  /** "table/index" (the legend's key), "server:<group>" for the server's own; OTHER_INDEXES for the sum of the rest. */
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
  // Each snapshot's pages per series key: the server's own summed per group, as the map's legend has them.
  const perSnapshot = ordered.map((c) => {
    const pages = new Map<string, number>();
    for (const i of c.indexes) {
      const key = seriesKey(i.table, i.index);
      pages.set(key, (pages.get(key) ?? 0) + i.pages);
    }
    return pages;
  });
  const peak = new Map<string, { pages: number; label: string }>();
  ordered.forEach((c, n) => {
    for (const i of c.indexes) {
      const key = seriesKey(i.table, i.index);
      const pages = perSnapshot[n]!.get(key) ?? 0;
      const seen = peak.get(key);
      if (!seen || pages > seen.pages) peak.set(key, { pages, label: seriesLabel(key, i.table, i.index) });
    }
  });
  const chosen = [...peak.entries()]
    .sort((a, b) => b[1].pages - a[1].pages || a[0].localeCompare(b[0]))
    .slice(0, limit);
  const users = userColors([...legend, ...chosen.map(([key]) => key)]);
  const series: IndexSeries[] = chosen.map(([key, { label }]) => ({
    key,
    label,
    color: cssColor(
      key.startsWith(GROUP_PREFIX)
        ? SERVER_GROUPS[key.slice(GROUP_PREFIX.length) as ServerGroup].rgb
        : keyColor(key, users),
    ),
    points: [],
  }));
  const rest = other && peak.size > chosen.length;
  if (rest) series.push({ key: OTHER_INDEXES, label: OTHER_INDEXES, color: OTHER_COLOR, points: [] });
  const shown = new Set(chosen.map(([key]) => key));
  ordered.forEach((c, n) => {
    const pages = new Map<string, number>();
    for (const [key, count] of perSnapshot[n]!) {
      const into = shown.has(key) ? key : rest ? OTHER_INDEXES : null;
      if (into) pages.set(into, (pages.get(into) ?? 0) + count);
    }
    for (const s of series) s.points.push([c.atMs, pages.get(s.key) ?? 0]);
  });
  return { series, times: ordered.map((c) => c.atMs) };
}
