/** A second `bplab serve` of a journey's own, for journeys that stop the server (the shared one must live on). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface OwnServer {
  url: string;
  stop(): Promise<void>;
}

export async function startOwnServer(): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bplab-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, ['bin/bplab.cjs', 'serve', '--data-dir', dataDir], {
    cwd: join(__dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^bplab: serving on (\S+)$/m.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`e2e: bplab serve exited with ${code}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
