/**
 * The OLTP load screen's state: the form, the load started from it (load/start, then tasks/wait), its
 * seconds ('load/second') and steps ('load/step') as they come, and the live view following its pool
 * samples (the live store, under the load's run id). Cancel keeps what was measured.
 */
import { create } from 'zustand';
import { loadLiveRunId } from '../../../../shared/load/load-live';
import type { LoadSecond, LoadStep } from '../../../../shared/load/oltp-load';
import type { MixedLoadResult } from '../../../../shared/load/mixed-load';
import type { AppError } from '../../../../shared/result';
import { onEvent, call } from '../../../lib/api';
import { forgetRun, useLive } from '../../../lib/live-store';
import { runTask, type TaskHandle } from '../../../lib/task-runner';
import { checkLoadForm, DEFAULT_LOAD_FORM, type LoadForm } from '../utils/load-form';
import { loadOutcomeWords, loadPoolSample } from '../utils/pool-pages';
import type { PoolStatsSample } from '../../../../shared/runs/runs';
import { pageTraceOption, type PageTraceOption } from '../../../../shared/trace/traced-runs';
import { withServer } from '../../../lib/server-session';

/** Seconds kept for the chart (a long sweep is thinned to the latest). */
export const SECONDS_BOUND = 3_600;

export interface LoadState {
  form: LoadForm;
  problem: string | null;
  taskId: string | null;
  running: boolean;
  cancelling: boolean;
  seconds: Array<{ clients: number; second: LoadSecond }>;
  steps: LoadStep[];
  /** How the last load ended, in words. */
  outcome: string | null;
  /** Where the last load's result was saved (loads/ in the data folder): Compare opens it. */
  file: string | null;
  /** The load's own pool as last sampled while it ran (kept once it ended); null when none came. */
  pool: PoolStatsSample | null;
  error: AppError | null;
  /** A saved mixed preset result opened by its path (bplab load --during), for its sides side by side. */
  mixedPath: string;
  mixed: MixedLoadResult | null;
  mixedError: AppError | null;
  /** Whether the chosen server can be traced (its capability report), for "Trace one client"; null: not read yet. */
  pageTrace: PageTraceOption | null;
  readPageTrace(profileId: string | null): Promise<void>;
  setMixedPath(path: string): void;
  openMixed(): Promise<void>;
  edit(patch: Partial<LoadForm>): void;
  start(profileId: string): void;
  cancel(): Promise<void>;
  /** Takes a second or a step of the load followed (exported for the store's tests). */
  receiveSecond(e: { taskId: string; clients: number; second: LoadSecond }): void;
  receiveStep(e: { taskId: string; step: LoadStep }): void;
}

/** A load's own state before it starts: the form and the mixed result opened beside it are kept. */
const NOTHING_MEASURED = {
  taskId: null,
  running: false,
  cancelling: false,
  seconds: [],
  steps: [],
  outcome: null,
  file: null,
  pool: null,
  error: null,
} satisfies Partial<LoadState>;

let handle: TaskHandle | null = null;
/** The server whose capabilities "Trace one client" waits for. */
let traceAskedFor: string | null = null;

export const useLoad = create<LoadState>()((set, get) => ({
  form: DEFAULT_LOAD_FORM,
  problem: null,
  ...NOTHING_MEASURED,
  mixedPath: '',
  mixed: null,
  mixedError: null,
  pageTrace: null,

  readPageTrace: async (profileId) => {
    traceAskedFor = profileId;
    set({ pageTrace: null });
    if (!profileId) return;
    const report = await withServer(profileId, (auth) => call('connections/capabilities', auth));
    // Another server chosen meanwhile: its answer is the one shown.
    if (traceAskedFor !== profileId) return;
    set({
      pageTrace: report.ok
        ? pageTraceOption(report.value.capabilities)
        : {
            available: false,
            reason: `the server's capabilities could not be read (${report.error.message})`,
          },
    });
  },

  setMixedPath: (mixedPath) => set({ mixedPath }),

  openMixed: async () => {
    const file = get().mixedPath.trim();
    if (!file) return;
    const opened = await call('load/open-mixed', { file });
    set(opened.ok ? { mixed: opened.value, mixedError: null } : { mixedError: opened.error });
  },

  edit: (patch) => set((s) => ({ form: { ...s.form, ...patch }, problem: null })),

  start: (profileId) => {
    if (get().running) return;
    const { form, pageTrace } = get();
    // A box ticked before the server was known to be untraceable asks for no trace.
    const checked = checkLoadForm({ ...form, traceClient: form.traceClient && !!pageTrace?.available });
    if (!checked.ok) return set({ problem: checked.problem });
    set({ ...NOTHING_MEASURED, running: true });
    handle = runTask(
      () => call('load/start', { profileId, spec: checked.spec, driver: checked.driver }),
      (taskId) => {
        set({ taskId });
        useLive.getState().follow(loadLiveRunId(taskId), Date.now());
      },
    );
    void handle.outcome.then((r) => {
      const taskId = get().taskId;
      const live = useLive.getState();
      const pool = taskId ? loadPoolSample(live.runId, live.stats, taskId) : null;
      if (taskId) forgetRun(loadLiveRunId(taskId));
      handle = null;
      if (r.ok && r.value.kind === 'oltp-load')
        set({
          running: false,
          cancelling: false,
          pool,
          outcome: loadOutcomeWords(r.value.load),
          file: r.value.file ?? null,
        });
      else if (!r.ok && r.error.code === 'CANCELLED')
        set({ running: false, cancelling: false, pool, outcome: 'Cancelled: what was measured is kept.' });
      else set({ running: false, cancelling: false, error: r.ok ? null : r.error });
    });
  },

  cancel: async () => {
    if (!handle) return;
    set({ cancelling: true });
    const error = await handle.cancel();
    if (error) set({ error, cancelling: false });
  },

  receiveSecond: (e) => {
    if (e.taskId !== get().taskId) return;
    set((s) => ({ seconds: [...s.seconds, { clients: e.clients, second: e.second }].slice(-SECONDS_BOUND) }));
  },

  receiveStep: (e) => {
    if (e.taskId !== get().taskId) return;
    set((s) => ({ steps: [...s.steps, e.step] }));
  },
}));

/** Listens to the load's events whichever screen is shown; returns the unsubscribe. */
export function followLoadEvents(): () => void {
  const offSecond = onEvent('load/second', (e) => useLoad.getState().receiveSecond(e));
  const offStep = onEvent('load/step', (e) => useLoad.getState().receiveStep(e));
  return () => {
    offSecond();
    offStep();
  };
}
