/**
 * Real bplab processes racing each other, for the tests of what several processes on one data folder
 * may do at the same moment (lease-race.test.ts, sandbox-race.test.ts). A racer is a script bundled
 * here into one file; it prints "ready", waits for "go" on its stdin, prints its one-line answer, and
 * holds what it took until its stdin closes.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { expect } from 'vitest';
import type { Lease, LeaseHold } from '../../src/main/tasks/leases';
import { currentProcess } from '../../src/main/tasks/process-identity';

/** Bundles a racer's script (TypeScript, with its imports) into one CommonJS file at `outfile`. */
export function buildRacer(entry: string, outfile: string): string {
  buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/**
 * Writes a lease of this (live) test process on something the racers do not race for, into the
 * leases folder `dir`: every racer's check then looks at its owner, slowly (slow-probe.ts).
 */
export function writeBystanderLease(dir: string, hold: Omit<LeaseHold, 'kind' | 'title'>): void {
  mkdirSync(dir, { recursive: true });
  const lease: Lease = {
    kind: 'run',
    title: 'Q1.1 elsewhere',
    ...hold,
    id: 'bystander',
    owner: currentProcess('bplab test'),
    takenAt: new Date().toISOString(),
    progress: null,
  };
  writeFileSync(join(dir, 'bystander.json'), JSON.stringify(lease));
}

export interface RacerAnswer {
  answer: string;
  /** The racer's process id, for messages that name it. */
  pid: number;
}

/**
 * Starts one racer per argument list, tells them all to go once every one is ready (so they check
 * and take at the same moment), and returns each one's answer line; the racers end afterwards.
 */
export async function race(racer: string, argsPerRacer: string[][]): Promise<RacerAnswer[]> {
  const children = argsPerRacer.map((args) =>
    spawn(process.execPath, [racer, ...args], { stdio: ['pipe', 'pipe', 'inherit'] }),
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
  try {
    expect(await Promise.all(lines.map((next) => next()))).toEqual(children.map(() => 'ready'));
    const answered = lines.map((next) => next());
    for (const c of children) c.stdin.write('go\n');
    const answers = await Promise.all(answered);
    return answers.map((answer, k) => ({ answer, pid: children[k]!.pid! }));
  } finally {
    await Promise.all(
      children.map((c) => {
        const exited = new Promise((r) => c.once('exit', r));
        c.stdin.end();
        return c.exitCode === null && c.signalCode === null ? exited : undefined;
      }),
    );
  }
}
