/** `bplab sandbox ...`: private servers from the command line. A sandbox started here keeps running until stopped. */
import { SandboxSpecSchema, sandboxIdOf, type SandboxSpec } from '../../../shared/models';
import { OLD_BLOCKS_PCT_RANGE, OLD_BLOCKS_TIME_RANGE } from '../../../shared/server/lru-settings';
import { AppFailure } from '../../../shared/result';
import { refusedOption } from '../../../shared/server/sandbox-options';
import { numberArg, portArg, schemaArg, sizeArg } from '../args';
import { call, dataDirOption, defineCommand, type CliContext } from '../command';
import { formatSandboxRow } from '../format-report';
import { runTask, sandboxOf } from '../task-runner';

async function withApp<T>(
  ctx: CliContext,
  dataDir: string | undefined,
  work: (app: Awaited<ReturnType<CliContext['openApp']>>) => Promise<T>,
): Promise<T> {
  // One-shot commands do not call app.shutdown(): a sandbox started from the CLI is meant to outlive it.
  return work(await ctx.openApp({ dataDir: ctx.resolveDataDir(dataDir) }));
}

/** The one NAME every sandbox command takes, checked by the spec's own rule before anything is done or said. */
function oneName(positionals: string[], usage: string): string {
  if (positionals.length !== 1 || !positionals[0])
    throw AppFailure.of('INVALID_ARGUMENT', 'name exactly one sandbox', { hint: `usage: ${usage}` });
  return schemaArg('the sandbox NAME', positionals[0], SandboxSpecSchema.shape.name);
}

/** The sandbox a command names, as `sandbox list` shows it (its name) or by its id. */
function oneId(positionals: string[], usage: string): string {
  return sandboxIdOf(oneName(positionals, usage));
}

export const sandboxListCommand = defineCommand({
  name: 'sandbox list',
  summary: 'list sandboxes with their status and port',
  usage: 'bplab sandbox list [--data-dir DIR]',
  options: { ...dataDirOption },
  async run({ values }, ctx) {
    const list = await withApp(ctx, values['data-dir'], (app) => call(app, 'sandboxes/list', {}));
    if (list.length === 0) ctx.err('bplab: no sandboxes yet (bplab sandbox create NAME --binary PATH)');
    for (const s of list) ctx.out(formatSandboxRow(s));
    return 0;
  },
});

export const sandboxBinariesCommand = defineCommand({
  name: 'sandbox binaries',
  summary: 'list the mysqld/mariadbd binaries bplab can start sandboxes from',
  usage: 'bplab sandbox binaries [--basedir DIR]',
  options: { basedir: { type: 'string' }, ...dataDirOption },
  async run({ values }, ctx) {
    const found = await withApp(ctx, values['data-dir'], (app) =>
      call(app, 'sandboxes/find-binaries', values.basedir ? { basedir: values.basedir } : {}),
    );
    if (found.binaries.length === 0)
      ctx.err(`bplab: no server binary found; searched ${found.searched.join(', ')}`);
    for (const b of found.binaries) ctx.out(`${b.flavor} ${b.version}`.padEnd(18) + b.path);
    return found.binaries.length ? 0 : 1;
  },
});

const createUsage =
  'bplab sandbox create NAME (--binary PATH | --basedir DIR) [--port N] [--buffer-pool 128M] [--old-blocks-time MS] ' +
  '[--old-blocks-pct N] [--option name=value ...] [--no-local-infile] [--keep-running] [--no-start] [--keep-failed]';

export const sandboxCreateCommand = defineCommand({
  name: 'sandbox create',
  summary: 'create a private server (and start it) from an installed mysqld or mariadbd',
  usage: createUsage,
  positionals: true,
  options: {
    binary: { type: 'string' },
    basedir: { type: 'string' },
    port: { type: 'string' },
    'buffer-pool': { type: 'string' },
    'old-blocks-time': { type: 'string' },
    'old-blocks-pct': { type: 'string' },
    option: { type: 'string', multiple: true },
    'no-local-infile': { type: 'boolean' },
    'keep-running': { type: 'boolean' },
    'no-start': { type: 'boolean' },
    'keep-failed': { type: 'boolean' },
    ...dataDirOption,
  },
  async run({ values, positionals }, ctx) {
    const name = oneName(positionals, createUsage);
    const options = optionsFrom(values.option ?? []);
    const sized =
      values['buffer-pool'] !== undefined ? sizeArg('--buffer-pool', values['buffer-pool']) : undefined;
    const spec: Omit<SandboxSpec, 'binaryPath'> = {
      name,
      localInfile: !values['no-local-infile'],
      keepRunning: Boolean(values['keep-running']),
      options,
      ...(values.port !== undefined ? { port: portArg('--port', values.port) } : {}),
      ...(sized ? { bufferPoolSize: sized } : {}),
      ...(values['old-blocks-time'] !== undefined
        ? { oldBlocksTimeMs: numberArg('--old-blocks-time', values['old-blocks-time'], OLD_BLOCKS_TIME) }
        : {}),
      ...(values['old-blocks-pct'] !== undefined
        ? { oldBlocksPct: numberArg('--old-blocks-pct', values['old-blocks-pct'], OLD_BLOCKS_PCT) }
        : {}),
    };
    return withApp(ctx, values['data-dir'], async (app) => {
      let binaryPath = values.binary;
      if (!binaryPath) {
        const found = await call(
          app,
          'sandboxes/find-binaries',
          values.basedir ? { basedir: values.basedir } : {},
        );
        binaryPath = found.binaries[0]?.path;
        if (!binaryPath)
          throw AppFailure.of('BINARY_NOT_FOUND', 'no mysqld or mariadbd found', {
            hint: 'pass --binary /path/to/mysqld or --basedir DIR',
          });
      }
      ctx.err(`bplab: creating sandbox ${name} from ${binaryPath} ...`);
      const info = await runTask(app, ctx, `the create of sandbox ${name}`, () =>
        call(app, 'sandboxes/create', {
          spec: { ...spec, binaryPath },
          start: !values['no-start'],
          keepFailed: Boolean(values['keep-failed']),
        }),
      ).then(sandboxOf, (e: unknown) => {
        // The server's own limits are only known once its binary is: say which flag they are about.
        if (e instanceof AppFailure && e.error.details?.field === 'bufferPoolSize')
          throw new AppFailure({
            ...e.error,
            message: `--buffer-pool ${sized ?? '128M'}: ${e.error.message}`,
          });
        throw e;
      });
      ctx.out(formatSandboxRow(info));
      return 0;
    });
  },
});

