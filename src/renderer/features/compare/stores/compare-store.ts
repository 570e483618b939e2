/**
 * The comparison screen: the results files loaded (one or several), the configurations chosen (the
 * first is the baseline), the pair shown in detail, and the report export. Files come through a
 * ResultsSource (main's experiments/open), never read twice: opening a file already loaded reloads it.
 */
import { create } from 'zustand';
import type { ReportExport } from '../../../../shared/contract';
import type { Grouping } from '../../../../shared/compare/grouping';
import type { RecentFile } from '../../../../shared/experiments/experiment-file';
import type { RunResult } from '../../../../shared/runs/runs';
import type { AppError } from '../../../../shared/result';
import { call } from '../../../lib/api';
import { dialogs } from '../../../lib/document-files';
import type { DroppedFile } from '../../../lib/dropped-file';
import {
  configurationChoices,
  effectiveGrouping,
  keepChoice,
  makeBaseline,
  startingChoice,
  toggleChoice,
  type LoadedResults,
} from '../utils/compare-view';
import { defaultExportPath, type ExportFormat } from '../utils/export-paths';
import { mainResultsSource, type ResultsSource } from '../utils/results-source';
import { isOpenedLoad, withFiles, type OpenedFile, type OpenedLoad } from '../utils/opened-loads';

export interface CompareState {
  files: LoadedResults[];
  /** `bplab load` and `bplab load --during` results opened (they hold no runs). */
  loads: OpenedLoad[];
  /** The path typed in the open field. */
  path: string;
  opening: boolean;
  error: AppError | null;
  /** Side labels, the baseline first. */
  chosen: string[];
  /** How the files' runs are grouped into sides; null: per configuration, or what gives two sides. */
  grouping: Grouping | null;
  /** Runs picked one by one in the Runs list, each its own side. */
  picked: RunResult[];
  /** Results files opened or saved lately (main's recent list), newest first. */
  recent: RecentFile[];
  pairId: string | null;
  exportFormat: ExportFormat;
  /** The report's simulator section: every run replayed (slower). */
  exportWhatIf: boolean;
  /** Empty: the default beside the first file. */
  exportTo: string;
  exporting: boolean;
  exported: ReportExport | null;
  exportError: AppError | null;
  setPath(path: string): void;
  open(file: string): Promise<void>;
  /**
   * A finished experiment's (or load's) Compare: that file alone, its own sides chosen and its
   * headline, whatever was compared before (the files opened before stay in the recent list).
   */
  show(file: string): Promise<void>;
  /** The desktop app's Open…: the OS dialog, several files at once, each added. */
  pickFiles(): Promise<void>;
  /** Files dropped on the screen, each added (by path or text); the first refusal is shown in words. */
  addDropped(files: readonly DroppedFile[]): Promise<void>;
  close(file: string): void;
  toggle(label: string): void;
  setGrouping(grouping: Grouping | null): void;
  /** Compares the runs of these ids (the Runs list's "Compare selected"), and nothing else. */
  comparePicked(runIds: readonly string[]): Promise<void>;
  loadRecent(): Promise<void>;
  baseline(label: string): void;
  showPair(pairId: string): void;
  setExport(patch: { format?: ExportFormat; to?: string; whatIf?: boolean }): void;
  exportReport(): Promise<void>;
}

