/**
 * `bplab demo`: the main job at a glance. Starts (or reuses) a sandbox from the first server binary
 * found, connects, prints its capability report, loads a small SSB dataset and verifies it (or reuses
 * a complete one), and serves the UI until Ctrl-C, which stops the sandbox if this demo started it
 * (one another bplab process started, or uses now, keeps running).
 */
import { defaultGeneratedSchema, verifyVerdict, type DatasetInfo } from '../../../shared/datasets/datasets';
import { formatCount, formatTimestamp } from '../../../shared/format';
import { AppFailure } from '../../../shared/result';
import type { App } from '../../app';
import { numberArg, portArg, sizeArg } from '../args';
import { call, dataDirOption, defineCommand, type CliContext } from '../command';
import { formatCapabilityReport, formatSandboxRow } from '../format-report';
import { assertUiBuilt, serveUntilStopped } from '../serve-ui';
import { reportOf, runTask, sandboxOf } from '../task-runner';
import { SF_RANGE, followTask } from './ssb';

const DEMO = 'demo';

export const demoCommand = defineCommand({
  name: 'demo',
  summary:
    'start a sandbox, connect, print its capability report, load and verify SSB data, and serve the UI',
  usage:
    'bplab demo [--binary PATH] [--buffer-pool 256M] [--sf 0.1 (0: no data)] [--port N] [--data-dir DIR]',
  options: {
    binary: { type: 'string' },
    sf: { type: 'string', default: '0.1' },
    'buffer-pool': { type: 'string', default: '256M' },
    port: { type: 'string' },
    ...dataDirOption,
  },
  async run({ values }, ctx) {
    const port = values.port === undefined ? 0 : portArg('--port', values.port);
    const sf = numberArg('--sf', values.sf, { ...SF_RANGE, above: undefined, min: 0, note: '0: no data' });
    const bufferPool = sizeArg('--buffer-pool', values['buffer-pool']);
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
      ctx.err(`bplab: creating and starting sandbox "${DEMO}" from ${binaryPath} ...`);
      // Started by create: a first start that fails removes the sandbox again, with the server's reason.
      sandbox = sandboxOf(
        await runTask(app, ctx, `the create of sandbox ${DEMO}`, () =>
          call(app, 'sandboxes/create', {
            spec: { name: DEMO, binaryPath, bufferPoolSize: bufferPool },
            start: true,
          }),
        ),
      );
    }
    try {
      if (existing) {
        ctx.err(`bplab: starting sandbox "${DEMO}" ...`);
        const id = sandbox.id;
        sandbox = sandboxOf(
          await runTask(app, ctx, `the start of sandbox ${id}`, () => call(app, 'sandboxes/start', { id })),
        );
      }
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
      if (sf > 0) {
        await demoDataset(app, ctx, sandbox.profileId, sf);
        ctx.out('');
      }
    } catch (e) {
      // A sandbox this demo started: a failure (or Ctrl-C during the load) stops it, as quitting does.
      await app.shutdown();
      throw e;
    }
    ctx.err(
      'bplab: next: open the URL below; Datasets shows the SSB data and verifies it (in another terminal: ' +
        'node bin/bplab.cjs ssb generate --sf 1 --sandbox demo loads SF 1)',
    );
    return serveUntilStopped(app, ctx, { host: '127.0.0.1', port });
  },
});

/** The demo's SSB dataset: reused when complete, otherwise generated (replacing an incomplete one); then verified. */
async function demoDataset(app: App, ctx: CliContext, profileId: string, sf: number): Promise<void> {
  const schema = defaultGeneratedSchema(sf);
  const listed = async () =>
    (await call(app, 'datasets/list', { profileId })).datasets.find((d) => d.schema === schema);
  const existing = await listed();
  if (existing?.state !== 'complete') {
    ctx.err(`bplab: generating SSB at SF ${sf} into ${schema} ...`);
    const last = await followTask(app, ctx, () =>
      call(app, 'datasets/create', { profileId, spec: { schema, sf, replace: existing !== undefined } }),
    );
    ctx.err(`bplab: ${last.message}`);
  }
  // Read back from the dataset's record, as the UI's list shows it: lineorder rows, and when it finished.
  const dataset = existing?.state === 'complete' ? existing : await listed();
  if (dataset) ctx.out(datasetSummary(dataset));
  const report = reportOf(
    await runTask(app, ctx, `the verify of ${schema}`, () =>
      call(app, 'datasets/verify', { profileId, schema }),
    ),
  );
  const v = verifyVerdict(report);
  ctx.out(`verify: ${v.word}: ${v.words} (${(report.durationMs / 1000).toFixed(1)} s)`);
}

/** "dataset: ssb_sf0_1 is complete: 600,572 lineorder rows (loaded 2026-11-23 05:12:33 UTC)". */
function datasetSummary(d: DatasetInfo): string {
  const rows = d.loadedRows.lineorder;
  return `dataset: ${d.schema} is ${d.state}: ${rows === undefined ? 'no' : formatCount(rows)} lineorder rows (loaded ${formatTimestamp(d.finishedAt)})`;
}
