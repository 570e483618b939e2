/**
 * Which runs stand side by side: an experiment's runs grouped into sides by what the reader wants to
 * compare (its configurations, a query's variants, its queries, its servers), and matched across the
 * sides by what is left (a configuration's runs of Q1.1 against another's; a variant's runs of Q1.1 in
 * a configuration against the other variant's there). Pure: the comparison screen and the reports
 * group the same way.
 */
import type { ExperimentResult } from '../experiments/experiment-file';
import type { RunResult } from '../runs/runs';
import { queryLabel, type RunSide } from '../runs/run-side';
import type { ProtocolRun } from './flights';

export type Grouping = 'configuration' | 'variant' | 'query' | 'server';

export const GROUPINGS: ReadonlyArray<{ id: Grouping; label: string }> = [
  { id: 'configuration', label: 'configurations (settings cells)' },
  { id: 'variant', label: "a query's variants" },
  { id: 'query', label: 'queries' },
  { id: 'server', label: 'servers' },
];

/** Sides, post 001's protocol runs, and each run's match key (runs of equal keys are compared). */
export interface GroupedSides {
  sides: RunSide[];
  protocol: ProtocolRun[];
  keys: Map<unknown, string>;
  /**
   * Per configuration, each side's own settings by side label: "server" (its label) and each
   * dimension's value, from its configuration's key (question.ts asks the experiment's question of
   * them). Empty when the sides are not configurations.
   */
  settings: Map<string, Record<string, string>>;
}

/** A configuration's key ("MySQL 8.0 · innodb_old_blocks_time=1000") as settings: server, then variable=value. */
export function cellSettings(cell: string): Record<string, string> {
  const [server = cell, ...parts] = cell.split(' · ');
  const out: Record<string, string> = { server };
  for (const part of parts) {
    const at = part.indexOf('=');
    if (at > 0) out[part.slice(0, at)] = part.slice(at + 1);
  }
  return out;
}

type Aspect = 'server' | 'settings' | 'query' | 'variant';

/** What each grouping puts on the sides; the other aspects that vary make the match key. */
const SIDE_ASPECTS: Record<Grouping, Aspect[]> = {
  configuration: ['server', 'settings'],
  variant: ['variant'],
  query: ['query'],
  server: ['server'],
};

/** The counted runs of an experiment, in plan order (warm-ups are recorded but not counted). */
export function countedResults(results: readonly ExperimentResult[]): ExperimentResult[] {
  return [...results]
    .sort((x, y) => x.planIndex - y.planIndex)
    .filter((r) => r.counted && r.pass.kind !== 'warmup');
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

export function groupResults(
  results: readonly ExperimentResult[],
  by: Grouping = 'configuration',
  prefix = '',
): GroupedSides {
  const counted = countedResults(results);
  const name = cellNames(counted.map((r) => r.cell));
  const server = (cell: string) => cell.split(' · ')[0] ?? cell;
  const settings = (cell: string) => name(cell.split(' · ').slice(1).join(' · ') || cell);
  const aspect = (r: ExperimentResult, a: Aspect): string =>
    a === 'server'
      ? server(r.cell)
      : a === 'settings'
        ? settings(r.cell)
        : a === 'query'
          ? r.run.queryId
          : r.run.variant;
  const varies = (a: Aspect) => new Set(counted.map((r) => aspect(r, a))).size > 1;
  const keyAspects = (['query', 'variant', 'server', 'settings'] as const).filter(
    // The query always names a row (the charts group rows by flight), unless the sides are queries.
    (a) => !SIDE_ASPECTS[by].includes(a) && (a === 'query' || varies(a)),
  );

  const sides = new Map<string, RunSide>();
  const protocol: ProtocolRun[] = [];
  const keys = new Map<unknown, string>();
  const ownSettings = new Map<string, Record<string, string>>();
  const own = (r: ExperimentResult) =>
    by === 'configuration' ? name(r.cell) : SIDE_ASPECTS[by].map((a) => aspect(r, a)).join(' · ');
  const engineNamed = byEngine(counted, own);
  for (const r of counted) {
    const label = `${prefix}${engineNamed(own(r))}`;
    const side = sides.get(label) ?? { label, runs: [] };
    side.runs.push(r.run);
    sides.set(label, side);
    if (by === 'configuration' && !ownSettings.has(label)) ownSettings.set(label, cellSettings(r.cell));
    const key =
      by === 'configuration'
        ? queryLabel(r.run)
        : keyAspects.map((a) => (a === 'variant' ? `(${aspect(r, a)})` : aspect(r, a))).join(' ') ||
          'every run';
    keys.set(r.run, key);
    protocol.push({
      configuration: label,
      repetition: r.pass.kind === 'cold' ? 'cold' : r.pass.n,
      queryId: key,
      elapsedMs: r.run.state === 'complete' ? r.run.elapsedMs : null,
      run: r.run,
    });
  }
  return { sides: [...sides.values()], protocol, keys, settings: ownSettings };
}

/**
 * Sides that are datasets in different engines (post 003's InnoDB and MyISAM copies) are named by
 * their engine, what differs, not by their schema: "dataset=ssb_sf0_1" reads "InnoDB" and
 * "dataset=ssb_sf0_1_myisam" "MyISAM"; two sides of one engine keep their schema beside it. Any
 * other sides keep their names.
 */
function byEngine(
  results: readonly ExperimentResult[],
  own: (r: ExperimentResult) => string,
): (label: string) => string {
  const engines = new Map<string, Set<string>>();
  for (const r of results) {
    const label = own(r);
    engines.set(label, (engines.get(label) ?? new Set()).add(r.run.dataset?.engine ?? '?'));
  }
  const single = [...engines.entries()].map(
    ([label, e]) => [label, e.size === 1 ? [...e][0]! : '?'] as const,
  );
  const distinct = new Set(single.map(([, e]) => e));
  const datasetPart = /(^|(?<= · ))dataset=([^ ·]+)/;
  if (distinct.has('?') || distinct.size < 2 || !single.every(([label]) => datasetPart.test(label)))
    return (label) => label;
  const count = (engine: string) => single.filter(([, e]) => e === engine).length;
  const renamed = new Map(
    single.map(([label, engine]) => [
      label,
      label.replace(datasetPart, (_m, _lead, schema: string) =>
        count(engine) === 1 ? engine : `${engine} (${schema})`,
      ),
    ]),
  );
  return (label) => renamed.get(label) ?? label;
}

/**
 * How an experiment is compared when nobody said: per configuration; a file with one configuration
 * whose queries come in variants (the join-order preset) by variant. Anything else stays per
 * configuration: its post 001 table (cold, then runs 1, 2, 3) is its comparison.
 */
export function defaultGrouping(results: readonly ExperimentResult[]): Grouping {
  if (groupResults(results, 'configuration').sides.length > 1) return 'configuration';
  return groupResults(results, 'variant').sides.length > 1 ? 'variant' : 'configuration';
}

/**
 * Runs picked one by one (the Runs list's "Compare selected"): each its own side, in the order given
 * (the first is the baseline), named by its query and when it started; two runs of one query started
 * in the same second are told apart by a number.
 */
export function pickedSides(runs: readonly RunResult[]): RunSide[] {
  const seen = new Map<string, number>();
  return runs.map((run) => {
    const base = `${queryLabel(run)} at ${run.startedAt.slice(11, 19)}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { label: n > 1 ? `${base} (${n})` : base, runs: [run] };
  });
}
