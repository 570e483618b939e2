/**
 * OLTP load results the Compare screen opened beside (or instead of) experiment files: `bplab load`
 * results, compared side by side as the CLI's compare does, and `bplab load --during` results, each
 * comparing its own sides. Pure, from the shared view-models the CLI and the report use too.
 */
import {
  loadFileLabel,
  loadGroupOfFiles,
  loadGroupsOfExperiment,
  loadReports,
  type LoadReport,
} from '../../../../shared/compare/load-report';
import type { OpenedResults } from '../../../../shared/contract';
import type { MixedLoadResult } from '../../../../shared/load/mixed-load';
import type { LoadResult } from '../../../../shared/load/oltp-load';
import type { LoadedResults } from './compare-view';

export type OpenedLoad =
  | { file: string; kind: 'load'; result: LoadResult }
  | { file: string; kind: 'mixed'; result: MixedLoadResult };

/** What opening a file gave the screen: an experiment (or run) file, or a load result. */
export type OpenedFile = LoadedResults | OpenedLoad;

export const isOpenedLoad = (f: OpenedFile): f is OpenedLoad => 'kind' in f;

/** reports/open's answer for a file, as the screen keeps it. */
export function openedFile(file: string, opened: OpenedResults): OpenedFile {
  return opened.kind === 'experiment'
    ? { file, experiment: opened.experiment }
    : ({ file, kind: opened.kind, result: opened.result } as OpenedLoad);
}

/** `list` with `added` in, a file opened again replacing its older copy (reloaded). */
export function withFiles<T extends { file: string }>(list: readonly T[], added: readonly T[]): T[] {
  const names = new Set(added.map((a) => a.file));
  return [...list.filter((f) => !names.has(f.file)), ...added];
}

/**
 * The sweeps the screen shows, answer first per load step: the `bplab load` results side by side (one
 * comparison, each named by its file), then each experiment file's sweeps by load step.
 */
export function sweepReports(files: readonly LoadedResults[], loads: readonly OpenedLoad[]): LoadReport[] {
  const plain = loads.flatMap((l) =>
    l.kind === 'load' ? [{ label: loadFileLabel(l.file, l.result), result: l.result }] : [],
  );
  return loadReports([
    ...(plain.length ? [loadGroupOfFiles(plain)] : []),
    ...files.flatMap((f) =>
      loadGroupsOfExperiment(
        f.file.split(/[\\/]/).pop() ?? f.file,
        f.experiment.definition,
        f.experiment.loads ?? [],
      ),
    ),
  ]);
}

/** Whether there is a report to export: runs compared, load sweeps, or a load result. */
export function hasReport(files: readonly LoadedResults[], loads: readonly OpenedLoad[]): boolean {
  return (
    loads.length > 0 ||
    files.some((f) => f.experiment.results.length > 0 || (f.experiment.loads ?? []).length > 0)
  );
}
