/**
 * Builds bplab, starts `node bin/bplab.cjs serve --port 0` on a fresh data folder, and reads the one
 * line it prints. The teardown stops it with SIGTERM, which stops the sandboxes the journeys left.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');
const SERVING = /^bplab: serving on (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m;

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.BPLAB_E2E_SKIP_BUILD !== '1') {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('e2e: npm run build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bplab-e2e-'));
  const server = spawn(process.execPath, ['bin/bplab.cjs', 'serve', '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BPLAB_HOME: dataDir },
  });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (process.env.BPLAB_E2E_VERBOSE) process.stderr.write(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(
      () => reject(new Error(`e2e: bplab serve printed no URL in 30 s\n${stderr}`)),
      30_000,
    );
    server.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = SERVING.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`e2e: bplab serve exited with ${code}\n${stderr}`));
    });
  });
  process.env.BPLAB_E2E_URL = url;
  process.env.BPLAB_E2E_DATA_DIR = dataDir;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 90_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
