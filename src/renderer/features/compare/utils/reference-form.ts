/**
 * The form that adds a reference figure to an open experiment (a vendor's claim, a figure of one's own,
 * an earlier result): what it measures, picked from the figures the experiment has (a query's seconds
 * in a pass at one configuration, the ratio or change between two configurations, a load step's QPS at
 * some clients, or the ratio or change between two configurations' QPS there), its value and unit as typed, and where it comes from. Strings as typed, to a
 * ReferenceFigure the shared schema accepts, each problem in words under its field. Pure.
 */
import { fileLabel } from '../../../../shared/compare/experiment-sides';
import { measureFigure, type VerdictSource } from '../../../../shared/compare/reference-verdicts';
import { expandCells, type ExperimentDefinition } from '../../../../shared/experiments/experiments';
import {
  ReferenceFigureSchema,
  type FigureSide,
  type ReferenceFigure,
  type ReferenceFigureInput,
} from '../../../../shared/published/reference-figures';

export type ReferenceKind = 'query-seconds' | 'ratio' | 'load-qps' | 'load-ratio';

/** A ratio or change between two configurations: the form asks for the second one (divided by). */
export const comparesTwo = (kind: ReferenceKind): boolean => kind === 'ratio' || kind === 'load-ratio';
/** A figure of a load step's QPS: the form asks for the step and its client count, not a pass. */
export const measuresLoad = (kind: ReferenceKind): boolean => kind === 'load-qps' || kind === 'load-ratio';
export type ReferenceUnit = 's' | 'ratio' | '%' | 'qps';

export interface ReferenceForm {
  kind: ReferenceKind;
  /** A configuration's key (as the experiment names its cells): the figure's side, the first for a ratio. */
  side: string;
  /** The second configuration of a ratio or change (the one divided by). */
  other: string;
  /** "cold", "run 1"... */
  pass: string;
  /** '' for every query; else "Q1.1" (or "Q1.1 straight" where the query runs in two variants). */
  query: string;
  /** A load step's index, and its clients, as typed. */
  step: string;
  clients: string;
  value: string;
  unit: ReferenceUnit;
  /** Blank: the figure is named by what it measures. */
  label: string;
  /** Where it comes from: "vendor's tuning guide", "our run of 12 May". */
  source: string;
  /** Where in it (a page, a table, a link); blank: the day it was added. */
  where: string;
  /** An earlier results file whose measurement gave the value (its path); '' when typed. */
  earlier: string;
}

export type ReferenceFormErrors = Partial<Record<keyof ReferenceForm, string>>;

export interface ReferenceChoices {
  kinds: Array<{ id: ReferenceKind; label: string }>;
  configurations: Array<{ key: string; label: string }>;
  passes: string[];
  queries: Array<{ id: string; label: string }>;
  steps: Array<{ index: number; label: string; clients: number[] }>;
}

const RATIO_UNITS: Array<{ id: ReferenceUnit; label: string }> = [
  { id: 'ratio', label: '× (the first over the second)' },
  { id: '%', label: '% change of the first over the second' },
];

export const UNITS_OF: Record<ReferenceKind, Array<{ id: ReferenceUnit; label: string }>> = {
  'query-seconds': [{ id: 's', label: 'seconds' }],
  ratio: RATIO_UNITS,
  'load-qps': [{ id: 'qps', label: 'queries per second' }],
  'load-ratio': RATIO_UNITS,
};

const KIND_LABELS: Record<ReferenceKind, string> = {
  'query-seconds': "a query's time at one configuration",
  ratio: 'a ratio between two configurations',
  'load-qps': "a load's QPS at some clients",
  'load-ratio': "a ratio between two configurations' load QPS",
};

/**
 * A configuration as a figure's side, and its name: the settings that vary between the experiment's
 * configurations (a pool size every one shares names none), and its server where there are several.
 */
function sideOfCell(def: ExperimentDefinition, key: string): { side: FigureSide; label: string } | null {
  const cells = expandCells(def);
  const cell = cells.find((c) => c.key === key);
  if (!cell) return null;
  const varies = (variable: string) =>
    new Set(cells.map((c) => c.settings.find((s) => s.variable === variable)?.value)).size > 1;
  const settings = cell.settings.filter((s) => varies(s.variable));
  const several = def.servers.length > 1;
  return {
    side: {
      ...(several ? { server: cell.server } : {}),
      settings: Object.fromEntries(settings.map((s) => [s.variable, s.value])),
    },
    label:
      [...(several ? [cell.server] : []), ...settings.map((s) => `${s.variable}=${s.value}`)].join(' · ') ||
      cell.key,
  };
}

const cellLabel = (def: ExperimentDefinition, key: string) => sideOfCell(def, key)?.label ?? key;

