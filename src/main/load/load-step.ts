/**
 * One step of a load: C clients spread over worker threads, connected first, then a warm-up that is
 * recorded apart, then the counted time, each bounded by the clock. The phase flips in shared memory,
 * so every statement is counted in the stretch it started in; the counted time runs from the flip to
 * the last statement that started in it. A worker whose client cannot get its connection back ends
 * the step as interrupted, keeping what was measured.
 */
import { availableParallelism, cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { LoadCounts, LoadSecond, LoadStepState } from '../../shared/load/oltp-load';
import { AppFailure } from '../../shared/result';
import type { MixOptions } from './statement-mix';
import { LoadTally } from './tally';
import {
  PHASE,
  epochMs,
  type MainMessage,
  type Tally,
  type WorkerConnection,
  type WorkerMessage,
  type WorkerStart,
} from './worker-protocol';

export interface StepRequest {
  connection: WorkerConnection;
  workerFile: string;
  mix: MixOptions;
  protocol: 'prepared' | 'text';
  clients: number;
  /** Worker threads at most (never more than clients). */
  threads: number;
  warmupSeconds: number;
  seconds: number;
  signal?: AbortSignal;
  /** Awaited just before the counted time starts (a test reads the server's counters here). */
  atCounted?: () => Promise<void>;
  onSecond?: (s: LoadSecond) => void;
}

export interface StepMeasure {
  state: LoadStepState;
  reason: string | null;
  counted: LoadCounts;
  warmup: LoadCounts | null;
  perSecond: LoadSecond[];
  cpu: { seconds: number; share: number; cores: number };
  threads: number;
}

/**
 * Worker threads for C clients: one per two cores (the other core is the server's, when it runs on
 * this machine), never more than the clients. Measured on 2 cores against a local server, 16 clients
 * on one thread ran as fast as a bare mysql2 loop (18.8k against 19-20k QPS) and on two threads 22%
 * slower; 64 clients on 8 or 16 threads ran at a third to a fifth of 2. LoadSweepSpec.threads
 * overrides it (a remote server leaves every core to the load).
 */
export function defaultThreads(clients: number, cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(clients, Math.floor(cores / 2)));
}

/** How long a client tries to get a lost connection back before the step counts as interrupted. */
const RECONNECT_FOR_MS = 2_000;

