/**
 * The datasets screen: the datasets on the chosen connection, the create form, the running load
 * (kept live by 'task/progress' events), verify and its progress, and drop. The connection is the
 * one lib/server-session.ts chooses; it also asks for a password when the server wants one.
 */
import { create } from 'zustand';
import { outcomeReport, type TaskProgress } from '../../../../shared/app/tasks';
import type {
  DatasetListing,
  DatasetVerifyReport,
  OltpDataset,
  VerifyProgress,
} from '../../../../shared/datasets/datasets';
import type { AppError, Result } from '../../../../shared/result';
import { call, onEvent } from '../../../lib/api';
import { runTask, type TaskHandle } from '../../../lib/task-runner';
import { withServer, type ServerAuth } from '../../../lib/server-session';
import {
  emptyDatasetForm,
  requestFromForm,
  takenSchemas,
  type DatasetForm,
  type DatasetFormErrors,
} from '../utils/dataset-form';
type ListedDataset = DatasetListing['datasets'][number];

export interface DatasetTask {
  taskId: string;
  schema: string;
  progress: TaskProgress | null;
  cancelling: boolean;
}

export interface VerifyState {
  schema: string;
  running: boolean;
  /** The latest count reported while it runs. */
  progress: VerifyProgress | null;
  /** Cancel was pressed; the request's CANCELLED answer ends it. */
  cancelling?: boolean;
  report: DatasetVerifyReport | null;
  error: AppError | null;
}

export interface DatasetsState {
  /** The connection the list belongs to. */
  profileId: string | null;
  datasets: ListedDataset[];
  /** The OLTP datasets (sysbench's sbtest tables) on the connection. */
  oltp: OltpDataset[];
  listing: boolean;
  /** datasets/list has answered for this connection. */
  listed: boolean;
  /** Why the last datasets/list failed (the list is then unknown, not empty). */
  listError: AppError | null;
  /** A failure of the last start, cancel or drop. */
  error: AppError | null;
  form: DatasetForm;
  formErrors: DatasetFormErrors;
  starting: boolean;
  task: DatasetTask | null;
  verify: VerifyState | null;
  confirmingDrop: string | null;
  dropping: string | null;
  select(profileId: string): void;
  refresh(): Promise<void>;
  change(patch: Partial<DatasetForm>): void;
  start(): Promise<void>;
  cancel(): Promise<void>;
  runVerify(schema: string): Promise<void>;
  cancelVerify(): Promise<void>;
  askDrop(schema: string | null): void;
  drop(schema: string): Promise<void>;
  applyProgress(p: TaskProgress): void;
  applyVerifyProgress(p: VerifyProgress): void;
}

