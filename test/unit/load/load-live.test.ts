/**
 * A load's seconds laid on one time axis (shared/load/load-live.ts): each step's seconds restart at 0, so
 * the next step continues after the last point; QPS is queries over the second's length, p99 its latency's.
 */
import { describe, expect, it } from 'vitest';
import {
  loadFigures,
  loadLiveRunId,
  loadSecondPoints,
  loadStepsWords,
} from '../../../src/shared/load/load-live';
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

/** A step's result as the load keeps it: its QPS and p99 over its counted seconds. */
const step = (
  clients: number,
  state: 'complete' | 'cancelled',
  qps: number,
  p99: number,
  seconds: number,
) => ({
  clients,
  state,
  qps,
  p99,
  counted: {
    queries: qps * seconds,
    transactions: 0,
    errors: 0,
    reconnects: 0,
    seconds,
    latency: { p50: 1, p95: 1, p99, max: 9 },
  },
});

describe('the large QPS and p99 over the chart', () => {
  // The load: 4 clients for 10 s, its last second 32,225 QPS at p99 0.92 ms, the step 26,785 at 1.27 ms.
  const points = loadSecondPoints([
    { clients: 4, second: s(0, 20_000, 1.6) },
    { clients: 4, second: s(1, 32_225, 0.92) },
  ]);

  it('after the load: the step’s result over the whole step, not the last second', () => {
    expect(loadFigures(points, [step(4, 'complete', 26_785, 1.27, 10)], false)).toEqual({
      qps: 26_785,
      p99: 1.27,
      label: 'step of 4 clients, whole step (10 s)',
    });
  });

  it('while it runs: the last second, labelled as a live sample', () => {
    expect(loadFigures(points, [], true)).toEqual({
      qps: 32_225,
      p99: 0.92,
      label: 'last second, 4 clients (live)',
    });
  });

  it('a cancelled last step: its figures over the seconds it measured, and says so', () => {
    expect(
      loadFigures(points, [step(2, 'complete', 9_000, 1, 10), step(4, 'cancelled', 25_000, 1.3, 3)], false)
        .label,
    ).toBe('step of 4 clients, cancelled, over the 3 s measured');
  });
});

describe('how a load ended', () => {
  it('counts only the steps measured in full (not "2 of 2" beside a cancelled step)', () => {
    const spec = { clients: [2, 4] };
    expect(
      loadStepsWords({
        state: 'cancelled',
        spec,
        steps: [step(2, 'complete', 1, 1, 10), step(4, 'cancelled', 1, 1, 3)],
      } as never),
    ).toBe(
      'Cancelled: 1 of 2 steps measured in full; the step of 4 clients was cancelled after 3 s (its seconds are kept).',
    );
    expect(
      loadStepsWords({
        state: 'cancelled',
        spec: { clients: [1, 2, 4] },
        steps: [step(1, 'cancelled', 1, 1, 2)],
      } as never),
    ).toBe(
      'Cancelled: 0 of 3 steps measured in full; the step of 1 client was cancelled after 2 s (its seconds are kept); 2 not run.',
    );
    expect(
      loadStepsWords({
        state: 'complete',
        spec,
        steps: [step(2, 'complete', 1, 1, 10), step(4, 'complete', 1, 1, 10)],
      } as never),
    ).toBe('Complete: 2 of 2 steps measured.');
  });
});
