/**
 * A load's seconds laid on one time axis (shared/load/load-live.ts): each step's seconds restart at 0, so
 * the next step continues after the last point; QPS is queries over the second's length, p99 its latency's.
 */
import { describe, expect, it } from 'vitest';
import { loadLiveRunId, loadSecondPoints } from '../../../src/shared/load/load-live';
import type { LoadSecond } from '../../../src/shared/load/oltp-load';

const s = (at: number, queries: number, p99: number | null = 2, warmup = false): LoadSecond => ({
  at,
  warmup,
  queries,
  transactions: queries,
  errors: 0,
  reconnects: 0,
  seconds: 1,
  latency: p99 === null ? null : { p50: 1, p95: 1, p99, max: 9 },
});

describe('a load on one time axis', () => {
  it('puts each second at its middle and the next step after the last point', () => {
    const points = loadSecondPoints([
      { clients: 1, second: s(0, 100, 1, true) },
      { clients: 1, second: s(1, 200) },
      { clients: 4, second: s(0, 700, null) },
      { clients: 4, second: s(1, 800, 3) },
    ]);
    expect(points).toEqual([
      { t: 0.5, qps: 100, p99: 1, clients: 1, warmup: true },
      { t: 1.5, qps: 200, p99: 2, clients: 1, warmup: false },
      { t: 2.5, qps: 700, p99: null, clients: 4, warmup: false },
      { t: 3.5, qps: 800, p99: 3, clients: 4, warmup: false },
    ]);
  });

  it('starts a new stretch when the same clients run again (at goes back)', () => {
    const points = loadSecondPoints([
      { clients: 2, second: s(0, 1) },
      { clients: 2, second: s(0, 1) },
    ]);
    expect(points.map((p) => p.t)).toEqual([0.5, 1.5]);
    expect(loadLiveRunId('t9')).toBe('load:t9');
  });
});
