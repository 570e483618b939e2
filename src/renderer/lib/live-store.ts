/**
 * The live run's samples. 'runs/sample' events are taken in outside React: the LRU map keeps only
 * the latest frame per run and goes straight to the canvas; the rest (compositions, pool stats, the
 * poller's cost) is folded into this store at most every FLUSH_MS, within HISTORY_BOUND points, so a
 * slow renderer redraws the latest state instead of working through a queue.
 */
import { create } from 'zustand';
import type { LiveRunSample, PackedLruMapFrame } from '../../shared/runs/lru-map-codec';
import type {
  CachedIndexesSample,
  LruComposition,
  PollerCost,
  PoolStatsSample,
} from '../../shared/runs/runs';
import { onEvent } from './api';
import type { FollowFrames } from './viz/lru-map';
import { appendBounded } from './viz/history';

export const HISTORY_BOUND = 600;
/** Charts redraw at most this often (4 per second): enough to watch, cheap for the page. */
export const FLUSH_MS = 250;

export interface LiveState {
  runId: string | null;
  /** Local clock (Date.now()) when the run started, for the ticking elapsed time. */
  startedAtMs: number | null;
  elapsedMs: number;
  samples: number;
  cost: PollerCost | null;
  compositions: LruComposition[];
  stats: PoolStatsSample[];
  cachedIndexes: CachedIndexesSample | null;
  legend: string[];
  poolIds: number[];
  follow(runId: string, startedAtMs: number): void;
  absorb(samples: readonly LiveRunSample[]): void;
}

const empty = {
  runId: null,
  startedAtMs: null,
  elapsedMs: 0,
  samples: 0,
  cost: null,
  compositions: [],
  stats: [],
  cachedIndexes: null,
  legend: [],
  poolIds: [],
};

export const useLive = create<LiveState>()((set, get) => ({
  ...empty,

  follow: (runId, startedAtMs) => {
    if (get().runId === runId) return;
    set({ ...empty, runId, startedAtMs });
    const latest = latestMaps.get(runId);
    if (latest) set({ legend: latest.frame.legend, poolIds: latest.frame.pools.map((p) => p.poolId) });
  },

  absorb: (samples) => {
    const s = get();
    let { compositions, stats, cachedIndexes, legend, poolIds, cost, elapsedMs } = s;
    let count = 0;
    for (const sample of samples) {
      if (sample.runId !== s.runId) continue;
      count += 1;
      if (sample.composition) compositions = appendBounded(compositions, sample.composition, HISTORY_BOUND);
      if (sample.stats) stats = appendBounded(stats, sample.stats, HISTORY_BOUND);
      if (sample.cachedIndexes) cachedIndexes = sample.cachedIndexes;
      if (sample.map && sample.map.legend.length !== legend.length) legend = sample.map.legend;
      if (sample.map && sample.map.pools.length !== poolIds.length)
        poolIds = sample.map.pools.map((p) => p.poolId);
      cost = sample.cost;
      elapsedMs = Math.max(elapsedMs, sample.elapsedMs);
    }
    if (count === 0) return;
    set({ compositions, stats, cachedIndexes, legend, poolIds, cost, elapsedMs, samples: s.samples + count });
  },
}));

// ---------- outside React ----------

interface LatestMap {
  frame: PackedLruMapFrame;
  /** The largest pool instance's size in pages, from the latest stats (0 until one came). */
  capacityPages: number;
}

const latestMaps = new Map<string, LatestMap>();
const capacity = new Map<string, number>();
const mapListeners = new Set<(runId: string, latest: LatestMap) => void>();
let pending: LiveRunSample[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;

/** Takes one 'runs/sample' in (exported for the store's tests). */
export function receiveSample(sample: LiveRunSample): void {
  if (sample.stats && sample.stats.pools.length > 0)
    capacity.set(sample.runId, Math.max(...sample.stats.pools.map((p) => p.poolSize)));
  if (sample.map) {
    const latest = { frame: sample.map, capacityPages: capacity.get(sample.runId) ?? 0 };
    latestMaps.set(sample.runId, latest);
    mapListeners.forEach((l) => l(sample.runId, latest));
  }
  if (sample.runId !== useLive.getState().runId) return;
  // The map is already with the canvas: what waits for the flush holds only the latest frame.
  if (sample.map) pending = pending.map(withoutMap);
  pending.push(sample);
  flushTimer ??= setTimeout(flush, FLUSH_MS);
}

function withoutMap(sample: LiveRunSample): LiveRunSample {
  if (!sample.map) return sample;
  const { map: _dropped, ...rest } = sample;
  return rest;
}

/** Folds what arrived since the last flush into the store (one update for many samples). */
export function flush(): void {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const batch = pending;
  pending = [];
  useLive.getState().absorb(batch);
}

/** The latest map frame of a run, if one came (the e2e and the view read it; frames are not kept). */
export function latestMap(runId: string): LatestMap | undefined {
  return latestMaps.get(runId);
}

/** A FollowFrames for the LRU map component: the latest frame now, then each new one of this run. */
export function followRunMap(runId: string): FollowFrames {
  return (show) => {
    const now = latestMaps.get(runId);
    if (now) show(now.frame, now.capacityPages);
    const listener = (id: string, latest: LatestMap) => {
      if (id === runId) show(latest.frame, latest.capacityPages);
    };
    mapListeners.add(listener);
    return () => mapListeners.delete(listener);
  };
}

/** Forgets a finished run's frames (its saved result has its own). */
export function forgetRun(runId: string): void {
  latestMaps.delete(runId);
  capacity.delete(runId);
}

/** Listens to 'runs/sample'; returns the unsubscribe function. */
export function followRunSamples(): () => void {
  return onEvent('runs/sample', receiveSample);
}
