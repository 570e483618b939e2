/**
 * The processes of a sandbox's server and its tools, by process group: a server and the tool that
 * initialises its data folder each run detached, leading a group of their own, so that a cancel can
 * end every process of one (mariadb-install-db is a script that runs the server) and know when
 * none is left; and Ctrl-C in a terminal reaches bplab only, which cancels them itself.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Runs a tool (mysqld --initialize, mariadb-install-db) in a process group of its own, its output
 * to the log. On abort the whole group is killed (mariadb-install-db is a script that runs the
 * server), and this resolves once every process of it is gone.
 */
export function runToLog(cmd: string, args: string[], logPath: string, signal: AbortSignal): Promise<number> {
  return new Promise((resolve) => {
    const fd = openSync(logPath, 'a');
    const child = spawn(cmd, args, { detached: true, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    const onAbort = () => {
      if (child.pid) void endProcessGroup(child.pid, 'SIGKILL', 0).then(() => resolve(1));
    };
    child.once('error', (e) => {
      signal.removeEventListener('abort', onAbort);
      writeFileSync(logPath, `could not run ${cmd}: ${e.message}\n`, { flag: 'a' });
      resolve(127);
    });
    child.once('exit', (code) => {
      signal.removeEventListener('abort', onAbort);
      if (!signal.aborted) resolve(code ?? 1);
    });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** How long a cancelled start's server may take to shut down before it is killed. */
export const CANCEL_GRACE_MS = 10_000;

/**
 * Ends a process group (a server spawned detached leads its own): `signal` first, SIGKILL after
 * `graceMs`, and resolves once none of its processes is left (a zombie no longer counts).
 */
export async function endProcessGroup(pgid: number, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  killGroup(pgid, signal);
  // A stopped process (^Z, a debugger) acts on SIGTERM only once it runs again.
  if (signal !== 'SIGKILL') killGroup(pgid, 'SIGCONT');
  if (signal !== 'SIGKILL' && (await waitFor(() => !groupAlive(pgid), graceMs))) return;
  killGroup(pgid, 'SIGKILL');
  await waitFor(() => !groupAlive(pgid), 30_000);
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/** Whether any live (not zombie) process is left in the group. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  if (!existsSync('/proc')) return true;
  return readdirSync('/proc').some((p) => {
    if (!/^\d+$/.test(p)) return false;
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      // After the command name (which may hold spaces and parentheses): state, ppid, pgrp.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(pgrp) === pgid && state !== 'Z';
    } catch {
      return false;
    }
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `cond` every 100 ms until it holds (true) or `timeoutMs` has passed (what it is then). */
export async function waitFor(cond: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (cond()) return true;
    await sleep(100);
  }
  return cond();
}

/** Whether `pid` is alive and not a zombie (a zombie is not a running server). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return true;
  }
}

/** Guards against a recycled pid: on Linux, the process must be a server using this datadir. */
export function isOurServer(pid: number, datadir: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes(datadir);
  } catch {
    return existsSync('/proc') ? false : true;
  }
}

export function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** A promise that resolves when `signal` aborts, and the way to stop listening. */
export function abortOf(signal: AbortSignal): { aborted: Promise<'cancelled'>; dispose: () => void } {
  let dispose = () => {};
  const aborted = new Promise<'cancelled'>((resolve) => {
    if (signal.aborted) return resolve('cancelled');
    const onAbort = () => resolve('cancelled');
    signal.addEventListener('abort', onAbort, { once: true });
    dispose = () => signal.removeEventListener('abort', onAbort);
  });
  return { aborted, dispose };
}
