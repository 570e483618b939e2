/**
 * `bplab demo`, the main job, as a user runs it: a sandbox from this flavor's binary, the capability
 * report, a small SSB dataset loaded and verified, the UI served; a second run reuses the dataset;
 * Ctrl-C stops the sandbox. A fresh data folder, so the demo's sandbox is its own.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import mysql from 'mysql2/promise';
import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/test-server';

const server = testServer();
const cli = resolve('dist/main/cli.cjs');
let dataDir: string;

interface DemoRun {
  out: string;
  err: string;
  code: number | null;
}

/** Runs the demo until it serves the UI, then presses Ctrl-C; resolves with what it printed. */
function runDemo(args: string[]): Promise<DemoRun> {
  const child = spawn(
    process.execPath,
    [cli, 'demo', '--data-dir', dataDir, '--binary', server.binaryPath, '--buffer-pool', '64M', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (/^bplab: serving on http:\/\/127\.0\.0\.1:\d+\//m.test(out)) child.kill('SIGINT');
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((r) => child.on('exit', (code) => r({ out, err, code })));
}

/** The demo sandbox's port, from the sandbox row the demo prints ("demo ... 127.0.0.1:PORT"). */
const portOf = (out: string): number => Number(/127\.0\.0\.1:(\d+)/.exec(out)?.[1]);

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/main/cli.cjs is missing: run npm run build first');
  dataDir = mkdtempSync(join(server.scratchDir, 'demo-'));
});

describe(`bplab demo on ${server.label}`, () => {
  it('starts a sandbox, reports it, loads and verifies SSB data, serves the UI, and stops on Ctrl-C', async () => {
    const first = await runDemo(['--sf', '0.01']);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(new RegExp(`connected: ${server.flavor} `));
    expect(first.out).toMatch(/^buffer pool 64M in /m);
    expect(first.out).toMatch(/^dataset: ssb_sf0_01 is complete: \d+ rows in [\d.]+ s$/m);
    expect(first.out).toMatch(
      /^verify: PASS: row counts match, 13 of 13 queries keep the reference share of lineorder/m,
    );
    const port = portOf(first.out);
    expect(port).toBeGreaterThan(0);
    // Ctrl-C stopped the sandbox: nothing answers on its port any more.
    await expect(mysql.createConnection({ host: '127.0.0.1', port, user: 'root' })).rejects.toThrow();

    const second = await runDemo(['--sf', '0.01']);
    expect(second.code, second.err).toBe(0);
    expect(second.out).toMatch(/^dataset: ssb_sf0_01 is complete \(loaded .+\)$/m);
    expect(second.err).not.toContain('generating SSB');
    expect(second.out).toMatch(/^verify: PASS/m);
  });

  it('refuses a negative scale factor before starting anything', async () => {
    const run = await runDemo(['--sf', '-1']);
    expect(run.code).toBe(1);
    expect(run.err).toContain('bplab: --sf must be a number from 0 to 1,000, not "-1" (0: no data)');
    expect(run.out).toBe('');
  });
});
