/**
 * Every comparison table (settings, query times, flights, and each pair's status, stages, LRU, pool
 * and EXPLAIN) as report tables (report-table.ts): the screens, the CLI, the HTML report, the CSV files
 * and the Markdown summary all render these, so a figure reads the same everywhere.
 */
import { formatBytes, formatMs } from '../format';
import { tracedLeftOutWords } from '../trace/traced-runs';
import { pairTableId, TABLE_IDS } from './anchors';
import type { Comparison, PairComparison, SideTime } from './comparison';
import { plansDiffer } from './explain-diff';
import { repetitionLabel, type FlightCell, type FlightTable } from './flights';
import { NO_TABLE_WORDS, shortTable } from '../runs/lru-diff';
import {
  count,
  ms,
  num,
  ratio,
  share,
  signedCount,
  signedMs,
  text,
  txt,
  type ReportCell,
  type ReportTable,
} from './report-table';
import { NO_INDEX, NO_TABLE } from '../runs/runs';

export function settingsTable(c: Comparison): ReportTable {
  const bytes = new Set(['bufferPoolSizeBytes', 'pageSizeBytes']);
  return {
    id: TABLE_IDS.settings,
    title: 'Servers and settings',
    note: 'Read from each server when the run started; a side whose runs disagree is marked (mixed).',
    columns: [txt('setting'), ...c.sides.map((s) => txt(s.label))],
    rows: c.settings.map((row) => [
      text(row.label),
      ...row.values.map((v, i) => ({
        text: `${bytes.has(row.key) && /^\d+$/.test(v) ? formatBytes(Number(v)) : v}${row.mixed[i] ? ' (mixed)' : ''}`,
        value: v,
        ...(row.differs ? { differs: true } : {}),
      })),
    ]),
  };
}

function timeCells(t: SideTime | null, baseline: boolean): ReportCell[] {
  const time: ReportCell = t
    ? t.elapsedMs === null
      ? {
          text: t.completeRuns > 0 ? `traced runs only (${t.completeRuns})` : `no complete run (${t.runs})`,
          value: null,
        }
      : {
          text: `${formatMs(t.elapsedMs)}${(t.timedRuns ?? t.completeRuns) > 1 ? ` (median of ${t.timedRuns ?? t.completeRuns})` : ''}`,
          value: Math.round(t.elapsedMs * 1000) / 1000,
        }
    : text('not run');
  return baseline ? [time] : [time, ratio(t?.ratio), signedMs(t?.diffMs)];
}

export function queryTimesTable(c: Comparison): ReportTable {
  const base = c.sides[0]?.label ?? 'A';
  return {
    id: TABLE_IDS.queryTimes,
    title: 'Time per query',
    note: `Time measured around execution only. Ratio and difference are against ${base}. The total counts the ${c.totals.queries} ${c.totals.queries === 1 ? 'query' : 'queries'} every side completed.${c.tracedLeftOut ? ` ${tracedLeftOutWords(c.tracedLeftOut)}` : ''}`,
    columns: [
      txt('query'),
      ...c.sides.flatMap((s, i) =>
        i === 0 ? [num(s.label)] : [num(s.label), num(`${s.label} / ${base}`), num(`${s.label} − ${base}`)],
      ),
    ],
    rows: [
      ...c.queries.map((q) => [text(q.label), ...q.times.flatMap((t, i) => timeCells(t, i === 0))]),
      [
        text('total'),
        ...c.totals.elapsedMs.flatMap((t, i) => {
          const b = c.totals.elapsedMs[0];
          if (i === 0) return [ms(t)];
          return [
            ms(t),
            ratio(t != null && b ? t / b : null),
            signedMs(t != null && b != null ? t - b : null),
          ];
        }),
      ],
    ],
  };
}

function flightCell(cell: FlightCell): ReportCell {
  if (cell.totalMs !== null)
    return { text: (cell.totalMs / 1000).toFixed(2), value: Math.round(cell.totalMs) / 1000 };
  return { text: cell.queries ? `incomplete (${cell.missing.length} missing)` : '—', value: null };
}

