/**
 * The steps of a sandbox server's life, apart from the bookkeeping around them: initialise its data
 * folder, launch it and wait until it answers on loopback only, shut it down.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { SandboxInfo, ServerBinary } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import type { TaskRegistry, TaskSpec, TaskUpdate } from '../tasks/registry';
import type { DatadirTemplates } from './datadir-templates';
import { notLoopback, readListening, recordListening } from './listening';
import type { SandboxFolders, SandboxMeta } from './sandbox-folder';
import { serverArgs, withAdminConnection } from './server-args';
import { initCommand } from './server-dialect';
import {
  CANCEL_GRACE_MS,
  abortOf,
  endProcessGroup,
  isAlive,
  killQuietly,
  runToLog,
  sleep,
  waitFor,
} from './server-process';
import { logExcerpt, logLinesFrom, startFailureReason } from './start-failure';

/** A create or start at work: its cancel signal and where its progress goes. */
export interface Job {
  signal: AbortSignal;
  progress(update: TaskUpdate): void;
}

/** A start nobody can cancel (a restart, the start inside a restore). */
export const UNCANCELLABLE: Job = { signal: new AbortController().signal, progress: () => {} };

/**
 * Runs a create or a start: as a task when there is a registry, cancelled by `signal` too. Either
 * way the work sees one signal.
 */
export function runJob(
  tasks: TaskRegistry | undefined,
  spec: TaskSpec,
  signal: AbortSignal | undefined,
  work: (job: Job) => Promise<SandboxInfo>,
): { taskId: string | null; result: Promise<SandboxInfo> } {
  if (!tasks)
    return {
      taskId: null,
      result: work({ signal: signal ?? new AbortController().signal, progress: () => {} }),
    };
  return tasks.start(
    spec,
    (ctx) =>
      work({
        signal: signal ? AbortSignal.any([ctx.signal, signal]) : ctx.signal,
        progress: (u) => ctx.progress(u),
      }),
    {
      done: (info) => ({
        message: `Sandbox "${info.name}" is ${info.status === 'running' ? `running on 127.0.0.1:${info.port}` : info.status}.`,
      }),
    },
  );
}

export function isCancelled(e: unknown): boolean {
  return e instanceof AppFailure && e.error.code === 'CANCELLED';
}

export function createCancelled(name: string): AppFailure {
  return AppFailure.of('CANCELLED', `Creating sandbox "${name}" was cancelled; nothing was kept.`);
}

export function startCancelled(name: string): AppFailure {
  return AppFailure.of(
    'CANCELLED',
    `Starting sandbox "${name}" was cancelled; it is stopped, its data as it was.`,
  );
}

/**
 * Runs the flavor's tool that initialises the data folder (mysqld --initialize, mariadb-install-db),
 * or copies the binary's template when `templates` holds one (and keeps one when it does not).
 */
export async function initializeDatadir(
  meta: SandboxMeta,
  binary: ServerBinary,
  folders: SandboxFolders,
  job: Job,
  templates?: DatadirTemplates,
): Promise<void> {
  const datadir = folders.datadir(meta.id);
  const initLog = folders.initLogPath(meta.id);
  if (job.signal.aborted) throw createCancelled(meta.name);
  if (templates?.has(binary))
    job.progress({
      phase: 'initialising',
      fraction: null,
      message: `Copying the initialised data folder of ${binary.flavor} ${binary.version} for sandbox "${meta.name}"`,
    });
  if (templates?.copyInto(binary, datadir)) {
    writeFileSync(initLog, `copied from the data folder initialised for ${binary.path} ${binary.version}\n`);
    return;
  }
  const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];
  if (binary.flavor !== 'mariadb') mkdirSync(datadir, { recursive: true });
  mkdirSync(folders.tmpdir(meta.id), { recursive: true });
  const { cmd, args, tool } = initCommand(binary, datadir, asRoot, folders.tmpdir(meta.id));
  job.progress({
    phase: 'initialising',
    fraction: null,
    message: `Initialising the data folder of sandbox "${meta.name}" (${tool})`,
  });
  const code = await runToLog(cmd, args, initLog, job.signal);
  if (job.signal.aborted) throw createCancelled(meta.name);
  if (code !== 0) {
    const text = existsSync(initLog) ? readFileSync(initLog, 'utf8') : '';
    throw AppFailure.of(
      'SANDBOX_FAILED',
      `Initializing the datadir of "${meta.name}" failed (exit code ${code}).`,
      {
        // The errors it wrote: mariadb-install-db ends every failure with the same lines of links.
        hint: logExcerpt(text.trim().split('\n').filter(Boolean)),
      },
    );
  }
  templates?.keep(binary, datadir);
}

export interface LaunchHooks {
  /** How long the server may take to accept connections. */
  startTimeoutMs: number;
  /** The server's process was spawned. */
  spawned(pid: number | undefined): void;
  /** The server's process ended (on its own, or asked to). */
  exited(): void;
}

