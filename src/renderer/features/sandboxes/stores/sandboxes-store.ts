/**
 * The sandboxes screen: the list (kept live by 'sandboxes/changed'), the create form, actions, and
 * the log viewer. A create or a start is a task of main's (lib/task-runner.ts), which can be
 * cancelled; the list is then read again, so that it shows what is really there (no half-made
 * sandbox, an existing one stopped). While one is under way, what it is doing ("Initialising the
 * data folder…", "waiting for it to accept connections…") comes from that task's 'task/progress' events.
 */
import { create } from 'zustand';
import { sandboxIdOf, type SandboxInfo, type ServerBinary } from '../../../../shared/models';
import { outcomeSandbox, type TaskProgress } from '../../../../shared/app/tasks';
import type { AppError } from '../../../../shared/result';
import { call, onEvent } from '../../../lib/api';
import { runTask, type TaskHandle } from '../../../lib/task-runner';
import {
  emptySandboxForm,
  specFromForm,
  type SandboxForm,
  type SandboxFormErrors,
} from '../utils/sandbox-form';
import { upsertSandbox, type ReadySandbox } from '../utils/sandbox-view';

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
  /** Running sandboxes with a complete SSB dataset (read after each listing): where a first query can run. */
  ready: ReadySandbox[];
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
  /** The create or start under way per sandbox id, to cancel it. */
  const handles = new Map<string, TaskHandle>();
  /** The latest progress of tasks not followed yet: a task's first events can come before its id does. */
  const unclaimed = new Map<string, TaskProgress>();
  const setPhase = (id: string, message: string | null) => {
    const phase = { ...get().phase };
    if (message) phase[id] = message;
    else delete phase[id];
    set({ phase });
  };
  /** Shows what the create or start of `id` is doing, from its task's progress, until it ends. */
  const follow = (taskId: string, id: string) => {
    following.set(taskId, id);
    const early = unclaimed.get(taskId);
    unclaimed.delete(taskId);
    if (early && !early.done) setPhase(id, early.message);
  };
  const unfollow = (id: string) => {
    for (const [taskId, sandboxId] of following) if (sandboxId === id) following.delete(taskId);
    handles.delete(id);
    setPhase(id, null);
  };
  /** Cancels the create or start of `id` under way. */
  const cancelTask = async (id: string, still: () => boolean) => {
    if (get().cancelling[id] || !still()) return;
    setCancelling(id, true);
    const error = await handles.get(id)?.cancel();
    if (error) set({ error });
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
    ready: [],

    load: async () => {
      const result = await call('sandboxes/list', {});
      set(
        result.ok
          ? { sandboxes: result.value, listed: true, listError: null }
          : { listed: true, listError: result.error },
      );
      if (result.ok) set({ ready: await readySandboxes(result.value) });
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
      const task = runTask(
        () => call('sandboxes/create', { spec: checked.spec, start: true, keepFailed: form.keepFailed }),
        (taskId) => follow(taskId, id),
      );
      handles.set(id, task);
      const result = await task.outcome;
      setCancelling(id, false);
      unfollow(id);
      if (!result.ok) {
        // A sandbox whose first start failed, or whose create was cancelled, is removed again (kept,
        // failed, with keepFailed): list what is really there.
        await get().load();
        // A problem main found with one field (the pool more than the machine's memory) goes under it.
        const field = fieldOfError(result.error);
        if (field)
          return set({ creating: false, creatingId: null, formErrors: { [field.name]: field.words } });
        return set({ creating: false, creatingId: null, error: result.error });
      }
      set({
        creating: false,
        creatingId: null,
        sandboxes: withSandbox(get().sandboxes, outcomeSandbox(result.value)),
        form: { ...get().form, name: '' },
      });
    },

    act: async (id, action) => {
      setBusy(id, action);
      let result;
      if (action === 'start') {
        const task = runTask(
          () => call('sandboxes/start', { id }),
          (taskId) => follow(taskId, id),
        );
        handles.set(id, task);
        const ended = await task.outcome;
        result = ended.ok ? { ok: true as const, value: outcomeSandbox(ended.value) } : ended;
      } else result = await call(`sandboxes/${action}`, { id });
      setBusy(id, null);
      setCancelling(id, false);
      unfollow(id);
      if (!result.ok) {
        // A cancelled start left it stopped: show the list as it now is.
        if (result.error.code === 'CANCELLED') await get().load();
        return set({ error: result.error });
      }
      set({ sandboxes: withSandbox(get().sandboxes, result.value), error: null });
    },

    cancelCreate: async () => {
      const id = get().creatingId;
      if (id) await cancelTask(id, () => get().creatingId === id);
    },

    cancelStart: async (id) => {
      if (get().busy[id] === 'start') await cancelTask(id, () => get().busy[id] === 'start');
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
      if (id === undefined) {
        if (progress.done) unclaimed.delete(progress.taskId);
        else if (unclaimed.size < 50 || unclaimed.has(progress.taskId))
          unclaimed.set(progress.taskId, progress);
        return;
      }
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

/** The list with the sandbox a task left (when it left one: an answer without it changes nothing). */
function withSandbox(list: SandboxInfo[], sandbox: SandboxInfo | undefined): SandboxInfo[] {
  return sandbox ? upsertSandbox(list, sandbox) : list;
}

/** The form field an error of main's names (details.field), with the words to put under it. */
function fieldOfError(error: AppError): { name: keyof SandboxForm; words: string } | null {
  const name = error.details?.field;
  if (typeof name !== 'string' || !(name in emptySandboxForm())) return null;
  const words = error.details?.words;
  return { name: name as keyof SandboxForm, words: typeof words === 'string' ? words : error.message };
}

/**
 * The running sandboxes that hold a complete SSB dataset, by asking each (a sandbox's root needs no
 * password); one that does not answer is left out. The first screen then points to Queries.
 */
async function readySandboxes(sandboxes: readonly SandboxInfo[]): Promise<ReadySandbox[]> {
  const running = sandboxes.filter((s) => s.status === 'running');
  const listed = await Promise.all(
    running.map(async (s) => {
      const r = await call('datasets/list', { profileId: s.profileId }).catch(() => null);
      const schema = r?.ok ? r.value.datasets.find((d) => d.state === 'complete')?.schema : undefined;
      return schema ? [{ name: s.name, profileId: s.profileId, schema }] : [];
    }),
  );
  return listed.flat();
}
