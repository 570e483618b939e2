/**
 * `bplab run FILE` (or `--preset ID`): runs an experiment file, or a preset on the servers named, headless, in this process. A progress line on the
 * terminal (which cell, elapsed, time left); Ctrl-C cancels, keeping every result and restoring every
 * setting; each restored setting is printed. Exit codes: 0 complete, 1 failed, 130 cancelled, 2 bad input.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { EXPERIMENT_FILE_SUFFIX, suggestedFileName } from '../../../shared/experiments/experiment-file';
import type {
  ExperimentDefinition,
  ExperimentProgress,
  ExperimentServer,
} from '../../../shared/experiments/experiments';
import { AppFailure, formatError } from '../../../shared/result';
import { requiredArg } from '../args';
import { call, dataDirOption, defineCommand } from '../command';
import { runTask } from '../task-runner';
import { clock, progressPrinter } from './ssb';

const BAD_INPUT = new Set(['INVALID_ARGUMENT', 'NOT_FOUND', 'FILE_MALFORMED', 'PROFILE_MALFORMED']);

/** "Q1.1 (base) cold · cell main innodb_old_blocks_time=0 · 3/12 · elapsed 0:41 · left ~1:20" */
export function formatExperimentProgress(p: ExperimentProgress): string {
  const c = p.current;
  // A load sweep (queryId 'load', its workload as the variant) has no pass of its own.
  const what =
    c?.queryId === 'load'
      ? `OLTP load (${c.variant})`
      : c && `${c.queryId}${c.variant === 'base' ? '' : ` (${c.variant})`} ${c.pass}`;
  const where = c ? `${what} · ${c.cell}` : p.step;
  const left = p.remainingSec === null ? 'left: after the first run' : `left ~${clock(p.remainingSec)}`;
  return `${where} · ${p.done}/${p.total} · elapsed ${clock(p.elapsedSec)} · ${left}${p.current ? ` · ${p.step}` : ''}`;
}

/** --server NAME=PROFILE (a profile's id or name) into the definition's servers. */
async function withServers(
  def: ExperimentDefinition,
  pairs: string[],
  profiles: () => Promise<Array<{ id: string; name: string; sandboxId?: string }>>,
): Promise<ExperimentDefinition> {
  if (pairs.length === 0) return def;
  const all = await profiles();
  const servers = def.servers.map((s) => ({ ...s }));
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1)
      throw AppFailure.of('INVALID_ARGUMENT', `--server takes NAME=PROFILE, not "${pair}"`);
    const label = pair.slice(0, eq);
    const wanted = pair.slice(eq + 1);
    const server = servers.find((s) => s.label === label);
    if (!server)
      throw AppFailure.of(
        'INVALID_ARGUMENT',
        `the experiment has no server named "${label}" (it has ${servers.map((s) => s.label).join(', ')})`,
      );
    const profile = all.find((p) => p.id === wanted) ?? all.find((p) => p.name === wanted);
    if (!profile) throw AppFailure.of('INVALID_ARGUMENT', `there is no connection profile "${wanted}"`);
    server.profileId = profile.id;
    if (profile.sandboxId) server.sandboxId = profile.sandboxId;
    else delete server.sandboxId;
  }
  return { ...def, servers };
}

/** --server NAME=PROFILE pairs as a preset's servers (each named NAME, reached by that profile). */
async function presetServers(
  pairs: string[],
  profiles: () => Promise<Array<{ id: string; name: string; sandboxId?: string }>>,
): Promise<ExperimentServer[]> {
  if (pairs.length === 0)
    throw AppFailure.of('INVALID_ARGUMENT', 'a preset needs at least one --server NAME=PROFILE');
  const all = await profiles();
  return pairs.map((pair) => {
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1)
      throw AppFailure.of('INVALID_ARGUMENT', `--server takes NAME=PROFILE, not "${pair}"`);
    const wanted = pair.slice(eq + 1);
    const profile = all.find((p) => p.id === wanted) ?? all.find((p) => p.name === wanted);
    if (!profile) throw AppFailure.of('INVALID_ARGUMENT', `there is no connection profile "${wanted}"`);
    return {
      label: pair.slice(0, eq),
      profileId: profile.id,
      ...(profile.sandboxId ? { sandboxId: profile.sandboxId } : {}),
    };
  });
}

