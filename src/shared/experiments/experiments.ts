/**
 * Experiments: a list of queries and variants × a settings matrix × a run protocol, on one or more
 * servers. The definition is what a user builds (or a preset gives); the plan is the ordered list of
 * runs it expands to, which the runner executes and the builder counts and estimates as you type.
 */
import { z } from '../zod';
import { SeedSchema } from '../datasets/datasets';
import { PollSettingSchema } from '../runs/runs';
import { refusedOption } from '../server/sandbox-options';
import { ExperimentLoadSweepSchema, loadSweepSeconds } from '../load/experiment-load';
import { ReferenceFiguresSchema } from '../published/reference-figures';

/** A startup option's value that leaves the option out: the server starts on its own (paired dimensions). */
export const SERVER_OWN_VALUE = 'default';

/** Whether a startup value means "not set": the server's own. */
export const isServerOwn = (value: string): boolean => value.toLowerCase() === SERVER_OWN_VALUE;

/** The variable name of a 'dataset' dimension: its values are the schemas of the datasets. */
export const DATASET_DIMENSION = 'dataset';

const name = z.string().trim().min(1, 'a name is required').max(120);
const variableName = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, 'a server variable name: lower-case letters, digits and underscores');

/** A server the experiment runs on, by the connection profile bplab keeps for it (a sandbox has one). */
export const ExperimentServerSchema = z.object({
  /** How results and reports name this server: "MariaDB 10.11", "MySQL 8.0". */
  label: name,
  profileId: z.string().min(1).max(100),
  /** Set when the profile is a bplab sandbox: cold runs and startup options restart it. */
  sandboxId: z.string().min(1).max(100).optional(),
});
export type ExperimentServer = z.infer<typeof ExperimentServerSchema>;

/**
 * One axis of the matrix. 'global' is SET GLOBAL (innodb_old_blocks_time, _pct, read_ahead_threshold or any
 * other dynamic variable); 'buffer-pool-size' resizes online where the server can (waiting for the resize
 * to complete), else restarts the sandbox; 'startup' restarts the sandbox with the option (flush method...);
 * 'dataset' runs the queries on each of several datasets of the same server (variable "dataset", values
 * their schemas: an InnoDB and a MyISAM copy put the engines side by side, as post 003 did).
 */
export const MatrixDimensionSchema = z
  .object({
    kind: z.enum(['global', 'buffer-pool-size', 'startup', 'dataset']),
    variable: variableName,
    values: z.array(z.string().trim().min(1).max(200)).min(1, 'a dimension needs at least one value').max(50),
    /**
     * An earlier dimension's variable: this one's values go one for one with that one's instead of
     * multiplying the configurations (post 004's IO-bound pool with O_DIRECT, its cached pool as it is).
     */
    pairedWith: variableName.optional(),
  })
  .superRefine((d, ctx) => {
    if (d.kind === 'dataset' && d.variable !== DATASET_DIMENSION)
      ctx.addIssue({
        code: 'custom',
        path: ['variable'],
        message: `a dataset dimension is named "${DATASET_DIMENSION}"`,
      });
    // A startup option is a sandbox option: the ones bplab owns (where it listens, its files...) are refused.
    const refused = d.kind === 'startup' ? refusedOption(d.variable) : null;
    if (refused) ctx.addIssue({ code: 'custom', path: ['variable'], message: refused.message });
  });
export type MatrixDimension = z.infer<typeof MatrixDimensionSchema>;

export const RunProtocolSchema = z.object({
  /** Start each configuration with a cold run: sandbox restart, OS page cache dropped where bplab may. */
  cold: z.boolean().default(true),
  /** Hot runs after the cold one, without a restart ("run 1, 2, 3"). */
  hotRuns: z.number().int().min(0).max(100).default(3),
  /** Runs before the counted ones, recorded but not counted. */
  warmups: z.number().int().min(0).max(20).default(0),
  /**
   * Post 003's order: each query runs cold right after its own restart, then its hot runs, before the next
   * query's restart. Off: one cold pass over every query after one restart, then the hot passes (post 001).
   */
  coldPerQuery: z.boolean().default(false),
  /** Randomise the order of the queries within each pass (seeded, so a plan is reproducible). */
  randomize: z.boolean().default(false),
  seed: SeedSchema,
  /** After a server restarts or drops mid-run: mark that run interrupted and go on, or stop. */
  onInterruption: z.enum(['continue', 'stop']).default('continue'),
  /**
   * Every configuration's load sweeps again, the configurations in reverse order every other time
   * (A B, B A: ON, OFF, OFF, ON), so on a noisy machine no setting always runs earlier than the other.
   */
  repeats: z.number().int().min(1).max(10).default(1),
});
export type RunProtocol = z.infer<typeof RunProtocolSchema>;

