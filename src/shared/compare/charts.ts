/**
 * Chart view-models shared by the comparison screen (recharts draws them) and the HTML report (svg.ts
 * draws them): fully prepared data, no layout; colours only where an index has its own (palette.ts).
 */
import { formatMs } from '../format';
import type { LruComposition, LruMapFrame } from '../runs/runs';
import type { PairComparison } from './comparison';
import { indexName } from '../runs/lru-diff';
import { indexSeries } from '../runs/pages-over-time';
import { cssColor, legendColors, SERVER_GROUP_ORDER, SERVER_GROUPS } from '../runs/palette';

export interface StackedPages {
  old: number;
  young: number;
}

/** Paired bars: per index, A's and B's pages after the run, each split into old and young. */
export interface PairedBarsView {
  title: string;
  sides: [string, string];
  bars: Array<{ label: string; a: StackedPages; b: StackedPages }>;
  /** Largest bar (old + young), for the axis. */
  maxPages: number;
  /** Indexes left out beyond the limit, and their pages on each side. */
  rest: { indexes: number; a: number; b: number };
}

export function lruPairedBars(pair: PairComparison, limit = 10): PairedBarsView {
  const stack = (f: { oldPages: number; youngPages: number } | null): StackedPages => ({
    old: f?.oldPages ?? 0,
    young: f?.youngPages ?? 0,
  });
  const shown = pair.lru.slice(0, limit);
  const rest = pair.lru.slice(limit);
  const bars = shown.map((r) => ({
    label: indexName(r.table, r.index),
    a: stack(r.a),
    b: stack(r.b),
  }));
  return {
    title: 'Pages per index after the run, old and young',
    sides: [pair.a.label, pair.b.label],
    bars,
    maxPages: Math.max(0, ...bars.flatMap((b) => [b.a.old + b.a.young, b.b.old + b.b.young])),
    rest: {
      indexes: rest.length,
      a: rest.reduce((s, r) => s + (r.a?.pages ?? 0), 0),
      b: rest.reduce((s, r) => s + (r.b?.pages ?? 0), 0),
    },
  };
}

/** Lines: one series per index, pages against time since the run started, in the index's colour. */
export interface LinesView {
  title: string;
  series: Array<{ label: string; color: string; points: Array<[atMs: number, pages: number]> }>;
  minMs: number;
  maxMs: number;
  maxPages: number;
}

/**
 * Pages per index over time from the poller's compositions (shared/runs/pages-over-time.ts): the `limit`
 * indexes that ever held the most pages, and the others summed as "other indexes" (so the lines
 * still add up to the pool); `legend` is the run's map legend, which gives each index its colour.
 */
export function pagesOverTime(
  compositions: LruComposition[],
  title: string,
  limit = 6,
  legend: readonly string[] = [],
): LinesView {
  const { series, times } = indexSeries(compositions, { legend, limit, other: true });
  return {
    title,
    series: series.map(({ label, color, points }) => ({ label, color, points })),
    minMs: times.length ? Math.min(...times) : 0,
    maxMs: times.length ? Math.max(...times) : 0,
    maxPages: Math.max(0, ...series.flatMap((s) => s.points.map((p) => p[1]))),
  };
}

/** One pool's LRU at one moment, head (most recently used) at 0 and tail at 1, as runs of one index. */
export interface LruMapStripView {
  poolId: number;
  lruLength: number;
  oldLength: number;
  /** Where the old sublist starts (fraction of the longest LRU); null when the pool has no old pages. */
  boundary: number | null;
  /** Consecutive buckets held mostly by one index, old or young; `from`/`to` are fractions. */
  segments: Array<{ from: number; to: number; ordinal: number; old: boolean }>;
}

/** The LRU map at one moment, as the live view drew it: one strip per pool instance. */
export interface LruMapView {
  title: string;
  atMs: number;
  /**
   * Short names ("lineorder GEN_CLUST_INDEX") and colours of those that hold a segment: a user index by
   * its ordinal, the server's own grouped (palette.ts's classes: after the legend's ordinals).
   */
  legend: Array<{ ordinal: number; label: string; color: string }>;
  strips: LruMapStripView[];
}

const frameIndexLabel = (key: string) => {
  const [table = key, index = ''] = key.split('/');
  return indexName(table, index);
};

/** One frame of the poller's LRU map: each bucket takes the index holding most of its pages. */
export function lruMapView(frame: LruMapFrame, title: string): LruMapView {
  const longest = Math.max(1, ...frame.pools.map((p) => p.lruLength));
  const { classOf, colors } = legendColors(frame.legend);
  const used = new Set<number>();
  const strips = frame.pools.map((pool): LruMapStripView => {
    const segments: LruMapStripView['segments'] = [];
    pool.buckets.forEach((bucket, i) => {
      // Per colour class: the server's dictionary indexes count together.
      const byClass = new Map<number, [number, number, number]>();
      for (const [ord, pages, oldPages] of bucket) {
        const c = classOf[ord] ?? ord;
        const sum = byClass.get(c) ?? [c, 0, 0];
        sum[1] += pages;
        sum[2] += oldPages;
        byClass.set(c, sum);
      }
      let best: [number, number, number] | null = null;
      for (const entry of byClass.values()) if (!best || entry[1] > best[1]) best = entry;
      if (!best || best[1] <= 0) return;
      const [ordinal, pages, oldPages] = best;
      const from = Math.min(1, (i * frame.bucketPages) / longest);
      const to = Math.min(1, ((i + 1) * frame.bucketPages) / longest, pool.lruLength / longest);
      const old = oldPages * 2 > pages;
      const last = segments[segments.length - 1];
      if (last && last.ordinal === ordinal && last.old === old && Math.abs(last.to - from) < 1e-9)
        last.to = to;
      else segments.push({ from, to, ordinal, old });
      used.add(ordinal);
    });
    return {
      poolId: pool.poolId,
      lruLength: pool.lruLength,
      oldLength: pool.oldLength,
      boundary: pool.oldLength > 0 ? (pool.lruLength - pool.oldLength) / longest : null,
      segments,
    };
  });
  return {
    title,
    atMs: frame.atMs,
    legend: [...used]
      .sort((x, y) => x - y)
      .map((ordinal) => ({
        ordinal,
        label:
          ordinal < frame.legend.length
            ? frameIndexLabel(frame.legend[ordinal] ?? `#${ordinal}`)
            : SERVER_GROUPS[SERVER_GROUP_ORDER[ordinal - frame.legend.length]!].label,
        color: cssColor(colors[ordinal] ?? [128, 128, 128]),
      })),
    strips,
  };
}

/**
 * The moments a report shows of a run's LRU map: the first frame, the last, and evenly spaced ones
 * between (`count` in all, fewer when the run kept fewer frames).
 */
export function lruMapMoments(frames: readonly LruMapFrame[], label: string, count = 3): LruMapView[] {
  const sorted = [...frames].sort((x, y) => x.atMs - y.atMs);
  if (sorted.length === 0) return [];
  const n = Math.min(count, sorted.length);
  const picks =
    n === 1 ? [0] : Array.from({ length: n }, (_, i) => Math.round((i * (sorted.length - 1)) / (n - 1)));
  return [...new Set(picks)].map((i) => {
    const frame = sorted[i] as LruMapFrame;
    return lruMapView(frame, `${label}'s LRU at ${formatMs(frame.atMs)}`);
  });
}