/**
 * Spawns the server detached, its output to the error log, and waits until it answers SELECT 1.
 * Cancelled, it is asked to shut down (its data as a clean stop leaves it) and killed if it does not
 * in time. A server that does not come up is killed, and the failure quotes its error log.
 */
export async function launchServer(
  meta: SandboxMeta,
  folders: SandboxFolders,
  extra: Record<string, string>,
  job: Job,
  hooks: LaunchHooks,
): Promise<void> {
  const errorLog = folders.errorLogPath(meta.id);
  mkdirSync(folders.tmpdir(meta.id), { recursive: true });
  mkdirSync(folders.filesDir(meta.id), { recursive: true });
  const args = serverArgs(meta, folders, extra);
  const logStart = folders.errorLogSize(meta.id);
  const logFd = openSync(errorLog, 'a');
  const child = spawn(meta.binaryPath, args, { detached: true, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
    hooks.exited();
  });
  child.unref();
  hooks.spawned(child.pid);
  job.progress({
    phase: 'starting',
    fraction: null,
    message: `Starting sandbox "${meta.name}": waiting for it to accept connections on 127.0.0.1:${meta.port}`,
  });
  const cancel = abortOf(job.signal);
  const ready = await Promise.race([
    waitReady(meta.port, hooks.startTimeoutMs, () => exited !== undefined || job.signal.aborted),
    spawnError.then((e) => `could not run ${meta.binaryPath}: ${e.message}`),
    cancel.aborted,
  ]).finally(cancel.dispose);
  if (job.signal.aborted) {
    if (child.pid) await endProcessGroup(child.pid, 'SIGTERM', CANCEL_GRACE_MS);
    throw startCancelled(meta.name);
  }
  if (ready !== true) {
    if (child.pid && exited === undefined) killQuietly(child.pid, 'SIGKILL');
    const lines = logLinesFrom(errorLog, logStart);
    const reason = startFailureReason(lines);
    throw AppFailure.of(
      'SANDBOX_FAILED',
      `Sandbox "${meta.name}" did not start: ${reason ? `the server said: ${reason}.` : `${ready}.`}`,
      {
        hint: `From its error log (${errorLog}):\n${logExcerpt(lines)}`,
        details: { errorLog, logExcerpt: logExcerpt(lines) },
      },
    );
  }
  if (child.pid) await checkListening(meta, folders, child.pid);
}

/** true when the server answers SELECT 1; otherwise why not. */
async function waitReady(port: number, timeoutMs: number, hasExited: () => boolean): Promise<true | string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited()) return 'the server exited during startup';
    try {
      await withAdminConnection(port, 2000, (conn) => conn.query('SELECT 1'));
      return true;
    } catch {
      await sleep(250);
    }
  }
  return `it did not accept connections within ${Math.round(timeoutMs / 1000)} s`;
}

/**
 * Reads back where the server listens and keeps it beside its pid; a server listening beyond
 * loopback (its root user has no password) is killed at once.
 */
async function checkListening(meta: SandboxMeta, folders: SandboxFolders, pid: number): Promise<void> {
  const listening = await withAdminConnection(meta.port, 5000, readListening);
  const problem = notLoopback(listening);
  if (problem) {
    killQuietly(pid, 'SIGKILL');
    throw AppFailure.of('SANDBOX_FAILED', `Sandbox "${meta.name}" was stopped at once: ${problem}.`);
  }
  recordListening(folders.listeningPath(meta.id), pid, listening);
}

/**
 * Ends a server whose sandbox is being deleted: SIGKILL, no clean shutdown, since nothing it would
 * write is kept (MySQL 8.0's SHUTDOWN took 1 to 1.7 s of every delete on a busy 2-core machine).
 * Its socket and the socket's lock file go too: a clean shutdown removes them, and when the data
 * folder is too deep for a socket path they live in /tmp, outside the folder deleted after.
 */
export async function killServer(pid: number, socketPath: string): Promise<void> {
  killQuietly(pid, 'SIGKILL');
  await waitFor(() => !isAlive(pid), 30_000);
  for (const f of [socketPath, `${socketPath}.lock`]) rmSync(f, { force: true });
}

/** SHUTDOWN over the root login (SIGTERM if that fails), then SIGKILL after `stopTimeoutMs`. */
export async function shutdownServer(pid: number, port: number, stopTimeoutMs: number): Promise<void> {
  try {
    await withAdminConnection(port, 5000, (conn) =>
      conn.query('SHUTDOWN').catch(() => killQuietly(pid, 'SIGTERM')),
    );
  } catch {
    killQuietly(pid, 'SIGTERM');
  }
  if (!(await waitFor(() => !isAlive(pid), stopTimeoutMs))) {
    killQuietly(pid, 'SIGKILL');
    await waitFor(() => !isAlive(pid), 10_000);
  }
}
