/** `bplab` command lines run in-process: the serve command over a real socket, and errors in words with exit codes. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliEnvironment } from '../../src/main/cli/run';

let scratch: string;
let staticDir: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bplab-cli-'));
  staticDir = join(scratch, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bplab</title>');
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function environment(overrides: Partial<CliEnvironment> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  let stop: (signal: string) => void = () => {};
  const stopRequested = new Promise<string>((resolve) => (stop = resolve));
  const env: CliEnvironment = {
    version: '9.9.9-test',
    staticDir,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    stopRequested,
    env: { BPLAB_HOME: join(scratch, 'home') },
    ...overrides,
  };
  return { env, out, err, stop: (signal = 'SIGTERM') => stop(signal) };
}

async function waitFor<T>(get: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('bplab serve', () => {
  it('prints exactly one parseable line, serves until asked to stop, then exits 0', async () => {
    const { env, out, err, stop } = environment();
    const exit = runCli(['serve', '--port', '0', '--data-dir', join(scratch, 'data')], env);
    const line = await waitFor(() => out[0]);
    const match = /^bplab: serving on (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+))$/.exec(line);
    expect(match, line).not.toBeNull();
    const [, url = '', port = ''] = match ?? [];
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>bplab</title>');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(401);
    stop('SIGINT');
    expect(await exit).toBe(0);
    expect(out).toHaveLength(1);
    expect(err.join('\n')).toContain('SIGINT: stopping');
    await expect(fetch(url)).rejects.toThrow();
  });

  it('says in words when the port is taken, with exit code 1', async () => {
    const first = environment();
    const running = runCli(['serve', '--data-dir', join(scratch, 'data')], first.env);
    const port = /:(\d+)\//.exec(await waitFor(() => first.out[0]))?.[1] ?? '';
    const second = environment();
    expect(await runCli(['serve', '--port', port, '--data-dir', join(scratch, 'data2')], second.env)).toBe(1);
    expect(second.out).toEqual([]);
    expect(second.err).toEqual([
      `bplab: port ${port} on 127.0.0.1 is already in use (pick another with --port, or --port 0 for a free one)`,
    ]);
    first.stop();
    expect(await running).toBe(0);
  });

  it('refuses a non-loopback host, a bad port, and an unbuilt renderer', async () => {
    const host = environment();
    expect(await runCli(['serve', '--host', '0.0.0.0', '--data-dir', join(scratch, 'data')], host.env)).toBe(
      1,
    );
    expect(host.err[0]).toMatch(/^bplab: bplab serve listens on loopback only, not on "0\.0\.0\.0"/);
    const port = environment();
    expect(await runCli(['serve', '--port', '70000'], port.env)).toBe(1);
    expect(port.err[0]).toBe(
      'bplab: --port must be a number from 0 to 65535, not "70000" (0 picks a free port)',
    );
    const unbuilt = environment({ staticDir: join(scratch, 'nowhere') });
    expect(await runCli(['serve', '--data-dir', join(scratch, 'data')], unbuilt.env)).toBe(1);
    expect(unbuilt.err[0]).toContain('run npm run build first');
  });
});

describe('bplab command line', () => {
  it('lists the commands', async () => {
    const { env, out } = environment();
    expect(await runCli(['help'], env)).toBe(0);
    expect(out.join('\n')).toMatch(/^\s+serve\s+serve bplab to a web browser/m);
    const serveHelp = environment();
    expect(await runCli(['serve', '--help'], serveHelp.env)).toBe(0);
    expect(serveHelp.out[0]).toContain('usage: bplab serve [--port N]');
  });

  it('answers a wrong command line with exit code 2 and the usage', async () => {
    const unknown = environment();
    expect(await runCli(['frobnicate'], unknown.env)).toBe(2);
    expect(unknown.err).toEqual(['bplab: unknown command "frobnicate"; run bplab help to list the commands']);
    const option = environment();
    expect(await runCli(['serve', '--bogus'], option.env)).toBe(2);
    expect(option.err[0]).toMatch(/^bplab: Unknown option '--bogus'/);
    expect(option.err[1]).toContain('usage: bplab serve');
    const extra = environment();
    expect(await runCli(['serve', 'now'], extra.env)).toBe(2);
    expect(extra.err[0]).toBe('bplab: serve takes no argument "now"');
  });
});