/** Post 001's table: seconds, like the post. */
export function flightsTable(ft: FlightTable): ReportTable {
  return {
    id: TABLE_IDS.flights,
    title: 'Response time per configuration: cold, then hot runs (seconds)',
    note: 'Each cell is the sum of the queries’ times; a cell with a query missing or not completed has no total.',
    columns: [txt('configuration'), txt('queries'), ...ft.repetitions.map((r) => num(repetitionLabel(r)))],
    rows: ft.configurations.flatMap((c) => [
      ...c.flights.map((f) => [text(c.configuration), text(f.flight), ...f.cells.map(flightCell)]),
      [text(c.configuration), text('all'), ...c.total.map(flightCell)],
    ]),
  };
}

export function pairSummaryTable(p: PairComparison): ReportTable {
  const run = (side: PairComparison['a']) =>
    side.of > 1
      ? `${side.run.queryId}/${side.run.variant}, run ${side.ordinal} of ${side.of}`
      : `${side.run.queryId}/${side.run.variant}`;
  return {
    id: pairTableId(p.id, 'summary'),
    title: p.title,
    columns: [txt(''), txt(p.a.label), txt(p.b.label)],
    rows: [
      [text('run'), text(run(p.a)), text(run(p.b))],
      [text('state'), text(p.a.run.state), text(p.b.run.state)],
      [text('time'), ms(p.elapsed.a), ms(p.elapsed.b)],
      [text('rows'), count(p.rows.a), count(p.rows.b)],
      [
        text('result checksum'),
        text(p.checksum.a ?? '—', p.checksum.same === false),
        text(p.checksum.b ?? '—', p.checksum.same === false),
      ],
      [text('started'), text(p.a.run.startedAt), text(p.b.run.startedAt)],
    ],
  };
}

export function statusTable(p: PairComparison): ReportTable {
  return {
    id: pairTableId(p.id, 'status'),
    title: 'Status counters: change during the run',
    note: "Global counters include other sessions' work; session counters are the run's own connection.",
    columns: [txt('counter'), txt('scope'), num(p.a.label), num(p.b.label), num('difference'), num('ratio')],
    rows: p.status.map((r) => [
      text(r.name),
      text(r.scope),
      count(r.a),
      count(r.b),
      signedCount(r.diff),
      ratio(r.ratio),
    ]),
  };
}

export function stagesTable(p: PairComparison): ReportTable {
  const a = p.a.label;
  const b = p.b.label;
  const src = p.stages.source;
  return {
    id: pairTableId(p.id, 'stages'),
    title: 'Stage profile, sorted by the largest difference in duration',
    note:
      `Source: ${src.a} (${a}), ${src.b} (${b}). CPU is user + system; context switches voluntary + involuntary; ` +
      'block ops in + out; page faults major + minor. performance_schema stages have durations only.',
    columns: [
      txt('stage'),
      num(`duration ${a}`),
      num(`duration ${b}`),
      num(`CPU ${a}`),
      num(`CPU ${b}`),
      num(`context switches ${a}`),
      num(`context switches ${b}`),
      num(`block ops ${a}`),
      num(`block ops ${b}`),
      num(`page faults ${a}`),
      num(`page faults ${b}`),
    ],
    rows: p.stages.rows.map((r) => [
      text(r.occurrence > 1 ? `${r.stage} (${r.occurrence})` : r.stage),
      ms(r.a?.durationMs),
      ms(r.b?.durationMs),
      ms(r.a?.cpuMs),
      ms(r.b?.cpuMs),
      count(r.a?.contextSwitches),
      count(r.b?.contextSwitches),
      count(r.a?.blockOps),
      count(r.b?.blockOps),
      count(r.a?.pageFaults),
      count(r.b?.pageFaults),
    ]),
  };
}

export function lruTable(p: PairComparison): ReportTable {
  const a = p.a.label;
  const b = p.b.label;
  const missing = [p.a, p.b].filter((s) => !s.run.lru.after).map((s) => s.label);
  return {
    id: pairTableId(p.id, 'lru'),
    title: 'Buffer pool contents after the run, per index',
    note:
      'Pages of each table and index on the LRU; young pages are the head side, old the tail side. ' +
      (missing.length ? `No composition after the run for ${missing.join(' and ')}.` : ''),
    columns: [
      txt('table'),
      txt('index'),
      num(`pages ${a}`),
      num(`pages ${b}`),
      num(`old ${a}`),
      num(`old ${b}`),
      num(`young ${a}`),
      num(`young ${b}`),
      num(`% of pool ${a}`),
      num(`% of pool ${b}`),
    ],
    rows: p.lru.map((r) => [
      // Pages of no table are named in words, not by the poller's markers.
      text(r.table === NO_TABLE ? NO_TABLE_WORDS : shortTable(r.table)),
      text(r.index === NO_INDEX ? '—' : r.index),
      count(r.a?.pages ?? 0),
      count(r.b?.pages ?? 0),
      count(r.a?.oldPages ?? 0),
      count(r.b?.oldPages ?? 0),
      count(r.a?.youngPages ?? 0),
      count(r.b?.youngPages ?? 0),
      share(r.a?.poolShare ?? 0),
      share(r.b?.poolShare ?? 0),
    ]),
  };
}

