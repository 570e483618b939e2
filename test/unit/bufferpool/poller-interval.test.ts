import { describe, expect, it } from 'vitest';
import {
  AUTO_MAX_INTERVAL_MS,
  AUTO_MIN_INTERVAL_MS,
  LivePoller,
  TARGET_SHARE,
} from '../../../src/main/bufferpool/poller';

const poller = (setting: 'auto' | number, expectedSnapshotMs?: number) =>
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
