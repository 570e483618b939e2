/**
 * The load engine's worker thread, built for a test run: the engine runs its clients only in worker
 * threads, and the tests run TypeScript sources, so the worker is bundled once with esbuild (as
 * npm run build does) into .tmp/, beside node_modules so its packages resolve.
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';

let built: Promise<string> | undefined;

/** The built worker's path; builds it the first time. */
export function loadWorker(): Promise<string> {
  built ??= (async () => {
    const outfile = resolve(`.tmp/test/load-worker-${process.pid}.cjs`);
    await build({
      entryPoints: [resolve('src/main/load/load-worker.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    return outfile;
  })();
  return built;
}