export function poolTable(p: PairComparison): ReportTable {
  const a = p.a.label;
  const b = p.b.label;
  return {
    id: pairTableId(p.id, 'pool'),
    title: 'INNODB_BUFFER_POOL_STATS, summed over the pool instances',
    note: 'After the run; counters are cumulative since the server started, so their change during the run is beside them.',
    columns: [
      txt('column'),
      num(`${a} after`),
      num(`${b} after`),
      num(`${a} during run`),
      num(`${b} during run`),
    ],
    rows: p.pool.map((r) => [
      text(r.column),
      count(r.a),
      count(r.b),
      r.kind === 'counter' ? count(r.aDelta) : text(''),
      r.kind === 'counter' ? count(r.bDelta) : text(''),
    ]),
  };
}

export function explainTable(p: PairComparison): ReportTable {
  const a = p.a.label;
  const b = p.b.label;
  const x = p.explain;
  const cell = (
    line: PairComparison['explain']['rows'][number]['a'],
    f: 'type' | 'key' | 'rows' | 'extra',
    differs: boolean,
  ) =>
    !line
      ? { text: '—', value: null, ...(differs ? { differs } : {}) }
      : f === 'rows'
        ? { ...count(line.rows), ...(differs ? { differs } : {}) }
        : text(line[f] || (f === 'key' ? '(none)' : ''), differs);
  return {
    id: pairTableId(p.id, 'explain'),
    title: 'EXPLAIN side by side',
    note: !x.available
      ? 'One of the runs has no EXPLAIN.'
      : x.joinOrderDiffers
        ? `The join order differs: ${a} ${x.orderA.join(' → ')}; ${b} ${x.orderB.join(' → ')}.`
        : 'Same join order; differing fields are marked.',
    columns: [
      txt('table'),
      txt(`type ${a}`),
      txt(`type ${b}`),
      txt(`key ${a}`),
      txt(`key ${b}`),
      num(`rows ${a}`),
      num(`rows ${b}`),
      txt(`Extra ${a}`),
      txt(`Extra ${b}`),
    ],
    rows: x.rows.map((r) => {
      const d = (f: 'type' | 'key' | 'rows' | 'extra') => r.differs.includes(f);
      return [
        text(r.table),
        cell(r.a, 'type', d('type')),
        cell(r.b, 'type', d('type')),
        cell(r.a, 'key', d('key')),
        cell(r.b, 'key', d('key')),
        cell(r.a, 'rows', d('rows')),
        cell(r.b, 'rows', d('rows')),
        cell(r.a, 'extra', d('extra')),
        cell(r.b, 'extra', d('extra')),
      ];
    }),
  };
}

/** A pair's tables in reading order: the EXPLAIN diff first when the plans differ (it explains the rest). */
export function pairTables(p: PairComparison): ReportTable[] {
  const rest = [statusTable(p), stagesTable(p), lruTable(p), poolTable(p)];
  return plansDiffer(p.explain)
    ? [pairSummaryTable(p), explainTable(p), ...rest]
    : [pairSummaryTable(p), ...rest, explainTable(p)];
}

/**
 * The EXPLAIN diffs of the pairs whose plans differ, for the top of a comparison (their own ids): a
 * variant against a variant. When more than `most` pairs differ (an engine against an engine, query by
 * query) none is lifted: the headline says how many, each stays first in its own pair's tables.
 */
export function planDiffTables(pairs: readonly PairComparison[], most = 2): ReportTable[] {
  const differ = pairs.filter((p) => plansDiffer(p.explain));
  return differ.length > most
    ? []
    : differ.map((p) => ({ ...explainTable(p), id: `plan-${p.id}`, title: `The plans differ: ${p.title}` }));
}
