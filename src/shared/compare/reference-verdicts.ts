/**
 * The published figures of an experiment measured on its own results, figure by figure, each with its
 * verdict and the counters that explain it. A figure names one or two sides by dimension values; the
 * dimensions it does not name (and the server, unless it names one) split it into one measurement per
 * configuration they vary over: post 001's ratio is measured once with the OS cache and once with
 * O_DIRECT. Pure: the experiment file in, rows out; the screen, the reports and the CLI word them.
 */
import { expandCells, passLabel, type ExperimentCell } from '../experiments/experiments';
import type { ExperimentFile, ExperimentResult } from '../experiments/experiment-file';
import {
  baselineOf,
  verdictOf,
  type ExplainingCounter,
  type FigureSide,
  type ReferenceFigure,
  type VerdictKind,
} from '../published/reference-figures';
import { diffExplain, plansDiffer } from './explain-diff';
import { combineRepeats } from './load-repeats';

export type VerdictSource = Pick<ExperimentFile, 'definition' | 'servers' | 'results' | 'loads'>;

export interface MeasuredSide {
  /** "innodb_old_blocks_time=1000", "MySQL 5.6". */
  label: string;
  /** In the figure's side unit: seconds, QPS. */
  value: number | null;
  counters: Array<{ counter: ExplainingCounter; value: number | null }>;
}

export interface MeasuredFigure {
  /** The configuration the figure was measured in, beyond its own sides: "innodb_flush_method=O_DIRECT"; '' when one. */
  context: string;
  measured: number | null;
  verdict: VerdictKind;
  /** Why nothing was measured, in words. */
  why: string | null;
  /** The same, shared by every figure it holds for (no configuration or query list in it): what a summary counts. */
  reason: string | null;
  sides: MeasuredSide[];
  /**
   * The queries whose EXPLAIN differs between the two sides' runs (join order, or a table's access
   * type or key): their seconds and pages compare plans as well as the sides' settings. MySQL 5.5
   * samples its index statistics afresh at each restart, and can pick another plan after one.
   */
  plansDiffer: string[];
}

