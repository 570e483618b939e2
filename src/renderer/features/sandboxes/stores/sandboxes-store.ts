/**
 * The sandboxes screen: the list (kept live by 'sandboxes/changed'), the create form, actions, and
 * the log viewer. A create or a start in progress can be cancelled: each is a task of main's, found
 * in tasks/list and cancelled with tasks/cancel; the list is then read again, so that it shows what
 * is really there (no half-made sandbox, an existing one stopped). While one is under way, what it
 * is doing ("Initialising the data folder…", "waiting for it to accept connections…") comes from that
 * task's 'task/progress' events.
 */
import { create } from 'zustand';
import { sandboxIdOf, type SandboxInfo, type ServerBinary } from '../../../../shared/models';
import type { TaskProgress } from '../../../../shared/tasks';
import type { AppError } from '../../../../shared/result';
import { call, onEvent } from '../../../lib/api';
import {
  emptySandboxForm,
  specFromForm,
  type SandboxForm,
  type SandboxFormErrors,
} from '../utils/sandbox-form';
import { ownSandboxTask, upsertSandbox } from '../utils/sandbox-view';

export type SandboxAction = 'start' | 'stop' | 'restart' | 'delete';

export interface SandboxLog {
  id: string;
  name: string;
  text: string;
  path: string;
  truncated: boolean;
  loading: boolean;
  error: AppError | null;
}

export interface SandboxesState {
  sandboxes: SandboxInfo[];
  /** sandboxes/list has answered. */
  listed: boolean;
  /** Why the last sandboxes/list failed (the list is then unknown, not empty). */
  listError: AppError | null;
  /** A failure of the last action. */
  error: AppError | null;
  binaries: ServerBinary[];
  /** Where the last search looked, to show when nothing was found. */
  searched: string[] | null;
  finding: boolean;
  form: SandboxForm;
  formErrors: SandboxFormErrors;
  creating: boolean;
  /** The id of the sandbox being created, while it is. */
  creatingId: string | null;
  /** The action in progress per sandbox id. */
  busy: Record<string, SandboxAction>;
  /** The sandboxes whose create or start is being cancelled (by id). */
  cancelling: Record<string, true>;
  /** What a create or start under way is doing, in main's words (by sandbox id). */
  phase: Record<string, string>;
  confirmingDelete: string | null;
  log: SandboxLog | null;
  load(): Promise<void>;
  findBinaries(): Promise<void>;
  change(patch: Partial<SandboxForm>): void;
  create(): Promise<void>;
  act(id: string, action: Exclude<SandboxAction, 'delete'>): Promise<void>;
  /** Cancels the create in progress. */
  cancelCreate(): Promise<void>;
  /** Cancels the start of this sandbox in progress. */
  cancelStart(id: string): Promise<void>;
  askDelete(id: string | null): void;
  remove(id: string): Promise<void>;
  showLog(id: string): Promise<void>;
  closeLog(): void;
  applyChanged(info: SandboxInfo): void;
  /** Takes a 'task/progress' event: the phase of a create or start this store follows. */
  applyProgress(progress: TaskProgress): void;
}

