/**
 * Rates from successive INNODB_BUFFER_POOL_STATS samples: pages made young and not made young, pages
 * read and read ahead, per second, summed over the pool instances. The server's own *_RATE columns
 * average since its last monitor print; these are counter deltas over the time measured between the
 * two samples' responses, so an interval stretched by a full LRU snapshot is a lower, longer rate (and
 * marked), never a spike.
 */
import type { LruComposition, PoolStats, PoolStatsSample } from '../../../shared/runs/runs';
import { round3 } from './lru-series';

export interface RatePoint {
  /** Seconds since the run started, at the end of the interval. */
  t: number;
  madeYoung: number;
  notMadeYoung: number;
  pagesRead: number;
  readAhead: number;
  /** The interval spans a full LRU snapshot of this many ms (the sample ending it waited for it). */
  afterSnapshotMs?: number;
}

type Rate = 'madeYoung' | 'notMadeYoung' | 'pagesRead' | 'readAhead';
type Counter = 'pagesMadeYoung' | 'pagesNotMadeYoung' | 'pagesRead' | 'readAhead';
const FIELDS: Array<[Rate, Counter]> = [
  ['madeYoung', 'pagesMadeYoung'],
  ['notMadeYoung', 'pagesNotMadeYoung'],
  ['pagesRead', 'pagesRead'],
  ['readAhead', 'readAhead'],
];

export const RATE_LABELS: Record<Rate, string> = {
  madeYoung: 'made young',
  notMadeYoung: 'not made young',
  pagesRead: 'pages read',
  readAhead: 'read ahead',
};

/**
 * One point per pair of successive samples. A pair whose interval is not positive, or in which a
 * counter went down (the server restarted), gives no point: a rate there would be a lie.
 */
export function poolRates(samples: readonly PoolStatsSample[]): RatePoint[] {
  const points: RatePoint[] = [];
  for (let n = 1; n < samples.length; n++) {
    const a = samples[n - 1]!;
    const b = samples[n]!;
    const seconds = (b.atMs - a.atMs) / 1000;
    if (!(seconds > 0)) continue;
    const before = new Map(a.pools.map((p) => [p.poolId, p]));
    const point: RatePoint = {
      t: round3(b.atMs / 1000),
      madeYoung: 0,
      notMadeYoung: 0,
      pagesRead: 0,
      readAhead: 0,
    };
    let valid = b.pools.length > 0;
    for (const pool of b.pools) {
      const prev = before.get(pool.poolId);
      if (!prev) {
        valid = false;
        break;
      }
      for (const [field, counter] of FIELDS) {
        const delta = pool[counter] - prev[counter];
        if (delta < 0) valid = false;
        point[field] += delta;
      }
    }
    if (!valid) continue;
    for (const [field] of FIELDS) point[field] = round3(point[field] / seconds);
    if (b.afterSnapshotMs !== undefined) point.afterSnapshotMs = b.afterSnapshotMs;
    points.push(point);
  }
  return points;
}

/**
 * Samples saved before the poller stamped pool stats when their response was read carry the time the
 * poll began: one taken in the same poll as a full snapshot (a composition at the same atMs) was read
 * about the snapshot's cost later. Restamped so, and marked, their rates are no longer spikes.
 */
export function restampLegacyStats(
  stats: readonly PoolStatsSample[],
  compositions: readonly LruComposition[],
): PoolStatsSample[] {
  if (stats.some((s) => s.afterSnapshotMs !== undefined)) return [...stats];
  const costAt = new Map(compositions.map((c) => [c.atMs, c.costMs]));
  return stats.map((s) => {
    const cost = costAt.get(s.atMs);
    return cost === undefined
      ? s
      : { ...s, atMs: s.atMs + Math.round(cost), afterSnapshotMs: Math.round(cost) };
  });
}

/** The pool instances' counters summed: one figure per counter for the whole buffer pool. */
export function sumPools(pools: readonly PoolStats[], counter: keyof PoolStats): number {
  return pools.reduce((total, p) => total + (typeof p[counter] === 'number' ? (p[counter] as number) : 0), 0);
}
