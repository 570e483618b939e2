/**
 * bplab's worker threads, built for a test run: the load engine runs its clients and the what-if
 * simulator its replays only in worker threads, and the tests run TypeScript sources, so each worker
 * is bundled once with esbuild (as npm run build does) into .tmp/, beside node_modules so its
 * packages resolve.
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';

const built = new Map<string, Promise<string>>();

/** The built worker's path; builds it the first time. */
function builtWorker(entry: string, name: string): Promise<string> {
  let file = built.get(entry);
  if (!file) {
    file = (async () => {
      const outfile = resolve(`.tmp/test/${name}-${process.pid}.cjs`);
      await build({
        entryPoints: [resolve(entry)],
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
    built.set(entry, file);
  }
  return file;
}

/** The load engine's worker (BPLAB_LOAD_WORKER). */
export const loadWorker = (): Promise<string> => builtWorker('src/main/load/load-worker.ts', 'load-worker');

/** The what-if simulator's worker (BPLAB_WHATIF_WORKER). */
export const whatifWorker = (): Promise<string> =>
  builtWorker('src/main/whatif/replay-worker.ts', 'whatif-worker');

/** A bplab process that holds a page trace open until killed (tracer-journal.test.ts). */
export const traceHolder = (): Promise<string> => builtWorker('test/support/trace-holder.ts', 'trace-holder');