export const runCommand = defineCommand({
  name: 'run',
  summary: 'run an experiment file headless: progress on the terminal, Ctrl-C cancels and restores settings',
  usage:
    'bplab run FILE.bplab.json [--server NAME=PROFILE ...] [--out RESULTS.bplab.json] [--data-dir DIR]\n       bplab run --preset ID --server NAME=PROFILE [...] [--schema DATASET] [--out RESULTS.bplab.json]',
  options: {
    server: { type: 'string', multiple: true },
    out: { type: 'string' },
    preset: { type: 'string' },
    schema: { type: 'string' },
    ...dataDirOption,
  },
  positionals: true,
  async run({ values, positionals }, ctx) {
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    let def: ExperimentDefinition;
    let out: string;
    try {
      const profiles = async () => (await call(app, 'profiles/list', {})).profiles;
      if (values.preset) {
        if (positionals.length > 0)
          throw AppFailure.of('INVALID_ARGUMENT', 'give an experiment file or --preset, not both');
        const servers = await presetServers(values.server ?? [], profiles);
        def = await app.experiments.preset(values.preset, servers, values.schema ?? 'sbtest');
        out = resolve(values.out ?? suggestedFileName(def.name));
      } else {
        if (positionals.length > 1) throw AppFailure.of('INVALID_ARGUMENT', 'give one experiment file');
        const file = resolve(
          requiredArg('FILE', positionals[0], 'the experiment file, e.g. experiment.bplab.json'),
        );
        const opened = app.experiments.open(file);
        def = await withServers(opened.definition, values.server ?? [], profiles);
        out = values.out
          ? resolve(values.out)
          : join(dirname(file), `${basename(file, EXPERIMENT_FILE_SUFFIX)}.results${EXPERIMENT_FILE_SUFFIX}`);
      }
      // A sandbox the file names is started when it is stopped (and stopped again when this run ends),
      // as the user would, instead of "Nothing is listening".
      const listed = await call(app, 'sandboxes/list', {});
      for (const s of def.servers) {
        const sandbox = listed.find((b) => b.id === s.sandboxId);
        if (!sandbox || sandbox.status !== 'stopped') continue;
        ctx.err(`bplab: starting sandbox ${sandbox.name} for this run ...`);
        await runTask(app, ctx, `the start of sandbox ${sandbox.name}`, () =>
          call(app, 'sandboxes/start', { id: sandbox.id }),
        );
      }
      const checked = await app.experiments.check(def);
      if (checked.issues.length > 0)
        throw AppFailure.of(
          'INVALID_ARGUMENT',
          `the experiment is not valid: ${checked.issues.map((i) => `at ${i.path}, ${i.message}`).join('; ')}`,
        );
      if (!checked.canStart) {
        ctx.err(`bplab: this experiment cannot run:`);
        for (const p of checked.problems) ctx.err(`  - ${p}`);
        return 2;
      }
      ctx.err(`bplab: ${checked.runs} runs, about ${clock(checked.estimatedSec)}; results go to ${out}`);
    } catch (e) {
      if (e instanceof AppFailure && BAD_INPUT.has(e.error.code)) {
        ctx.err(`bplab: ${formatError(e.error)}`);
        ctx.err(`usage: ${runCommand.usage}`);
        return 2;
      }
      throw e;
    }
    const controller = new AbortController();
    const printer = progressPrinter(ctx);
    const experimentId = randomUUID();
    const unsubscribe = app.events.subscribe((event, payload) => {
      if (event !== 'experiments/progress') return;
      const p = payload as ExperimentProgress & { experimentId: string };
      if (p.experimentId === experimentId) printer.show(formatExperimentProgress(p));
    });
    let over = false;
    void ctx.stopRequested.then((signal) => {
      if (over) return;
      printer.end();
      ctx.err(`bplab: ${signal}: cancelling; the results so far are kept and every setting is put back ...`);
      controller.abort();
    });
    try {
      const outcome = await app.experiments.execute(def, out, experimentId, controller.signal);
      over = true;
      printer.end();
      for (const line of outcome.restored) ctx.err(`bplab: restored ${line}`);
      const sweeps = outcome.loads.length;
      const counted = `${outcome.results.length}`;
      const saved = sweeps > 0 ? `${counted} runs and ${sweeps} load sweeps` : `${counted} runs`;
      if (outcome.state === 'complete') {
        ctx.out(`complete: ${saved} saved to ${out}`);
        return 0;
      }
      ctx.err(`bplab: ${outcome.state}${outcome.error ? `: ${outcome.error}` : ''}`);
      ctx.out(`${outcome.state}: ${saved} saved to ${out}`);
      return outcome.state === 'cancelled' ? 130 : 1;
    } finally {
      over = true;
      unsubscribe();
      await app.shutdown();
    }
  },
});