export interface FigureVerdicts {
  figure: ReferenceFigure;
  measured: MeasuredFigure[];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** "innodb_old_blocks_time=1000 · MySQL 5.6" for a side; "every configuration" when it names nothing. */
export function sideLabel(side: FigureSide): string {
  const parts = [
    ...(side.server ? [side.server] : []),
    ...(side.version ? [`version ${side.version.replace(/\.$/, '')}`] : []),
    ...Object.entries(side.settings).map(([k, v]) => `${k}=${v}`),
    ...(side.queries ? [side.queries.join(', ')] : []),
    ...(side.pass ? [side.pass] : []),
    ...(side.clients ? [`${side.clients} client${side.clients === 1 ? '' : 's'}`] : []),
  ];
  return parts.join(' · ') || 'every configuration';
}

/** Each server's version: its capability report's, else the one its runs recorded. */
function versions(src: VerdictSource, cells: readonly ExperimentCell[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of src.servers) if (s.capabilities) out.set(s.label, s.capabilities.server.version);
  const serverOf = new Map(cells.map((c) => [c.key, c.server]));
  for (const r of src.results) {
    const server = serverOf.get(r.cell);
    if (server && !out.has(server)) out.set(server, r.run.server.version);
  }
  for (const l of src.loads ?? []) {
    const server = serverOf.get(l.cell);
    if (server && !out.has(server)) out.set(server, l.result.server.version);
  }
  return out;
}

function matches(cell: ExperimentCell, side: FigureSide, version: string | undefined): boolean {
  if (side.server && cell.server !== side.server) return false;
  if (side.version && !version?.startsWith(side.version)) return false;
  return Object.entries(side.settings).every(([variable, value]) =>
    cell.settings.some((s) => s.variable === variable && same(s.value, value)),
  );
}

/**
 * What a cell is beyond the figure's sides: the server unless a side names it, and the varying
 * dimensions not named. A dimension paired with a named one goes with it (post 004's flush method
 * with its pool), so it splits nothing.
 */
function contextOf(
  cell: ExperimentCell,
  figure: ReferenceFigure,
  cells: readonly ExperimentCell[],
  matrix: VerdictSource['definition']['matrix'],
): string {
  const named = new Set(figure.sides.flatMap((s) => Object.keys(s.settings)));
  for (const d of matrix)
    if (d.pairedWith && (named.has(d.variable) || named.has(d.pairedWith))) {
      named.add(d.variable);
      named.add(d.pairedWith);
    }
  const serverNamed = figure.sides.some((s) => s.server || s.version);
  const servers = new Set(cells.map((c) => c.server));
  const varies = (variable: string) =>
    new Set(cells.map((c) => c.settings.find((s) => s.variable === variable)?.value)).size > 1;
  return [
    ...(!serverNamed && servers.size > 1 ? [cell.server] : []),
    ...cell.settings
      .filter((s) => !named.has(s.variable) && varies(s.variable))
      .map((s) => `${s.variable}=${s.value}`),
  ].join(' · ');
}

/** "Q1.1" names the query in any variant; "Q1.1 straight" one variant. */
const queryMatches = (ref: string, queryId: string, variant: string) =>
  ref === queryId || ref === `${queryId} ${variant}`;

function counterOf(runs: readonly ExperimentResult[], counter: ExplainingCounter): number | null {
  let total = 0;
  for (const { run } of runs) {
    const status = (name: string) => run.status.find((s) => s.name === name && s.scope === 'global')?.delta;
    let v: number | undefined;
    if (counter === 'pages-read') v = status('Innodb_pages_read');
    else if (counter === 'read-ahead') v = status('Innodb_buffer_pool_read_ahead');
    else if (counter === 'bytes-read')
      v = run.serverProcess && 'readBytes' in run.serverProcess ? run.serverProcess.readBytes : undefined;
    else if (counter === 'server-cpu')
      v = run.serverProcess && 'cpuMs' in run.serverProcess ? run.serverProcess.cpuMs : undefined;
    else if (run.poolStats.after)
      v =
        run.poolStats.after.reduce((n, p) => n + p.pagesNotMadeYoung, 0) -
        run.poolStats.before.reduce((n, p) => n + p.pagesNotMadeYoung, 0);
    if (v === undefined) return null;
    total += v;
  }
  return runs.length ? total : null;
}

/** The queries (in a's order) whose plan differs between a run of side a and the same query's run of side b. */
function differentPlans(a: readonly ExperimentResult[], b: readonly ExperimentResult[]): string[] {
  return a
    .filter(({ run }) => {
      const other = b.find((r) => r.run.queryId === run.queryId && r.run.variant === run.variant);
      return other !== undefined && plansDiffer(diffExplain(run.explain, other.run.explain));
    })
    .map(({ run }) => run.queryId);
}

type SideValue = { value: number | null; why: string | null; reason?: string; runs: ExperimentResult[] };

/** Nothing measured: the reason, and where or which in detail after it. */
const notMeasured = (reason: string, detail = ''): SideValue => ({
  value: null,
  why: detail ? `${reason} ${detail}` : reason,
  reason,
  runs: [],
});

function querySeconds(
  src: VerdictSource,
  cell: ExperimentCell,
  m: Extract<ReferenceFigure['measure'], { kind: 'query-seconds' }>,
): SideValue {
  const wanted = src.definition.queries.filter(
    (q) => !m.queries || m.queries.some((ref) => queryMatches(ref, q.queryId, q.variant)),
  );
  if (wanted.length === 0) return notMeasured(`the experiment runs none of ${m.queries?.join(', ')}`);
  // A total of named queries is that total or nothing: a subset beside the source's sum would pass for it.
  const missing = (m.queries ?? []).filter(
    (ref) => !wanted.some((q) => queryMatches(ref, q.queryId, q.variant)),
  );
  if (missing.length > 0)
    return notMeasured(
      `the experiment runs ${m.queries!.length - missing.length} of the ${m.queries!.length} queries the figure sums`,
      `(not ${missing.join(', ')})`,
    );
  const runs: ExperimentResult[] = [];
  for (const q of wanted) {
    const found = src.results.find(
      (r) =>
        r.cell === cell.key &&
        r.counted &&
        passLabel(r.pass) === m.pass &&
        r.run.queryId === q.queryId &&
        r.run.variant === q.variant &&
        r.run.state === 'complete' &&
        r.run.elapsedMs !== null,
    );
    if (!found) return notMeasured(`${q.queryId} has no complete ${m.pass}`, `in ${cell.key}`);
    runs.push(found);
  }
  return { value: runs.reduce((n, r) => n + (r.run.elapsedMs ?? 0), 0) / 1000, why: null, runs };
}

function loadQps(
  src: VerdictSource,
  cell: ExperimentCell,
  m: Extract<ReferenceFigure['measure'], { kind: 'load-qps' }>,
): SideValue {
  const records = (src.loads ?? []).filter((l) => l.cell === cell.key && l.step === m.step);
  const step = records.length
    ? combineRepeats(records.map((r) => r.result)).steps.find((s) => s.clients === m.clients)
    : undefined;
  if (!step || step.state !== 'complete')
    return notMeasured(`no complete sweep step at ${m.clients} clients`, `in ${cell.key}`);
  return { value: step.qps, why: null, runs: [] };
}

function combine(figure: ReferenceFigure, values: Array<number | null>): number | null {
  const [a, b] = values;
  if (a === null || a === undefined) return null;
  if (values.length === 1) return a;
  if (b === null || b === undefined || b === 0) return null;
  return figure.unit === 'ratio' ? a / b : (a / b - 1) * 100;
}

/** One figure measured in each configuration its sides leave free. */
export function measureFigure(src: VerdictSource, figure: ReferenceFigure): FigureVerdicts {
  const cells = expandCells(src.definition);
  const version = versions(src, cells);
  const matching = figure.sides.map((side) => cells.filter((c) => matches(c, side, version.get(c.server))));
  const unmatched = figure.sides.filter((_, i) => matching[i]!.length === 0);
  if (unmatched.length > 0)
    return {
      figure,
      measured: [
        {
          context: '',
          measured: null,
          verdict: 'not-measured',
          why: `no configuration of this experiment has ${unmatched.map(sideLabel).join(', nor ')}`,
          reason: `no configuration of this experiment has ${unmatched.map(sideLabel).join(', nor ')}`,
          sides: [],
          plansDiffer: [],
        },
      ],
    };
  const contexts = new Map<string, ExperimentCell[][]>();
  figure.sides.forEach((_, i) => {
    for (const cell of matching[i]!) {
      const key = contextOf(cell, figure, cells, src.definition.matrix);
      const slots = contexts.get(key) ?? figure.sides.map(() => []);
      slots[i]!.push(cell);
      contexts.set(key, slots);
    }
  });
  const measured: MeasuredFigure[] = [...contexts.entries()].map(([context, slots]) => {
    const sides = figure.sides.map((side, i) => {
      const cell = slots[i]![0];
      const got: SideValue = !cell
        ? notMeasured(`no configuration has ${sideLabel(side)}`)
        : figure.measure.kind === 'query-seconds'
          ? querySeconds(src, cell, {
              ...figure.measure,
              ...(side.pass && { pass: side.pass }),
              ...(side.queries && { queries: side.queries }),
            })
          : loadQps(src, cell, { ...figure.measure, ...(side.clients && { clients: side.clients }) });
      return {
        got,
        side: {
          label: sideLabel(side),
          value: got.value,
          counters: figure.explain.map((counter) => ({ counter, value: counterOf(got.runs, counter) })),
        },
      };
    });
    const value = combine(
      figure,
      sides.map((s) => s.side.value),
    );
    return {
      context,
      measured: value,
      verdict: verdictOf(figure.value, value, baselineOf(figure.unit), figure.directionOnly),
      why: value === null ? (sides.find((s) => s.got.why)?.got.why ?? 'nothing to divide by') : null,
      reason: value === null ? (sides.find((s) => s.got.why)?.got.reason ?? 'nothing to divide by') : null,
      sides: sides.map((s) => s.side),
      plansDiffer: differentPlans(sides[0]?.got.runs ?? [], sides[1]?.got.runs ?? []),
    };
  });
  return { figure, measured };
}

/** Every figure of the experiment's definition, and those given beside it (the CLI's --reference). */
export function measureReferences(
  src: VerdictSource,
  extra: readonly ReferenceFigure[] = [],
): FigureVerdicts[] {
  return [...(src.definition.references ?? []), ...extra].map((f) => measureFigure(src, f));
}
