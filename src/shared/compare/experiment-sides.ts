/**
 * An experiment's results as sides to compare: one side per configuration (the plan's cell), its
 * counted runs in plan order (warm-ups are recorded but not counted), and post 001's table's input,
 * one ProtocolRun per cold or hot run. The CLI, the report export and the comparison screen all name
 * files and sides here, so a side reads the same in each.
 */
import type { ExperimentFile, ExperimentResult } from '../experiments/experiment-file';
import type { RunSide } from '../runs/run-side';
import type { ProtocolRun } from './flights';
import { groupResults, type GroupedSides, type Grouping } from './grouping';

/** What a report says about an experiment file beside its runs: its definition and its servers. */
export type ExperimentSource = Pick<
  ExperimentFile,
  'definition' | 'servers' | 'state' | 'savedAt' | 'bplabVersion'
> & { file: string };

/** An experiment's results as sides: per configuration unless another grouping is asked for (grouping.ts). */
export function experimentSides(
  results: readonly ExperimentResult[],
  prefix = '',
  by: Grouping = 'configuration',
): GroupedSides {
  return groupResults(results, by, prefix);
}

/** "q11-ob1000" from ".../q11-ob1000.bplab.json" (either kind of slash: this runs in the page too). */
export function fileLabel(path: string): string {
  const base = path.split(/[\\/]/).pop() ?? path;
  return base.replace(/(\.bplab)?\.json$/i, '') || path;
}

/** One label per file, in order; a name seen before gets " (2)", " (3)"... */
export function fileLabels(paths: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return paths.map((path) => {
    const base = fileLabel(path);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n > 1 ? `${base} (${n})` : base;
  });
}

/** The prefix of a file's sides: none for one file, "label: " when several files are compared. */
export function filePrefix(label: string, files: number): string {
  return files > 1 ? `${label}: ` : '';
}

/**
 * The chosen sides in the order chosen (the first is the baseline) and post 001's table's runs of
 * those configurations only. A label that names no side is an error in words, not a silent gap.
 */
export function chooseSides(
  all: { sides: RunSide[]; protocol: ProtocolRun[]; keys?: Map<unknown, string> },
  labels: readonly string[],
): { sides: RunSide[]; protocol: ProtocolRun[]; keys?: Map<unknown, string> } | { problem: string } {
  const sides: RunSide[] = [];
  for (const label of labels) {
    const side = all.sides.find((s) => s.label === label);
    if (!side) return { problem: `no configuration is named ${label}` };
    if (!sides.includes(side)) sides.push(side);
  }
  const chosen = new Set(sides.map((s) => s.label));
  return {
    sides,
    ...(all.keys ? { keys: all.keys } : {}),
    protocol: all.protocol
      .filter((p) => chosen.has(p.configuration))
      .sort((x, y) => labels.indexOf(x.configuration) - labels.indexOf(y.configuration)),
  };
}
