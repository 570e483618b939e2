/**
 * What the comparison and the report show of OLTP load sweeps (posts 002 and 004), answer first: per
 * load step a headline, post 002's performance_schema cost in words where the sides differ by it, the
 * QPS-against-clients chart with p99 (a view-model both the screen's recharts chart and the report's
 * SVG draw), then post 004's table (load-tables.ts). Pure: the sides come from experiment files' loads
 * or from `bplab load` result files.
 */
import {
  cacheShare,
  loadSweepLabel,
  type ExperimentLoadRecord,
  type SweepPageCache,
} from '../load/experiment-load';
import { pageCacheFinding } from './load-page-cache';
import { isServerOwn, type ExperimentDefinition } from '../experiments/experiments';
import { formatCount, formatMs, formatShare } from '../format';
import { clientBound, engineWords, hasLatency, type LoadResult } from '../load/oltp-load';
import { combineRepeats, spreadQps } from './load-repeats';
import { loadQpsTable, type LoadSide } from './load-tables';
import type { ReportTable } from './report-table';

/** A side of a load comparison: a configuration's sweep, with what it asked and what the server took. */
export interface LoadCompareSide extends LoadSide {
  /** The matrix's values asked, by variable ("performance_schema" → "OFF"). */
  asked: Record<string, string>;
  /** The same variables as the server reported them (empty for a plain load result file). */
  readBack: Record<string, string | null>;
  /** The pool's share of the sweep's tables, when both were read. */
  cacheShare: number | null;
  /** The server's label in the experiment ('' for a plain load result file). */
  server: string;
  /** How cold the OS page cache was for the sweep, and the bytes of its tables (experiment sweeps only). */
  pageCache?: SweepPageCache | null;
  dataBytes?: number | null;
}

/** One load step's sweeps side by side (one per configuration). */
export interface LoadGroup {
  id: string;
  title: string;
  sides: LoadCompareSide[];
}

/**
 * A configuration's name among the others: the parts of its key that differ between them
 * ("MariaDB 10.11 · innodb_buffer_pool_size=128M · performance_schema=OFF" → "performance_schema=OFF").
 */
function cellLabels(cells: readonly string[]): string[] {
  const split = cells.map((c) => c.split(' · '));
  const differs = (i: number) => new Set(split.map((p) => p[i])).size > 1;
  return split.map((parts, n) => parts.filter((_, i) => differs(i)).join(' · ') || cells[n]!);
}

