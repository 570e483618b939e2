// The one bench runner:   npm run bench -- NAME [args]   builds bench/NAME.ts with esbuild and runs it, with
// the worker threads a benchmark may start (the SSB generator's, the OLTP load's, the what-if's) built beside it
// and named by their BPLAB_*_WORKER variables. `npm run bench` alone lists the benchmarks; bench/lib/ holds what they share.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const out = '.tmp/bench';
const names = readdirSync('bench')
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .sort();
const [name, ...args] = process.argv.slice(2);
if (!name || !names.includes(name)) {
  if (name) console.error(`bench: there is no benchmark "${name}" (no bench/${name}.ts).`);
  console.error(
    `usage: npm run bench -- NAME [args]\nbenchmarks: ${names.join(', ')}\n(docs/benchmarks.md says what each prints)`,
  );
  process.exit(name ? 2 : 0);
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  define: { __BPLAB_VERSION__: JSON.stringify(pkg.version) },
};
const workers = {
  BPLAB_GENERATOR_WORKER: ['src/main/ssb/generator/worker.ts', `${out}/generator-worker.cjs`],
  BPLAB_LOAD_WORKER: ['src/main/load/load-worker.ts', `${out}/load-worker.cjs`],
  BPLAB_WHATIF_WORKER: ['src/main/whatif/replay-worker.ts', `${out}/whatif-worker.cjs`],
};
await Promise.all([
  build({
    ...common,
    format: 'esm',
    jsx: 'automatic',
    entryPoints: [`bench/${name}.ts`],
    outfile: `${out}/${name}.mjs`,
  }),
  ...Object.values(workers).map(([entry, outfile]) =>
    build({ ...common, format: 'cjs', entryPoints: [entry], outfile }),
  ),
]);

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
for (const [variable, [, outfile]] of Object.entries(workers)) env[variable] ??= join(root, outfile);
if (!existsSync(`${out}/${name}.mjs`)) throw new Error(`bench: ${out}/${name}.mjs was not written`);
const child = spawn(process.execPath, [`${out}/${name}.mjs`, ...args], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
