/**
 * The CLI as the tests run it: the built bundle as a child process, as a user runs it beside the app
 * (start it, read what it prints, wait for its exit; any BPLAB_* variable of the test run, a password
 * or another data folder, is kept out of the child's environment; the data folder is passed as the
 * user would, with --data-dir), or runCli in this process with its output caught.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runCli } from '../../src/main/cli/run';
import type { TestServer } from './test-server';

/** What `bin/bplab.cjs` runs; built by `npm run build` before the integration tests. */
const BUILT_CLI = resolve('dist/main/cli.cjs');
const BIN = resolve('bin/bplab.cjs');

export interface CliExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

export interface CliProcess {
  child: ChildProcess;
  /** Resolves when the process has exited, with everything it printed. */
  exit: Promise<CliExit>;
  /** What it has printed so far. */
  out: () => string;
  err: () => string;
}

/** Throws, in words, when the CLI has not been built: the CLI tests run the real bundle. */
export function requireBuiltCli(): void {
  if (!existsSync(BUILT_CLI)) throw new Error('dist/main/cli.cjs is missing: run npm run build first');
}

/** Starts `bplab ARGS --data-dir HOME` (HOME relative to `cwd` when one is given). */
export function startCli(home: string, args: string[], opts: { cwd?: string } = {}): CliProcess {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('BPLAB_')));
  const child = spawn(process.execPath, [BIN, ...args, '--data-dir', home], {
    env,
    ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<CliExit>((r) => child.on('exit', (code, signal) => r({ code, signal, out, err })));
  return { child, exit, out: () => out, err: () => err };
}

/** What an in-process `bplab` printed, each stream's lines joined, and its exit code. */
export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs `bplab ARGS` in this process (runCli, no build needed) and catches what it prints. `env`
 * stands for the process environment (BPLAB_HOME...); without it the command sees this process's.
 */
export async function runCliInProcess(
  args: string[],
  opts: { staticDir: string; env?: NodeJS.ProcessEnv },
): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    version: '9.9.9-test',
    staticDir: opts.staticDir,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    stopRequested: new Promise(() => {}),
    ...(opts.env ? { env: opts.env } : {}),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Runs `bplab ARGS --data-dir HOME` to its end. */
export function runCliProcess(home: string, args: string[]): Promise<CliExit> {
  return startCli(home, args).exit;
}

/** Waits (bounded) until what the process printed on stderr matches. */
export async function waitForErr(run: CliProcess, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(run.err()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

/** A connection profile named `it` for this run's server, saved as the desktop app saves it. */
export function writeTestProfile(home: string, server: TestServer): void {
  writeFileSync(
    join(home, 'profiles.json'),
    JSON.stringify([
      {
        id: 'it',
        name: 'it',
        transport: 'tcp',
        host: server.host,
        port: server.port,
        user: server.user,
        tls: { mode: 'off' },
      },
    ]),
  );
}

/**
 * What the CLI printed with every run of white space as one space: a sentence the terminal's width
 * (CLI_WIDTH) wrapped onto several lines reads whole again.
 */
export const flat = (text: string): string => text.replace(/\s+/g, ' ');

/** The lines wider than the terminal's CLI_WIDTH columns (a path longer than the width stays whole). */
export const wideLines = (text: string, width = 100): string[] =>
  text.split('\n').filter((l) => l.length > width && /\s\S/.test(l.trim()));