/** What the experiment lets a figure measure: its kinds, configurations, passes, queries and load steps. */
export function referenceChoices(def: ExperimentDefinition): ReferenceChoices {
  const cells = expandCells(def);
  const variants = new Map<string, number>();
  for (const q of def.queries) variants.set(q.queryId, (variants.get(q.queryId) ?? 0) + 1);
  const queries = def.queries.map((q) => {
    const id = (variants.get(q.queryId) ?? 0) > 1 ? `${q.queryId} ${q.variant}` : q.queryId;
    return { id, label: id };
  });
  const kinds: ReferenceKind[] = [
    ...(def.queries.length > 0 ? (['query-seconds'] as const) : []),
    ...(def.queries.length > 0 && cells.length > 1 ? (['ratio'] as const) : []),
    ...(def.loads?.length ? (['load-qps'] as const) : []),
    ...(def.loads?.length && cells.length > 1 ? (['load-ratio'] as const) : []),
  ];
  return {
    kinds: kinds.map((id) => ({ id, label: KIND_LABELS[id] })),
    configurations: cells.map((c) => ({ key: c.key, label: cellLabel(def, c.key) })),
    passes: [
      ...(def.protocol.cold ? ['cold'] : []),
      ...Array.from({ length: def.protocol.hotRuns }, (_, i) => `run ${i + 1}`),
    ],
    queries: [{ id: '', label: 'every query (their total)' }, ...queries],
    steps: (def.loads ?? []).map((s, index) => ({
      index,
      label: `step ${index + 1}: ${s.workload}`,
      clients: [...s.clients],
    })),
  };
}

/** A new form for the experiment: its first kind, configurations and pass; nothing typed yet. */
export function emptyReferenceForm(choices: ReferenceChoices): ReferenceForm {
  const kind = choices.kinds[0]?.id ?? 'query-seconds';
  return {
    kind,
    side: choices.configurations[0]?.key ?? '',
    other: choices.configurations[1]?.key ?? '',
    pass: choices.passes.includes('run 1') ? 'run 1' : (choices.passes[0] ?? 'cold'),
    query: '',
    step: '0',
    clients: String(choices.steps[0]?.clients[0] ?? ''),
    value: '',
    unit: UNITS_OF[kind][0]!.id,
    label: '',
    source: '',
    where: '',
    earlier: '',
  };
}

/** A change to the form; a kind that changes brings a unit it can take. */
export function changeReferenceForm(form: ReferenceForm, patch: Partial<ReferenceForm>): ReferenceForm {
  const next = { ...form, ...patch };
  if (!UNITS_OF[next.kind].some((u) => u.id === next.unit)) next.unit = UNITS_OF[next.kind][0]!.id;
  return next;
}

const sideOf = (def: ExperimentDefinition, key: string): FigureSide | null =>
  sideOfCell(def, key)?.side ?? null;

/** The figure named by what it measures: "Q1.1, run 1: innodb_old_blocks_time=1000 over …=0". */
export function describeFigure(form: ReferenceForm, def: ExperimentDefinition): string {
  const name = (key: string) => cellLabel(def, key);
  const queries = form.query || 'every query';
  const versus = `${name(form.side)} ${form.unit === '%' ? 'against' : 'over'} ${name(form.other)}`;
  if (measuresLoad(form.kind)) {
    const step = def.loads?.[Number(form.step)];
    const clients = form.clients.trim();
    const at = `QPS at ${clients} client${clients === '1' ? '' : 's'}${step ? `, ${step.workload}` : ''}`;
    return `${at}: ${form.kind === 'load-ratio' ? versus : name(form.side)}`;
  }
  if (form.kind === 'query-seconds') return `${queries}, ${form.pass}: seconds at ${name(form.side)}`;
  return `${queries}, ${form.pass}: ${versus}`;
}

const WORDS = {
  value: 'a number, such as 1.8 or 92301 (a dot before the decimals, no unit or thousands commas)',
  positive: 'more than 0: a time, a QPS or a ratio is never 0 or below',
  source: 'say where the figure comes from: a vendor’s page, an earlier run of yours…',
  side: 'pick a configuration of this experiment',
  other: 'pick a second configuration, not the first one again',
  clients: 'one of this load step’s client counts',
  label: 'a name of 200 characters at most',
  where: 'where in it, in 300 characters at most',
  sourceLong: 'where it comes from, in 120 characters at most',
} as const;

