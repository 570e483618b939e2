/**
 * Two bplab processes on one data folder, as when the desktop app is open while a headless command
 * runs: this test's own app (createApp, standing for the UI) and the real CLI (node bin/bplab.cjs
 * --data-dir ...) beside it. One loads, the other lists that load with its progress and cannot drop
 * it; quitting one leaves the sandbox the other uses; a loader killed with kill -9 leaves a dataset
 * that the CLI, the API and the UI's state function all call interrupted.
 */
import { mkdtempSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import mysql, { type Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/main/app';
import { datasetRow } from '../../src/renderer/features/datasets/utils/dataset-view';
import type { RequestArgs, RequestName, RequestResult } from '../../src/shared/contract';
import type { AppError } from '../../src/shared/result';
import type { TaskInfo } from '../../src/shared/app/tasks';
import { requireBuiltCli, startCli, writeTestProfile, type CliExit, type CliProcess } from '../support/cli';
import { testServer } from '../support/test-server';
import { connectToTestServer, scratchSchemas } from './ssb-support';
import { dispatchAndWait } from '../support/tasks';

const server = testServer();
const schemas = scratchSchemas();
let home: string;
let ui: App;
let admin: Connection;

/** The CLI as a second process on the same data folder. */
const bplab = (args: string[]) => startCli(home, args);

/** A request to this process's app, as the UI sends it. */
async function request<N extends RequestName>(
  name: N,
  args: RequestArgs<N>,
): Promise<{ ok: true; value: RequestResult<N> } | { ok: false; error: AppError }> {
  return (await dispatchAndWait(ui, name, args)) as never;
}

async function value<N extends RequestName>(name: N, args: RequestArgs<N>): Promise<RequestResult<N>> {
  const r = await request(name, args);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value;
}

/** Waits (bounded) until this process lists the other's load of `schema` with rows loaded. */
async function othersLoad(schema: string, loader: CliProcess): Promise<TaskInfo> {
  let over: CliExit | undefined;
  void loader.exit.then((e) => (over = e));
  // Well inside the test's timeout, so a load that never shows says what it printed and what was listed.
  const deadline = Date.now() + 60_000;
  let listed: TaskInfo[] = [];
  while (Date.now() < deadline) {
    if (over) throw new Error(`the loader ended first (${over.code}): ${over.err}`);
    listed = await value('tasks/list', {});
    const task = listed.find((t) => t.schema === schema && !t.owner.self);
    if (task && (task.progress?.figures?.rows ?? 0) > 0) return task;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `no load of ${schema} by another process was listed with progress in 60 s; the loader printed ` +
      `${JSON.stringify(loader.err().slice(-600))}; tasks listed: ${JSON.stringify(listed).slice(0, 600)}`,
  );
}

async function isRunning(id: string): Promise<boolean> {
  return (await value('sandboxes/list', {})).find((s) => s.id === id)?.status === 'running';
}

beforeAll(async () => {
  requireBuiltCli();
  home = mkdtempSync(join(server.scratchDir, 'processes-'));
  writeTestProfile(home, server);
  ui = await createApp({
    dataDir: home,
    transport: 'browser',
    version: 'test',
    command: 'bplab serve (test)',
  });
  admin = await connectToTestServer()();
});

afterAll(async () => {
  if (ui) {
    await ui.shutdown();
    for (const s of await value('sandboxes/list', {})) await ui.dispatch('sandboxes/delete', { id: s.id });
  }
  await schemas.dropAll(admin);
  await admin?.end();
});

describe(`two bplab processes on one data folder, ${server.label}`, () => {
  it("lists the other process's load with its progress, and its drop answers BUSY naming the job and the process", async () => {
    const schema = schemas.name('bplab_it_two');
    const loader = bplab(['ssb', 'generate', '--sf', '1', '--profile', 'it', '--schema', schema]);
    const task = await othersLoad(schema, loader);
    expect(task).toMatchObject({
      kind: 'dataset-load',
      title: `load ${schema}`,
      profileId: 'it',
      state: 'running',
      owner: { pid: loader.child.pid, self: false },
    });
    expect(task.owner.command).toContain(`bplab ssb generate --sf 1 --profile it --schema ${schema}`);
    expect(task.progress?.phase).toMatch(/loading|indexing/);

    const listed = (await value('datasets/list', { profileId: 'it' })).datasets.find(
      (d) => d.schema === schema,
    );
    expect(listed).toMatchObject({ state: 'loading', activeTaskId: task.taskId });

    const drop = await request('datasets/drop', { profileId: 'it', schema });
    expect(drop.ok).toBe(false);
    if (drop.ok) return;
    expect(drop.error.code).toBe('BUSY');
    expect(drop.error.message).toContain(`"load ${schema}", running in pid ${loader.child.pid} (bplab ssb`);

    // Cancel from this process: the loader picks the request up from its lease and stops.
    expect(await value('tasks/cancel', { taskId: task.taskId })).toEqual({
      taskId: task.taskId,
      cancelled: true,
    });
    const exit = await loader.exit;
    expect(exit.code).toBe(1);
    expect(exit.err).toContain('cancelled');
    const after = (await value('datasets/list', { profileId: 'it' })).datasets.find(
      (d) => d.schema === schema,
    );
    expect(after?.state).toBe('cancelled');
    expect(await value('datasets/drop', { profileId: 'it', schema })).toEqual({ dropped: schema });
  });

  it('after kill -9 of a CLI loader, the CLI, the API and the UI all say interrupted', async () => {
    const schema = schemas.name('bplab_it_killed');
    const loader = bplab(['ssb', 'generate', '--sf', '1', '--profile', 'it', '--schema', schema]);
    const task = await othersLoad(schema, loader);
    loader.child.kill('SIGKILL');
    expect((await loader.exit).signal).toBe('SIGKILL');

    const listed = (await value('datasets/list', { profileId: 'it' })).datasets.find(
      (d) => d.schema === schema,
    );
    expect(listed).toMatchObject({ state: 'interrupted', activeTaskId: null });
    expect(datasetRow(listed!).stateLabel).toBe('interrupted (incomplete)');
    const cli = await bplab(['ssb', 'list', '--profile', 'it']).exit;
    expect(cli.code, cli.err).toBe(0);
    expect(cli.out).toMatch(new RegExp(`^${schema}\\tinterrupted\\t`, 'm'));
    // The dead process's task lists as stale, cannot be cancelled, and holds nothing.
    expect((await value('tasks/list', {})).find((t) => t.taskId === task.taskId)?.state).toBe('stale');
    const cancel = await request('tasks/cancel', { taskId: task.taskId });
    expect(cancel.ok ? null : cancel.error.message).toContain('is gone');
    expect(await value('datasets/drop', { profileId: 'it', schema })).toEqual({ dropped: schema });
  });

  it('quitting one process leaves the sandboxes it did not start, and the one the other still uses', async () => {
    // A sandbox made by a separate `sandbox create` (that process has exited), given its data folder
    // relative to where it runs (once resolved against the server's basedir: "Can't change dir").
    const created = await startCli(
      basename(home),
      ['sandbox', 'create', 'other', '--binary', server.binaryPath, '--buffer-pool', '32M'],
      { cwd: dirname(home) },
    ).exit;
    expect(created.code, created.err).toBe(0);
    // The sandbox this process (the first demo's UI) starts.
    await value('sandboxes/create', {
      spec: { name: 'demo', binaryPath: server.binaryPath, bufferPoolSize: '64M' },
      start: true,
    });

    // A second `bplab demo` reuses the running sandbox, serves, and is stopped with Ctrl-C.
    const demo = bplab(['demo', '--sf', '0', '--port', '0']);
    demo.child.stdout!.on('data', () => {
      if (/^bplab: serving on http/m.test(demo.out())) demo.child.kill('SIGINT');
    });
    // Bounded, so a demo that never serves says what it printed instead of eating the test's timeout.
    const stuck = setTimeout(() => demo.child.kill('SIGKILL'), 60_000);
    const demoExit = await demo.exit;
    clearTimeout(stuck);
    expect(demoExit.signal, `bplab demo did not serve in 60 s: ${demo.out()} ${demo.err()}`).not.toBe(
      'SIGKILL',
    );
    expect(demoExit.code, demoExit.err).toBe(0);
    expect(await isRunning('demo')).toBe(true);
    expect(await isRunning('other')).toBe(true);

    // A CLI load into the demo sandbox: stop answers BUSY there, and quitting here leaves it running.
    const schema = 'ssb_busy';
    const loader = bplab(['ssb', 'generate', '--sf', '1', '--sandbox', 'demo', '--schema', schema]);
    await othersLoad(schema, loader);
    const stop = await request('sandboxes/stop', { id: 'demo' });
    expect(stop.ok ? null : stop.error).toMatchObject({ code: 'BUSY' });
    expect(stop.ok ? '' : stop.error.message).toContain(
      `"load ${schema}", running in pid ${loader.child.pid} (bplab ssb`,
    );
    await ui.shutdown();
    expect(await isRunning('demo')).toBe(true);
    expect(await isRunning('other')).toBe(true);

    // From the CLI too: BUSY, until --force.
    const refused = await bplab(['sandbox', 'stop', 'demo']).exit;
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`pid ${loader.child.pid}`);
    const forced = await bplab(['sandbox', 'stop', 'demo', '--force']).exit;
    expect(forced.code, forced.err).toBe(0);
    expect(await isRunning('demo')).toBe(false);
    expect((await loader.exit).code).toBe(1);
    expect(await isRunning('other')).toBe(true);
  }, 240_000);
});

describe(`a sandbox this process started, ${server.label}`, () => {
  it('is stopped when this process quits and no other process uses it', async () => {
    const mine = await createApp({
      dataDir: home,
      transport: 'browser',
      version: 'test',
      command: 'bplab (test)',
    });
    await dispatchAndWait(mine, 'sandboxes/start', { id: 'demo' });
    expect(await isRunning('demo')).toBe(true);
    await mine.shutdown();
    expect(await isRunning('demo')).toBe(false);
    expect(await isRunning('other')).toBe(true);
    const port = (await value('sandboxes/list', {})).find((s) => s.id === 'demo')!.port;
    await expect(mysql.createConnection({ host: '127.0.0.1', port, user: 'root' })).rejects.toThrow();
  });
});
