/** Hand-made captures shaped like the post's tables (pure view-model input; no database involved). */
import type { LruComposition, LruIndexPages, PoolStats, PoolStatsSample } from '../../../../src/shared/runs';

export function index(
  table: string,
  index: string,
  pages: number,
  oldPages: number,
  poolShare = pages / 8192,
): LruIndexPages {
  return {
    table,
    index,
    pages,
    oldPages,
    youngPages: pages - oldPages,
    records: pages * 150,
    dataSizeBytes: pages * 15_000,
    poolShare,
  };
}

export function composition(atMs: number, indexes: LruIndexPages[]): LruComposition {
  return { atMs, costMs: 110, databasePages: 8192, oldMethod: 'is-old', indexes };
}

export function pool(poolId: number, counters: Partial<PoolStats>): PoolStats {
  return {
    poolId,
    poolSize: 8192,
    freeBuffers: 1024,
    databasePages: 7162,
    oldDatabasePages: 2623,
    modifiedDatabasePages: 0,
    pendingReads: 0,
    pagesMadeYoung: 0,
    pagesNotMadeYoung: 0,
    pagesRead: 0,
    pagesCreated: 0,
    pagesWritten: 0,
    pagesGet: 0,
    readAhead: 0,
    readAheadEvicted: 0,
    raw: {},
    ...counters,
  };
}

export function statsAt(atMs: number, pools: PoolStats[]): PoolStatsSample {
  return { atMs, pools };
}
