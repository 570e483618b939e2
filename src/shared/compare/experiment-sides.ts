/**
 * An experiment's results as sides to compare: one side per configuration (the plan's cell), its
 * counted runs in plan order (warm-ups are recorded but not counted), and post 001's table's input,
 * one ProtocolRun per cold or hot run. The CLI, the report export and the comparison screen all name
 * files and sides here, so a side reads the same in each.
 */
import type { ExperimentFile, ExperimentResult } from '../experiment-file';
import { queryLabel, type RunSide } from './comparison';
import type { ProtocolRun } from './flights';

/** What a report says about an experiment file beside its runs: its definition and its servers. */
export type ExperimentSource = Pick<
  ExperimentFile,
  'definition' | 'servers' | 'state' | 'savedAt' | 'bplabVersion'
> & { file: string };

export function experimentSides(
  results: readonly ExperimentResult[],
  prefix = '',
): { sides: RunSide[]; protocol: ProtocolRun[] } {
  const sides = new Map<string, RunSide>();
  const protocol: ProtocolRun[] = [];
  const counted = [...results]
    .sort((x, y) => x.planIndex - y.planIndex)
    .filter((r) => r.counted && r.pass.kind !== 'warmup');
  const name = cellNames(counted.map((r) => r.cell));
  for (const r of counted) {
    const label = `${prefix}${name(r.cell)}`;
    const side = sides.get(label) ?? { label, runs: [] };
    side.runs.push(r.run);
    sides.set(label, side);
    protocol.push({
      configuration: label,
      repetition: r.pass.kind === 'cold' ? 'cold' : r.pass.n,
      queryId: queryLabel(r.run),
      elapsedMs: r.run.state === 'complete' ? r.run.elapsedMs : null,
      run: r.run,
    });
  }
  return { sides: [...sides.values()], protocol };
}

/**
 * What tells configurations apart: a cell ("MySQL 8.0.31 · innodb_buffer_pool_size=128M ·
 * innodb_old_blocks_time=1000") without the parts every cell shares, so the sides read
 * "innodb_old_blocks_time=1000" against "innodb_old_blocks_time=0" (the shared parts are in the
 * settings table). A single configuration keeps its whole name.
 */
export function cellNames(cells: readonly string[]): (cell: string) => string {
  const distinct = [...new Set(cells)];
  if (distinct.length < 2) return (cell) => cell;
  const parts = distinct.map((c) => c.split(' · '));
  const shared = parts[0]!.filter((p) => parts.every((ps) => ps.includes(p)));
  return (cell) => {
    const own = cell.split(' · ').filter((p) => !shared.includes(p));
    return own.length > 0 ? own.join(' · ') : cell;
  };
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
  all: { sides: RunSide[]; protocol: ProtocolRun[] },
  labels: readonly string[],
): { sides: RunSide[]; protocol: ProtocolRun[] } | { problem: string } {
  const sides: RunSide[] = [];
  for (const label of labels) {
    const side = all.sides.find((s) => s.label === label);
    if (!side) return { problem: `no configuration is named ${label}` };
    if (!sides.includes(side)) sides.push(side);
  }
  const chosen = new Set(sides.map((s) => s.label));
  return {
    sides,
    protocol: all.protocol
      .filter((p) => chosen.has(p.configuration))
      .sort((x, y) => labels.indexOf(x.configuration) - labels.indexOf(y.configuration)),
  };
}