export const useSandboxes = create<SandboxesState>()((set, get) => {
  /** Deleted here: a late 'changed' event for one of them must not bring it back. */
  const deleted = new Set<string>();
  const setBusy = (id: string, action: SandboxAction | null) => {
    const busy = { ...get().busy };
    if (action) busy[id] = action;
    else delete busy[id];
    set({ busy });
  };
  const setCancelling = (id: string, on: boolean) => {
    const cancelling = { ...get().cancelling };
    if (on) cancelling[id] = true;
    else delete cancelling[id];
    set({ cancelling });
  };
  /** The create or start tasks this store follows: taskId → sandbox id. */
  const following = new Map<string, string>();
  const setPhase = (id: string, message: string | null) => {
    const phase = { ...get().phase };
    if (message) phase[id] = message;
    else delete phase[id];
    set({ phase });
  };
  /**
   * This process's task creating or starting `id`. Its request is already on its way, so the task
   * is looked for again briefly if main has not listed it yet: undefined once `still` is false, the
   * error if tasks/list failed.
   */
  const findOwnTask = async (kind: 'sandbox-create' | 'sandbox-start', id: string, still: () => boolean) => {
    for (let attempt = 0; attempt < 20 && still(); attempt++) {
      const tasks = await call('tasks/list', {});
      if (!tasks.ok) return tasks.error;
      const task = ownSandboxTask(tasks.value, kind, id);
      if (task) return task;
      await new Promise((r) => setTimeout(r, 100));
    }
    return undefined;
  };
  /** Shows what the create or start of `id` is doing, from its task's progress, until it ends. */
  const follow = async (kind: 'sandbox-create' | 'sandbox-start', id: string, still: () => boolean) => {
    const task = await findOwnTask(kind, id, still);
    if (!task || !('taskId' in task) || !still()) return;
    following.set(task.taskId, id);
    if (task.progress?.message) setPhase(id, task.progress.message);
  };
  const unfollow = (id: string) => {
    for (const [taskId, sandboxId] of following) if (sandboxId === id) following.delete(taskId);
    setPhase(id, null);
  };
  /** Finds this process's task creating or starting `id` and cancels it. */
  const cancelTask = async (kind: 'sandbox-create' | 'sandbox-start', id: string, still: () => boolean) => {
    if (get().cancelling[id] || !still()) return;
    setCancelling(id, true);
    const task = await findOwnTask(kind, id, still);
    if (!task) return;
    if (!('taskId' in task)) return set({ error: task });
    const result = await call('tasks/cancel', { taskId: task.taskId });
    if (!result.ok) set({ error: result.error });
  };

  return {
    sandboxes: [],
    listed: false,
    listError: null,
    error: null,
    binaries: [],
    searched: null,
    finding: false,
    form: emptySandboxForm(),
    formErrors: {},
    creating: false,
    creatingId: null,
    busy: {},
    cancelling: {},
    phase: {},
    confirmingDelete: null,
    log: null,

    load: async () => {
      const result = await call('sandboxes/list', {});
      set(
        result.ok
          ? { sandboxes: result.value, listed: true, listError: null }
          : { listed: true, listError: result.error },
      );
    },

    findBinaries: async () => {
      const basedir = get().form.basedir.trim();
      set({ finding: true, error: null });
      const result = await call('sandboxes/find-binaries', basedir ? { basedir } : {});
      if (!result.ok) return set({ finding: false, error: result.error, binaries: [], searched: null });
      const { binaries, searched } = result.value;
      const current = get().form.binaryPath;
      const keep = binaries.some((b) => b.path === current);
      set({
        finding: false,
        binaries,
        searched,
        form: { ...get().form, binaryPath: keep ? current : (binaries[0]?.path ?? '') },
      });
    },

    change: (patch) => {
      const formErrors = { ...get().formErrors };
      for (const key of Object.keys(patch)) delete formErrors[key as keyof SandboxForm];
      set({ form: { ...get().form, ...patch }, formErrors });
    },

    create: async () => {
      const { form, binaries } = get();
      const checked = specFromForm(
        form,
        binaries.find((b) => b.path === form.binaryPath),
      );
      if (!checked.ok) return set({ formErrors: checked.errors });
      const id = sandboxIdOf(checked.spec.name);
      set({ creating: true, creatingId: id, error: null, formErrors: {} });
      const answer = call('sandboxes/create', {
        spec: checked.spec,
        start: true,
        keepFailed: form.keepFailed,
      });
      let underWay = true;
      void follow('sandbox-create', id, () => underWay);
      const result = await answer;
      underWay = false;
      setCancelling(id, false);
      unfollow(id);
      if (!result.ok) {
        // A sandbox whose first start failed, or whose create was cancelled, is removed again (kept,
        // failed, with keepFailed): list what is really there.
        await get().load();
        return set({ creating: false, creatingId: null, error: result.error });
      }
      set({
        creating: false,
        creatingId: null,
        sandboxes: upsertSandbox(get().sandboxes, result.value),
        form: { ...get().form, name: '' },
      });
    },

    act: async (id, action) => {
      setBusy(id, action);
      const answer = call(`sandboxes/${action}`, { id });
      let underWay = true;
      if (action === 'start') void follow('sandbox-start', id, () => underWay);
      const result = await answer;
      underWay = false;
      setBusy(id, null);
      setCancelling(id, false);
      unfollow(id);
      if (!result.ok) {
        // A cancelled start left it stopped: show the list as it now is.
        if (result.error.code === 'CANCELLED') await get().load();
        return set({ error: result.error });
      }
      set({ sandboxes: upsertSandbox(get().sandboxes, result.value), error: null });
    },

    cancelCreate: async () => {
      const id = get().creatingId;
      if (id) await cancelTask('sandbox-create', id, () => get().creatingId === id);
    },

    cancelStart: async (id) => {
      if (get().busy[id] === 'start') await cancelTask('sandbox-start', id, () => get().busy[id] === 'start');
    },

    askDelete: (id) => set({ confirmingDelete: id }),

    remove: async (id) => {
      set({ confirmingDelete: null });
      setBusy(id, 'delete');
      const result = await call('sandboxes/delete', { id });
      setBusy(id, null);
      if (!result.ok) return set({ error: result.error });
      deleted.add(id);
      set({
        sandboxes: get().sandboxes.filter((s) => s.id !== id),
        log: get().log?.id === id ? null : get().log,
        error: null,
      });
    },

    showLog: async (id) => {
      const name = get().sandboxes.find((s) => s.id === id)?.name ?? id;
      const previous = get().log;
      set({
        log: {
          id,
          name,
          text: previous?.id === id ? previous.text : '',
          path: '',
          truncated: false,
          loading: true,
          error: null,
        },
      });
      const result = await call('sandboxes/log', { id });
      if (get().log?.id !== id) return;
      set({
        log: result.ok
          ? { id, name, ...result.value, loading: false, error: null }
          : { id, name, text: '', path: '', truncated: false, loading: false, error: result.error },
      });
    },

    closeLog: () => set({ log: null }),

    applyChanged: (info) => {
      if (!deleted.has(info.id)) set({ sandboxes: upsertSandbox(get().sandboxes, info) });
    },

    applyProgress: (progress) => {
      const id = following.get(progress.taskId);
      if (id === undefined) return;
      if (progress.done) unfollow(id);
      else setPhase(id, progress.message);
    },
  };
});

/** Keeps the list live whatever screen is shown; returns the unsubscribe. */
export function followSandboxEvents(): () => void {
  const offChanged = onEvent('sandboxes/changed', (info) => useSandboxes.getState().applyChanged(info));
  const offProgress = onEvent('task/progress', (p) => useSandboxes.getState().applyProgress(p));
  return () => {
    offChanged();
    offProgress();
  };
}
