/**
 * The runs screen: saved runs (runs/list), the run opened (live while its task runs, then its saved
 * result), cancel (tasks/cancel with the run's id) and delete. A run's end is seen through
 * 'task/progress' (done), and, in case that event was missed, by its saved state no longer 'running'.
 */
import { create } from 'zustand';
import type { RunSummary } from '../../../../shared/contract';
import type { TaskProgress } from '../../../../shared/app/tasks';
import type { AppError } from '../../../../shared/result';
import type { RunResult } from '../../../../shared/runs/runs';
import { call, onEvent } from '../../../lib/api';
import { runTitle } from '../utils/run-view';
import { forgetRun, flush, useLive } from '../../../lib/live-store';

export interface OpenRun {
  runId: string;
  mode: 'live' | 'result';
  /** "Q1.1 (straight) on ssb_sf1", from the task while it runs. */
  title: string;
  progress: TaskProgress | null;
  cancelling: boolean;
  result: RunResult | null;
  loading: boolean;
  error: AppError | null;
}

export interface RunsState {
  runs: RunSummary[];
  listing: boolean;
  error: AppError | null;
  open: OpenRun | null;
  confirmingDelete: string | null;
  /** Runs ticked to compare ("Compare selected"), in the order ticked: the first is the baseline. */
  selected: string[];
  toggleSelected(runId: string): void;
  refresh(): Promise<void>;
  openRun(runId: string): Promise<void>;
  close(): void;
  cancel(): Promise<void>;
  checkStillRunning(): Promise<void>;
  askDelete(runId: string | null): void;
  remove(runId: string): Promise<void>;
  applyProgress(p: TaskProgress): void;
}

export const useRuns = create<RunsState>()((set, get) => {
  /** Loads the saved result of the open run and shows it. */
  const loadResult = async (runId: string) => {
    set((s) => (s.open?.runId === runId ? { open: { ...s.open, loading: true } } : {}));
    const result = await call('runs/get', { runId });
    const open = get().open;
    if (open?.runId !== runId) return;
    flush();
    forgetRun(runId);
    set({
      open: result.ok
        ? { ...open, mode: 'result', result: result.value, loading: false, error: null }
        : { ...open, mode: 'result', result: null, loading: false, error: result.error },
    });
    void get().refresh();
  };

  return {
    runs: [],
    listing: false,
    error: null,
    open: null,
    confirmingDelete: null,
    selected: [],
    toggleSelected: (runId) =>
      set((s) => ({
        selected: s.selected.includes(runId)
          ? s.selected.filter((id) => id !== runId)
          : [...s.selected, runId],
      })),

    refresh: async () => {
      set({ listing: true });
      const result = await call('runs/list', {});
      set({ listing: false });
      if (!result.ok) return set({ error: result.error });
      set({ runs: [...result.value].sort((a, b) => b.startedAt.localeCompare(a.startedAt)), error: null });
    },

    openRun: async (runId) => {
      const base = { runId, progress: null, cancelling: false, result: null, error: null };
      set({ open: { ...base, mode: 'result', title: runId, loading: true } });
      const saved = await call('runs/get', { runId });
      if (get().open?.runId !== runId) return;
      if (saved.ok && saved.value.state !== 'running') return void (await loadResult(runId));
      if (!saved.ok && saved.error.code !== 'NOT_FOUND')
        return set({ open: { ...base, mode: 'result', title: runId, loading: false, error: saved.error } });
      // Running (or not saved yet: a run is saved as it ends): follow it live.
      const tasks = await call('tasks/list', {});
      if (get().open?.runId !== runId) return;
      const task = tasks.ok ? tasks.value.find((t) => t.taskId === runId) : undefined;
      const started = Date.parse(task?.startedAt ?? (saved.ok ? saved.value.startedAt : '')) || Date.now();
      useLive.getState().follow(runId, started);
      set({
        open: {
          ...base,
          mode: 'live',
          title: task?.title ?? (saved.ok ? runTitle(saved.value) : runId),
          progress: task?.progress ?? null,
          loading: false,
        },
      });
    },

    close: () => set({ open: null }),

    cancel: async () => {
      const open = get().open;
      if (!open || open.mode !== 'live' || open.cancelling) return;
      set({ open: { ...open, cancelling: true } });
      const result = await call('tasks/cancel', { taskId: open.runId });
      if (!result.ok)
        set((s) => (s.open ? { open: { ...s.open, cancelling: false, error: result.error } } : {}));
    },

    checkStillRunning: async () => {
      const open = get().open;
      if (!open || open.mode !== 'live') return;
      const saved = await call('runs/get', { runId: open.runId });
      if (get().open?.runId !== open.runId || get().open?.mode !== 'live') return;
      if (saved.ok && saved.value.state !== 'running') await loadResult(open.runId);
    },

    askDelete: (runId) => set({ confirmingDelete: runId }),

    remove: async (runId) => {
      set({ confirmingDelete: null });
      const result = await call('runs/delete', { runId });
      if (!result.ok) return set({ error: result.error });
      if (get().open?.runId === runId) set({ open: null });
      await get().refresh();
    },

    applyProgress: (p) => {
      const open = get().open;
      if (!open || open.runId !== p.taskId || open.mode !== 'live') return;
      set({ open: { ...open, progress: p } });
      if (p.done) void loadResult(open.runId);
    },
  };
});

/** Follows the open run's progress; returns the unsubscribe function. */
export function followRunProgress(): () => void {
  return onEvent('task/progress', (p) => useRuns.getState().applyProgress(p));
}
