// The poller stamps pool stats when their response was read, and marks the poll that walked the LRU first.
import { describe, expect, it } from 'vitest';
import { POOL_STATS_SQL } from '../../../src/main/bufferpool/lru';
import { LivePoller } from '../../../src/main/bufferpool/poller';
import type { PoolStatsSample } from '../../../src/shared/runs/runs';

describe('the poller’s pool-stats times', () => {
  it('are taken after the response: a poll whose LRU walk took 1000 ms is stamped 1000 ms later, and says so', async () => {
    let now = 0;
    const stats: PoolStatsSample[] = [];
    let twoSamples: () => void = () => {};
    const gotTwo = new Promise<void>((resolve) => (twoSamples = resolve));
    // A fake connection for the poller's own timing logic: the walk costs 1000 ms of the clock, the stats 5 ms.
    const conn = {
      rows: async <T>(sql: string): Promise<T[]> => {
        if (sql === POOL_STATS_SQL) {
          now += 5;
          return [{ POOL_ID: 0, NUMBER_PAGES_READ: now * 73 }] as T[];
        }
        if (sql.includes('INNODB_BUFFER_PAGE_LRU')) now += 1000;
        return [];
      },
    };
    const poller = new LivePoller({
      conn,
      setting: 60_000,
      oldMethod: 'is-old',
      bucketPages: 16,
      walkLru: true,
      cachedIndexes: false,
      clock: () => now,
      onSample: (s) => {
        if (s.stats) stats.push(s.stats);
        if (stats.length === 2) twoSamples();
      },
    });
    poller.start();
    await gotTwo;
    await poller.stop();
    expect(stats[0]).toMatchObject({ atMs: 1005, afterSnapshotMs: 1005 });
    expect(stats[0]!.pools[0]!.pagesRead).toBe(1005 * 73);
    expect(stats[1]!.afterSnapshotMs).toBeUndefined();
    expect(stats[1]!.atMs).toBe(1010);
  });
});
