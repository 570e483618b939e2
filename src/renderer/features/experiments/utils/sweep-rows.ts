/**
 * A results file's OLTP load sweeps (posts 002 and 004) as the experiment screen lists them: per sweep
 * its configuration, server, repeat, QPS and p99 per client count and the engine that drove it; and the
 * sweeps as kept items beside the query runs, so an experiment of load steps only ends with its sweeps
 * counted (not "0 of 8 runs done") and offers Compare. Tested without a screen.
 */
import type { ExperimentFile } from '../../../../shared/experiments/experiment-file';
import { expandCells } from '../../../../shared/experiments/experiments';
import { loadSweepLabel } from '../../../../shared/load/experiment-load';
import { formatCount, formatMs } from '../../../../shared/format';
import { hasLatency, type LoadResult } from '../../../../shared/load/oltp-load';

export interface SweepRow {
  planIndex: number;
  server: string;
  /** "performance_schema=OFF · innodb_buffer_pool_size=128M"; the server's own when the matrix is empty. */
  settings: string;
  /** "read-only, 1 table × 1,000 rows, 1–2 clients" */
  load: string;
  /** The repeat (ABBA), 1 when not repeated. */
  repeat: number;
  /** "1 client: 3,556 QPS (p99 1.20 ms) · 64 clients: 12,154 QPS (p99 9.10 ms)", or what ended a step. */
  perClients: string;
  /** "sysbench 1.0.20", "bplab's own engine", or "not recorded" (a file saved before bplab said it). */
  engine: string;
  state: LoadResult['state'];
}

export function engineName(result: Pick<LoadResult, 'engine'>): string {
  const e = result.engine;
  if (!e) return 'not recorded';
  return e.name === 'sysbench' ? `sysbench ${e.version ?? ''}`.trim() : "bplab's own engine";
}

function perClients(result: LoadResult): string {
  if (result.steps.length === 0) return 'no step measured';
  return result.steps
    .map((s) => {
      const who = `${s.clients} client${s.clients === 1 ? '' : 's'}`;
      return s.state === 'complete'
        ? `${who}: ${formatCount(s.qps)} QPS (${hasLatency(s) ? `p99 ${formatMs(s.p99)}` : 'p99 not measured'})`
        : `${who}: ${s.state}`;
    })
    .join(' · ');
}

/** The file's sweeps in plan order. */
export function sweepRows(file: Pick<ExperimentFile, 'definition' | 'loads'>): SweepRow[] {
  const cells = new Map(expandCells(file.definition).map((c) => [c.key, c]));
  const steps = file.definition.loads ?? [];
  return [...(file.loads ?? [])]
    .sort((a, b) => a.planIndex - b.planIndex)
    .map((l) => {
      const cell = cells.get(l.cell);
      const settings = cell?.settings.map((x) => `${x.variable}=${x.value}`).join(' · ');
      const step = steps[l.step];
      return {
        planIndex: l.planIndex,
        server: cell?.server ?? '—',
        settings: cell ? settings || 'the server’s own settings' : l.cell,
        load: step ? loadSweepLabel(step) : `load step ${l.step + 1}`,
        repeat: l.repeat ?? 1,
        perClients: perClients(l.result),
        engine: engineName(l.result),
        state: l.result.state,
      };
    });
}

/**
 * What the file kept, query runs and sweeps alike, as the end's words count them: a sweep that did not
 * complete is kept with what it measured, as an interrupted run is.
 */
export function keptItems(
  file: Pick<ExperimentFile, 'results' | 'loads'> | null | undefined,
): Array<{ run: { state: string } }> {
  if (!file) return [];
  return [
    ...file.results,
    ...(file.loads ?? []).map((l) => ({
      run: { state: l.result.state === 'complete' ? 'complete' : 'interrupted' },
    })),
  ];
}
