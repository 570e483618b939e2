/** `bplab` command lines run in-process: the serve command over a real socket, and errors in words with exit codes. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatExperimentProgress } from '../../../src/main/cli/commands/run';
import { runCli, type CliEnvironment } from '../../../src/main/cli/run';
import { COMMANDS } from '../../../src/main/cli/command-table';

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
      'bplab: --port must be a whole number from 0 to 65,535, not "70000" (0 picks a free port)',
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

  it("keeps bplab help and every command's help within 100 columns, a long summary wrapped under its column", async () => {
    const overview = environment();
    await runCli(['help'], overview.env);
    const lines = overview.out.join('\n').split('\n');
    expect(lines.filter((l) => l.length > 100)).toEqual([]);
    // demo's summary (117 columns on one line before) goes on under the summaries' column.
    const demo = lines.findIndex((l) => /^ {2}demo +start a sandbox/.test(l));
    const column = lines[demo]!.indexOf('start a sandbox');
    expect(lines[demo + 1]!.search(/\S/)).toBe(column);
    for (const command of COMMANDS) {
      const one = environment();
      await runCli([...command.name.split(' '), '--help'], one.env);
      const wide = one.out
        .join('\n')
        .split('\n')
        .filter((l) => l.length > 100);
      expect(wide, command.name).toEqual([]);
    }
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

  it('bplab run --preset: the servers it needs and a profile that is not there, in words, exit code 2', async () => {
    const none = environment();
    expect(await runCli(['run', '--preset', 'post002-performance-schema'], none.env)).toBe(2);
    expect(none.err[0]).toBe('bplab: a preset needs at least one --server NAME=PROFILE');
    const missing = environment();
    const argv = ['run', '--preset', 'post004-point-selects', '--server', 'MariaDB 10.11=nope'];
    expect(await runCli(argv, missing.env)).toBe(2);
    expect(missing.err[0]).toBe('bplab: there is no connection profile "nope"');
    expect(missing.err[1]).toContain('bplab run --preset ID --server NAME=PROFILE');
  });

  it("checks values in the command line's terms: the flag, the range, the unit; a negative number is a value", async () => {
    const refused = async (...argv: string[]) => {
      const { env, err, out } = environment();
      expect(await runCli(argv, env), argv.join(' ')).toBe(1);
      expect(out).toEqual([]);
      return err.join('\n');
    };
    const sf = '--sf must be a number above 0 and at most 1,000';
    const sfNote = '(the SSB scale factor: SF 1 is 6,001,171 lineorder rows)';
    expect(await refused('ssb', 'generate', '--sf', '0', '--sandbox', 's1')).toBe(
      `bplab: ${sf}, not "0" ${sfNote}`,
    );
    expect(await refused('ssb', 'generate', '--sf', '-1', '--sandbox', 's1')).toBe(
      `bplab: ${sf}, not "-1" ${sfNote}`,
    );
    expect(await refused('ssb', 'generate', '--sandbox', 's1', '--sf', '-0.5')).toBe(
      `bplab: ${sf}, not "-0.5" ${sfNote}`,
    );
    expect(await refused('ssb', 'generate', '--sf', '1', '--seed', '-3', '--sandbox', 's1')).toBe(
      'bplab: --seed must be a whole number from 0 to 2,147,483,647, not "-3"',
    );
    expect(await refused('demo', '--sf', '-1')).toBe(
      'bplab: --sf must be a number from 0 to 1,000, not "-1" (0: no data)',
    );
    const create = ['sandbox', 'create', 's1', '--binary', '/no/such/mysqld'];
    expect(await refused(...create, '--buffer-pool', '12X')).toBe(
      'bplab: --buffer-pool must be a whole number of bytes, or a number with a unit K, M, G or T (e.g. 128M or 2G), not "12X"',
    );
    expect(await refused(...create, '--old-blocks-pct', '-5')).toBe(
      'bplab: --old-blocks-pct must be a whole number of percent from 5 to 95, not "-5"',
    );
    expect(await refused(...create, '--old-blocks-time', '1.5')).toBe(
      'bplab: --old-blocks-time must be a whole number of milliseconds from 0 to 4,294,967,295, not "1.5"',
    );
    expect(await refused(...create, '--option', 'bind-address=0.0.0.0')).toBe(
      'bplab: --option bind-address=0.0.0.0 is refused: bind-address is set by bplab itself: a sandbox listens on 127.0.0.1 only, at the port bplab picks, because its root user has no password.',
    );
    expect(await refused(...create, '--option', 'datadir=/elsewhere')).toMatch(
      /^bplab: --option datadir=\/elsewhere is refused: datadir is set by bplab itself: every file of a sandbox stays in its own folder/,
    );
    expect(await refused(...create, '--option', 'loose_bind=0.0.0.0')).toMatch(
      /^bplab: --option loose_bind=0\.0\.0\.0 is refused: loose_bind is short for bind-address/,
    );
    expect(await refused('sandbox', 'log', 's1', '--bytes', '-1')).toBe(
      'bplab: --bytes must be a whole number of bytes from 1 to 4,000,000, not "-1"',
    );
  });
});

describe('the experiment progress line', () => {
  it('names a query run by its query, variant and pass, and a load sweep by its workload', () => {
    const base = { done: 1, total: 4, step: 'running', elapsedSec: 61, remainingSec: 120 };
    const current = { planIndex: 1, cell: 'S · performance_schema=OFF', pass: 'run 1', variant: 'base' };
    expect(formatExperimentProgress({ ...base, current: { ...current, queryId: 'Q1.1' } })).toBe(
      'Q1.1 run 1 · S · performance_schema=OFF · 1/4 · elapsed 1:01 · left ~2:00 · running',
    );
    expect(
      formatExperimentProgress({ ...base, current: { ...current, queryId: 'load', variant: 'read-only' } }),
    ).toBe('OLTP load (read-only) · S · performance_schema=OFF · 1/4 · elapsed 1:01 · left ~2:00 · running');
  });
});
