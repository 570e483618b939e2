/**
 * Cancelling a sandbox's create or start (issue 10: every long operation can be cancelled), on the
 * real server binary of this run's flavor, through the product's API (tasks/cancel): cancelled while
 * its data folder is being initialised, or while its server is starting, a new sandbox leaves
 * nothing behind (no folder, no profile, no server process, no lease); an existing one is left
 * stopped with its data, and starts again. A cancel that comes after the work ended changes nothing.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/main/app';
import type { RequestArgs, RequestName } from '../../src/shared/contract';
import type { TaskProgress } from '../../src/shared/app/tasks';
import type { SandboxInfo } from '../../src/shared/models';
import { AppFailure, type AppError } from '../../src/shared/result';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import { requireBuiltCli, runCliProcess, startCli } from '../support/cli';
import { testServer } from '../support/test-server';
import { dispatchAndWait } from '../support/tasks';

const server = testServer();
const dataDir = mkdtempSync(join(server.scratchDir, 'sandbox-cancel-'));
const root = join(dataDir, 'sandboxes');
let app: App;

async function value<T>(name: RequestName, args: RequestArgs<RequestName>): Promise<T> {
  const r = await dispatchAndWait(app, name, args);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value as T;
}

async function failure(name: RequestName, args: RequestArgs<RequestName>): Promise<AppError> {
  const r = await Promise.race([
    dispatchAndWait(app, name, args),
    sleep(60_000).then(() => {
      throw new Error(`${name} did not answer within 60 s (its processes were left to end on their own?)`);
    }),
  ]);
  if (r.ok) throw new Error(`${name} succeeded; it should have been cancelled`);
  return r.error;
}

/** Live (not zombie) processes whose command line mentions this folder: servers, install scripts. */
function processesUsing(dir: string): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Sends a signal to each of these processes (SIGSTOP freezes them where they are); one that has
 * just ended, such as a short-lived helper of an install script, is skipped.
 */
function signalEach(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** The leases of any kind (task, sandbox, sandbox operation) that name this sandbox. */
function leasesOn(sandboxId: string): string[] {
  const dir = join(dataDir, 'leases');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      try {
        return JSON.parse(readFileSync(join(dir, f), 'utf8')) as { kind: string; sandboxId: string | null };
      } catch {
        return null;
      }
    })
    .filter((l) => l?.sandboxId === sandboxId)
    .map((l) => l!.kind);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Cancels the task that reports `phase` first, once a process of the sandbox's folder runs (the
 * initialising tool, or the server); resolves with the pids seen running at the cancel. Those
 * processes are frozen (SIGSTOP) just before: they cannot end on their own, so only a cancel that
 * ends them lets the request answer and leaves none behind.
 */
function cancelAt(phase: string, dir: string): Promise<{ taskId: string; running: number[] }> {
  return new Promise((resolve, reject) => {
    let seen = false;
    const unsubscribe = app.events.subscribe((event, payload) => {
      const p = payload as TaskProgress;
      if (event !== 'task/progress' || p.phase !== phase || seen) return;
      seen = true;
      unsubscribe();
      void (async () => {
        let running = processesUsing(dir);
        for (let i = 0; running.length === 0 && i < 100; i++) {
          await sleep(20);
          running = processesUsing(dir);
        }
        signalEach(running, 'SIGSTOP');
        const answer = await app.dispatch('tasks/cancel', { taskId: p.taskId });
        if (!answer.ok) throw new Error(answer.error.message);
        return { taskId: p.taskId, running };
      })().then(resolve, reject);
    });
  });
}

/** The cancel `cancelAt` made, or a failure that says what the request answered instead. */
async function cancelMade(
  cancelled: Promise<{ taskId: string; running: number[] }>,
  answer: AppError,
): Promise<{ taskId: string; running: number[] }> {
  return Promise.race([
    cancelled,
    sleep(10_000).then(() => {
      throw new Error(`nothing was cancelled; the request answered ${answer.code}: ${answer.message}`);
    }),
  ]);
}

async function profileIds(): Promise<string[]> {
  const listing = await value<{ profiles: { id: string }[] }>('profiles/list', {});
  return listing.profiles.map((p) => p.id);
}

async function expectNothingLeft(id: string, running: number[]): Promise<void> {
  expect(existsSync(join(root, id)), 'its folder').toBe(false);
  expect(await profileIds(), 'its profile').not.toContain(`sandbox-${id}`);
  expect(processesUsing(join(root, id)), 'its processes').toEqual([]);
  for (const pid of running) expect(processesUsing(join(root, id)), `pid ${pid}`).not.toContain(pid);
  expect(leasesOn(id), 'its leases').toEqual([]);
  const listed = await value<SandboxInfo[]>('sandboxes/list', {});
  expect(listed.map((s) => s.id)).not.toContain(id);
  expect(await value<unknown[]>('tasks/list', {})).toEqual([]);
}

