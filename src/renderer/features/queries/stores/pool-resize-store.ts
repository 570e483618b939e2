/**
 * The Queries screen's pool resize, when the chosen connection is a sandbox's: the size typed, the
 * resize (sandboxes/resize: kept in the sandbox's spec, online where the server can, else by a
 * restart), its refusal in main's words beside the field, and what it did, the size read back from
 * the server. Like the Sandboxes screen's Stop and Restart it is one request, its button saying what
 * is under way; a restart's phases ("stopping…", "starting…") come from 'sandboxes/changed'. It waits
 * for this process's own work on the sandbox (a run, an experiment, a load: tasks/list, kept current
 * by 'task/progress'), which main's resize does not refuse.
 */
import { create } from 'zustand';
import type { TaskInfo, TaskProgress } from '../../../../shared/app/tasks';
import type { SandboxInfo } from '../../../../shared/models';
import { formatError } from '../../../../shared/result';
import { call, onEvent } from '../../../lib/api';
import { busyOn, resizeOutcomeWords, resizePhase, resizeSize } from '../utils/pool-resize';
import { useQueries } from './queries-store';

/** The sandbox the chosen connection belongs to. */
export interface ResizeTarget {
  sandboxId: string;
  profileId: string;
}

export interface PoolResizeState {
  target: ResizeTarget | null;
  form: { size: string };
  /** Why the size was not taken (typed wrong, or refused by main), shown beside the field. */
  error: string | null;
  resizing: boolean;
  /** What the sandbox is doing while a restart resizes it. */
  phase: string | null;
  /** What the last resize did, in words. */
  outcome: string | null;
  /** This process's tasks at work on the sandbox. */
  busy: TaskInfo[];
  /** The chosen connection's sandbox, or null when it is not one. */
  aim(target: ResizeTarget | null): void;
  change(patch: Partial<{ size: string }>): void;
  readTasks(): Promise<void>;
  resize(): Promise<void>;
  applyProgress(progress: TaskProgress): void;
  applyChanged(info: SandboxInfo): void;
}

export const usePoolResize = create<PoolResizeState>()((set, get) => {
  /** Tasks already listed: a progress event of another one means a new task, so the list is read again. */
  const seen = new Set<string>();
  const same = (a: ResizeTarget | null, b: ResizeTarget | null) =>
    a?.sandboxId === b?.sandboxId && a?.profileId === b?.profileId;

  return {
    target: null,
    form: { size: '' },
    error: null,
    resizing: false,
    phase: null,
    outcome: null,
    busy: [],

    aim: (target) => {
      if (same(target, get().target)) return;
      set({ target, form: { size: '' }, error: null, outcome: null, phase: null, busy: [] });
    },

    change: (patch) => set({ form: { ...get().form, ...patch }, error: null }),

    readTasks: async () => {
      const target = get().target;
      if (!target) return;
      const tasks = await call('tasks/list', {});
      if (!tasks.ok || !same(target, get().target)) return;
      for (const t of tasks.value) seen.add(t.taskId);
      set({ busy: busyOn(tasks.value, target) });
    },

    resize: async () => {
      const target = get().target;
      if (!target || get().resizing) return;
      const checked = resizeSize(get().form.size, useQueries.getState().poolBytes);
      if (!checked.ok) return set({ error: checked.error });
      set({ resizing: true, error: null, outcome: null, phase: null });
      // Read again at the press: a run may have started since the list was read.
      await get().readTasks();
      if (get().busy.length > 0) return set({ resizing: false });
      const result = await call('sandboxes/resize', { id: target.sandboxId, bufferPoolSize: checked.size });
      // The size the server now has, read back (after a refused size too: main put the old one back).
      const readBack = same(target, get().target) ? await useQueries.getState().readPool() : null;
      if (!same(target, get().target)) return set({ resizing: false, phase: null });
      set(
        result.ok
          ? {
              resizing: false,
              phase: null,
              form: { size: '' },
              outcome: resizeOutcomeWords(result.value, readBack),
            }
          : { resizing: false, phase: null, error: formatError(result.error) },
      );
    },

    applyProgress: (progress) => {
      const known = get().busy.some((t) => t.taskId === progress.taskId);
      if (known && progress.done) set({ busy: get().busy.filter((t) => t.taskId !== progress.taskId) });
      else if (!known && !progress.done && !seen.has(progress.taskId)) {
        seen.add(progress.taskId);
        void get().readTasks();
      }
    },

    applyChanged: (info) => {
      if (get().resizing && info.id === get().target?.sandboxId) set({ phase: resizePhase(info.status) });
    },
  };
});

/** Keeps the resize's view of the sandbox current while the Queries screen shows; returns the unsubscribe. */
export function followPoolResize(): () => void {
  const offProgress = onEvent('task/progress', (p) => usePoolResize.getState().applyProgress(p));
  const offChanged = onEvent('sandboxes/changed', (info) => usePoolResize.getState().applyChanged(info));
  return () => {
    offProgress();
    offChanged();
  };
}