/** "added-q1-1-run-1-…", unique among the experiment's figures. */
function figureId(label: string, taken: ReadonlySet<string>): string {
  const base = `added-${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`.slice(0, 72);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

export type FigureCheck = { ok: true; figure: ReferenceFigure } | { ok: false; errors: ReferenceFormErrors };

/**
 * The measure and sides the form describes (the value left out): what an earlier result is measured
 * with too. Problems of the choices, in words under their fields.
 */
function measureOf(
  form: ReferenceForm,
  def: ExperimentDefinition,
  errors: ReferenceFormErrors,
): { measure: ReferenceFigureInput['measure']; sides: FigureSide[] } {
  const side = sideOf(def, form.side);
  if (!side) errors.side = WORDS.side;
  const sides: FigureSide[] = side ? [side] : [];
  if (comparesTwo(form.kind)) {
    const other = form.other === form.side ? null : sideOf(def, form.other);
    if (!other) errors.other = WORDS.other;
    else sides.push(other);
  }
  if (measuresLoad(form.kind)) {
    const step = Number(form.step);
    const clients = Number(form.clients.trim());
    if (!def.loads?.[step]?.clients.includes(clients)) errors.clients = WORDS.clients;
    return { measure: { kind: 'load-qps', step, clients }, sides };
  }
  return {
    measure: { kind: 'query-seconds', pass: form.pass, ...(form.query ? { queries: [form.query] } : {}) },
    sides,
  };
}

/** A typed number: "1.8", "92301", "-7.5"; anything else (a unit, commas, blank) is not one. */
function typedNumber(text: string): number | null {
  const t = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) ? Number(t) : null;
}

/**
 * The figure the form describes, for the experiment `def` whose figures are `taken` (ids), or each
 * problem under its field. `today` (YYYY-MM-DD) stands where no page or table is given.
 */
export function figureFromForm(
  form: ReferenceForm,
  def: ExperimentDefinition,
  today: string,
  taken: ReadonlySet<string> = new Set((def.references ?? []).map((f) => f.id)),
): FigureCheck {
  const errors: ReferenceFormErrors = {};
  const { measure, sides } = measureOf(form, def, errors);
  const value = typedNumber(form.value);
  if (value === null) errors.value = WORDS.value;
  else if (value <= 0 && form.unit !== '%') errors.value = WORDS.positive;
  if (!form.source.trim()) errors.source = WORDS.source;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const label = form.label.trim() || describeFigure(form, def);
  const input: ReferenceFigureInput = {
    id: figureId(label, taken),
    label,
    value: value!,
    unit: form.unit,
    measure,
    sides,
    citation: { source: form.source.trim(), where: form.where.trim() || `added on ${today}` },
  };
  const checked = ReferenceFigureSchema.safeParse(input);
  if (checked.success) return { ok: true, figure: checked.data };
  // The schema's own words stay in main's logs: each problem is said here under its field.
  for (const issue of checked.error.issues) {
    const [top, sub] = issue.path.map(String);
    if (top === 'label') errors.label ??= WORDS.label;
    else if (top === 'citation')
      errors[sub === 'where' ? 'where' : 'source'] ??= WORDS[sub === 'where' ? 'where' : 'sourceLong'];
    else errors.value ??= WORDS.value;
  }
  return { ok: false, errors };
}

/** Rounded to 4 significant digits, as typed: 1.2345678 → "1.235". */
const typed = (n: number) => String(Number(n.toPrecision(4)));

/**
 * The figure the form describes, measured on an earlier result: its value becomes the reference, with
 * where it comes from filled in. The sides keep only the settings the earlier experiment varies too (an
 * earlier run of 1000 against 0 without the flush method still measures the same ratio).
 */
export function fromEarlier(
  form: ReferenceForm,
  def: ExperimentDefinition,
  earlier: { file: string; experiment: VerdictSource & { savedAt?: string } },
):
  | { ok: true; patch: Pick<ReferenceForm, 'value' | 'source' | 'where' | 'earlier'> }
  | { ok: false; errors: ReferenceFormErrors } {
  const errors: ReferenceFormErrors = {};
  const { measure, sides } = measureOf(form, def, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const theirs = new Set(earlier.experiment.definition.matrix.map((d) => d.variable));
  const serverThere = (s: FigureSide) =>
    s.server && earlier.experiment.definition.servers.some((x) => x.label === s.server);
  const draft = ReferenceFigureSchema.parse({
    id: 'earlier',
    label: 'earlier',
    value: 1,
    unit: form.unit,
    measure,
    sides: sides.map((s) => ({
      ...(serverThere(s) ? { server: s.server } : {}),
      settings: Object.fromEntries(Object.entries(s.settings).filter(([k]) => theirs.has(k))),
    })),
    citation: { source: 'earlier', where: 'earlier' },
  });
  const measured = measureFigure(earlier.experiment, draft).measured;
  const got = measured.find((m) => m.measured !== null);
  const name = fileLabel(earlier.file);
  if (!got)
    return {
      ok: false,
      errors: { earlier: `${name} has no such figure: ${measured[0]?.why ?? 'nothing measured'}` },
    };
  const day = earlier.experiment.savedAt?.slice(0, 10);
  return {
    ok: true,
    patch: {
      value: typed(got.measured!),
      source: `earlier result ${name}`.slice(0, 120),
      where: [got.context, day ? `saved ${day}` : ''].filter(Boolean).join(', ').slice(0, 300),
      earlier: earlier.file,
    },
  };
}