/** The protocol an experiment runs with when it says nothing: each field's own default (a new object each time). */
export const defaultProtocol = (): RunProtocol => RunProtocolSchema.parse({});

/**
 * What an experiment asks (a preset says it): the dimension whose values are the answer, and the value
 * the others are compared against. Compare opens on it: that value as side A (the baseline), another as
 * B, every other dimension held at its first value; each other combination of the dimensions that vary
 * is set beside it, as a pair of its own ("1000 against 0 with the OS page cache; with O_DIRECT beside it").
 * A variable that does not vary in the results leaves Compare to its usual choice. "server" names the
 * servers (post 001's MySQL 5.6 against 5.5); "dataset" a dataset dimension.
 */
export const ExperimentQuestionSchema = z.object({
  variable: variableName,
  /** The value the others are compared against (a server's label for "server"); absent: the first value. */
  against: z.string().trim().min(1).max(200).optional(),
});
export type ExperimentQuestion = z.infer<typeof ExperimentQuestionSchema>;

export const ExperimentDefinitionSchema = z
  .object({
    name,
    description: z.string().max(4000).default(''),
    /** The dataset's schema, the same on every server. */
    schema: z.string().min(1).max(64),
    queries: z.array(
      z.object({ queryId: z.string().min(1).max(100), variant: z.string().min(1).max(40).default('base') }),
    ),
    servers: z.array(ExperimentServerSchema).min(1, 'pick at least one server'),
    matrix: z.array(MatrixDimensionSchema).max(6).default([]),
    protocol: RunProtocolSchema.default(defaultProtocol),
    poll: PollSettingSchema.default('auto'),
    /** OLTP load sweeps run in each configuration after its queries (posts 002 and 004). */
    loads: z.array(ExperimentLoadSweepSchema).max(8).optional(),
    /** Published figures to set beside the measured ones, each with its verdict (reference-figures.ts). */
    references: ReferenceFiguresSchema.optional(),
    /** What the experiment asks: which comparison Compare, the CLI and the report open on. */
    question: ExperimentQuestionSchema.optional(),
  })
  .superRefine((d, ctx) => {
    if (d.queries.length === 0 && !d.loads?.length)
      ctx.addIssue({ code: 'custom', path: ['queries'], message: 'pick at least one query' });
    const seen = new Set<string>();
    d.matrix.forEach((dim, i) => {
      if (seen.has(dim.variable))
        ctx.addIssue({
          code: 'custom',
          path: ['matrix', i, 'variable'],
          message: `${dim.variable} is already a dimension`,
        });
      if (dim.pairedWith) {
        const lead = d.matrix.slice(0, i).find((x) => x.variable === dim.pairedWith);
        if (!lead || lead.values.length !== dim.values.length)
          ctx.addIssue({
            code: 'custom',
            path: ['matrix', i, 'pairedWith'],
            message: lead
              ? `${dim.variable} pairs its values one for one with ${lead.variable}'s: give ${lead.values.length}, not ${dim.values.length}`
              : `${dim.variable} is paired with ${dim.pairedWith}, which is not a dimension before it`,
          });
      }
      seen.add(dim.variable);
    });
    const labels = new Set<string>();
    d.servers.forEach((s, i) => {
      if (labels.has(s.label))
        ctx.addIssue({
          code: 'custom',
          path: ['servers', i, 'label'],
          message: `two servers are named ${s.label}`,
        });
      labels.add(s.label);
    });
    if (d.protocol.repeats > 1 && d.queries.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['protocol', 'repeats'],
        message: 'repeats are for load sweeps alone: an experiment with queries repeats its hot runs instead',
      });
    if (!d.protocol.cold && d.protocol.hotRuns === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['protocol', 'hotRuns'],
        message: 'with no cold run, at least one hot run',
      });
  });
export type ExperimentDefinition = z.output<typeof ExperimentDefinitionSchema>;
export type ExperimentDefinitionInput = z.input<typeof ExperimentDefinitionSchema>;

/** One configuration: a server and one value per matrix dimension. */
export interface ExperimentCell {
  /** Stable within a plan: "MariaDB 10.11 · innodb_old_blocks_time=1000". */
  key: string;
  server: string;
  settings: Array<{ kind: MatrixDimension['kind']; variable: string; value: string }>;
}

/** 'cold' is the pass after a restart; hot passes are numbered 1, 2, 3 as in post 001's table. */
export type RunPass = { kind: 'warmup'; n: number } | { kind: 'cold' } | { kind: 'hot'; n: number };

