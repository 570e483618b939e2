/**
 * What the main side (replay-thread.ts) and the simulator's worker thread (replay-worker.ts, built as
 * dist/main/whatif-worker.cjs) say to each other: one job at a time, its progress as it goes, then
 * its answer or its failure in words. Everything is a plain object the thread boundary copies; a run
 * travels without its live samples, which the simulator never reads.
 */
import { noSamples, type RunResult } from '../../shared/runs/runs';
import type { RunWhatIf, WhatIfAnswer, WhatIfComparison } from '../../shared/whatif/answers';
import type { WhatIfOptions } from '../../shared/whatif/what-if';
import type { CurveOptions, SideRun, TraceFiles } from './replay-runs';

export type { TraceFiles } from './replay-runs';

/** The file name the build gives the worker, beside the bundle that starts it. */
export const WHATIF_WORKER_FILE = 'whatif-worker.cjs';

export type ReplayJob =
  /**
   * One saved run at its own settings, then its curves (runs/whatif, bplab whatif): from its plan derived
   * over the SSB dataset (run-trace.ts), and for a traced run whose files are given (its trace in the run
   * store's folder, the sandbox's data folder for the page links) also from its real requests
   * (traced-run.ts), which any query on any schema has.
   */
  | { kind: 'run'; run: RunResult; options: WhatIfOptions; traceFiles?: TraceFiles | null }
  /**
   * A comparison's runs: each checked against what it measured (`check`), and each side's runs one
   * after the other as curves (`curves`); either may be absent (runs/whatif-compare, the report).
   */
  | {
      kind: 'compare';
      check: SideRun[] | null;
      curves: { sides: Array<{ side: string; runs: RunResult[] }>; options: CurveOptions } | null;
      /** Where each traced run's files are, by run id: those runs replay their real trace. */
      traceFiles?: Record<string, TraceFiles>;
    };

/** What a job of each kind answers. */
export type AnswerOf<J extends ReplayJob> = J extends { kind: 'run' } ? RunWhatIf : WhatIfComparison;

export type MainMessage = { type: 'job'; id: number; job: ReplayJob };

export type WorkerMessage =
  | { type: 'progress'; id: number; message: string; fraction: number | null }
  | { type: 'done'; id: number; answer: WhatIfAnswer }
  /** The job threw: its message, never its stack. */
  | { type: 'failed'; id: number; message: string };

/**
 * The run as the worker needs it: its live samples (the bulk of a saved run) left behind, unread (an
 * experiment file's runs read their samples only when asked).
 */
export function withoutSamples(run: RunResult): RunResult {
  const { samples: _samples, ...rest } = Object.getOwnPropertyDescriptors(run);
  return Object.defineProperties({ samples: noSamples() }, rest) as RunResult;
}