export function createCompareStore(source: ResultsSource = mainResultsSource) {
  return create<CompareState>()((set, get) => {
    /** Files loaded join the comparison (one already there is replaced: reloaded), the choices kept. */
    const add = (opened: readonly OpenedFile[]) => {
      if (opened.length === 0) return;
      const files = withFiles(
        get().files,
        opened.filter((f): f is LoadedResults => !isOpenedLoad(f)),
      );
      const { grouping, picked } = get();
      set({
        files,
        loads: withFiles(get().loads, opened.filter(isOpenedLoad)),
        chosen: keepChoice(
          get().chosen,
          configurationChoices(files, grouping, picked),
          startingChoice(files, grouping, picked),
        ),
        exported: null,
      });
      void get().loadRecent();
    };
    return {
      files: [],
      loads: [],
      path: '',
      opening: false,
      error: null,
      chosen: [],
      grouping: null,
      picked: [],
      recent: [],
      pairId: null,
      exportFormat: 'html',
      exportWhatIf: false,
      exportTo: '',
      exporting: false,
      exported: null,
      exportError: null,
      setPath: (path) => set({ path }),
      open: async (file) => {
        const path = file.trim();
        if (!path) return;
        set({ opening: true, error: null });
        const opened = await source.open(path);
        set(opened.ok ? { opening: false, path: '' } : { opening: false, error: opened.error });
        if (opened.ok) add([opened.value]);
      },
      show: async (file) => {
        set({ opening: true, error: null });
        const opened = await source.open(file);
        if (!opened.ok) return set({ opening: false, error: opened.error });
        const shown = opened.value;
        const files = isOpenedLoad(shown) ? [] : [shown];
        set({
          files,
          loads: isOpenedLoad(shown) ? [shown] : [],
          picked: [],
          grouping: null,
          pairId: null,
          opening: false,
          path: '',
          chosen: keepChoice([], configurationChoices(files), startingChoice(files)),
          exported: null,
        });
        void get().loadRecent();
      },
      pickFiles: async () => {
        const paths = (await dialogs()?.pickOpenMany()) ?? [];
        if (paths.length > 0) await get().addDropped(paths.map((p) => ({ kind: 'path', name: p, path: p })));
      },
      addDropped: async (dropped) => {
        set({ opening: true, error: null });
        const loaded: OpenedFile[] = [];
        let error: AppError | null = null;
        for (const d of dropped) {
          const got =
            d.kind === 'path'
              ? await source.open(d.path)
              : d.kind === 'text'
                ? await source.parse(d.name, d.text)
                : ({ ok: false, error: d.error } as const);
          if (got.ok) loaded.push(got.value);
          else error ??= got.error;
        }
        set({ opening: false, error });
        add(loaded);
      },
      close: (file) => {
        const files = get().files.filter((f) => f.file !== file);
        const { grouping, picked } = get();
        set({
          files,
          loads: get().loads.filter((f) => f.file !== file),
          chosen: keepChoice(
            get().chosen,
            configurationChoices(files, grouping, picked),
            startingChoice(files, grouping, picked),
          ),
          exported: null,
        });
      },
      setGrouping: (grouping) => {
        const { files, picked } = get();
        set({
          grouping,
          chosen: keepChoice(
            [],
            configurationChoices(files, grouping, picked),
            startingChoice(files, grouping, picked),
          ),
          exported: null,
        });
      },
      comparePicked: async (runIds) => {
        set({ opening: true, error: null });
        const picked: RunResult[] = [];
        for (const runId of runIds) {
          const got = await call('runs/get', { runId });
          if (!got.ok) {
            set({ opening: false, error: got.error });
            return;
          }
          picked.push(got.value);
        }
        const choices = configurationChoices([], null, picked);
        set({
          files: [],
          loads: [],
          picked,
          grouping: null,
          opening: false,
          chosen: keepChoice([], choices),
          exported: null,
        });
      },
      loadRecent: async () => {
        const listed = await call('experiments/recent', {});
        if (listed.ok) set({ recent: listed.value });
      },
      toggle: (label) => set({ chosen: toggleChoice(get().chosen, label), exported: null }),
      baseline: (label) => set({ chosen: makeBaseline(get().chosen, label), exported: null }),
      showPair: (pairId) => set({ pairId }),
      setExport: ({ format, to, whatIf }) =>
        set(() => ({
          ...(format ? { exportFormat: format } : {}),
          ...(whatIf !== undefined ? { exportWhatIf: whatIf } : {}),
          ...(to !== undefined ? { exportTo: to } : {}),
          exported: null,
          exportError: null,
        })),
      exportReport: async () => {
        const s = get();
        const dropped = s.files.find((f) => f.dropped);
        if (dropped) {
          set({
            exported: null,
            exportError: {
              code: 'INVALID_ARGUMENT',
              message: `A report is made from the results files on disk, and ${dropped.file} was dropped into the page: bplab has no path to it.`,
              hint: 'Open it by its path (the field above) to export a report.',
            },
          });
          return;
        }
        const all = [...s.files, ...s.loads].map((f) => f.file);
        const to = s.exportTo.trim() || defaultExportPath(all[0], s.exportFormat);
        set({ exporting: true, exported: null, exportError: null });
        // Sides are the runs' configurations: files of load results or sweeps only have none to choose.
        const runs = s.files.some((f) => f.experiment.results.length > 0);
        const done = await call('reports/export', {
          files: all,
          ...(runs ? { sides: s.chosen } : {}),
          grouping: effectiveGrouping(s.files, s.grouping),
          format: s.exportFormat,
          to,
          ...(s.exportWhatIf ? { whatif: true } : {}),
        });
        set(
          done.ok
            ? { exporting: false, exported: done.value }
            : { exporting: false, exportError: done.error },
        );
      },
    };
  });
}

export const useCompare = createCompareStore();
