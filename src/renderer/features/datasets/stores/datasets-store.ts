/**
 * The datasets screen: the datasets on the chosen connection, the create form, the running load
 * (kept live by 'task/progress' events), verify and its progress, and drop. Requests that need the
 * profile's password ask once through the password prompt and are then retried.
 */
import { create } from 'zustand';
import type { TaskProgress } from '../../../../shared/contract';
import type { DatasetListing, DatasetVerifyReport, VerifyProgress } from '../../../../shared/datasets';
import type { ProfileListing } from '../../../../shared/models';
import type { AppError, Result } from '../../../../shared/result';
import { call, onEvent } from '../../../lib/api';
import {
  emptyDatasetForm,
  requestFromForm,
  type DatasetForm,
  type DatasetFormErrors,
} from '../utils/dataset-form';
import { loadProfileChoice } from '../../../lib/profile-selection';

type ListedProfile = ProfileListing['profiles'][number];
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
  profiles: ListedProfile[];
  profileId: string | null;
  datasets: ListedDataset[];
  listing: boolean;
  error: AppError | null;
  form: DatasetForm;
  formErrors: DatasetFormErrors;
  starting: boolean;
  task: DatasetTask | null;
  verify: VerifyState | null;
  confirmingDrop: string | null;
  dropping: string | null;
  passwordFor: { name: string; user: string } | null;
  /** The request to retry once the password is typed. */
  pending: ((password: string) => Promise<void>) | null;
  loadProfiles(): Promise<void>;
  select(profileId: string): void;
  refresh(password?: string): Promise<void>;
  change(patch: Partial<DatasetForm>): void;
  start(password?: string): Promise<void>;
  cancel(): Promise<void>;
  runVerify(schema: string, password?: string): Promise<void>;
  cancelVerify(): Promise<void>;
  askDrop(schema: string | null): void;
  drop(schema: string, password?: string): Promise<void>;
  submitPassword(password: string): Promise<void>;
  cancelPassword(): void;
  applyProgress(p: TaskProgress): void;
  applyVerifyProgress(p: VerifyProgress): void;
}

export const useDatasets = create<DatasetsState>()((set, get) => {
  /** The profile and the password (when one was just typed) for a request. */
  const target = (password?: string) => {
    const profileId = get().profileId ?? '';
    return password === undefined ? { profileId } : { profileId, password };
  };
  /** True when the result asked for a password: the prompt is shown and `retry` runs after it. */
  const needsPassword = (
    result: Result<unknown>,
    password: string | undefined,
    retry: (password: string) => Promise<void>,
  ): boolean => {
    if (result.ok || result.error.code !== 'PASSWORD_REQUIRED' || password !== undefined) return false;
    const profile = get().profiles.find((p) => p.id === get().profileId);
    set({
      passwordFor: { name: profile?.name ?? get().profileId ?? '', user: profile?.user ?? '' },
      pending: retry,
    });
    return true;
  };

  return {
    profiles: [],
    profileId: null,
    datasets: [],
    listing: false,
    error: null,
    form: emptyDatasetForm(),
    formErrors: {},
    starting: false,
    task: null,
    verify: null,
    confirmingDrop: null,
    dropping: null,
    passwordFor: null,
    pending: null,

    loadProfiles: async () => set(await loadProfileChoice(get().profileId)),

    select: (profileId) => {
      if (profileId === get().profileId) return;
      set({ profileId, datasets: [], error: null, verify: null, confirmingDrop: null });
    },

    refresh: async (password) => {
      if (!get().profileId) return;
      set({ listing: true, error: null });
      const result = await call('datasets/list', target(password));
      set({ listing: false });
      if (needsPassword(result, password, (pw) => get().refresh(pw))) return;
      if (!result.ok) return set({ error: result.error, datasets: [] });
      const datasets = result.value.datasets;
      set({ datasets });
      // A load started elsewhere (another window, the CLI in browser mode) is followed here too.
      const running = datasets.find((d) => d.activeTaskId !== null);
      if (running && !get().task)
        set({
          task: { taskId: running.activeTaskId!, schema: running.schema, progress: null, cancelling: false },
        });
    },

    change: (patch) => set((s) => ({ form: { ...s.form, ...patch }, formErrors: {} })),

    start: async (password) => {
      const request = requestFromForm(get().form);
      if (!request.ok) return set({ formErrors: request.errors });
      set({ starting: true, error: null, formErrors: {} });
      const result =
        request.kind === 'generate'
          ? await call('datasets/create', { ...target(password), spec: request.spec })
          : await call('datasets/import', { ...target(password), spec: request.spec });
      set({ starting: false });
      if (needsPassword(result, password, (pw) => get().start(pw))) return;
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

    runVerify: async (schema, password) => {
      set({ verify: { schema, running: true, progress: null, report: null, error: null } });
      const result = await call('datasets/verify', { ...target(password), schema });
      if (needsPassword(result, password, (pw) => get().runVerify(schema, pw))) return set({ verify: null });
      set({
        verify: result.ok
          ? { schema, running: false, progress: null, report: result.value, error: null }
          : { schema, running: false, progress: null, report: null, error: result.error },
      });
    },

    cancelVerify: async () => {
      const verify = get().verify;
      const profileId = get().profileId;
      if (!verify?.running || verify.cancelling || !profileId) return;
      set({ verify: { ...verify, cancelling: true } });
      // A verify is a task like a load: find it in the task list, and cancel it.
      const tasks = await call('tasks/list', {});
      if (!tasks.ok) return set({ error: tasks.error });
      const task = tasks.value.find(
        (t) =>
          t.owner.self &&
          t.kind === 'dataset-verify' &&
          t.profileId === profileId &&
          t.schema === verify.schema,
      );
      if (!task) return;
      const result = await call('tasks/cancel', { taskId: task.taskId });
      if (!result.ok) set({ error: result.error });
    },

    askDrop: (schema) => set({ confirmingDrop: schema }),

    drop: async (schema, password) => {
      set({ dropping: schema, confirmingDrop: null, error: null });
      const result = await call('datasets/drop', { ...target(password), schema });
      set({ dropping: null });
      if (needsPassword(result, password, (pw) => get().drop(schema, pw))) return;
      if (!result.ok) return set({ error: result.error });
      if (get().verify?.schema === schema) set({ verify: null });
      await get().refresh();
    },

    submitPassword: async (password) => {
      const retry = get().pending;
      set({ passwordFor: null, pending: null });
      if (retry) await retry(password);
    },

    cancelPassword: () => set({ passwordFor: null, pending: null }),

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
