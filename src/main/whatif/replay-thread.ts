/**
 * The what-if simulator's worker thread (replay-worker.ts, built as dist/main/whatif-worker.cjs) from
 * the main side: jobs go to it one at a time (a queued one waits its turn), each with its progress,
 * an abort signal and a time guard. Cancelling the running job, or the guard going off, terminates
 * the thread (the simulator's loops never look at a signal: terminating is the only sure stop); the
 * next job starts a fresh one. A thread that fails or exits is said in words, never with a stack.
 *
 * The time guard: a replay that says nothing for ten minutes is stopped and said so. The simulator
 * speaks between its steps (each run traced or replayed, each side's curves); its longest silent
 * steps are a run's trace at SF 1 (seconds of CPU) and one side's curves (at most MAX_CURVE_TOUCHES
 * touches). Even on a machine loaded tenfold, where a replay gets a tenth of a core, ten silent
 * minutes mean stuck (last session an endless loop in the simulator hung the app), not slow. A guard
 * on the whole replay's time would stop honest big ones: a 13-query SF 1 experiment's check is
 * minutes, an SF 10 one ten times that, and the user who asked sees its progress and has Cancel. A
 * DBA who wants more silence allowed (a very large dataset on a busy machine) sets
 * BPLAB_WHATIF_LIMIT_MINUTES.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppFailure } from '../../shared/result';
import type { WhatIfAnswer } from '../../shared/whatif/answers';
import type { StartedTask, TaskRegistry } from '../tasks/registry';
import {
  WHATIF_WORKER_FILE,
  type AnswerOf,
  type MainMessage,
  type ReplayJob,
  type WorkerMessage,
} from './replay-protocol';
import type { ReplayProgress } from './replay-runs';

/** How long a replay may go without a word before it is stopped: see the header. */
export const DEFAULT_LIMIT_MS = 10 * 60_000;

/** The limit BPLAB_WHATIF_LIMIT_MINUTES asks for, else the default; a value that is not a number is said. */
export function replayLimitMs(env: NodeJS.ProcessEnv = process.env): number {
  const asked = env.BPLAB_WHATIF_LIMIT_MINUTES;
  if (asked === undefined || asked === '') return DEFAULT_LIMIT_MS;
  const minutes = Number(asked);
  if (!(minutes > 0))
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `BPLAB_WHATIF_LIMIT_MINUTES is "${asked}": it takes a number of minutes above 0, such as 30.`,
    );
  return minutes * 60_000;
}

/** Where the built worker is: BPLAB_WHATIF_WORKER if set (tests and benchmarks bundle their own), else beside this bundle. */
export function whatifWorkerFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BPLAB_WHATIF_WORKER) return resolve(env.BPLAB_WHATIF_WORKER);
  const beside = typeof __dirname === 'undefined' ? '' : join(__dirname, WHATIF_WORKER_FILE);
  if (beside && existsSync(beside)) return beside;
  throw AppFailure.of('INTERNAL', "The what-if simulator's worker thread is not built.", {
    hint: 'Run npm run build (or point BPLAB_WHATIF_WORKER at a built whatif-worker.cjs).',
  });
}

export interface ReplayThreadOptions {
  /** The built worker, or how to find it at the first job (whatifWorkerFile by default). */
  workerFile?: string | (() => string);
  /** The time guard: the longest silence allowed, in milliseconds (replayLimitMs() by default). */
  limitMs?: number;
}

export interface ReplayCall {
  /** Aborting it cancels the job: removed from the queue, or its thread terminated. */
  signal?: AbortSignal;
  onProgress?: ReplayProgress;
}

interface Pending {
  id: number;
  job: ReplayJob;
  call: ReplayCall;
  resolve: (answer: WhatIfAnswer) => void;
  reject: (failure: AppFailure) => void;
}

const cancelled = () =>
  AppFailure.of('CANCELLED', 'The replay was cancelled: the simulator stopped and nothing was kept.');

function duration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  return `${+(ms / 1000).toFixed(1)} s`;
}

function threadFailure(e: Error & { code?: string }): AppFailure {
  if (e.code === 'ERR_WORKER_OUT_OF_MEMORY')
    return AppFailure.of('INTERNAL', 'The simulator ran out of memory on these runs; nothing was kept.', {
      hint: 'Replay fewer runs at once: one flight or one query.',
    });
  return AppFailure.of('INTERNAL', `The simulator's worker thread failed: ${e.message}`);
}

export class ReplayThread {
  private worker: Worker | null = null;
  private readonly queue: Pending[] = [];
  private current: Pending | null = null;
  private guard: NodeJS.Timeout | undefined;
  /** The running job's last progress words, for the guard's message. */
  private lastWords: string | null = null;
  private nextId = 1;
  private readonly limitMs: number;

  constructor(private readonly opts: ReplayThreadOptions = {}) {
    this.limitMs = opts.limitMs ?? replayLimitMs();
  }

