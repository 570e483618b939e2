/** The `bplab` executable (bundled to dist/main/cli.cjs; bin/bplab.cjs loads it). */
import { join } from 'node:path';
import { runCli } from './run';

/** Set by scripts/build.mjs from package.json. */
declare const __BPLAB_VERSION__: string | undefined;
const version = typeof __BPLAB_VERSION__ === 'string' ? __BPLAB_VERSION__ : '0.0.0-dev';

let stops = 0;
const stopRequested = new Promise<string>((resolve) => {
  const onSignal = (signal: NodeJS.Signals) => {
    stops += 1;
    // A second Ctrl-C means "now": skip the orderly shutdown.
    if (stops > 1) process.exit(130);
    resolve(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
});

runCli(process.argv.slice(2), {
  version,
  staticDir: join(__dirname, '..', 'renderer'),
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
  stopRequested,
}).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`bplab: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
