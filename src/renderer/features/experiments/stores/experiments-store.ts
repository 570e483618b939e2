/**
 * The Experiments screen's own state: the presets and the catalogue to pick from, the server's answer
 * to experiments/check for the draft (why it cannot run), and the experiment started from this page:
 * its progress ('experiments/progress'), the run being captured (followed in the live view through
 * 'runs/sample'), Cancel (tasks/cancel), and how it ended ('experiments/finished'). The draft itself
 * is the open document (lib/documents.ts).
 */
import { create } from 'zustand';
import { OLTP_PRESET_SCHEMA } from '../../../../shared/load/experiment-load';
import type {
  ExperimentCheck,
  ExperimentDefinitionInput,
  ExperimentFinished,
  ExperimentProgress,
} from '../../../../shared/experiments/experiments';
import type { AppError } from '../../../../shared/result';
import type { LiveRunSample } from '../../../../shared/runs/lru-map-codec';
import type { CatalogueQuery } from '../../../../shared/runs/runs';
import { call, onEvent } from '../../../lib/api';
import { checkedDefinition } from '../../../lib/document-files';
import { useDocuments } from '../../../lib/documents';
import { flush, forgetRun, useLive } from '../../../lib/live-store';
import { runWords } from '../utils/builder-view';

export interface RunningExperiment {
  /** The document it was started from (documents' `opened`): its end is shown there only. */
  document: number;
  /** Null until experiments/start answers (its first events may come before). */
  experimentId: string | null;
  taskId: string | null;
  file: string | null;
  progress: ExperimentProgress | null;
  /** The run the live view follows: the latest whose samples came in. */
  runId: string | null;
  /** Which run of the plan that is, in words ("Q1.1, cold · MariaDB · innodb_old_blocks_time=0"). */
  liveOf: string | null;
  cancelling: boolean;
  finished: ExperimentFinished | null;
}

export interface ExperimentsState {
  presets: Array<{ id: string; title: string; source: string; oltp: boolean }>;
  catalogue: CatalogueQuery[];
  loadError: AppError | null;
  /** experiments/check's last answer, and the draft it answered for (an edit since makes it stale). */
  check: ExperimentCheck | null;
  checkedFor: ExperimentDefinitionInput | null;
  checkError: AppError | null;
  /** The preset chosen in the list: kept when the screen is left, and the one "Use preset" applies. */
  presetId: string;
  presetError: AppError | null;
  startError: AppError | null;
  starting: boolean;
  running: RunningExperiment | null;
  load(): Promise<void>;
  /** Asks main whether the draft can run (debounced by the screen). */
  runCheck(): Promise<void>;
  /** Chooses the preset shown (an error about another choice goes). */
  choosePreset(presetId: string): void;
  /** Applies the preset shown in the list (shownPreset), never another. */
  applyPreset(): Promise<void>;
  start(): Promise<void>;
  cancel(): Promise<void>;
  /** Forgets a finished experiment's progress (the document keeps its results). */
  dismiss(): void;
}

