/** `bplab sandbox ...`: private servers from the command line. A sandbox started here keeps running until stopped. */
import type { SandboxSpec } from '../../../shared/models';
import { AppFailure } from '../../../shared/result';
import { call, dataDirOption, defineCommand, type CliContext } from '../command';
import { formatSandboxRow } from '../format-report';

async function withApp<T>(
  ctx: CliContext,
  dataDir: string | undefined,
  work: (app: Awaited<ReturnType<CliContext['openApp']>>) => Promise<T>,
): Promise<T> {
  // One-shot commands do not call app.shutdown(): a sandbox started from the CLI is meant to outlive it.
  return work(await ctx.openApp({ dataDir: ctx.resolveDataDir(dataDir) }));
}

function oneName(positionals: string[], usage: string): string {
  if (positionals.length !== 1 || !positionals[0])
    throw AppFailure.of('INVALID_ARGUMENT', 'name exactly one sandbox', { hint: `usage: ${usage}` });
  return positionals[0];
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
  '[--old-blocks-pct N] [--option name=value ...] [--no-local-infile] [--keep-running] [--no-start]';

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
    ...dataDirOption,
  },
  async run({ values, positionals }, ctx) {
    const name = oneName(positionals, createUsage);
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
      const options: Record<string, string> = {};
      for (const kv of values.option ?? []) {
        const eq = kv.indexOf('=');
        if (eq < 1) throw AppFailure.of('INVALID_ARGUMENT', `--option wants name=value, not "${kv}"`);
        options[kv.slice(0, eq).replace(/^--/, '')] = kv.slice(eq + 1);
      }
      const spec: SandboxSpec = {
        name,
        binaryPath,
        localInfile: !values['no-local-infile'],
        keepRunning: Boolean(values['keep-running']),
        options,
        ...(values.port ? { port: intOption('--port', values.port) } : {}),
        ...(values['buffer-pool'] ? { bufferPoolSize: values['buffer-pool'] } : {}),
        ...(values['old-blocks-time']
          ? { oldBlocksTimeMs: intOption('--old-blocks-time', values['old-blocks-time']) }
          : {}),
        ...(values['old-blocks-pct']
          ? { oldBlocksPct: intOption('--old-blocks-pct', values['old-blocks-pct']) }
          : {}),
      };
      ctx.err(`bplab: creating sandbox ${name} from ${binaryPath} ...`);
      const info = await call(app, 'sandboxes/create', { spec, start: !values['no-start'] });
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
      const id = oneName(positionals, usage);
      if (values.force && verb !== 'stop')
        throw AppFailure.of('INVALID_ARGUMENT', `--force is for bplab sandbox stop, not ${verb}`);
      return withApp(ctx, values['data-dir'], async (app) => {
        if (verb === 'delete') {
          await call(app, 'sandboxes/delete', { id });
          ctx.out(`deleted ${id}`);
        } else if (verb === 'stop') {
          ctx.out(formatSandboxRow(await call(app, 'sandboxes/stop', { id, force: values.force })));
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
    const id = oneName(positionals, 'bplab sandbox log NAME');
    const log = await withApp(ctx, values['data-dir'], (app) =>
      call(app, 'sandboxes/log', {
        id,
        maxBytes: values.bytes ? intOption('--bytes', values.bytes) : 64_000,
      }),
    );
    ctx.err(`bplab: ${log.path}${log.truncated ? ' (end only)' : ''}`);
    ctx.out(log.text.trimEnd());
    return 0;
  },
});

export function intOption(flag: string, text: string): number {
  if (!/^\d+$/.test(text))
    throw AppFailure.of('INVALID_ARGUMENT', `${flag} wants a whole number, not "${text}"`);
  return Number(text);
}