  /** The job's answer; fails CANCELLED when aborted, TIMEOUT past the guard, INTERNAL when the thread fails. */
  run<J extends ReplayJob>(job: J, call: ReplayCall = {}): Promise<AnswerOf<J>> {
    if (call.signal?.aborted) return Promise.reject(cancelled());
    return new Promise<WhatIfAnswer>((resolve, reject) => {
      const p: Pending = { id: this.nextId++, job, call, resolve, reject };
      call.signal?.addEventListener('abort', () => this.cancel(p), { once: true });
      this.queue.push(p);
      if (this.current) call.onProgress?.('waiting for the replay before it to end', null);
      this.next();
    }) as Promise<AnswerOf<J>>;
  }

  /** Whether a worker thread is alive now (tests: a cancelled replay leaves none). */
  get threadAlive(): boolean {
    return this.worker !== null;
  }

  /** Stops the thread; queued and running jobs fail CANCELLED (bplab is quitting). */
  async close(): Promise<void> {
    for (const p of this.queue.splice(0)) p.reject(cancelled());
    const w = this.worker;
    this.stop(cancelled());
    await w?.terminate();
  }

  private cancel(p: Pending): void {
    const queued = this.queue.indexOf(p);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      p.reject(cancelled());
    } else if (this.current === p) this.stop(cancelled());
  }

  /** Ends the running job with `failure` and terminates its thread; the next job gets a fresh one. */
  private stop(failure: AppFailure): void {
    const w = this.worker;
    this.worker = null;
    if (w) void w.terminate();
    this.settle((p) => p.reject(failure));
  }

  private settle(end: (p: Pending) => void): void {
    clearTimeout(this.guard);
    const p = this.current;
    this.current = null;
    if (p) end(p);
    this.next();
  }

  private next(): void {
    if (this.current) return;
    const p = this.queue.shift();
    if (!p) {
      // Idle: the thread keeps its traces for the next job but never keeps the process alive.
      this.worker?.unref();
      return;
    }
    this.current = p;
    let worker: Worker;
    try {
      worker = this.worker ?? this.spawn();
    } catch (e) {
      return this.settle((q) => q.reject(e instanceof AppFailure ? e : threadFailure(e as Error)));
    }
    worker.ref();
    this.lastWords = null;
    this.watch();
    try {
      worker.postMessage({ type: 'job', id: p.id, job: p.job } satisfies MainMessage);
    } catch (e) {
      this.settle((q) =>
        q.reject(
          AppFailure.of('INTERNAL', `The runs cannot be sent to the simulator: ${(e as Error).message}`),
        ),
      );
    }
  }

  /** (Re)starts the time guard: the running job must say something within limitMs. */
  private watch(): void {
    clearTimeout(this.guard);
    this.guard = setTimeout(() => {
      const last = this.lastWords ? ` (its last word: ${this.lastWords})` : '';
      this.stop(
        AppFailure.of(
          'TIMEOUT',
          `The simulator said nothing for ${duration(this.limitMs)} while replaying${last}, so it was most likely stuck: it was stopped and nothing was kept.`,
          {
            hint: 'If one query alone stalls, report it with its run file. If it was only slow (a very large dataset on a busy machine), BPLAB_WHATIF_LIMIT_MINUTES allows a longer silence.',
          },
        ),
      );
    }, this.limitMs);
    this.guard.unref();
  }

  private spawn(): Worker {
    const file =
      typeof this.opts.workerFile === 'function'
        ? this.opts.workerFile()
        : (this.opts.workerFile ?? whatifWorkerFile());
    const worker = new Worker(file);
    this.worker = worker;
    const mine = () => this.worker === worker;
    worker.on('message', (m: WorkerMessage) => {
      const p = this.current;
      if (!mine() || !p || m.id !== p.id) return;
      if (m.type === 'progress') {
        this.lastWords = m.message;
        this.watch();
        p.call.onProgress?.(m.message, m.fraction);
      } else if (m.type === 'done') this.settle((q) => q.resolve(m.answer));
      else
        this.settle((q) =>
          q.reject(AppFailure.of('INTERNAL', `The simulator could not replay these runs: ${m.message}`)),
        );
    });
    worker.on('error', (e) => {
      if (mine()) this.stop(threadFailure(e));
    });
    worker.on('exit', (code) => {
      if (!mine()) return;
      this.worker = null;
      this.settle((p) =>
        p.reject(
          AppFailure.of(
            'INTERNAL',
            `The simulator's worker thread stopped (exit code ${code}) before it answered.`,
          ),
        ),
      );
    });
    return worker;
  }
}

/**
 * A replay as a task ('whatif'): listed with its progress in tasks/list, cancelled by tasks/cancel
 * (which terminates its thread), its answer given by tasks/wait.
 */
export function startReplayTask<J extends ReplayJob>(
  tasks: TaskRegistry,
  thread: ReplayThread,
  title: string,
  job: J,
): StartedTask<AnswerOf<J>> {
  return tasks.start({ kind: 'whatif', title }, (ctx) =>
    thread.run(job, {
      signal: ctx.signal,
      onProgress: (message, fraction) => ctx.progress({ phase: 'replaying', fraction, message }),
    }),
  );
}