export interface PlannedRun {
  /** Position in the plan, 0-based. */
  index: number;
  cell: ExperimentCell;
  pass: RunPass;
  queryId: string;
  variant: string;
  /** The runner restarts the server (cold) before this run. */
  restartBefore: boolean;
  /** Counted in comparisons; warm-ups are recorded but not counted. */
  counted: boolean;
  /**
   * Set on a load sweep (not a query): which of the definition's load steps, its seconds at most, and
   * which repeat of the configuration's sweeps (1 unless the protocol repeats them).
   */
  load?: { step: number; seconds: number; repeat: number };
}

export function passLabel(p: RunPass): string {
  return p.kind === 'cold' ? 'cold' : p.kind === 'hot' ? `run ${p.n}` : `warm-up ${p.n}`;
}

/**
 * Every configuration of the matrix, per server, in the order the dimensions and values were given; a
 * paired dimension adds its value beside its lead's instead of multiplying the configurations.
 */
export function expandCells(def: Pick<ExperimentDefinition, 'servers' | 'matrix'>): ExperimentCell[] {
  let combos: ExperimentCell['settings'][] = [[]];
  for (const dim of def.matrix) {
    const lead = dim.pairedWith ? def.matrix.find((d) => d.variable === dim.pairedWith) : undefined;
    const at = (c: ExperimentCell['settings']) =>
      lead ? lead.values.indexOf(c.find((x) => x.variable === lead.variable)?.value ?? '') : -1;
    combos = combos.flatMap((c) =>
      lead && at(c) >= 0 && lead.values.length === dim.values.length
        ? [[...c, { kind: dim.kind, variable: dim.variable, value: dim.values[at(c)]! }]]
        : dim.values.map((value) => [...c, { kind: dim.kind, variable: dim.variable, value }]),
    );
  }
  return def.servers.flatMap((s) =>
    combos.map((settings) => ({
      key: [s.label, ...settings.map((x) => `${x.variable}=${x.value}`)].join(' · '),
      server: s.label,
      settings,
    })),
  );
}

/** The schema a configuration's runs read: its dataset dimension's value, else the experiment's schema. */
export function cellSchema(def: Pick<ExperimentDefinition, 'schema'>, cell: ExperimentCell): string {
  return cell.settings.find((s) => s.kind === 'dataset')?.value ?? def.schema;
}

/** Every schema an experiment's runs read. */
export function experimentSchemas(def: Pick<ExperimentDefinition, 'schema' | 'matrix'>): string[] {
  const datasets = def.matrix.find((d) => d.kind === 'dataset');
  return datasets ? [...new Set(datasets.values)] : [def.schema];
}

/** A small seeded generator (mulberry32) so a randomised plan is the same every time for a seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The runs an experiment makes, in order: for each configuration, the warm-ups, then (if cold) a pass
 * right after a restart, then the hot passes; each pass runs every query once, in the given (flight)
 * order or shuffled per pass with the protocol's seed.
 */
export function planExperiment(def: ExperimentDefinition): PlannedRun[] {
  const rnd = seeded(def.protocol.seed);
  const passes: RunPass[] = [
    ...Array.from({ length: def.protocol.warmups }, (_, i) => ({ kind: 'warmup' as const, n: i + 1 })),
    ...(def.protocol.cold ? [{ kind: 'cold' as const }] : []),
    ...Array.from({ length: def.protocol.hotRuns }, (_, i) => ({ kind: 'hot' as const, n: i + 1 })),
  ];
  const runs: PlannedRun[] = [];
  const push = (
    cell: ExperimentCell,
    pass: RunPass,
    q: { queryId: string; variant: string },
    restart: boolean,
  ) =>
    runs.push({
      index: runs.length,
      cell,
      pass,
      queryId: q.queryId,
      variant: q.variant,
      restartBefore: restart,
      counted: pass.kind !== 'warmup',
    });
  for (const cell of expandCells(def)) {
    if (def.protocol.coldPerQuery) {
      // Post 003: warm-ups as usual, then per query a restart, its cold run and its hot runs.
      for (const pass of passes.filter((p) => p.kind === 'warmup'))
        for (const q of def.protocol.randomize ? shuffled(def.queries, rnd) : def.queries)
          push(cell, pass, q, false);
      for (const q of def.protocol.randomize ? shuffled(def.queries, rnd) : def.queries)
        for (const pass of passes.filter((p) => p.kind !== 'warmup'))
          push(cell, pass, q, pass.kind === 'cold');
      continue;
    }
    for (const pass of passes) {
      const order = def.protocol.randomize ? shuffled(def.queries, rnd) : def.queries;
      // Cold means the whole pass starts from a restart; later queries of the pass run on what it left.
      order.forEach((q, i) => push(cell, pass, q, pass.kind === 'cold' && i === 0));
    }
  }
  return withLoads(def, runs);
}