export const useDatasets = create<DatasetsState>()((set, get) => {
  /** A request on the list's connection, asking for its password when the server wants one. */
  /** The verify under way, to cancel it. */
  let verifying: TaskHandle | null = null;
  const onServer = <T>(send: (auth: ServerAuth) => Promise<Result<T>>) =>
    withServer(get().profileId ?? '', send);

  return {
    profileId: null,
    datasets: [],
    oltp: [],
    listing: false,
    listed: false,
    listError: null,
    error: null,
    form: emptyDatasetForm(),
    formErrors: {},
    starting: false,
    task: null,
    verify: null,
    confirmingDrop: null,
    dropping: null,

    select: (profileId) => {
      if (profileId === get().profileId) return;
      set({
        profileId,
        datasets: [],
        oltp: [],
        listed: false,
        listError: null,
        error: null,
        verify: null,
        confirmingDrop: null,
        // A load's card belongs to its connection: another's is not shown here (coming back, the
        // list's refresh follows a load still running there again).
        task: null,
      });
    },

    refresh: async () => {
      const profileId = get().profileId;
      if (!profileId) return;
      set({ listing: true });
      const result = await onServer((auth) => call('datasets/list', auth));
      if (get().profileId !== profileId) return;
      if (!result.ok)
        return set({ listing: false, listed: true, listError: result.error, datasets: [], oltp: [] });
      const datasets = result.value.datasets;
      set({ listing: false, listed: true, listError: null, datasets, oltp: result.value.oltp ?? [] });
      // A load started elsewhere (another window, the CLI in browser mode) is followed here too.
      const running = datasets.find((d) => d.activeTaskId !== null);
      if (running && !get().task)
        set({
          task: { taskId: running.activeTaskId!, schema: running.schema, progress: null, cancelling: false },
        });
    },

    change: (patch) => set((s) => ({ form: { ...s.form, ...patch }, formErrors: {} })),

    start: async () => {
      const request = requestFromForm(get().form, takenSchemas(get()));
      if (!request.ok) return set({ formErrors: request.errors });
      set({ starting: true, error: null, formErrors: {} });
      const result = await onServer((auth) =>
        request.kind === 'generate'
          ? call('datasets/create', { ...auth, spec: request.spec })
          : call('datasets/import', { ...auth, spec: request.spec }),
      );
      set({ starting: false });
      if (!result.ok) return set({ error: result.error });
      set({
        task: { taskId: result.value.taskId, schema: result.value.schema, progress: null, cancelling: false },
      });
      void get().refresh();
    },

    cancel: async () => {
      const task = get().task;
      if (!task) return;
      set({ task: { ...task, cancelling: true } });
      const result = await call('tasks/cancel', { taskId: task.taskId });
      if (!result.ok) set({ error: result.error });
    },

    runVerify: async (schema) => {
      set({ verify: { schema, running: true, progress: null, report: null, error: null } });
      const task = runTask(() => onServer((auth) => call('datasets/verify', { ...auth, schema })));
      verifying = task;
      const result = await task.outcome;
      if (verifying === task) verifying = null;
      const report = result.ok ? (outcomeReport(result.value) ?? null) : null;
      set({
        verify: result.ok
          ? { schema, running: false, progress: null, report, error: null }
          : { schema, running: false, progress: null, report: null, error: result.error },
      });
    },

    cancelVerify: async () => {
      const verify = get().verify;
      const profileId = get().profileId;
      if (!verify?.running || verify.cancelling || !profileId) return;
      set({ verify: { ...verify, cancelling: true } });
      const error = await verifying?.cancel();
      if (error) set({ error });
    },

    askDrop: (schema) => set({ confirmingDrop: schema }),

    drop: async (schema) => {
      set({ dropping: schema, confirmingDrop: null, error: null });
      const result = await onServer((auth) => call('datasets/drop', { ...auth, schema }));
      set({ dropping: null });
      if (!result.ok) return set({ error: result.error });
      if (get().verify?.schema === schema) set({ verify: null });
      await get().refresh();
    },

    applyProgress: (p) => {
      const task = get().task;
      if (!task || p.taskId !== task.taskId) return;
      const listed = get().datasets.some((d) => d.schema === task.schema);
      set({ task: { ...task, progress: p } });
      // Once rows flow, the dataset's record exists: list it (as loading), and again when it ends.
      if (p.done || (!listed && p.phase === 'loading' && task.progress?.phase !== 'loading'))
        void get().refresh();
    },

    applyVerifyProgress: (p) => {
      const verify = get().verify;
      if (!verify?.running || verify.schema !== p.schema || get().profileId !== p.profileId) return;
      set({ verify: { ...verify, progress: p } });
    },
  };
});

/** Keeps the running load's and verify's progress live; returns the unsubscribe function. */
export function followTaskProgress(): () => void {
  const offLoad = onEvent('task/progress', (p) => useDatasets.getState().applyProgress(p));
  const offVerify = onEvent('datasets/verify-progress', (p) => useDatasets.getState().applyVerifyProgress(p));
  return () => {
    offLoad();
    offVerify();
  };
}