function askedOf(cell: string): Record<string, string> {
  const asked: Record<string, string> = {};
  for (const part of cell.split(' · ').slice(1)) {
    const eq = part.indexOf('=');
    if (eq > 0) asked[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return asked;
}

/**
 * An experiment file's sweeps, grouped by load step, a side per configuration in the plan's order; a
 * configuration's repeats (ABBA) make one side: the median of its repeats, each repeat kept beside it.
 */
export function loadGroupsOfExperiment(
  name: string,
  def: Pick<ExperimentDefinition, 'servers' | 'loads'>,
  loads: readonly ExperimentLoadRecord[],
): LoadGroup[] {
  return (def.loads ?? [])
    .map((step, i) => {
      const mine = loads.filter((l) => l.step === i).sort((a, b) => a.planIndex - b.planIndex);
      const cells = [...new Set(mine.map((l) => l.cell))];
      const labels = cellLabels(cells);
      return {
        id: `load-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}-${i + 1}`,
        title: loadSweepLabel(step),
        sides: cells.map((cell, n) => {
          const records = mine.filter((l) => l.cell === cell);
          const l = records[0]!;
          const repeats = records.map((r) => r.result);
          return {
            label: labels[n]!,
            result: combineRepeats(repeats),
            ...(repeats.length > 1 ? { repeats } : {}),
            asked: askedOf(cell),
            server: cell.split(' · ')[0] ?? '',
            readBack: l.readBack,
            cacheShare: cacheShare(l),
            pageCache: l.pageCache ?? null,
            dataBytes: l.dataBytes,
          };
        }),
      };
    })
    .filter((g) => g.sides.length > 0);
}

/** The name bplab gives a load it saves in loads/: its start time, then its workload. */
const SAVED_LOAD_NAME = /^\d{4}-\d\d-\d\dT[\d-]+Z-[\w-]+$/;

/**
 * How a `bplab load` result is named beside others: its file name without the suffix, or, for a name
 * bplab made (a start time), what it is: its workload on its server.
 */
export function loadFileLabel(path: string, result?: Pick<LoadResult, 'spec' | 'server'>): string {
  const base = (path.split(/[\\/]/).pop() ?? path).replace(/\.bplab-load\.json$|\.json$/, '');
  if (!result || !SAVED_LOAD_NAME.test(base)) return base;
  return `${result.spec.workload} on ${result.server.version || result.server.where}`;
}

/** `bplab load` result files side by side, named by their labels (a label seen before gets " (2)"…). */
export function loadGroupOfFiles(files: ReadonlyArray<{ label: string; result: LoadResult }>): LoadGroup {
  const steps = [...new Set(files.map((f) => loadSweepLabel(f.result.spec)))];
  const seen = new Map<string, number>();
  return {
    id: 'load-files',
    title: steps.length === 1 ? steps[0]! : 'OLTP loads',
    sides: files.map((f) => {
      const n = (seen.get(f.label) ?? 0) + 1;
      seen.set(f.label, n);
      const label = n > 1 ? `${f.label} (${n})` : f.label;
      return { ...f, label, asked: {}, readBack: {}, cacheShare: null, server: '' };
    }),
  };
}

export interface LoadChartPoint {
  clients: number;
  qps: number;
  /** Milliseconds; null for a step that did not complete. */
  p99: number | null;
  complete: boolean;
}

export interface LoadChartView {
  title: string;
  /** Every client count of any side, ascending (the x axis is logarithmic: 1, 2, 4 … 256). */
  clients: number[];
  /** qpsColor, p99Color: indexes in the chart's palette, never one colour for two lines. */
  series: Array<{ key: string; label: string; points: LoadChartPoint[]; qpsColor: number; p99Color: number }>;
  qpsMax: number;
  p99Max: number;
  /** One row per client count, a qps and p99 field per series (recharts' data). */
  rows: Array<Record<string, number | null>>;
}

/** The QPS-against-clients chart with p99: a line of QPS and one of p99 per side. */
export function loadChart(group: LoadGroup): LoadChartView {
  const clients = [...new Set(group.sides.flatMap((s) => s.result.steps.map((x) => x.clients)))].sort(
    (a, b) => a - b,
  );
  const series = group.sides.map((s, i) => ({
    key: `s${i}`,
    label: s.label,
    qpsColor: 2 * i,
    p99Color: 2 * i + 1,
    points: s.result.steps.map((x) => ({
      clients: x.clients,
      qps: x.qps,
      p99: x.state === 'complete' && hasLatency(x) ? x.p99 : null,
      complete: x.state === 'complete',
    })),
  }));
  const rows = clients.map((c) => {
    const row: Record<string, number | null> = { clients: c };
    for (const s of series) {
      const p = s.points.find((x) => x.clients === c);
      row[`${s.key}qps`] = p?.complete ? p.qps : null;
      row[`${s.key}p99`] = p?.p99 ?? null;
    }
    return row;
  });
  const all = series.flatMap((s) => s.points.filter((p) => p.complete));
  return {
    title: `QPS and p99 by clients: ${group.title}`,
    clients,
    series,
    qpsMax: Math.max(0, ...all.map((p) => p.qps)),
    p99Max: Math.max(0, ...all.map((p) => p.p99 ?? 0)),
    rows,
  };
}

/** Whether a side ran with performance_schema on: as the server read it back, else as asked. */
function pfsOn(side: LoadCompareSide): boolean | null {
  const v = side.readBack.performance_schema ?? side.asked.performance_schema;
  if (v === undefined || v === null) return null;
  return /^(1|on)$/i.test(v);
}

/** The other settings of a side, to pair sides that differ only by performance_schema. */
function restKey(side: LoadCompareSide): string {
  return [
    side.server,
    ...Object.entries(side.asked)
      .filter(([k]) => k !== 'performance_schema')
      .map(([k, v]) => `${k}=${v}`),
  ]
    .filter(Boolean)
    .join(' · ');
}

export interface PfsCost {
  /** "performance_schema costs 7.5% at 1 client, 13% at 64 (read-only, …)" */
  text: string;
  /** `spread`: the larger of the two sides' spread between their repeats, in QPS (0 with one repeat). */
  at: Array<{ clients: number; cost: number; on: number; off: number; spread: number }>;
  /** Where the repeats of one side differ by more than the cost reported, in words; null where none do. */
  noise: string | null;
}

/**
 * Post 002's figure: what performance_schema costs, 1 − QPS(on) / QPS(off), at each client count both
 * sides measured completely; for each pair of sides that differ only by it. None without such a pair.
 */
export function performanceSchemaCost(group: LoadGroup): PfsCost[] {
  const out: PfsCost[] = [];
  for (const on of group.sides.filter((s) => pfsOn(s) === true)) {
    const off = group.sides.find((s) => pfsOn(s) === false && restKey(s) === restKey(on));
    if (!off) continue;
    const at = on.result.steps.flatMap((a) => {
      const b = off.result.steps.find((x) => x.clients === a.clients);
      if (a.state !== 'complete' || b?.state !== 'complete' || b.qps <= 0) return [];
      const spread = Math.max(
        spreadQps(on.repeats ?? [], a.clients),
        spreadQps(off.repeats ?? [], a.clients),
      );
      return [{ clients: a.clients, cost: 1 - a.qps / b.qps, on: a.qps, off: b.qps, spread }];
    });
    if (at.length === 0) continue;
    const parts = at.map((x, i) => {
      const sameWay = i > 0 && Math.sign(at[i - 1]!.cost) === Math.sign(x.cost);
      const verb = sameWay ? '' : x.cost >= 0 ? 'costs ' : 'gains ';
      const who = i === 0 ? ` client${x.clients === 1 ? '' : 's'}` : '';
      return `${verb}${formatShare(Math.abs(x.cost))} at ${x.clients}${who}`;
    });
    const rest = restKey(on);
    const repeats = Math.min(on.repeats?.length ?? 1, off.repeats?.length ?? 1);
    const noisy = at.filter((x) => x.spread > Math.abs(x.on - x.off));
    out.push({
      text: `performance_schema ${parts.join(', ')} (QPS on against off${repeats > 1 ? `, the median of ${repeats} repeats each` : ''}${rest ? `, ${rest}` : ''}).`,
      at,
      noise: noisy.length
        ? `The repeats of one setting differ by more than ON and OFF do at ${noisy
            .map(
              (x) =>
                `${x.clients} client${x.clients === 1 ? '' : 's'} (repeats up to ${formatCount(x.spread)} QPS apart, against ${formatCount(Math.abs(x.on - x.off))} between the medians)`,
            )
            .join(', ')}: there the difference is within the machine's noise, not performance_schema's cost.`
        : null,
    });
  }
  return out;
}

/** The peak of each side in one line: "A: 12,345 QPS at 16 clients (p99 2.1 ms); B: …". */
export function loadHeadline(group: LoadGroup): string {
  const peaks = group.sides.map((s) => {
    const done = s.result.steps.filter((x) => x.state === 'complete');
    const best = done.reduce<(typeof done)[number] | null>((m, x) => (!m || x.qps > m.qps ? x : m), null);
    const share = s.cacheShare === null ? '' : `, pool ${formatShare(s.cacheShare)} of the data`;
    return best
      ? `${s.label}: ${formatCount(best.qps)} QPS at ${best.clients} client${best.clients === 1 ? '' : 's'} (${hasLatency(best) ? `p99 ${formatMs(best.p99)}` : 'p99 not measured'}${share})`
      : `${s.label}: no step completed`;
  });
  return `Peak ${group.title}: ${peaks.join('; ')}`;
}

/** A load step's comparison, answer first: headline, findings in words, chart, then post 004's table. */
export interface LoadReport {
  id: string;
  headline: string;
  findings: string[];
  chart: LoadChartView;
  table: ReportTable;
}

export function loadReports(groups: readonly LoadGroup[]): LoadReport[] {
  return groups.map((g) => {
    const table = loadQpsTable(g.sides);
    // Per side, the client counts at which QPS reached 80% of the client's own SELECT 1 ceiling (a
    // ceiling under the QPS says the machine was busy, not that the client was the limit: told apart).
    const bound = g.sides.flatMap((s) => {
      const at = s.result.steps
        .filter((x) => clientBound(x) && x.ceiling!.qps >= x.qps)
        .map((x) => x.clients);
      return at.length ? [`${s.label} at ${listWords(at)} client${at.at(-1) === 1 ? '' : 's'}`] : [];
    });
    // A ceiling under the real statements' QPS was itself slowed: the machine was busy with more than the load.
    const lowCeiling = g.sides.flatMap((s) =>
      s.result.steps.filter((x) => x.ceiling && x.ceiling.qps < x.qps).map((x) => x.clients),
    );
    const differs = g.sides.flatMap((s) =>
      Object.entries(s.asked)
        .filter(([k, v]) => {
          const got = s.readBack[k];
          return got !== undefined && got !== null && !isServerOwn(v) && !sameValue(v, got);
        })
        .map(([k, v]) => `${s.label}: ${k} asked ${v}, the server ran with ${s.readBack[k]}`),
    );
    const cold = pageCacheFinding(g.sides);
    const engine = engineFinding(g.sides);
    return {
      id: g.id,
      headline: loadHeadline(g),
      findings: [
        ...performanceSchemaCost(g).flatMap((c) => (c.noise ? [c.text, c.noise] : [c.text])),
        ...differs,
        ...(cold ? [cold] : []),
        ...(bound.length
          ? [
              `The client was the limit (QPS at 80% or more of its own SELECT 1 ceiling): ${bound.join('; ')}.`,
            ]
          : []),
        ...(lowCeiling.length
          ? [
              `${lowCeiling.length} of ${g.sides.reduce((n, s) => n + s.result.steps.length, 0)} steps measured their SELECT 1 ceiling below their own QPS: the machine was busy with more than this load, so their figures are noisy.`,
            ]
          : []),
        engine,
      ],
      chart: loadChart(g),
      table: { ...table, id: `${g.id}-qps` },
    };
  });
}

/**
 * Which engine drove the sweeps, in words: "Driven by sysbench 1.0.20; latency …" when every side (each
 * repeat) had the same; otherwise each side's, since figures from two engines are not one measure. A
 * result saved before bplab recorded its engine was driven by bplab's own.
 */
export function engineFinding(sides: readonly LoadSide[]): string {
  const words = (r: LoadResult) =>
    r.engine ? engineWords(r.engine) : "driven by bplab's own engine (saved before sysbench could drive it)";
  const per = sides.map((s) => [...new Set((s.repeats ?? [s.result]).map(words))]);
  const all = [...new Set(per.flat())];
  const upper = (t: string) => `${t.charAt(0).toUpperCase()}${t.slice(1)}`;
  if (all.length === 1) return `${upper(all[0]!)}.`;
  return `Not one engine: ${sides.map((s, i) => `${s.label} ${per[i]!.join(', then ')}`).join('; ')}. Their figures are not one measure.`;
}

/** [1, 2, 4] → "1, 2 and 4". */
function listWords(xs: readonly number[]): string {
  return xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;
}

/** "ON" and "1", "8M" and 8388608, "300" and "300": the same value as asked and as the server says it. */
function sameValue(asked: string, got: string): boolean {
  const norm = (v: string) => {
    if (/^(on|true)$/i.test(v)) return '1';
    if (/^(off|false)$/i.test(v)) return '0';
    const m = /^(\d+)([KMG])$/i.exec(v);
    if (m) return String(Number(m[1]) * 1024 ** ('KMG'.indexOf(m[2]!.toUpperCase()) + 1));
    return v.toLowerCase();
  };
  return norm(asked) === norm(got);
}
