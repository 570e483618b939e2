/**
 * An experiment's results as sides to compare: one side per configuration (the plan's cell), its
 * counted runs in plan order (warm-ups are recorded but not counted), and post 001's table's input,
 * one ProtocolRun per cold or hot run.
 */
import type { ExperimentResult } from '../experiment-file';
import { queryLabel, type RunSide } from './comparison';
import type { ProtocolRun } from './flights';

export function experimentSides(
  results: readonly ExperimentResult[],
  prefix = '',
): { sides: RunSide[]; protocol: ProtocolRun[] } {
  const sides = new Map<string, RunSide>();
  const protocol: ProtocolRun[] = [];
  for (const r of [...results].sort((x, y) => x.planIndex - y.planIndex)) {
    if (!r.counted || r.pass.kind === 'warmup') continue;
    const label = `${prefix}${r.cell}`;
    const side = sides.get(label) ?? { label, runs: [] };
    side.runs.push(r.run);
    sides.set(label, side);
    protocol.push({
      configuration: label,
      repetition: r.pass.kind === 'cold' ? 'cold' : r.pass.n,
      queryId: queryLabel(r.run),
      elapsedMs: r.run.state === 'complete' ? r.run.elapsedMs : null,
    });
  }
  return { sides: [...sides.values()], protocol };
}
