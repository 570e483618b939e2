/**
 * `bplab ssb generate|import|verify|list|drop`: SSB datasets from the command line, through the same
 * requests the UI sends. A load prints a progress line (rewritten in place on a terminal, one line
 * per update otherwise) and Ctrl-C cancels it, leaving the dataset marked cancelled.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { TaskProgress } from '../../../shared/app/tasks';
import {
  defaultGeneratedSchema,
  defaultImportSchema,
  type DatasetEngine,
  type DatasetTaskStarted,
  type DatasetVerifyReport,
  type GeneratorMode,
  type VerifyProgress,
  verifyVerdict,
} from '../../../shared/datasets/datasets';
import { validateScaleFactor } from '../../ssb/generator/scale';
import { writeTblFiles } from '../../ssb/generator/stream';
import { SSB_TABLES } from '../../ssb/tables';
import { describeAllowed, verdictWords } from '../../../shared/datasets/ssb-reference';
import { formatClock, formatCount } from '../../../shared/format';
import { AppFailure } from '../../../shared/result';
import type { App } from '../../app';
import { numberArg, requiredArg, type NumberRange } from '../args';
import { call, dataDirOption, defineCommand, type CliContext } from '../command';
import { withPassword } from '../password-prompt';
import { reportOf, runTask } from '../task-runner';
import { profileIdFrom } from './capabilities';

const target = { profile: { type: 'string' }, sandbox: { type: 'string' }, ...dataDirOption } as const;
const layout = {
  schema: { type: 'string' },
  engine: { type: 'string', default: 'innodb' },
  'lineorder-pk': { type: 'boolean', default: false },
  replace: { type: 'boolean', default: false },
} as const;
const TARGET_USAGE = '(--profile ID | --sandbox NAME) [--data-dir DIR]';
const LAYOUT_USAGE = '[--schema NAME] [--engine innodb|myisam] [--lineorder-pk] [--replace]';

function engineFrom(text: string): DatasetEngine {
  const e = text.toLowerCase();
  if (e === 'innodb') return 'InnoDB';
  if (e === 'myisam') return 'MyISAM';
  throw AppFailure.of('INVALID_ARGUMENT', `--engine must be innodb or myisam, not "${text}"`);
}

/** The scale factor's range, as DatasetGenerateSpecSchema has it (SF 1 is 6,001,171 lineorder rows). */
export const SF_RANGE: NumberRange = {
  above: 0,
  max: 1000,
  note: 'the SSB scale factor: SF 1 is 6,001,171 lineorder rows',
};
const SEED_RANGE: NumberRange = { min: 0, max: 2 ** 31 - 1, integer: true };

/** The one clock format (shared/format.ts), under the name the CLI's commands use. */
export const clock = formatClock;

/** One progress line: phase, rows, rows/s, ETA and percentage, e.g. "loading  1,234,567 rows  410,000 rows/s  ETA 0:12  45%". */
export function formatProgressLine(p: TaskProgress): string {
  const f = p.figures ?? {};
  const parts = [p.phase.padEnd(9)];
  if (f.rows !== undefined) parts.push(`${formatCount(f.rows)} rows`);
  if (f.rowsPerSec !== undefined) parts.push(`${formatCount(f.rowsPerSec)} rows/s`);
  if (f.etaSec !== undefined) parts.push(`ETA ${clock(f.etaSec)}`);
  if (p.fraction !== null) parts.push(`${Math.floor(p.fraction * 100)}%`);
  parts.push(p.message);
  return parts.join('  ');
}

/** Prints progress lines to stderr: rewritten in place on a terminal, one line each otherwise. */
export function progressPrinter(ctx: CliContext): { show(line: string): void; end(): void } {
  const tty = process.stderr.isTTY === true;
  let lastLength = 0;
  return {
    show(line) {
      if (!tty) return ctx.err(line);
      const text = line.slice(0, (process.stderr.columns ?? 120) - 1);
      process.stderr.write(`\r${text}${' '.repeat(Math.max(0, lastLength - text.length))}`);
      lastLength = text.length;
    },
    end() {
      if (tty && lastLength > 0) process.stderr.write('\n');
      lastLength = 0;
    },
  };
}

/**
 * Follows a load's progress events until it is done; Ctrl-C asks for a cancel once. Resolves with
 * the final event; a failed or cancelled load becomes an AppFailure for the CLI to print.
 */
