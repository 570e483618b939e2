/** The sandboxes screen: the list (kept live by 'sandboxes/changed'), the create form, actions, and the log viewer. */
import { create } from 'zustand';
import type { SandboxInfo, ServerBinary } from '../../../../shared/models';
import type { AppError } from '../../../../shared/result';
import { call, onEvent } from '../../../lib/api';
import {
  emptySandboxForm,
  specFromForm,
  type SandboxForm,
  type SandboxFormErrors,
} from '../utils/sandbox-form';
import { upsertSandbox } from '../utils/sandbox-view';

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
  /** The action in progress per sandbox id. */
  busy: Record<string, SandboxAction>;
  confirmingDelete: string | null;
  log: SandboxLog | null;
  load(): Promise<void>;
  findBinaries(): Promise<void>;
  change(patch: Partial<SandboxForm>): void;
  create(): Promise<void>;
  act(id: string, action: Exclude<SandboxAction, 'delete'>): Promise<void>;
  askDelete(id: string | null): void;
  remove(id: string): Promise<void>;
  showLog(id: string): Promise<void>;
  closeLog(): void;
  applyChanged(info: SandboxInfo): void;
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
    busy: {},
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
      set({ creating: true, error: null, formErrors: {} });
      const result = await call('sandboxes/create', {
        spec: checked.spec,
        start: true,
        keepFailed: form.keepFailed,
      });
      if (!result.ok) {
        // A sandbox whose first start failed is removed again (kept, failed, with keepFailed): list what is really there.
        await get().load();
        return set({ creating: false, error: result.error });
      }
      set({
        creating: false,
        sandboxes: upsertSandbox(get().sandboxes, result.value),
        form: { ...get().form, name: '' },
      });
    },

    act: async (id, action) => {
      setBusy(id, action);
      const result = await call(`sandboxes/${action}`, { id });
      setBusy(id, null);
      if (!result.ok) return set({ error: result.error });
      set({ sandboxes: upsertSandbox(get().sandboxes, result.value), error: null });
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
  };
});

/** Keeps the list live whatever screen is shown; returns the unsubscribe. */
export function followSandboxEvents(): () => void {
  return onEvent('sandboxes/changed', (info) => useSandboxes.getState().applyChanged(info));
}
