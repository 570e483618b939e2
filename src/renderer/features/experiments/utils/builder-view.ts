/**
 * The experiment builder's pure parts: editing the draft (queries, servers, matrix, protocol), the run
 * count and estimate as you type (the plan and estimate of shared/experiments/experiments.ts), inline issues by
 * field, and the progress and end state in words. Tested without a screen.
 */
import {
  DEFAULT_QUERY_SECONDS,
  DEFAULT_RESTART_SECONDS,
  ExperimentDefinitionSchema,
  estimateSeconds,
  expandCells,
  planExperiment,
  type ExperimentCheck,
  type ExperimentDefinitionInput,
  type ExperimentFinished,
  type ExperimentProgress,
  type MatrixDimension,
} from '../../../../shared/experiments/experiments';
import type { ExperimentFile, ExperimentResult } from '../../../../shared/experiments/experiment-file';
import { formatClock, formatCount } from '../../../../shared/format';
import { jsonPath } from '../../../../shared/experiments/experiment-file';

type Draft = ExperimentDefinitionInput;
type Protocol = NonNullable<Draft['protocol']>;

const DEFAULT_PROTOCOL: Required<Protocol> = {
  cold: true,
  hotRuns: 3,
  warmups: 0,
  coldPerQuery: false,
  randomize: false,
  seed: 1,
  onInterruption: 'continue',
  repeats: 1,
};

/** The protocol with its defaults filled in. */
export function protocolOf(d: Draft): Required<Protocol> {
  return { ...DEFAULT_PROTOCOL, ...d.protocol };
}

export function setProtocol(d: Draft, patch: Partial<Protocol>): Draft {
  return { ...d, protocol: { ...protocolOf(d), ...patch } };
}

/** How often each run polls the pool for the live view: what the builder offers (and the draft's own value). */
export function pollChoices(d: Draft): Array<{ value: string; label: string }> {
  const offered: Array<{ value: string; label: string }> = [
    { value: 'auto', label: 'auto (about 5% of the run)' },
    ...[50, 100, 250, 500, 1000].map((ms) => ({ value: String(ms), label: `every ${formatCount(ms)} ms` })),
    { value: 'off', label: 'off (no live view; before and after only)' },
  ];
  const own = String(d.poll ?? 'auto');
  return offered.some((o) => o.value === own)
    ? offered
    : [...offered, { value: own, label: `every ${formatCount(Number(own))} ms` }];
}

/** The poll setting chosen: 'auto', 'off' or milliseconds. */
export function setPoll(d: Draft, value: string): Draft {
  return { ...d, poll: value === 'auto' || value === 'off' ? value : Number(value) };
}

/** Picks or unpicks one query variant; picked ones keep catalogue order as they were added. */
export function toggleQuery(d: Draft, queryId: string, variant: string): Draft {
  const picked = d.queries.some((q) => q.queryId === queryId && (q.variant ?? 'base') === variant);
  return {
    ...d,
    queries: picked
      ? d.queries.filter((q) => !(q.queryId === queryId && (q.variant ?? 'base') === variant))
      : [...d.queries, { queryId, variant }],
  };
}

export function isPicked(d: Draft, queryId: string, variant: string): boolean {
  return d.queries.some((q) => q.queryId === queryId && (q.variant ?? 'base') === variant);
}

/** A saved connection as the server picker offers it. */
export interface ServerChoice {
  profileId: string;
  name: string;
  sandboxId?: string | undefined;
}

export function toggleServer(d: Draft, s: ServerChoice): Draft {
  const picked = d.servers.some((x) => x.profileId === s.profileId);
  return {
    ...d,
    servers: picked
      ? d.servers.filter((x) => x.profileId !== s.profileId)
      : [
          ...d.servers,
          { label: s.name, profileId: s.profileId, ...(s.sandboxId ? { sandboxId: s.sandboxId } : {}) },
        ],
  };
}