export async function followTask(
  app: App,
  ctx: CliContext,
  start: () => Promise<DatasetTaskStarted>,
): Promise<TaskProgress> {
  const seen: TaskProgress[] = [];
  let taskId: string | null = null;
  let finish: (p: TaskProgress) => void = () => {};
  const finished = new Promise<TaskProgress>((r) => (finish = r));
  const printer = progressPrinter(ctx);
  const show = (p: TaskProgress) => {
    if (!p.done) printer.show(formatProgressLine(p));
  };
  const unsubscribe = app.events.subscribe((event, payload) => {
    if (event !== 'task/progress') return;
    const p = payload as TaskProgress;
    if (taskId === null) return void seen.push(p);
    if (p.taskId !== taskId) return;
    show(p);
    if (p.done) finish(p);
  });
  try {
    const started = await start();
    taskId = started.taskId;
    for (const p of seen.filter((x) => x.taskId === taskId)) {
      show(p);
      if (p.done) finish(p);
    }
    let over = false;
    void ctx.stopRequested.then(async (signal) => {
      if (over) return; // a later Ctrl-C (the demo serves the UI after its load) is not for this task
      printer.end();
      ctx.err(`bplab: ${signal}: cancelling the load of ${started.schema} ...`);
      await call(app, 'tasks/cancel', { taskId: started.taskId });
    });
    const last = await finished;
    over = true;
    printer.end();
    if (last.error) throw new AppFailure(last.error);
    return last;
  } finally {
    unsubscribe();
  }
}

function passwordArg(password: string | undefined): { password?: string } {
  return password !== undefined ? { password } : {};
}

function generatorModeFrom(text: string): GeneratorMode {
  if (text === 'dbgen' || text === 'spec') return text;
  throw AppFailure.of('INVALID_ARGUMENT', `--mode must be dbgen or spec, not "${text}"`, {
    hint: "dbgen (the default) writes dbgen's bytes, quirks included; spec the SSB specification's form.",
  });
}

