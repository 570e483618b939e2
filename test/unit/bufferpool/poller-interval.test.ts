import { describe, expect, it } from 'vitest';
import {
  AUTO_MAX_INTERVAL_MS,
  AUTO_MIN_INTERVAL_MS,
  LivePoller,
  TARGET_SHARE,
} from '../../../src/main/bufferpool/poller';
import { LOAD_WATCH } from '../../../src/main/experiments/pool-watch';

const poller = (
  setting: 'auto' | number,
  expectedSnapshotMs?: number,
  cadence: { targetShare?: number; statsIntervalMs?: number } = {},
) =>
  new LivePoller({
    conn: { rows: async () => [] },
    setting,
    oldMethod: 'is-old',
    bucketPages: 16,
    walkLru: true,
    cachedIndexes: false,
    clock: () => 0,
    onSample: () => {},
    expectedSnapshotMs,
    ...cadence,
  });

describe('the poller interval', () => {
  it("'auto' spaces snapshots so they take about TARGET_SHARE of the time, from the cost measured before the run", () => {
    expect(poller('auto', 100).intervalMs()).toBe(100 / TARGET_SHARE);
    expect(poller('auto', 1).intervalMs()).toBe(AUTO_MIN_INTERVAL_MS);
    // A 1.5 s walk (a few GB of pool) still stays within the share; a longer one is spaced at most 30 s.
    expect(poller('auto', 1_500).intervalMs()).toBe(AUTO_MAX_INTERVAL_MS);
    expect(1_500 / AUTO_MAX_INTERVAL_MS).toBeLessThanOrEqual(TARGET_SHARE);
    expect(poller('auto', 1_600).intervalMs()).toBe(AUTO_MAX_INTERVAL_MS);
  });

  it('keeps a fixed interval as set', () => {
    expect(poller(500, 100).intervalMs()).toBe(500);
  });
});

describe('the watch beside a load', () => {
  const watch = (expectedSnapshotMs: number) => poller('auto', expectedSnapshotMs, LOAD_WATCH);

  it('lets itself take a tenth of a query run’s budget: 0.5% of the time, as before', () => {
    expect(LOAD_WATCH.targetShare).toBe(0.005);
    expect(LOAD_WATCH.targetShare).toBe(TARGET_SHARE / 10);
    expect(watch(10).intervalMs()).toBe(2_000);
  });

  it('reads the pool stats once a second, whatever the walk interval', () => {
    expect(watch(100).nextCheapAt()).toBe(0);
    expect(LOAD_WATCH.statsIntervalMs).toBe(1_000);
  });
});
