/**
 * A point-select load that runs in the background of something else (the mixed preset's SSB scans):
 * started, left running for as long as the caller needs, then stopped, with every second it measured
 * placed on the caller's clock. One step of the load engine (load-step.ts) bounded by a stop, not a time.
 */
import type { LoadSecond, LoadStepState } from '../../shared/load/oltp-load';
import { runStep, defaultThreads, type StepMeasure, type StepRequest } from '../load/load-step';
import { epochMs, type WorkerConnection } from '../load/worker-protocol';

/** Longer than any plan: the load stops when stop() is called (or the caller's signal aborts). */
const UNTIL_STOPPED_SECONDS = 86_400;

export interface BackgroundLoadRequest {
  connection: WorkerConnection;
  workerFile: string;
  rows: number;
  clients: number;
  distribution: 'uniform' | 'special' | 'pareto' | 'gaussian';
  protocol: 'prepared' | 'text';
  /** The caller's clock origin (epoch ms): the seconds come back on it. */
  originMs: number;
  /** The user's cancel. */
  signal: AbortSignal;
  onSecond?: (s: { fromMs: number; second: LoadSecond }) => void;
  /** The engine's step (load-engine.ts: sysbench's or bplab's own); bplab's own when not given. */
  run?: (req: StepRequest) => Promise<StepMeasure>;
}

export interface BackgroundLoadOutcome {
  /** 'complete' when stop() ended it; the user's cancel or the server going away otherwise. */
  state: LoadStepState;
  reason: string | null;
  /** When its clients began and stopped, on the caller's clock. */
  fromMs: number;
  toMs: number;
  queries: number;
  seconds: Array<{ fromMs: number; second: LoadSecond }>;
}

export interface BackgroundLoad {
  /** Resolves once the clients are connected and sending. */
  started: Promise<void>;
  /** Stops the clients and answers what they measured. */
  stop(): Promise<BackgroundLoadOutcome>;
  /** Settles when the load ends on its own (the server went away, the user cancelled). */
  ended: Promise<BackgroundLoadOutcome>;
}

export function startBackgroundLoad(req: BackgroundLoadRequest): BackgroundLoad {
  const stopper = new AbortController();
  const both = AbortSignal.any([stopper.signal, req.signal]);
  let goMs = 0;
  let onStarted: () => void = () => {};
  const started = new Promise<void>((res) => (onStarted = res));
  const at = (second: LoadSecond) => goMs - req.originMs + second.at * 1000;
  let received = 0;
  const measured: Promise<StepMeasure> = (req.run ?? runStep)({
    connection: req.connection,
    workerFile: req.workerFile,
    mix: { mix: 'point-select', tables: 1, rows: req.rows, distribution: req.distribution, rangeSize: 100 },
    protocol: req.protocol,
    clients: req.clients,
    threads: defaultThreads(req.clients),
    warmupSeconds: 0,
    seconds: UNTIL_STOPPED_SECONDS,
    signal: both,
    // With no warm-up this runs just before the clients are told to go: the load's time zero.
    atCounted: async () => {
      goMs = epochMs();
      onStarted();
    },
    onSecond: (second) => {
      received++;
      req.onSecond?.({ fromMs: at(second), second });
    },
  });
  const ended = measured.then((m): BackgroundLoadOutcome => {
    const stoppedByUs = stopper.signal.aborted && !req.signal.aborted && m.state === 'cancelled';
    const from = goMs > 0 ? goMs - req.originMs : 0;
    return {
      state: stoppedByUs ? 'complete' : m.state,
      reason: stoppedByUs ? null : m.reason,
      fromMs: from,
      toMs: from + m.counted.seconds * 1000,
      queries: m.counted.queries,
      seconds: m.perSecond.map((second) => ({ fromMs: at(second), second })),
    };
  });
  // A load that could not connect never starts: the caller's await of started must not hang.
  void measured.catch(() => onStarted());
  return {
    started: Promise.race([started, measured.then(() => undefined)]),
    stop: async () => {
      await wholeSeconds(goMs, () => received, ended);
      stopper.abort();
      return ended;
    },
    ended,
  };
}

/** How long stop() waits at most for the second under way to end and be counted. */
const STOP_WAIT_MS = 2_500;

/**
 * Waits until the second under way has ended and every second so far has come back from the threads,
 * so the load stops just after a whole second: each second of its span then has its sample (a stop in
 * the middle of a second would drop that part second, and a tick delayed on a loaded machine would
 * leave the last whole one out). Bounded by STOP_WAIT_MS; a load that ended on its own stops waiting.
 */
async function wholeSeconds(goMs: number, received: () => number, ended: Promise<unknown>): Promise<void> {
  if (goMs === 0) return;
  let over = false;
  void ended.then(() => (over = true));
  const target = Math.ceil((epochMs() - goMs) / 1000);
  const until = epochMs() + STOP_WAIT_MS;
  while (!over && epochMs() < until) {
    const due = Math.floor((epochMs() - goMs) / 1000);
    if (received() >= Math.max(target, due)) return;
    await new Promise((res) => setTimeout(res, 10));
  }
}
