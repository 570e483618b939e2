// Builds bplab into dist/: the Electron main process, its sandboxed preload and the CLI with esbuild,
// and the renderer with vite.   node scripts/build.mjs   (npm run build)
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
process.chdir(root);
rmSync('dist/main', { recursive: true, force: true });

const node = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
  define: { __BPLAB_VERSION__: JSON.stringify(pkg.version) },
};

const [, preload] = await Promise.all([
  // node_modules (electron, mysql2, ws, zod...) stay external: they are installed next to dist/.
  esbuild({
    ...node,
    entryPoints: ['src/main/electron/main.ts'],
    outfile: 'dist/main/electron.cjs',
    packages: 'external',
  }),
  // A sandboxed preload can require only `electron`: everything else is bundled in.
  esbuild({
    ...node,
    platform: 'browser',
    minify: true,
    entryPoints: ['src/main/electron/preload.ts'],
    outfile: 'dist/main/preload.cjs',
    external: ['electron'],
  }),
  esbuild({
    ...node,
    entryPoints: ['src/main/cli/main.ts'],
    outfile: 'dist/main/cli.cjs',
    packages: 'external',
  }),
  // The generator's worker thread, beside the bundles that start it (threaded.ts).
  esbuild({
    ...node,
    entryPoints: ['src/main/ssb/generator/worker.ts'],
    outfile: 'dist/main/generator-worker.cjs',
    packages: 'external',
  }),
  // The OLTP load's worker threads, beside the bundles that start them (load/load-service.ts).
  esbuild({
    ...node,
    entryPoints: ['src/main/load/load-worker.ts'],
    outfile: 'dist/main/load-worker.cjs',
    packages: 'external',
  }),
  // The what-if simulator's worker thread, beside the bundles that start it (whatif/replay-thread.ts).
  esbuild({
    ...node,
    entryPoints: ['src/main/whatif/replay-worker.ts'],
    outfile: 'dist/main/whatif-worker.cjs',
    packages: 'external',
  }),
]);

const preloadImports = Object.values(preload.metafile.outputs)
  .flatMap((o) => o.imports)
  .filter((i) => i.external)
  .map((i) => i.path);
const foreign = preloadImports.filter((p) => p !== 'electron');
if (foreign.length > 0) {
  console.error(`build: the sandboxed preload must require only electron, not ${foreign.join(', ')}`);
  process.exit(1);
}

await viteBuild({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
console.log(
  'build: dist/main/{electron,preload,cli,generator-worker,load-worker,whatif-worker}.cjs and dist/renderer are ready',
);
