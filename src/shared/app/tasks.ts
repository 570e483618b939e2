/**
 * Long jobs (a load, a verify, a run, an experiment, a sandbox's create or start, a what-if replay) as one kind of
 * thing: a task with progress and cancel, listed across every bplab process that shares the data
 * folder (each task is held under a lease that names its process; a lease whose process is gone is
 * stale).
 */
import type { DatasetVerifyReport } from '../datasets/datasets';
import type { SandboxInfo } from '../models';
import type { LoadResult } from '../load/oltp-load';
import type { AppError } from '../result';
import type { WhatIfAnswer } from '../whatif/answers';

export type TaskKind =
  | 'dataset-load'
  | 'dataset-verify'
  | 'dataset-drop'
  | 'run'
  | 'experiment'
  | 'sandbox-create'
  | 'sandbox-start'
  | 'oltp-load'
  | 'whatif';

export interface TaskInfo {
  taskId: string;
  kind: TaskKind;
  /** In words: "load ssb_sf1 on sandbox s1", "Q1.1 (straight) on ssb_sf1". */
  title: string;
  /** The profile whose server it works on, and the schema or sandbox it holds, when it has one. */
  profileId: string | null;
  schema: string | null;
  sandboxId: string | null;
  /** The process holding its lease. */
  owner: { pid: number; host: string; command: string; self: boolean };
  startedAt: string;
  /** 'stale': the owning process is gone without ending the task (killed, crashed). */
  state: 'running' | 'stale';
  /** The latest progress the owner published, if any. */
  progress: TaskProgress | null;
}

/** What a task's owner publishes as it goes (the `task/progress` event). */
export interface TaskProgress {
  taskId: string;
  phase: string;
  /** 0..1, or null when unknown. */
  fraction: number | null;
  message: string;
  done: boolean;
  error?: AppError;
  /** Free-form figures (rows, rows/s, ETA seconds...). */
  figures?: Record<string, number>;
}

/**
 * What tasks/wait answers when one of this process's tasks has ended well: its id and kind, and the
 * value it gave where that is one to show (the sandbox a create or start left, a verify's report).
 * A task that failed or was cancelled makes tasks/wait fail with its error instead.
 */
export type TaskOutcome =
  | { taskId: string; kind: 'sandbox-create' | 'sandbox-start'; sandbox: SandboxInfo }
  | { taskId: string; kind: 'dataset-verify'; report: DatasetVerifyReport }
  | { taskId: string; kind: 'oltp-load'; load: LoadResult; /** Where it was saved (loads/). */ file?: string }
  | { taskId: string; kind: 'whatif'; whatif: WhatIfAnswer }
  | {
      taskId: string;
      kind: Exclude<TaskKind, 'sandbox-create' | 'sandbox-start' | 'dataset-verify' | 'oltp-load' | 'whatif'>;
    };

/** What a long job answers at once: the task to follow (task/progress), wait for (tasks/wait) or cancel. */
export interface TaskStarted {
  taskId: string;
}

/** The sandbox a create or start task left, if the outcome is one. */
export function outcomeSandbox(outcome: TaskOutcome): SandboxInfo | undefined {
  return 'sandbox' in outcome ? outcome.sandbox : undefined;
}

/** The report a verify task gave, if the outcome is one. */
export function outcomeReport(outcome: TaskOutcome): DatasetVerifyReport | undefined {
  return 'report' in outcome ? outcome.report : undefined;
}
