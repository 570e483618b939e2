/**
 * Real processes racing for one lease: several children start a load of the same schema at the
 * same moment on one leases folder. Exactly one gets it; the others are answered BUSY. Without the
 * folder lock between the BUSY check and the lease, they all find nothing held and all start.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lease } from '../../../src/main/tasks/leases';
import { currentProcess } from '../../../src/main/tasks/process-identity';

const work = mkdtempSync(join(tmpdir(), 'bplab-race-'));
const child = join(work, 'racer.mjs');

beforeAll(() => {
  buildSync({
    entryPoints: [join(__dirname, 'lease-race-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: child,
    logLevel: 'warning',
  });
});

async function race(racers: number): Promise<string[]> {
  const dir = join(mkdtempSync(join(work, 'round-')), 'leases');
  mkdirSync(dir, { recursive: true });
  // A lease of a live process on another schema: every check looks at its owner (slowly, in the racers).
  const other: Lease = {
    kind: 'run',
    title: 'Q1.1 on ssb_other',
    profileId: 'p',
    schema: 'ssb_other',
    sandboxId: null,
    id: 'other',
    owner: currentProcess('bplab test'),
    takenAt: new Date().toISOString(),
    progress: null,
  };
  writeFileSync(join(dir, 'other.json'), JSON.stringify(other));
  const children = Array.from({ length: racers }, () =>
    spawn(process.execPath, [child, dir], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const lines = children.map((c) => {
    const waiting: Array<(line: string) => void> = [];
    let out = '';
    c.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      let end: number;
      while ((end = out.indexOf('\n')) >= 0) {
        const line = out.slice(0, end);
        out = out.slice(end + 1);
        waiting.shift()?.(line);
      }
    });
    return () =>
      new Promise<string>((resolve, reject) => {
        waiting.push(resolve);
        c.once('exit', (code) => reject(new Error(`a racer exited (${code}) before answering`)));
      });
  });
  // Every racer is up before any is told to go: they then check and take at the same moment.
  expect(await Promise.all(lines.map((next) => next()))).toEqual(children.map(() => 'ready'));
  const answered = lines.map((next) => next());
  for (const c of children) c.stdin.write('go\n');
  const answers = await Promise.all(answered);
  await Promise.all(
    children.map((c) => {
      const exited = new Promise((r) => c.once('exit', r));
      c.stdin.end();
      return exited;
    }),
  );
  return answers;
}

describe('two bplab processes racing for the same dataset', () => {
  it('lets exactly one take the lease, and answers the others BUSY', async () => {
    for (let round = 0; round < 2; round++) {
      const answers = await race(3);
      expect(answers.filter((a) => a === 'took')).toHaveLength(1);
      expect(answers.filter((a) => a === 'BUSY')).toHaveLength(2);
    }
  }, 60_000);
});
