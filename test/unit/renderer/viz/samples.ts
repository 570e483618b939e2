/** Hand-made captures shaped like the post's tables (pure view-model input; no database involved). */
import type {
  LruComposition,
  LruIndexPages,
  PoolStats,
  PoolStatsSample,
} from '../../../../src/shared/runs/runs';
import { zeroPool } from '../../../support/run-fixture';

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
  return zeroPool({ poolId, databasePages: 7162, oldDatabasePages: 2623, ...counters });
}

export function statsAt(atMs: number, pools: PoolStats[]): PoolStatsSample {
  return { atMs, pools };
}
