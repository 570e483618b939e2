/**
 * The page side of bench/lru-map.ts, bundled and run in Chromium: the real LRU map code (fillLruMap
 * and LruMapPainter) drawing synthetic frames shaped like the poller's, packed as main sends them.
 */
import { LruMapPainter } from '../../src/renderer/lib/viz/lru-map-painter';
import { liveSampleOf, type LiveRunSample } from '../../src/shared/runs/lru-map-codec';
import type { LruMapFrame } from '../../src/shared/runs/runs';
import type { CaseFigures, CaseSpec } from './lru-map.types.ts';

const LEGEND = [
  'ssb.lineorder/GEN_CLUST_INDEX',
  'ssb.dim_date/PRIMARY',
  'ssb.customer/PRIMARY',
  'ssb.supplier/PRIMARY',
  'ssb.part/PRIMARY',
  ...Array.from({ length: 19 }, (_, i) => `ssb.lineorder/LO_KEY_${i}`),
];

/** A scan moving through the pool: lineorder's pages sweep from the old head; dimension pages stay young. */
export function syntheticFrame(spec: CaseSpec, step: number): LruMapFrame {
  const perPool = spec.poolPages / spec.pools;
  const count = spec.buckets === 0 ? perPool : spec.buckets;
  const bucketPages = Math.ceil(perPool / count);
  const oldLength = Math.round(perPool * 0.37);
  const pools = Array.from({ length: spec.pools }, (_, poolId) => {
    const buckets: LruMapFrame['pools'][number]['buckets'] = [];
    for (let b = 0; b < count; b++) {
      const old = b >= count - Math.ceil((oldLength / perPool) * count);
      const wave = (b * 7 + step * 13 + poolId * 5) % 29;
      const main = wave < 18 ? 0 : 5 + (wave % LEGEND.length === 0 ? 1 : wave % (LEGEND.length - 5));
      if (bucketPages === 1) buckets.push([[main, 1, old ? 1 : 0]]);
      else {
        const side = 1 + ((b + step) % 4);
        const sidePages = Math.min(bucketPages - 1, 1 + ((b * 3 + step) % Math.max(1, bucketPages >> 2)));
        buckets.push([
          [main, bucketPages - sidePages, old ? bucketPages - sidePages : 0],
          [side, sidePages, old ? sidePages : 0],
        ]);
      }
    }
    return { poolId, lruLength: perPool, oldLength, buckets };
  });
  return { atMs: step * spec.intervalMs, costMs: 1, bucketPages, legend: LEGEND, pools };
}

function rafIntervals(ms: number, during?: () => void): Promise<number[]> {
  return new Promise((resolve) => {
    const gaps: number[] = [];
    const start = performance.now();
    let last = start;
    const timer = during ? setInterval(during, 0) : null;
    const tick = (now: number) => {
      gaps.push(now - last);
      last = now;
      if (now - start < ms) requestAnimationFrame(tick);
      else {
        if (timer) clearInterval(timer);
        resolve(gaps.slice(1));
      }
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  });
}

/** A fixed piece of CPU work; timed between frames, it shows how much the machine's load alone stretches a task. */
function referenceTask(iterations: number): number {
  let x = 1;
  for (let i = 0; i < iterations; i++) x = (Math.imul(x, 31) + i) | 0;
  return x;
}

/** About 1 ms of work on this machine's cores when idle; the same count in every case, warmed up first. */
const REFERENCE_ITERATIONS = 1_500_000;

export async function runCase(spec: CaseSpec): Promise<CaseFigures> {
  for (let i = 0; i < 20; i++) referenceTask(REFERENCE_ITERATIONS);
  const referenceMs: number[] = [];
  const timeReference = () => {
    const t0 = performance.now();
    referenceTask(REFERENCE_ITERATIONS);
    referenceMs.push(performance.now() - t0);
  };
  const canvas = document.getElementById('map') as HTMLCanvasElement;
  const painter = new LruMapPainter(canvas, { stripHeight: 22, gap: 6 });
  // Frames cross the wire as a JSON message with the map packed (main packs each with liveSampleOf);
  // parsing the message is part of a frame's cost. The nested-array form it replaced is parsed too,
  // as the reference.
  const frames = Array.from({ length: 8 }, (_, i) => syntheticFrame(spec, i));
  const message = (payload: unknown) => JSON.stringify({ type: 'event', event: 'runs/sample', payload });
  const messages = frames.map((map) => message(liveSampleOf({ runId: 'r', elapsedMs: 0, cost: COST, map })));
  const nested = frames.map((map) => message({ runId: 'r', elapsedMs: 0, cost: COST, map }));
  const parseMs: number[] = [];
  const drawMs: number[] = [];
  const nestedParseMs: number[] = [];
  for (let i = 0; i < spec.frames; i++) {
    const t0 = performance.now();
    const frame = (JSON.parse(messages[i % messages.length]!) as { payload: LiveRunSample }).payload.map!;
    const t1 = performance.now();
    painter.show(frame, spec.poolPages / spec.pools);
    painter.draw();
    drawMs.push(performance.now() - t1);
    parseMs.push(t1 - t0);
    timeReference();
  }
  for (let i = 0; i < spec.frames; i++) {
    const t0 = performance.now();
    JSON.parse(nested[i % nested.length]!);
    nestedParseMs.push(performance.now() - t0);
  }
  const idleRafMs = await rafIntervals(spec.liveMs);
  let step = 0;
  let drawnLive = 0;
  const live = new LruMapPainter(canvas, { stripHeight: 22, gap: 6, onDraw: () => (drawnLive += 1) });
  let next = performance.now();
  const liveRafMs = await rafIntervals(spec.liveMs, () => {
    if (performance.now() < next) return;
    next += spec.intervalMs;
    const text = messages[step++ % messages.length]!;
    live.show((JSON.parse(text) as { payload: LiveRunSample }).payload.map!, spec.poolPages / spec.pools);
  });
  live.dispose();
  painter.dispose();
  return {
    frameBytes: messages[0]!.length,
    nestedFrameBytes: nested[0]!.length,
    parseMs,
    nestedParseMs,
    drawMs,
    liveRafMs,
    idleRafMs,
    drawnLive,
    referenceMs,
  };
}

const COST = {
  intervalMs: 50,
  adaptive: false,
  snapshots: 1,
  meanSnapshotMs: 1,
  maxSnapshotMs: 1,
  serverShare: 0,
};

(window as unknown as { runCase: typeof runCase }).runCase = runCase;