beforeAll(async () => {
  app = await createApp({ dataDir, transport: 'browser', version: 'test' });
});
afterAll(async () => {
  // A run of this test that failed may leave frozen processes (and a task waiting for them): end them first.
  signalEach(processesUsing(root), 'SIGKILL');
  await app.shutdown();
});

describe(`cancelling a sandbox's create or start on ${server.label}`, () => {
  it('a create cancelled while its data folder is initialised leaves nothing: no folder, profile, process or lease', async () => {
    const cancelled = cancelAt('initialising', join(root, 'halfmade'));
    const error = await failure('sandboxes/create', {
      spec: { name: 'halfmade', binaryPath: server.binaryPath, bufferPoolSize: '32M' },
    });
    const { running } = await cancelMade(cancelled, error);
    expect(running.length, 'the initialising tool was running when cancelled').toBeGreaterThan(0);
    expect(error.code).toBe('CANCELLED');
    expect(error.message).toBe('Creating sandbox "halfmade" was cancelled; nothing was kept.');
    await expectNothingLeft('halfmade', running);
  }, 120_000);

  it('a create cancelled while its new server starts is removed the same way, even with keepFailed', async () => {
    const cancelled = cancelAt('starting', join(root, 'halfstarted'));
    const error = await failure('sandboxes/create', {
      spec: { name: 'halfstarted', binaryPath: server.binaryPath, bufferPoolSize: '32M' },
      keepFailed: true,
    });
    const { running } = await cancelMade(cancelled, error);
    expect(running.length, 'the server was running when cancelled').toBeGreaterThan(0);
    expect(error.code).toBe('CANCELLED');
    expect(error.message).toBe('Creating sandbox "halfstarted" was cancelled; nothing was kept.');
    await expectNothingLeft('halfstarted', running);
  }, 180_000);

  it('a create cancelled by its AbortSignal (a SandboxService without the task registry) leaves nothing', async () => {
    const byHand = new SandboxService({ root: `${root}-by-signal` });
    const dir = join(`${root}-by-signal`, 'signalled');
    const controller = new AbortController();
    const creating = byHand
      .create(
        { name: 'signalled', binaryPath: server.binaryPath, bufferPoolSize: '32M' },
        { signal: controller.signal },
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    let running: number[] = [];
    for (let i = 0; running.length === 0 && i < 1000; i++) {
      await sleep(20);
      running = processesUsing(dir);
    }
    expect(running.length, 'the initialising tool or the server was running when aborted').toBeGreaterThan(0);
    signalEach(running, 'SIGSTOP');
    controller.abort();
    const e = await Promise.race([creating, sleep(60_000).then(() => 'no answer within 60 s')]);
    expect(e).toBeInstanceOf(AppFailure);
    expect((e as AppFailure).error.message).toBe(
      'Creating sandbox "signalled" was cancelled; nothing was kept.',
    );
    expect(existsSync(dir)).toBe(false);
    expect(processesUsing(dir)).toEqual([]);
  }, 120_000);

  describe('an existing sandbox', () => {
    let sb: SandboxInfo;
    const rows = async () => {
      const c = await mysql.createConnection({ host: '127.0.0.1', port: sb.port, user: 'root' });
      try {
        const [r] = await c.query('SELECT n FROM kept.t ORDER BY n');
        return (r as { n: number }[]).map((x) => x.n);
      } finally {
        await c.end();
      }
    };

    beforeAll(async () => {
      sb = await value<SandboxInfo>('sandboxes/create', {
        spec: { name: 'existing', binaryPath: server.binaryPath, bufferPoolSize: '32M' },
      });
      const c = await mysql.createConnection({ host: '127.0.0.1', port: sb.port, user: 'root' });
      await c.query('CREATE DATABASE kept');
      await c.query('CREATE TABLE kept.t (n INT PRIMARY KEY) ENGINE=InnoDB');
      await c.query('INSERT INTO kept.t VALUES (1), (2), (3)');
      await c.end();
      await value('sandboxes/stop', { id: sb.id });
    }, 180_000);
    afterAll(async () => {
      await app.dispatch('sandboxes/delete', { id: sb.id });
    });

    it('a start cancelled while the server starts leaves it stopped, its data intact, and it starts again', async () => {
      const dir = join(root, sb.id);
      const cancelled = cancelAt('starting', dir);
      const error = await failure('sandboxes/start', { id: sb.id });
      const { running } = await cancelMade(cancelled, error);
      expect(running.length, 'the server was running when cancelled').toBeGreaterThan(0);
      expect(error.code).toBe('CANCELLED');
      expect(error.message).toBe(
        'Starting sandbox "existing" was cancelled; it is stopped, its data as it was.',
      );
      expect(processesUsing(dir), 'its server').toEqual([]);
      expect(leasesOn(sb.id), 'its leases (the start operation, the task)').toEqual([]);
      const listed = (await value<SandboxInfo[]>('sandboxes/list', {})).find((s) => s.id === sb.id);
      expect(listed?.status).toBe('stopped');
      expect(listed?.lastError).toBeUndefined();
      expect(await profileIds()).toContain(sb.profileId);

      sb = await value<SandboxInfo>('sandboxes/start', { id: sb.id });
      expect(sb.status).toBe('running');
      expect(await rows()).toEqual([1, 2, 3]);
    }, 180_000);

    it('a cancel that comes after the start ended changes nothing', async () => {
      let taskId = '';
      const unsubscribe = app.events.subscribe((event, payload) => {
        if (event === 'task/progress') taskId = (payload as TaskProgress).taskId;
      });
      await value('sandboxes/stop', { id: sb.id });
      sb = await value<SandboxInfo>('sandboxes/start', { id: sb.id }).finally(unsubscribe);
      expect(taskId).not.toBe('');
      const late = await failure('tasks/cancel', { taskId });
      expect(late.code).toBe('NOT_FOUND');
      await sleep(500);
      const listed = (await value<SandboxInfo[]>('sandboxes/list', {})).find((s) => s.id === sb.id);
      expect(listed?.status).toBe('running');
      expect(listed?.pid).toBe(sb.pid);
      expect(await rows()).toEqual([1, 2, 3]);
    }, 180_000);
  });
});

describe(`Ctrl-C in bplab sandbox create and start on ${server.label}`, () => {
  const home = mkdtempSync(join(server.scratchDir, 'sandbox-cancel-cli-'));
  const folder = (name: string) => join(home, 'sandboxes', name);

  /** Runs the command, and once a process of the sandbox's folder runs, freezes it and presses Ctrl-C. */
  async function interrupted(args: string[], name: string) {
    const run = startCli(home, args);
    let running: number[] = [];
    for (let i = 0; running.length === 0 && i < 3000 && run.child.exitCode === null; i++) {
      await sleep(20);
      running = processesUsing(folder(name));
    }
    signalEach(running, 'SIGSTOP');
    run.child.kill('SIGINT');
    const r = await Promise.race([
      run.exit,
      sleep(60_000).then(() => {
        throw new Error(`bplab ${args.join(' ')} did not end within 60 s of Ctrl-C:\n${run.err()}`);
      }),
    ]);
    return { ...r, running };
  }

  beforeAll(() => requireBuiltCli());
  afterAll(async () => {
    signalEach(processesUsing(home), 'SIGKILL');
    await runCliProcess(home, ['sandbox', 'delete', 'clikept']);
  });

  it('during create: it says so, exits 1, and leaves no sandbox', async () => {
    const r = await interrupted(
      ['sandbox', 'create', 'clihalf', '--binary', server.binaryPath, '--buffer-pool', '32M'],
      'clihalf',
    );
    expect(r.running.length, 'the initialising tool was running at Ctrl-C').toBeGreaterThan(0);
    expect(r.err).toContain('bplab: SIGINT: cancelling the create of sandbox clihalf ...');
    expect(r.err).toContain('bplab: Creating sandbox "clihalf" was cancelled; nothing was kept.');
    expect(r.code).toBe(1);
    expect(existsSync(folder('clihalf'))).toBe(false);
    expect(processesUsing(folder('clihalf'))).toEqual([]);
    const list = await runCliProcess(home, ['sandbox', 'list']);
    expect(list.out).not.toContain('clihalf');
  }, 120_000);

  it('during start: it says so, exits 1, and the sandbox is stopped, and starts afterwards', async () => {
    const made = await runCliProcess(home, [
      'sandbox',
      'create',
      'clikept',
      '--binary',
      server.binaryPath,
      '--buffer-pool',
      '32M',
      '--no-start',
    ]);
    expect(made.code, made.err).toBe(0);
    const r = await interrupted(['sandbox', 'start', 'clikept'], 'clikept');
    expect(r.running.length, 'the server was running at Ctrl-C').toBeGreaterThan(0);
    expect(r.err).toContain('bplab: SIGINT: cancelling the start of sandbox clikept ...');
    expect(r.err).toContain(
      'bplab: Starting sandbox "clikept" was cancelled; it is stopped, its data as it was.',
    );
    expect(r.code).toBe(1);
    expect(processesUsing(folder('clikept'))).toEqual([]);
    expect((await runCliProcess(home, ['sandbox', 'list'])).out).toMatch(/clikept.*stopped/);
    const again = await runCliProcess(home, ['sandbox', 'start', 'clikept']);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/clikept.*running/);
  }, 180_000);
});