export const useExperiments = create<ExperimentsState>()((set, get) => ({
  presets: [],
  catalogue: [],
  loadError: null,
  check: null,
  checkedFor: null,
  checkError: null,
  presetId: 'old-blocks-time',
  presetError: null,
  startError: null,
  starting: false,
  running: null,

  load: async () => {
    // Coming back to the screen: an error left from before is not about what is shown now.
    set({ presetError: null });
    const [presets, queries] = await Promise.all([call('experiments/presets', {}), call('queries/list', {})]);
    if (!presets.ok) return set({ loadError: presets.error });
    if (!queries.ok) return set({ loadError: queries.error });
    set({ presets: presets.value, catalogue: queries.value, loadError: null });
  },

  runCheck: async () => {
    const definition = useDocuments.getState().current?.definition;
    if (!definition) return set({ check: null, checkedFor: null });
    const result = await call('experiments/check', { definition });
    // An answer for a draft edited since is not the truth any more.
    if (useDocuments.getState().current?.definition !== definition) return;
    set(
      result.ok
        ? { check: result.value, checkedFor: definition, checkError: null }
        : { check: null, checkedFor: definition, checkError: result.error },
    );
  },

  choosePreset: (presetId) => set({ presetId, presetError: null }),

  applyPreset: async () => {
    const presetId = shownPreset(get().presets, get().presetId);
    if (!presetId) return;
    const docs = useDocuments.getState();
    const draft = docs.current?.definition;
    if (!draft) return;
    // An OLTP preset (posts 002, 004) reads no dataset: it runs on sysbench's own tables, prepared when missing.
    const oltp = get().presets.find((p) => p.id === presetId)?.oltp === true;
    if (draft.servers.length === 0)
      return set({
        presetError: {
          code: 'INVALID_ARGUMENT',
          message: oltp
            ? 'Pick the servers first: the preset runs its load on each.'
            : 'Pick the servers and type the dataset’s schema first: a preset sizes its pool from the data.',
        },
      });
    if (!oltp && !draft.schema.trim())
      return set({
        presetError: {
          code: 'INVALID_ARGUMENT',
          message: 'Type the dataset’s schema first: a preset sizes its pool from the data.',
        },
      });
    const result = await call('experiments/preset', {
      presetId,
      servers: draft.servers,
      schema: oltp ? OLTP_PRESET_SCHEMA : draft.schema.trim(),
    });
    if (!result.ok) return set({ presetError: result.error });
    set({ presetError: null });
    docs.edit(result.value);
  },

  start: async () => {
    const docs = useDocuments.getState();
    const current = docs.current;
    if (!current) return;
    const checked = checkedDefinition(current.definition, 'cannot start yet');
    if (!checked.ok) return set({ startError: checked.error });
    set({
      starting: true,
      startError: null,
      running: {
        document: useDocuments.getState().opened,
        experimentId: null,
        taskId: null,
        file: null,
        progress: null,
        runId: null,
        liveOf: null,
        cancelling: false,
        finished: null,
      },
    });
    const result = await call('experiments/start', {
      definition: checked.value,
      ...(current.path ? { file: current.path } : {}),
    });
    set({ starting: false });
    if (!result.ok) return set({ startError: result.error, running: null });
    const { experimentId, taskId, file } = result.value;
    // Main wrote the file with this definition: the document lives there now, saved.
    useDocuments.getState().attach(file);
    // Unless it has already ended (its end can arrive before this answer).
    if (!get().running?.finished) useDocuments.getState().setRunningInto(file);
    set((s) => ({ running: s.running && { ...s.running, experimentId, taskId, file } }));
  },

  cancel: async () => {
    const running = get().running;
    if (!running?.taskId || running.finished) return;
    set({ running: { ...running, cancelling: true } });
    const result = await call('tasks/cancel', { taskId: running.taskId });
    if (!result.ok)
      set((s) => ({ startError: result.error, running: s.running && { ...s.running, cancelling: false } }));
  },

  dismiss: () => set({ running: null }),
}));

/** The preset the list shows: the one chosen, or the first when the list has no such preset. */
export function shownPreset(presets: ReadonlyArray<{ id: string }>, chosen: string): string | null {
  return presets.some((p) => p.id === chosen) ? chosen : (presets[0]?.id ?? null);
}

/** An event of the experiment this page started (or is starting: its id is not known yet). */
function ours(experimentId: string): boolean {
  const running = useExperiments.getState().running;
  if (!running || running.finished) return false;
  return running.experimentId === null || running.experimentId === experimentId;
}

function onProgress(p: ExperimentProgress & { experimentId: string }): void {
  if (!ours(p.experimentId)) return;
  useExperiments.setState((s) => ({
    running: s.running && { ...s.running, experimentId: p.experimentId, progress: p },
  }));
}

async function onFinished(f: ExperimentFinished): Promise<void> {
  if (!ours(f.experimentId)) return;
  useDocuments.getState().setRunningInto(null);
  // Its results are in the file: the document shows them, and the end's words count them, so the end
  // is shown once they are read (not "all 0 runs done" while the file is on its way).
  await useDocuments.getState().reload();
  useExperiments.setState((s) => ({
    running: s.running && { ...s.running, experimentId: f.experimentId, finished: f, cancelling: false },
  }));
  const runId = useExperiments.getState().running?.runId;
  if (runId) forgetRun(runId);
}

/** A run of the experiment started: the live view follows it. */
function onSample(sample: LiveRunSample): void {
  const running = useExperiments.getState().running;
  if (!running || running.finished || running.runId === sample.runId) return;
  if (running.runId) forgetRun(running.runId);
  // Its progress event came before its samples: the run under way is the one they belong to.
  const current = running.progress?.current;
  useExperiments.setState({
    running: { ...running, runId: sample.runId, liveOf: current ? runWords(current) : null },
  });
  useLive.getState().follow(sample.runId, Date.now());
  // After this event's other listener (the live store's) took the sample in: its charts show at once,
  // not after the next flush ("No LRU snapshot yet" beside a drawn map).
  queueMicrotask(flush);
}

/** Follows the experiment events (the screen registry keeps this on whichever screen is shown). */
export function followExperimentEvents(): () => void {
  const stops = [
    onEvent('experiments/progress', onProgress),
    onEvent('experiments/finished', (f) => void onFinished(f)),
    onEvent('runs/sample', onSample),
  ];
  return () => stops.forEach((stop) => stop());
}
