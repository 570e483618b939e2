/**
 * The live store takes 'runs/sample' in outside React: the map goes to the canvas's listener as the
 * latest frame only; the history of the followed run is folded in per flush, within its bound.
 * The API is a stand-in transport here (the real ones are tested in transport-* and e2e).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import {
  encodeLruMapFrame,
  type LiveRunSample,
  type PackedLruMapFrame,
} from '../../../src/shared/runs/lru-map-codec';
import { setApi } from '../../../src/renderer/lib/api';
import {
  HISTORY_BOUND,
  flush,
  followRunMap,
  followRunSamples,
  useLive,
} from '../../../src/renderer/lib/live-store';
import { fakeEvents } from './fake-events';
import { composition, index, pool, statsAt } from './viz/samples';

const events = fakeEvents();
setApi({
  invoke: (() => Promise.resolve({ ok: true, value: [] })) as BplabApi['invoke'],
  on: events.on,
});
const emit = (s: LiveRunSample) => events.emit('runs/sample', s);

/** A frame as main sends it: packed. */
const map = (atMs: number, legend: string[]): PackedLruMapFrame =>
  encodeLruMapFrame({
    atMs,
    costMs: 5,
    bucketPages: 64,
    legend,
    pools: [{ poolId: 0, lruLength: 64, oldLength: 24, buckets: [[[0, 64, 24]]] }],
  });
const cost = {
  intervalMs: 500,
  adaptive: true,
  snapshots: 1,
  meanSnapshotMs: 5,
  maxSnapshotMs: 5,
  serverShare: 0.01,
};
const sample = (runId: string, elapsedMs: number, extra: Partial<LiveRunSample> = {}): LiveRunSample => ({
  runId,
  elapsedMs,
  cost,
  ...extra,
});

describe('live store', () => {
  let off: () => void;
  beforeEach(() => {
    off?.();
    events.clear();
    flush();
    useLive.setState({ runId: null });
    useLive.getState().follow(`run-${Math.random()}`, Date.now());
    off = followRunSamples();
  });

  it('hands the canvas each new frame of its run, and only of its run', () => {
    const runId = useLive.getState().runId!;
    const shown: number[] = [];
    const stop = followRunMap(runId)((frame) => shown.push(frame.atMs));
    emit(sample(runId, 100, { map: map(100, ['a/PRIMARY']) }));
    emit(sample('other-run', 150, { map: map(150, ['b/PRIMARY']) }));
    emit(sample(runId, 200, { map: map(200, ['a/PRIMARY']) }));
    stop();
    emit(sample(runId, 300, { map: map(300, ['a/PRIMARY']) }));
    expect(shown).toEqual([100, 200]);
    // A canvas that starts later gets the latest frame at once.
    const late: number[] = [];
    followRunMap(runId)((frame) => late.push(frame.atMs))();
    expect(late).toEqual([300]);
  });

  it('folds many samples into one update, keeping history, legend, pools and cost', () => {
    const runId = useLive.getState().runId!;
    let updates = 0;
    const unsubscribe = useLive.subscribe(() => (updates += 1));
    emit(sample(runId, 100, { stats: statsAt(100, [pool(0, { pagesRead: 10 })]) }));
    emit(
      sample(runId, 200, {
        composition: composition(200, [index('ssb.lineorder', 'GEN_CLUST_INDEX', 100, 40)]),
      }),
    );
    emit(sample(runId, 300, { map: map(300, ['ssb.lineorder/GEN_CLUST_INDEX', 'ssb.dim_date/PRIMARY']) }));
    emit(sample('other-run', 999, { stats: statsAt(999, [pool(0, {})]) }));
    expect(updates).toBe(0);
    flush();
    unsubscribe();
    expect(updates).toBe(1);
    const s = useLive.getState();
    expect(s.samples).toBe(3);
    expect(s.elapsedMs).toBe(300);
    expect(s.stats.map((x) => x.atMs)).toEqual([100]);
    expect(s.compositions.map((x) => x.atMs)).toEqual([200]);
    expect(s.legend).toEqual(['ssb.lineorder/GEN_CLUST_INDEX', 'ssb.dim_date/PRIMARY']);
    expect(s.poolIds).toEqual([0]);
    expect(s.cost).toEqual(cost);
  });

  it('stays within its bound over a long run', () => {
    const runId = useLive.getState().runId!;
    for (let n = 0; n < HISTORY_BOUND * 3; n++) {
      emit(sample(runId, n * 10, { stats: statsAt(n * 10, [pool(0, { pagesRead: n })]) }));
      if (n % 7 === 0) flush();
    }
    flush();
    const { stats } = useLive.getState();
    expect(stats.length).toBeLessThanOrEqual(HISTORY_BOUND);
    expect(stats.at(-1)!.atMs).toBe((HISTORY_BOUND * 3 - 1) * 10);
  });
});