/** The variables the builder offers first; any other global or startup option may be typed. */
export const KNOWN_DIMENSIONS: Array<{ kind: MatrixDimension['kind']; variable: string }> = [
  { kind: 'global', variable: 'innodb_old_blocks_time' },
  { kind: 'global', variable: 'innodb_old_blocks_pct' },
  { kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size' },
  { kind: 'global', variable: 'innodb_read_ahead_threshold' },
  { kind: 'startup', variable: 'innodb_flush_method' },
  { kind: 'global', variable: 'key_buffer_size' },
  // Values are the schemas of datasets on the server: an InnoDB and a MyISAM copy side by side.
  { kind: 'dataset', variable: 'dataset' },
];

/** Example values for a dimension's value box, fitting what it varies (not "1000, 0" everywhere). */
export function valuesPlaceholder(dimension: Pick<MatrixDimension, 'kind' | 'variable'>): string {
  const examples: Record<string, string> = {
    innodb_old_blocks_time: '1000, 0',
    innodb_old_blocks_pct: '37, 5',
    innodb_buffer_pool_size: '128M, 1G',
    innodb_read_ahead_threshold: '56, 0',
    innodb_flush_method: 'fsync, O_DIRECT',
    key_buffer_size: '8M, 256M',
  };
  const example = examples[dimension.variable];
  if (example) return `values: ${example}`;
  if (dimension.kind === 'dataset') return 'values: dataset schemas, e.g. ssb_innodb, ssb_myisam';
  if (dimension.kind === 'buffer-pool-size') return 'values: sizes, e.g. 128M, 1G';
  return `values of ${dimension.variable || 'the variable'}, separated by commas`;
}

/** The kind a variable is changed by: the pool is resized, the flush method needs a restart, the rest SET GLOBAL. */
export function kindOf(variable: string): MatrixDimension['kind'] {
  return KNOWN_DIMENSIONS.find((k) => k.variable === variable)?.kind ?? 'global';
}

export function addDimension(
  d: Draft,
  variable: string,
  kind: MatrixDimension['kind'] = kindOf(variable),
): Draft {
  return { ...d, matrix: [...(d.matrix ?? []), { kind, variable: variable.trim(), values: [] }] };
}

export function removeDimension(d: Draft, index: number): Draft {
  return { ...d, matrix: (d.matrix ?? []).filter((_, i) => i !== index) };
}

export function setDimensionKind(d: Draft, index: number, kind: MatrixDimension['kind']): Draft {
  return { ...d, matrix: (d.matrix ?? []).map((m, i) => (i === index ? { ...m, kind } : m)) };
}

/** Adds values typed as "1000, 0" (commas or spaces between them); a value already there is not doubled. */
export function addValues(d: Draft, index: number, typed: string): Draft {
  const fresh = typed
    .split(/[,\s]+/)
    .map((v) => v.trim())
    .filter(Boolean);
  return {
    ...d,
    matrix: (d.matrix ?? []).map((m, i) =>
      i === index
        ? {
            ...m,
            values: [...m.values, ...fresh.filter((v, j) => !m.values.includes(v) && fresh.indexOf(v) === j)],
          }
        : m,
    ),
  };
}

export function removeValue(d: Draft, index: number, value: string): Draft {
  return {
    ...d,
    matrix: (d.matrix ?? []).map((m, i) =>
      i === index ? { ...m, values: m.values.filter((v) => v !== value) } : m,
    ),
  };
}

/** What the builder says as you type: the runs it would make and about how long, or why it cannot say. */
export interface PlanSummary {
  valid: boolean;
  runs: number;
  estimatedSec: number;
  /** "24 runs · about 2:20 (a query counted as 5 s until timed, a restart 10 s)". */
  text: string;
  /** Inline problems keyed by path in the definition ("$.matrix[0].values"). */
  issues: Record<string, string>;
}

export function planSummary(d: Draft): PlanSummary {
  const parsed = ExperimentDefinitionSchema.safeParse(d);
  if (!parsed.success) {
    const issues: Record<string, string> = {};
    for (const i of parsed.error.issues) issues[jsonPath(i.path)] ??= i.message;
    return {
      valid: false,
      runs: 0,
      estimatedSec: 0,
      text: 'Not complete yet: see the fields marked.',
      issues,
    };
  }
  const plan = planExperiment(parsed.data);
  const estimatedSec = estimateSeconds(plan, {
    querySeconds: () => undefined,
    defaultQuerySeconds: DEFAULT_QUERY_SECONDS,
    restartSeconds: DEFAULT_RESTART_SECONDS,
  });
  return {
    valid: true,
    runs: plan.length,
    estimatedSec,
    text: `${formatCount(plan.length)} ${plan.length === 1 ? 'run' : 'runs'} · about ${formatClock(estimatedSec)} (a query counted as ${DEFAULT_QUERY_SECONDS} s until timed, a restart ${DEFAULT_RESTART_SECONDS} s)`,
    issues: {},
  };
}

/** The first issue at a path or under it ("$.matrix" finds "$.matrix[0].values"). */
export function issueAt(issues: Record<string, string>, path: string): string | undefined {
  const key = Object.keys(issues).find(
    (k) => k === path || k.startsWith(`${path}.`) || k.startsWith(`${path}[`),
  );
  return key === undefined ? undefined : issues[key];
}

/**
 * Whether Start is offered, and what the start panel says. Only main's check of the draft as it is now
 * counts: while an edit waits for its check (or the check is on its way), the verdict of an earlier
 * draft is not the truth any more, so Start waits too.
 */
export type StartGate =
  /** The draft is not complete: the fields marked say why. */
  | { kind: 'incomplete'; canStart: false }
  | { kind: 'checking'; canStart: false }
  /** main could not check it (its error is shown). */
  | { kind: 'unchecked'; canStart: false }
  | { kind: 'cannot'; canStart: false; problems: string[] }
  | { kind: 'ready'; canStart: boolean };

export function startGate(s: {
  summary: Pick<PlanSummary, 'valid'>;
  definition: Draft;
  check: ExperimentCheck | null;
  /** The draft main's check answered for (the same object, or it is not the truth for this one). */
  checkedFor: Draft | null;
  checkFailed: boolean;
  starting: boolean;
}): StartGate {
  if (!s.summary.valid) return { kind: 'incomplete', canStart: false };
  if (s.checkedFor !== s.definition) return { kind: 'checking', canStart: false };
  if (s.checkFailed || !s.check) return { kind: 'unchecked', canStart: false };
  if (!s.check.canStart) return { kind: 'cannot', canStart: false, problems: s.check.problems };
  return { kind: 'ready', canStart: !s.starting };
}

/**
 * What the Experiments screen shows. The run panel stays while an experiment runs, and afterwards
 * (how it ended, what was put back) only on the document it ran into: File → New or Open leaves it.
 * The builder is for a draft, and hidden while an experiment runs; a file with results shows them.
 */
export function screenParts(s: {
  current: { file: { state: string } | null } | null;
  /** documents' `opened`: which document is open now. */
  opened: number;
  running: { document: number; finished: unknown } | null;
}): { run: boolean; builder: boolean; results: boolean } {
  const run = s.running !== null && (!s.running.finished || s.running.document === s.opened);
  const results = s.current?.file != null && s.current.file.state !== 'draft';
  return { run, builder: s.current !== null && !results && !run, results };
}

/** One run of the plan in words: "Q1.1 (straight), run 2 · MariaDB · innodb_old_blocks_time=0". */
export function runWords(
  r: Pick<NonNullable<ExperimentProgress['current']>, 'queryId' | 'variant' | 'pass' | 'cell'>,
): string {
  return `${r.queryId}${r.variant === 'base' ? '' : ` (${r.variant})`}, ${r.pass} · ${r.cell}`;
}

/** A running experiment's progress in words. */
export interface ProgressView {
  /** 0..1 */
  fraction: number;
  counts: string;
  where: string;
  elapsed: string;
  left: string;
}

export function progressView(p: ExperimentProgress): ProgressView {
  return {
    fraction: p.total > 0 ? p.done / p.total : 0,
    counts: `${formatCount(p.done)} of ${formatCount(p.total)} runs done`,
    // The step first ("Q1.1, cold", "restarting MariaDB for a cold pass"), then the configuration
    // unless the step names it already ("setting <configuration>").
    where: p.current && !p.step.includes(p.current.cell) ? `${p.step} · ${p.current.cell}` : p.step,
    elapsed: formatClock(p.elapsedSec),
    left: p.remainingSec === null ? 'known after the first run' : `about ${formatClock(p.remainingSec)}`,
  };
}

/** How many of an experiment's planned runs ended each way: the one count its screen says everywhere. */
export interface RunCounts {
  complete: number;
  failed: number;
  cancelled: number;
  interrupted: number;
  /** Planned runs with no result kept. */
  notRun: number;
  /** "4 of 12 runs complete, 2 failed, 1 cancelled, 5 not run". */
  words: string;
}

/**
 * The runs kept (query runs and load sweeps: sweep-rows.ts's keptItems) by how they ended, against
 * those planned. The progress line, the ending and the results table's heading all say this one count
 * (issue 41: "6 of 12 runs done", "5 of 12 runs done; 2 runs were interrupted" and "Results: 7 runs" on
 * one screen, over 4 complete, 2 failed and 1 cancelled).
 */
export function runCounts(results: ReadonlyArray<{ run: { state: string } }>, planned: number): RunCounts {
  const count = (state: string) => results.filter((r) => r.run.state === state).length;
  const complete = count('complete');
  const failed = count('failed');
  const cancelled = count('cancelled');
  const interrupted = count('interrupted');
  const notRun = Math.max(0, planned - results.length);
  const parts = [
    `${formatCount(complete)} of ${formatCount(planned)} ${planned === 1 ? 'run' : 'runs'} complete`,
    ...(failed ? [`${formatCount(failed)} failed`] : []),
    ...(cancelled ? [`${formatCount(cancelled)} cancelled`] : []),
    ...(interrupted ? [`${formatCount(interrupted)} interrupted`] : []),
    ...(notRun && results.length > 0 ? [`${formatCount(notRun)} not run`] : []),
  ];
  return { complete, failed, cancelled, interrupted, notRun, words: parts.join(', ') };
}

/**
 * How it ended, in words: completed, cancelled, failed, and whether some runs were interrupted; and what
 * to do next: compare what was kept, or build it again as a new experiment (a document with results
 * offers no Start, and a new one is saved to a file of its own, so the runs kept stay where they are).
 */
export function endStateWords(
  finished: Pick<ExperimentFinished, 'state' | 'error'>,
  /** What was kept: query runs and load sweeps alike (sweep-rows.ts: keptItems). */
  results: ReadonlyArray<{ run: { state: string } }>,
  planned: number,
): { tone: 'ok' | 'bad'; text: string; next: string } {
  // The one count the whole screen says (runCounts): the progress line and the results table too.
  const counts = runCounts(results, planned);
  const interrupted = counts.failed + counts.cancelled + counts.interrupted;
  const kept = counts.words;
  const some =
    interrupted > 0
      ? `; ${interrupted === 1 ? 'the run that did not complete is' : 'the runs that did not complete are'} kept with what ${interrupted === 1 ? 'it' : 'they'} captured`
      : '';
  // The document bar's New (the desktop app's File menu has it too; browser mode has no menu).
  const again =
    'build it again as a new experiment (New, at the top of this screen), saved to a file of its own';
  const then =
    results.length > 0
      ? `Compare shows the runs kept side by side; to run it whole, ${again}.`
      : `To run it, ${again}.`;
  if (finished.state === 'complete')
    return interrupted > 0
      ? {
          tone: 'bad',
          text: `Completed, but not every run completed: ${kept}${some}.`,
          next: `A run that did not complete has figures only for what was captured before it stopped. ${then}`,
        }
      : {
          tone: 'ok',
          text:
            results.length === 1
              ? 'Completed: its 1 run done.'
              : `Completed: all ${formatCount(results.length)} runs done.`,
          next: 'Compare shows its runs side by side, the answer first.',
        };
  if (finished.state === 'cancelled') return { tone: 'bad', text: `Cancelled: ${kept}${some}.`, next: then };
  return {
    tone: 'bad',
    text: `Stopped: ${finished.error ?? 'it failed'}. ${kept}${some}.`,
    next: `Put right what stopped it first. ${then}`,
  };
}

/** One run of a results file as its table shows it: the configuration split into server and settings. */
export interface ResultRow {
  result: ExperimentResult;
  server: string;
  /** "innodb_buffer_pool_size=32M · innodb_old_blocks_time=1000"; the server's own when the matrix is empty. */
  settings: string;
  /** Why a run that did not complete stopped, in words (the server's error: "error 1146 … doesn't exist"); null when it completed. */
  why: string | null;
}

/**
 * A results file's runs in plan order. The settings are what tells configurations apart, so they are
 * shown whole (a configuration's key starts with the server's label, and cut short it read the same
 * for every row); the server is a column of its own.
 */
export function resultRows(file: Pick<ExperimentFile, 'definition' | 'results'>): ResultRow[] {
  const cells = new Map(expandCells(file.definition).map((c) => [c.key, c]));
  return [...file.results]
    .sort((a, b) => a.planIndex - b.planIndex)
    .map((result) => {
      const cell = cells.get(result.cell);
      const why =
        result.run.state === 'complete'
          ? null
          : (result.run.error ?? `${result.run.state}, with no reason recorded`);
      if (!cell) return { result, server: '—', settings: result.cell, why };
      const settings = cell.settings.map((x) => `${x.variable}=${x.value}`).join(' · ');
      return { result, server: cell.server, settings: settings || 'the server’s own settings', why };
    });
}

/** What each section of the builder takes: the definition being edited and the plan's issues by path. */
export interface BuilderSectionProps {
  definition: Draft;
  issues: Record<string, string>;
}
