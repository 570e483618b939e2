/**
 * `bplab demo`: the main job at a glance. Starts (or reuses) a sandbox from the first server binary
 * found, connects, prints its capability report, and serves the UI until Ctrl-C, which stops the sandbox.
 */
import { AppFailure } from '../../../shared/result';
import { call, dataDirOption, defineCommand } from '../command';
import { formatCapabilityReport, formatSandboxRow } from '../format-report';
import { assertUiBuilt, parsePort, serveUntilStopped } from '../serve-ui';

const DEMO = 'demo';

export const demoCommand = defineCommand({
  name: 'demo',
  summary: 'start a sandbox, connect, print its capability report, and serve the UI',
  usage: 'bplab demo [--binary PATH] [--buffer-pool 256M] [--port N] [--data-dir DIR]',
  options: {
    binary: { type: 'string' },
    'buffer-pool': { type: 'string', default: '256M' },
    port: { type: 'string' },
    ...dataDirOption,
  },
  async run({ values }, ctx) {
    const port = parsePort(values.port);
    assertUiBuilt(ctx);
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const existing = (await call(app, 'sandboxes/list', {})).find((s) => s.id === DEMO);
    let sandbox = existing;
    if (!sandbox) {
      let binaryPath = values.binary;
      if (!binaryPath) {
        const { binaries, searched } = await call(app, 'sandboxes/find-binaries', {});
        binaryPath = binaries[0]?.path;
        if (!binaryPath)
          throw AppFailure.of(
            'BINARY_NOT_FOUND',
            `no mysqld or mariadbd found (searched ${searched.join(', ')})`,
            {
              hint: 'run bash scripts/install-deps.sh, or pass --binary /path/to/mysqld',
            },
          );
      }
      ctx.err(`bplab: creating sandbox "${DEMO}" from ${binaryPath} ...`);
      sandbox = await call(app, 'sandboxes/create', {
        spec: { name: DEMO, binaryPath, bufferPoolSize: values['buffer-pool'] },
        start: false,
      });
    }
    ctx.err(`bplab: starting sandbox "${DEMO}" ...`);
    sandbox = await call(app, 'sandboxes/start', { id: sandbox.id });
    ctx.out(formatSandboxRow(sandbox));
    const test = await call(app, 'connections/test', { profileId: sandbox.profileId });
    ctx.out(
      `connected: ${test.flavor} ${test.serverVersion} as ${test.currentUser}, round trip ${test.roundTripMs.toFixed(1)} ms`,
    );
    ctx.out('');
    ctx.out(
      formatCapabilityReport(await call(app, 'connections/capabilities', { profileId: sandbox.profileId })),
    );
    ctx.out('');
    ctx.err(
      'bplab: next: open the URL below; Sandboxes → Datasets loads SSB data (or, in another terminal: ' +
        'node bin/bplab.cjs ssb generate --sf 0.1 --sandbox demo)',
    );
    return serveUntilStopped(app, ctx, { host: '127.0.0.1', port });
  },
});
