/**
 * Long jobs (a load, a verify, a run, an experiment, a sandbox's create or start) as one kind of
 * thing: a task with progress and cancel, listed across every bplab process that shares the data
 * folder (each task is held under a lease that names its process; a lease whose process is gone is
 * stale).
 */
import type { AppError } from './result';

export type TaskKind =
  | 'dataset-load'
  | 'dataset-verify'
  | 'dataset-drop'
  | 'run'
  | 'experiment'
  | 'sandbox-create'
  | 'sandbox-start';

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
