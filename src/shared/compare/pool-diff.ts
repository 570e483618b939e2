/**
 * INNODB_BUFFER_POOL_STATS A against B, as post 001 put the two \G outputs side by side, summed over
 * the pool instances. Gauges (free buffers, database pages) are read after the run; counters are
 * cumulative since the server started, so each also gets its change during the run (after − before),
 * which is what the run itself did.
 */
import type { PoolStats, RunResult } from '../runs/runs';

type PoolField = Exclude<keyof PoolStats, 'raw' | 'poolId'>;

export const POOL_FIELDS: ReadonlyArray<{ field: PoolField; column: string; kind: 'gauge' | 'counter' }> = [
  { field: 'poolSize', column: 'POOL_SIZE', kind: 'gauge' },
  { field: 'freeBuffers', column: 'FREE_BUFFERS', kind: 'gauge' },
  { field: 'databasePages', column: 'DATABASE_PAGES', kind: 'gauge' },
  { field: 'oldDatabasePages', column: 'OLD_DATABASE_PAGES', kind: 'gauge' },
  { field: 'modifiedDatabasePages', column: 'MODIFIED_DATABASE_PAGES', kind: 'gauge' },
  { field: 'pendingReads', column: 'PENDING_READS', kind: 'gauge' },
  { field: 'pagesMadeYoung', column: 'PAGES_MADE_YOUNG', kind: 'counter' },
  { field: 'pagesNotMadeYoung', column: 'PAGES_NOT_MADE_YOUNG', kind: 'counter' },
  { field: 'pagesRead', column: 'NUMBER_PAGES_READ', kind: 'counter' },
  { field: 'pagesCreated', column: 'NUMBER_PAGES_CREATED', kind: 'counter' },
  { field: 'pagesWritten', column: 'NUMBER_PAGES_WRITTEN', kind: 'counter' },
  { field: 'pagesGet', column: 'NUMBER_PAGES_GET', kind: 'counter' },
  { field: 'readAhead', column: 'NUMBER_PAGES_READ_AHEAD', kind: 'counter' },
  { field: 'readAheadEvicted', column: 'NUMBER_READ_AHEAD_EVICTED', kind: 'counter' },
];

export interface PoolStatsRow {
  field: PoolField;
  column: string;
  kind: 'gauge' | 'counter';
  /** Summed over pools, after the run; null when the run has no snapshot after (it failed early). */
  a: number | null;
  b: number | null;
  /** Counters only: after − before, summed over pools. */
  aDelta: number | null;
  bDelta: number | null;
}

export function sumPools(pools: PoolStats[] | null, field: PoolField): number | null {
  if (!pools || pools.length === 0) return null;
  return pools.reduce((s, p) => s + p[field], 0);
}

/** A counter's change during the run (after − before), summed over pools; null without both snapshots. */
export function poolDelta(stats: RunResult['poolStats'], field: PoolField): number | null {
  const after = sumPools(stats.after, field);
  const before = sumPools(stats.before, field);
  return after === null || before === null ? null : after - before;
}

export function diffPoolStats(a: RunResult['poolStats'], b: RunResult['poolStats']): PoolStatsRow[] {
  return POOL_FIELDS.map(({ field, column, kind }) => ({
    field,
    column,
    kind,
    a: sumPools(a.after, field),
    b: sumPools(b.after, field),
    aDelta: kind === 'counter' ? poolDelta(a, field) : null,
    bDelta: kind === 'counter' ? poolDelta(b, field) : null,
  }));
}

export function poolRow(rows: PoolStatsRow[], field: PoolField): PoolStatsRow | undefined {
  return rows.find((r) => r.field === field);
}