function lifecycle(verb: 'start' | 'stop' | 'restart' | 'delete', summary: string) {
  const usage = `bplab sandbox ${verb} NAME${verb === 'stop' ? ' [--force]' : ''} [--data-dir DIR]`;
  return defineCommand({
    name: `sandbox ${verb}`,
    summary,
    usage,
    positionals: true,
    options: { ...dataDirOption, force: { type: 'boolean', default: false } },
    async run({ values, positionals }, ctx) {
      const id = oneId(positionals, usage);
      if (values.force && verb !== 'stop')
        throw AppFailure.of('INVALID_ARGUMENT', `--force is for bplab sandbox stop, not ${verb}`);
      return withApp(ctx, values['data-dir'], async (app) => {
        if (verb === 'delete') {
          await call(app, 'sandboxes/delete', { id });
          ctx.out(`deleted ${id}`);
        } else if (verb === 'stop') {
          ctx.out(formatSandboxRow(await call(app, 'sandboxes/stop', { id, force: values.force })));
        } else if (verb === 'start') {
          const started = await runTask(app, ctx, `the start of sandbox ${id}`, () =>
            call(app, 'sandboxes/start', { id }),
          );
          ctx.out(formatSandboxRow(sandboxOf(started)));
        } else {
          ctx.out(formatSandboxRow(await call(app, `sandboxes/${verb}`, { id })));
        }
        return 0;
      });
    },
  });
}

export const sandboxStartCommand = lifecycle(
  'start',
  'start a sandbox (it keeps running after this command)',
);
export const sandboxStopCommand = lifecycle(
  'stop',
  'stop a sandbox (--force: even while another bplab process uses it)',
);
export const sandboxRestartCommand = lifecycle(
  'restart',
  'restart a sandbox: its buffer pool comes back cold',
);
export const sandboxDeleteCommand = lifecycle('delete', 'stop a sandbox and delete its data');

export const sandboxLogCommand = defineCommand({
  name: 'sandbox log',
  summary: "print the end of a sandbox's error log",
  usage: 'bplab sandbox log NAME [--bytes N]',
  positionals: true,
  options: { bytes: { type: 'string' }, ...dataDirOption },
  async run({ values, positionals }, ctx) {
    const id = oneId(positionals, 'bplab sandbox log NAME');
    const log = await withApp(ctx, values['data-dir'], (app) =>
      call(app, 'sandboxes/log', {
        id,
        maxBytes:
          values.bytes !== undefined
            ? numberArg('--bytes', values.bytes, { min: 1, max: 4_000_000, integer: true, unit: 'bytes' })
            : 64_000,
      }),
    );
    ctx.err(`bplab: ${log.path}${log.truncated ? ' (end only)' : ''}`);
    ctx.out(log.text.trimEnd());
    return 0;
  },
});

const OLD_BLOCKS_TIME = { ...OLD_BLOCKS_TIME_RANGE, integer: true, unit: 'milliseconds' };
const OLD_BLOCKS_PCT = { ...OLD_BLOCKS_PCT_RANGE, integer: true, unit: 'percent' };

/** --option name=value, each checked against the options bplab owns, in CLI terms. */
function optionsFrom(pairs: string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (const kv of pairs) {
    const eq = kv.indexOf('=');
    const key = kv.slice(0, Math.max(eq, 0)).replace(/^--/, '');
    if (eq < 1 || !/^[a-z][a-z0-9_-]*$/i.test(key))
      throw AppFailure.of('INVALID_ARGUMENT', `--option wants a mysqld option as name=value, not "${kv}"`, {
        hint: 'e.g. --option innodb_buffer_pool_instances=1',
      });
    const refused = refusedOption(key);
    if (refused) throw AppFailure.of('INVALID_ARGUMENT', `--option ${kv} is refused: ${refused.message}`);
    options[key] = kv.slice(eq + 1);
  }
  return options;
}
