/**
 * `bplab whatif RUN.json`: a saved run replayed through InnoDB's LRU simulated, the same job the run
 * view and the report send (whatif/run-job.ts): for a traced run the server's own page trace (its
 * .pagetrace and .pagepool beside the run, the page links in its sandbox's files), with the trace
 * derived from its plan beside it where one exists; each at the run's own settings against what it
 * measured, then miss-ratio curves across pool sizes for the old-blocks settings asked, sampled as
 * SHARDS does and checked against the full simulation. `bplab whatif LOAD.json --step N` replays a
 * traced load step's clients (whatif-load.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { isByteSize, parseByteSize, SIZE_WORDS } from '../../../shared/byte-size';
import { LOAD_RESULT_KIND, LoadResultSchema } from '../../../shared/load/oltp-load';
import { AppFailure } from '../../../shared/result';
import type { RunResult } from '../../../shared/runs/runs';
import { RunResultSchema } from '../../../shared/runs/run-schema';
import type { WhatIfOptions } from '../../../shared/whatif/what-if';
import { runWhatIfJob } from '../../whatif/run-job';
import { numberArg } from '../args';
import { dataDirOption, defineCommand } from '../command';
import { cliReplay } from '../replay';
import { whatifLoadStep } from '../whatif-load';
import { printReplays, replaysOf } from '../whatif-print';

function numbers(text: string | undefined, what: string): number[] | undefined {
  if (text === undefined) return undefined;
  const out = text.split(',').map((x) => Number(x.trim()));
  if (out.some((n) => !Number.isFinite(n) || n < 0))
    throw AppFailure.of('INVALID_ARGUMENT', `${what} takes numbers separated by commas, such as 0,1000`);
  return out;
}

const POOL_WORDS =
  '--pool takes a list of sizes such as 16M,32M,64M, or a range such as 16M..128M (--points N sizes along it)';

/**
 * --pool: sizes separated by commas (the curve at those sizes only), or FROM..TO (--points sizes from
 * one to the other); each size as my.cnf writes it. Anything else is refused, saying both forms.
 */
export function poolArg(text: string | undefined): Pick<WhatIfOptions, 'pool' | 'sizes'> {
  if (text === undefined) return {};
  const t = text.trim();
  const refuse = (why: string) =>
    AppFailure.of('INVALID_ARGUMENT', `${POOL_WORDS}, each ${SIZE_WORDS}; not "${text}"${why}`);
  if (t.includes('..')) {
    const [a = '', b = '', ...rest] = t.split('..');
    if (rest.length > 0 || !isByteSize(a) || !isByteSize(b)) throw refuse('');
    const from = parseByteSize(a);
    const to = parseByteSize(b);
    if (from <= 0) throw refuse(': a pool of 0 bytes holds nothing');
    if (to < from) throw refuse(': a range runs from the smaller size to the larger');
    return { pool: { from, to } };
  }
  const parts = t.split(',').map((p) => p.trim());
  if (parts.some((p) => !isByteSize(p)))
    throw refuse(/^\d+[KMGT]?\s*-\s*\d+[KMGT]?(:\d+)?$/i.test(t) ? ' (a range is written FROM..TO)' : '');
  const sizes = parts.map(parseByteSize);
  if (sizes.some((s) => s <= 0)) throw refuse(': a pool of 0 bytes holds nothing');
  return { sizes: [...new Set(sizes)].sort((a, b) => a - b) };
}