/**
 * The plan with each configuration's load sweeps after its queries (on the pool its queries left; a
 * sweep's warm-up is what makes its pool steady), in the order the definition gives them; with
 * repeats, the configurations' sweeps again in reverse order every other time (ABBA).
 */
function withLoads(def: ExperimentDefinition, runs: PlannedRun[]): PlannedRun[] {
  const loads = def.loads ?? [];
  if (loads.length === 0) return runs;
  const out: PlannedRun[] = [];
  const byCell = new Map<string, PlannedRun[]>();
  for (const r of runs) byCell.set(r.cell.key, [...(byCell.get(r.cell.key) ?? []), r]);
  const cells = expandCells(def);
  for (let repeat = 1; repeat <= def.protocol.repeats; repeat++)
    for (const cell of repeat % 2 === 1 ? cells : [...cells].reverse()) {
      if (repeat === 1) for (const r of byCell.get(cell.key) ?? []) out.push({ ...r, index: out.length });
      for (const [step, load] of loads.entries())
        out.push({
          index: out.length,
          cell,
          pass: { kind: 'hot', n: 1 },
          queryId: 'load',
          variant: load.workload,
          restartBefore: false,
          counted: true,
          load: { step, seconds: loadSweepSeconds(load), repeat },
        });
    }
  return out;
}

/** What the estimate knows: seconds a query took before (per query and variant), and a restart's cost. */
export interface DurationHints {
  querySeconds: (queryId: string, variant: string) => number | undefined;
  restartSeconds: number;
  /** Used for a query never timed yet. */
  defaultQuerySeconds: number;
  /** The configuration in place now, its restart done: the first run on it needs none. */
  currentCell?: string | null;
}

/** The estimate before anything was timed: a query's seconds, and a sandbox restart's. */
/** The preset that runs innodb_old_blocks_time 1000 and 0 with the adaptive hash index on and off (findings name it). */
export const AHI_PRESET_TITLE = 'innodb_old_blocks_time 1000 vs 0, adaptive hash index on and off, Flight 1';

export const DEFAULT_QUERY_SECONDS = 5;
export const DEFAULT_RESTART_SECONDS = 10;

/** Seconds the remaining runs should take: known query times where there are some, restarts counted. */
export function estimateSeconds(runs: readonly PlannedRun[], hints: DurationHints): number {
  let total = 0;
  let cell = hints.currentCell ?? null;
  for (const r of runs) {
    total += r.load
      ? r.load.seconds
      : (hints.querySeconds(r.queryId, r.variant) ?? hints.defaultQuerySeconds);
    // As the runner does: a restart for a cold pass, and one whenever a configuration with a startup
    // option begins (post 002's performance_schema ON, OFF, OFF, ON restarts before each sweep).
    const startup = r.cell.settings.some((s) => s.kind === 'startup' && !isServerOwn(s.value));
    if (r.restartBefore || (startup && r.cell.key !== cell)) total += hints.restartSeconds;
    cell = r.cell.key;
  }
  return total;
}

/** Where a running experiment is, for its progress bar and the headless run's terminal line. */
export interface ExperimentProgress {
  /** Runs finished so far, of all planned. */
  done: number;
  total: number;
  /** The run in progress (or the step before it: a restart, a resize). */
  current: { planIndex: number; cell: string; pass: string; queryId: string; variant: string } | null;
  /** "restarting MySQL 8.0 for a cold pass", "Q1.1 (cold)". */
  step: string;
  elapsedSec: number;
  /** From the times measured so far; null until there is something to go on. */
  remainingSec: number | null;
}

/** How a started experiment ended ('experiments/finished'): its file holds every result kept. */
export interface ExperimentFinished {
  experimentId: string;
  file: string;
  state: 'complete' | 'cancelled' | 'failed';
  /** Why it stopped, in words, when it did not complete. */
  error: string | null;
  /** What was put back: "MariaDB: innodb_old_blocks_time back to 1000", a sandbox on its own options. */
  restored: string[];
}

/** An experiment checked as it is built (experiments/check). */
export interface ExperimentCheck {
  /** Zod's issues, each with its path in the definition ($.matrix[1].values). */
  issues: Array<{ path: string; message: string }>;
  runs: number;
  estimatedSec: number;
  /** Why it cannot run, in words (a missing privilege, a server bplab cannot restart, ...). */
  problems: string[];
  canStart: boolean;
}
