/**
 * Post 004's table from saved OLTP loads: QPS by clients, one column per configuration (a load
 * result), with each one's p99; and, for two configurations, B's QPS over A's at each client count
 * (post 002's performance_schema ON against OFF is that ratio at 1 and 64 clients). A step that did
 * not complete is marked, never shown as a figure of its own kind.
 */
import { hasLatency, type LoadResult, type LoadStep } from '../load/oltp-load';
import { repeatSpread } from './load-repeats';
import { count, ms, none, num, ratio, text, txt, type ReportCell, type ReportTable } from './report-table';

export interface LoadSide {
  /** The configuration in words: a file's name, "performance_schema=OFF". */
  label: string;
  /** The sweep, or the median of its repeats (load-repeats.ts). */
  result: LoadResult;
  /** Each repeat as measured, where the configuration's sweeps were repeated (ABBA). */
  repeats?: LoadResult[];
}

function stepAt(result: LoadResult, clients: number): LoadStep | undefined {
  return result.steps.find((s) => s.clients === clients);
}

function qpsCell(step: LoadStep | undefined): ReportCell {
  if (!step) return none;
  if (step.state !== 'complete') return text(`${step.state} (${count(step.qps).text})`);
  return count(step.qps);
}

export function loadQpsTable(sides: LoadSide[]): ReportTable {
  const clients = [...new Set(sides.flatMap((s) => s.result.steps.map((x) => x.clients)))].sort(
    (a, b) => a - b,
  );
  const pair = sides.length === 2;
  const repeated = sides.filter((s) => (s.repeats?.length ?? 0) > 1);
  const columns = [
    num('clients'),
    ...sides.map((s) => num(repeated.includes(s) ? `${s.label} QPS (median)` : `${s.label} QPS`)),
    ...repeated.map((s) => txt(`${s.label} QPS of the ${s.repeats!.length} repeats`)),
    ...sides.map((s) => num(`${s.label} p99`)),
    ...(pair ? [num(`${sides[1]!.label} / ${sides[0]!.label}`)] : []),
  ];
  const rows = clients.map((c) => {
    const steps = sides.map((s) => stepAt(s.result, c));
    const [a, b] = steps;
    const both = pair && a?.state === 'complete' && b?.state === 'complete' && a.qps > 0;
    return [
      count(c),
      ...steps.map(qpsCell),
      ...repeated.map((s) => {
        const spread = repeatSpread(s.repeats!, c);
        return spread ? text(`${count(spread.min).text}–${count(spread.max).text}`) : none;
      }),
      ...steps.map((s) => (s && s.state === 'complete' && hasLatency(s) ? ms(s.p99) : none)),
      ...(pair ? [both ? ratio(b!.qps / a!.qps) : none] : []),
    ];
  });
  const workloads = [...new Set(sides.map((s) => s.result.spec.workload))].join(', ');
  return {
    id: 'load-qps',
    title: `QPS by clients (${workloads}), per configuration`,
    note: `Queries per second over each step’s counted time (BEGIN and COMMIT count as queries, as sysbench counts them); p99 in milliseconds. A step that did not complete shows its state.${repeated.length ? ' A configuration run more than once shows the median of its repeats (each its own run, alternating with the others: ABBA), and the lowest and highest QPS among them.' : ''}`,
    columns,
    rows,
  };
}