export async function runStep(req: StepRequest): Promise<StepMeasure> {
  const threads = Math.max(1, Math.min(req.threads, req.clients));
  const control = new SharedArrayBuffer(4);
  const phase = new Int32Array(control);
  const workers: Worker[] = [];
  let interrupted: string | null = null;
  let wake: () => void = () => {};
  const stopWaiting = () => wake();
  const pending = new Map<number, { merged: LoadTally; warmup: boolean; from: number }>();
  const perSecond: LoadSecond[] = [];
  const closeSecond = (at: number) => {
    const s = pending.get(at)!;
    pending.delete(at);
    const second = { at, warmup: s.warmup, ...s.merged.counts(1) };
    perSecond.push(second);
    req.onSecond?.(second);
  };
  const dones: Array<Promise<{ warmup: Tally; counted: Tally } | null>> = [];
  const ready: Array<Promise<void>> = [];
  for (let i = 0; i < threads; i++) {
    const share = Math.floor(req.clients / threads) + (i < req.clients % threads ? 1 : 0);
    const start: WorkerStart = {
      connection: req.connection,
      clients: share,
      mix: req.mix,
      protocol: req.protocol,
      control,
      reconnectForMs: RECONNECT_FOR_MS,
    };
    const worker = new Worker(req.workerFile, { workerData: start });
    workers.push(worker);
    let onReady: () => void = () => {};
    let onFail: (e: AppFailure) => void = () => {};
    ready.push(new Promise<void>((res, rej) => ((onReady = res), (onFail = rej))));
    let onDone: (v: { warmup: Tally; counted: Tally } | null) => void = () => {};
    dones.push(new Promise((res) => (onDone = res)));
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') onReady();
      else if (m.type === 'connect-failed')
        onFail(
          AppFailure.of('UNREACHABLE', `The load's clients could not connect to the server: ${m.message}`, {
            ...(m.code ? { details: { driverCode: m.code } } : {}),
          }),
        );
      else if (m.type === 'second') {
        // A second is whole once every thread sent its part; it counts as warm-up if any part was.
        const s = pending.get(m.at) ?? { merged: new LoadTally(), warmup: false, from: 0 };
        s.merged.add(m.tally);
        s.warmup ||= m.phase !== PHASE.counted;
        s.from++;
        pending.set(m.at, s);
        if (s.from === threads) closeSecond(m.at);
      } else if (m.type === 'lost') {
        interrupted ??= `The server went away during the step: ${m.message}.`;
        stopWaiting();
      } else if (m.type === 'done') onDone(m);
    });
    worker.on('error', (e) => {
      onFail(AppFailure.of('INTERNAL', `A load thread failed: ${e.message}`));
      interrupted ??= `A load thread failed: ${e.message}`;
      onDone(null);
      stopWaiting();
    });
    worker.on('exit', () => {
      onFail(AppFailure.of('INTERNAL', 'A load thread ended before its clients were connected.'));
      onDone(null);
    });
  }
  const post = (m: MainMessage) => workers.forEach((w) => w.postMessage(m));
  const sleep = (ms: number) =>
    new Promise<void>((res) => {
      const t = setTimeout(res, ms);
      wake = () => (clearTimeout(t), res());
      if (interrupted || req.signal?.aborted) wake();
    });
  req.signal?.addEventListener('abort', stopWaiting);
  try {
    await Promise.all(ready);
  } catch (e) {
    await Promise.all(workers.map((w) => w.terminate()));
    req.signal?.removeEventListener('abort', stopWaiting);
    throw e;
  }
  let countedAt = 0;
  let cpuAt = process.cpuUsage();
  const startCounted = async () => {
    await req.atCounted?.();
    cpuAt = process.cpuUsage();
    countedAt = epochMs();
    Atomics.store(phase, 0, PHASE.counted);
  };
  if (req.warmupSeconds > 0) {
    Atomics.store(phase, 0, PHASE.warmup);
    post({ type: 'go' });
    await sleep(req.warmupSeconds * 1000);
    if (!interrupted && !req.signal?.aborted) await startCounted();
  } else {
    await startCounted();
    post({ type: 'go' });
  }
  if (countedAt > 0 && !interrupted && !req.signal?.aborted) await sleep(req.seconds * 1000);
  Atomics.store(phase, 0, PHASE.stop);
  const stoppedAt = epochMs();
  post({ type: 'finish' });
  const results = await Promise.all(dones);
  const cpu = process.cpuUsage(cpuAt);
  await Promise.all(workers.map((w) => w.terminate()));
  req.signal?.removeEventListener('abort', stopWaiting);

  const warm = new LoadTally();
  const counted = new LoadTally();
  for (const r of results) {
    if (!r) continue;
    warm.add(r.warmup);
    counted.add(r.counted);
  }
  const countedSeconds = countedAt > 0 ? (Math.max(stoppedAt, counted.lastEndMs) - countedAt) / 1000 : 0;
  const cores = cpus().length;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const state: LoadStepState = req.signal?.aborted ? 'cancelled' : interrupted ? 'interrupted' : 'complete';
  return {
    state,
    reason: state === 'cancelled' ? 'Cancelled; what was measured until then is kept.' : interrupted,
    counted: counted.counts(countedSeconds),
    warmup: req.warmupSeconds > 0 ? warm.counts(req.warmupSeconds) : (warm.histogram.destroy(), null),
    perSecond: [...pending.keys()]
      .reduce((all, at) => (closeSecond(at), all), perSecond)
      .sort((a, b) => a.at - b.at),
    cpu: {
      seconds: cpuSeconds,
      share: countedSeconds > 0 ? cpuSeconds / countedSeconds / cores : 0,
      cores,
    },
    threads,
  };
}
