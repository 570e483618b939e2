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
    // A 0.6 s walk (a few GB of pool) still stays within the share.
    expect(poller('auto', 600).intervalMs()).toBe(AUTO_MAX_INTERVAL_MS);
    expect(600 / AUTO_MAX_INTERVAL_MS).toBeLessThanOrEqual(TARGET_SHARE);
  });

  it('keeps a fixed interval as set', () => {
    expect(poller(500, 100).intervalMs()).toBe(500);
  });
});

describe('the watch beside a load', () => {
  const watch = (expectedSnapshotMs: number) => poller('auto', expectedSnapshotMs, LOAD_WATCH);

  it('walks four times less often than a query run for the same walk cost', () => {
    expect(LOAD_WATCH.targetShare).toBe(TARGET_SHARE / 4);
    expect(watch(10).intervalMs()).toBe(4 * poller('auto', 10).intervalMs());
    expect(watch(10).intervalMs()).toBe(2_000);
  });

  it('reads the pool stats once a second, whatever the walk interval', () => {
    const w = watch(100) as unknown as { statsIntervalMs(): number };
    expect(w.statsIntervalMs()).toBe(1_000);
    const q = poller('auto', 100) as unknown as { statsIntervalMs(): number };
    expect(q.statsIntervalMs()).toBe(250);
  });
});