async function readJson(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw AppFailure.of('NOT_FOUND', `cannot read ${path}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw AppFailure.of('FILE_MALFORMED', `${path} is not JSON`);
  }
}

function runOf(json: unknown, path: string): RunResult {
  const run = RunResultSchema.safeParse(json);
  if (!run.success)
    throw AppFailure.of(
      'FILE_MALFORMED',
      `${path} is not a saved run (bplab query --json writes one) nor a load result (bplab load --json)`,
    );
  return run.data;
}

export const whatifCommand = defineCommand({
  name: 'whatif',
  summary:
    "replay a saved run (or a traced load step) through InnoDB's LRU simulated: its own-size check, curves across pool sizes",
  usage:
    'bplab whatif RUN.json [--pool 16M,32M,64M | --pool 64M..2G [--points 16]] [--old-blocks-time 0,1000] [--old-blocks-pct 37,20] [--sample 0.1] [--json FILE] [--data-dir DIR]\n' +
    '  bplab whatif LOAD.json --step N [--pool ...] [--points 8] [--data-dir DIR]   (a step traced with bplab load --trace-client)',
  options: {
    pool: { type: 'string' },
    points: { type: 'string' },
    step: { type: 'string' },
    'old-blocks-time': { type: 'string' },
    'old-blocks-pct': { type: 'string' },
    sample: { type: 'string' },
    json: { type: 'string' },
    ...dataDirOption,
  },
  positionals: true,
  async run({ values, positionals }, ctx) {
    if (positionals.length !== 1)
      throw AppFailure.of('INVALID_ARGUMENT', 'give one saved run or load result: bplab whatif RUN.json');
    const path = resolve(positionals[0]!);
    const pool = poolArg(values.pool);
    const json = await readJson(path);
    const isLoad = (json as { kind?: unknown } | null)?.kind === LOAD_RESULT_KIND;
    const dataDir = ctx.resolveDataDir(values['data-dir']);
    if (isLoad) {
      if (values.step === undefined)
        throw AppFailure.of(
          'INVALID_ARGUMENT',
          `${path} is a load result: say which step, --step N (1 for its first)`,
        );
      const load = LoadResultSchema.safeParse(json);
      if (!load.success)
        throw AppFailure.of(
          'FILE_MALFORMED',
          `${path} is a bplab load result bplab cannot read (it may be damaged)`,
        );
      const step = numberArg('--step', values.step, {
        min: 1,
        max: load.data.steps.length || 1,
        integer: true,
      });
      const points =
        values.points === undefined
          ? 8
          : numberArg('--points', values.points, { min: 1, max: 64, integer: true });
      const app = await ctx.openApp({ dataDir });
      return whatifLoadStep(app, ctx, load.data, path, step, { ...pool, points, dataDir });
    }
    if (values.step !== undefined)
      throw AppFailure.of(
        'INVALID_ARGUMENT',
        '--step is for a load result (bplab load --json), not a saved run',
      );
    const run = runOf(json, path);
    const rate = values.sample === undefined ? 0.1 : Number(values.sample);
    if (!(rate > 0 && rate <= 1))
      throw AppFailure.of('INVALID_ARGUMENT', '--sample takes a rate above 0 and at most 1');
    const points = values.points === undefined ? 16 : Number(values.points);
    if (!Number.isInteger(points) || points < 1 || points > 64)
      throw AppFailure.of('INVALID_ARGUMENT', '--points takes a whole number from 1 to 64');
    const options: WhatIfOptions = {
      ...pool,
      points,
      oldBlocksTimes: numbers(values['old-blocks-time'], '--old-blocks-time'),
      oldBlocksPcts: numbers(values['old-blocks-pct'], '--old-blocks-pct'),
      rate,
    };
    // A traced run's files are found as the run view finds them: bplab's data folder opened for it.
    const app = run.pageTrace ? await ctx.openApp({ dataDir }) : null;
    const job = app
      ? await runWhatIfJob(run, options, app.whatifSources, dirname(path))
      : await runWhatIfJob(run, options, NO_SOURCES);
    const simulator = cliReplay(ctx);
    const answer = await simulator.run(job).finally(() => simulator.close());
    const replays = replaysOf(answer);
    const primary = replays.real ?? replays.derived;
    if (!primary)
      throw AppFailure.of(
        'FEATURE_MISSING',
        `cannot replay this run: ${replays.realUnavailable ?? replays.derivedUnavailable ?? 'nothing to replay'}`,
      );
    printReplays(replays, ctx.out);
    if (values.json) {
      const written = replays.real
        ? { ...replays.real, derived: replays.derived ?? { unavailable: replays.derivedUnavailable } }
        : primary;
      try {
        await writeFile(values.json, JSON.stringify(written, null, 2), 'utf8');
      } catch (e) {
        throw AppFailure.of('FILE_MALFORMED', `cannot write ${values.json}: ${(e as Error).message}`);
      }
      ctx.err(`bplab: what-if written to ${values.json}`);
    }
    return 0;
  },
});

/** An untraced run needs no files: its job is its derived replay. */
const NO_SOURCES = {
  runsDir: '',
  datadirOf: async () => null,
  runsSinceStart: () => [],
};