/** `--tbl DIR`: dbgen's five files written into DIR, no server involved. */
async function writeTblCommand(
  ctx: CliContext,
  dir: string,
  opts: { sf: number; seed: number; mode: GeneratorMode },
): Promise<number> {
  validateScaleFactor(opts.sf);
  const started = performance.now();
  ctx.err(
    `bplab: writing SF ${opts.sf} (seed ${opts.seed}, ${opts.mode} mode) as .tbl files into ${dir} ...`,
  );
  const paths = await writeTblFiles(dir, opts);
  for (const t of SSB_TABLES) ctx.out(`${paths[t]}\t${formatCount((await stat(paths[t])).size)} bytes`);
  ctx.err(`bplab: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

export const ssbGenerateCommand = defineCommand({
  name: 'ssb generate',
  summary:
    'generate an SSB dataset with the built-in generator and stream it into a server, or write its .tbl files',
  usage: `bplab ssb generate --sf N [--seed S] [--mode dbgen|spec] (${LAYOUT_USAGE} ${TARGET_USAGE} | --tbl DIR)`,
  options: {
    sf: { type: 'string' },
    seed: { type: 'string' },
    mode: { type: 'string', default: 'dbgen' },
    tbl: { type: 'string' },
    ...layout,
    ...target,
  },
  async run({ values }, ctx) {
    const sf = numberArg('--sf', requiredArg('--sf', values.sf, 'the scale factor, e.g. --sf 1'), SF_RANGE);
    const seed = values.seed === undefined ? 1 : numberArg('--seed', values.seed, SEED_RANGE);
    const mode = generatorModeFrom(values.mode);
    if (values.tbl !== undefined) {
      if (values.profile !== undefined || values.sandbox !== undefined)
        throw AppFailure.of(
          'INVALID_ARGUMENT',
          '--tbl writes files instead of loading a server: drop --profile/--sandbox',
        );
      return writeTblCommand(ctx, resolve(values.tbl), { sf, seed, mode });
    }
    const profileId = profileIdFrom(values);
    const schema = values.schema ?? defaultGeneratedSchema(sf);
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const spec = {
      schema,
      sf,
      seed,
      mode,
      engine: engineFrom(values.engine),
      lineorderPk: values['lineorder-pk'],
      replace: values.replace,
    };
    const last = await followTask(app, ctx, () =>
      withPassword(profileId, (password) =>
        call(app, 'datasets/create', { profileId, ...passwordArg(password), spec }),
      ),
    );
    ctx.out(last.message);
    return 0;
  },
});

export const ssbImportCommand = defineCommand({
  name: 'ssb import',
  summary:
    "import dbgen's .tbl files (customer, part, supplier, date, lineorder) from a folder into a server",
  usage: `bplab ssb import DIR ${LAYOUT_USAGE} ${TARGET_USAGE}`,
  options: { ...layout, ...target },
  positionals: true,
  async run({ values, positionals }, ctx) {
    const profileId = profileIdFrom(values);
    if (positionals.length !== 1)
      throw AppFailure.of('INVALID_ARGUMENT', 'give the folder holding the .tbl files: bplab ssb import DIR');
    const dir = resolve(positionals[0]!);
    const schema = values.schema ?? defaultImportSchema(dir);
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const spec = {
      schema,
      dir,
      engine: engineFrom(values.engine),
      lineorderPk: values['lineorder-pk'],
      replace: values.replace,
    };
    const last = await followTask(app, ctx, () =>
      withPassword(profileId, (password) =>
        call(app, 'datasets/import', { profileId, ...passwordArg(password), spec }),
      ),
    );
    ctx.out(last.message);
    return 0;
  },
});

/** The verify report as text: the row counts, then one line per query against its reference. */
export function formatVerifyReport(r: DatasetVerifyReport): string {
  const v = verifyVerdict(r);
  const lines = [
    `${r.schema}: ${v.word}: ${v.words} (state ${r.state}, scale ${r.scale.toFixed(4)} of SF 1, ${(r.durationMs / 1000).toFixed(1)} s)`,
    '',
    'table       rows         expected     ',
  ];
  for (const t of r.tables)
    lines.push(
      `${t.table.padEnd(11)} ${formatCount(t.actualRows).padStart(12)} ${(t.expectedRows === null ? '?' : formatCount(t.expectedRows)).padStart(12)}  ${t.pass ? 'ok' : 'MISMATCH'}`,
    );
  lines.push('', 'query  kept rows   fraction    reference   ratio   allowed                  ');
  for (const s of r.selectivity) {
    const allowed = describeAllowed(s);
    lines.push(
      `${s.id.padEnd(6)} ${formatCount(s.keptRows).padStart(9)}   ${s.fraction.toFixed(7)}   ${s.referenceFraction.toFixed(7)}   ${s.ratio.toFixed(3).padStart(5)}   ${allowed.padEnd(20)} ${verdictWords(s.verdict)}`,
    );
  }
  return lines.join('\n');
}

export const ssbVerifyCommand = defineCommand({
  name: 'ssb verify',
  summary: "check a dataset's row counts and the 13 queries' selectivities against dbgen's reference",
  usage: `bplab ssb verify --schema NAME [--json] ${TARGET_USAGE}`,
  options: { schema: { type: 'string' }, json: { type: 'boolean' }, ...target },
  async run({ values }, ctx) {
    const profileId = profileIdFrom(values);
    if (!values.schema)
      throw AppFailure.of('INVALID_ARGUMENT', 'say which dataset: --schema NAME (bplab ssb list shows them)');
    const schema = values.schema;
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    ctx.err(`bplab: verifying ${schema} (row counts and 13 COUNT(*) queries) ...`);
    const printer = progressPrinter(ctx);
    const unsubscribe = app.events.subscribe((event, payload) => {
      const p = payload as VerifyProgress;
      if (event !== 'datasets/verify-progress' || p.schema !== schema || p.profileId !== profileId) return;
      if (p.done < p.total) printer.show(`verify  counting ${p.step}  (${p.done + 1} of ${p.total})`);
    });
    const report = await runTask(app, ctx, `the verify of ${schema}`, () =>
      withPassword(profileId, (password) =>
        call(app, 'datasets/verify', { profileId, ...passwordArg(password), schema }),
      ),
    )
      .then(reportOf)
      .finally(() => {
        unsubscribe();
        printer.end();
      });
    ctx.out(values.json ? JSON.stringify(report, null, 2) : formatVerifyReport(report));
    return report.pass ? 0 : 1;
  },
});

export const ssbListCommand = defineCommand({
  name: 'ssb list',
  summary: 'list the SSB datasets on a server, with their state',
  usage: `bplab ssb list [--json] ${TARGET_USAGE}`,
  options: { json: { type: 'boolean' }, ...target },
  async run({ values }, ctx) {
    const profileId = profileIdFrom(values);
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const { datasets } = await withPassword(profileId, (password) =>
      call(app, 'datasets/list', { profileId, ...passwordArg(password) }),
    );
    if (values.json) ctx.out(JSON.stringify(datasets, null, 2));
    else if (datasets.length === 0) ctx.err('bplab: no SSB dataset on this server');
    else
      for (const d of datasets) {
        const rows = d.loadedRows.lineorder;
        const mode = d.source === 'generated' ? ` ${d.mode ?? 'unknown'} mode` : '';
        const verified = d.lastVerify
          ? `last verify ${verifyVerdict(d.lastVerify).word} (${d.lastVerify.judged} of ${d.lastVerify.selectivity.length} queries judged) ${d.lastVerify.checkedAt}`
          : 'not verified';
        ctx.out(
          `${d.schema}\t${d.state}\t${d.source}${d.sf !== null ? ` SF ${d.sf} seed ${d.seed}${mode}` : ''}\t${d.engine}${d.lineorderPk ? ' lineorder-pk' : ''}\t${rows !== undefined ? `${formatCount(rows)} lineorder rows` : ''}\t${verified}`,
        );
      }
    return 0;
  },
});

export const ssbDropCommand = defineCommand({
  name: 'ssb drop',
  summary: 'drop an SSB dataset (only a schema bplab created)',
  usage: `bplab ssb drop --schema NAME ${TARGET_USAGE}`,
  options: { schema: { type: 'string' }, ...target },
  async run({ values }, ctx) {
    const profileId = profileIdFrom(values);
    if (!values.schema) throw AppFailure.of('INVALID_ARGUMENT', 'say which dataset: --schema NAME');
    const schema = values.schema;
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    await withPassword(profileId, (password) =>
      call(app, 'datasets/drop', { profileId, ...passwordArg(password), schema }),
    );
    ctx.out(`dropped ${schema}`);
    return 0;
  },
});
