/**
 * The sandboxes store cancels a create or a start in progress: the request answers its task id at
 * once (lib/task-runner.ts), the cancel goes to that task (even when asked before the id came), and
 * once tasks/wait answers CANCELLED it lists the sandboxes again, so that a half-made sandbox a
 * 'changed' event showed is gone and a cancelled start shows stopped. The API is a stand-in
 * transport here (the real ones are tested in transport tests and e2e; the cancel itself against
 * real servers in sandbox-cancel).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import type { SandboxInfo } from '../../../src/shared/models';
import type { AppError } from '../../../src/shared/result';
import { setApi } from '../../../src/renderer/lib/api';
import {
  followSandboxEvents,
  useSandboxes,
} from '../../../src/renderer/features/sandboxes/stores/sandboxes-store';
import { emptySandboxForm } from '../../../src/renderer/features/sandboxes/utils/sandbox-form';
import { fakeEvents } from './fake-events';

const events = fakeEvents();
const calls: { name: string; args: unknown }[] = [];
/** Answers the pending create or start with its task id. */
let answerStarted: () => void = () => {};
/** Ends the task tasks/wait waits for, with this error. */
let answerPending: (error: AppError) => void = () => {};
let listed: SandboxInfo[] = [];
/** The task id the next create or start answers. */
let nextTaskId = 'own-task';
/** Whether create and start answer their task id at once, or only on answerStarted(). */
let answerAtOnce = true;

const fakeApi: BplabApi = {
  invoke: ((name: string, args: unknown): Promise<unknown> => {
    calls.push({ name, args });
    if (name === 'sandboxes/create' || name === 'sandboxes/start') {
      const value = { taskId: nextTaskId, sandboxId: 'x' };
      if (answerAtOnce) return Promise.resolve({ ok: true, value });
      return new Promise((resolve) => (answerStarted = () => resolve({ ok: true, value })));
    }
    if (name === 'tasks/wait')
      return new Promise((resolve) => (answerPending = (error) => resolve({ ok: false, error })));
    if (name === 'sandboxes/list') return Promise.resolve({ ok: true, value: listed });
    if (name === 'tasks/cancel')
      return Promise.resolve({
        ok: true,
        value: { taskId: (args as { taskId: string }).taskId, cancelled: true },
      });
    return Promise.resolve({ ok: true, value: { binaries: [], searched: [] } });
  }) as BplabApi['invoke'],
  on: events.on,
};

const sandbox = (id: string, status: SandboxInfo['status']) =>
  ({ id, name: id, status, port: 3307, spec: { bufferPoolSize: '32M' } }) as SandboxInfo;

const cancelled = (message: string): AppError => ({ code: 'CANCELLED', message });
const cancels = () => calls.filter((c) => c.name === 'tasks/cancel').map((c) => c.args);
/** Lets the store's pending promises run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('sandboxes store: cancelling a create or a start', () => {
  beforeEach(() => {
    events.clear();
    calls.length = 0;
    answerAtOnce = true;
    nextTaskId = 'own-task';
    setApi(fakeApi);
    useSandboxes.setState({
      sandboxes: [],
      error: null,
      creating: false,
      creatingId: null,
      busy: {},
      cancelling: {},
      phase: {},
      binaries: [{ path: '/usr/sbin/mariadbd', flavor: 'mariadb', version: '10.11.6' } as never],
      form: { ...emptySandboxForm(), name: 'Half', binaryPath: '/usr/sbin/mariadbd', bufferPoolSize: '32M' },
    });
  });

  it("cancels this process's create of that sandbox, then lists what is there: no half-made sandbox", async () => {
    const stop = followSandboxEvents();
    nextTaskId = 'own-create';
    const creating = useSandboxes.getState().create();
    await settle();
    expect(useSandboxes.getState()).toMatchObject({ creating: true, creatingId: 'half' });
    // Initialised, then starting: main said so, and the list shows it.
    events.emit('sandboxes/changed', sandbox('half', 'starting'));
    expect(useSandboxes.getState().sandboxes.map((s) => s.id)).toEqual(['half']);

    await useSandboxes.getState().cancelCreate();
    expect(cancels()).toEqual([{ taskId: 'own-create' }]);
    expect(useSandboxes.getState().cancelling).toEqual({ half: true });

    listed = [];
    answerPending(cancelled('Creating sandbox "Half" was cancelled; nothing was kept.'));
    await creating;
    const state = useSandboxes.getState();
    expect(state.sandboxes).toEqual([]);
    expect(state).toMatchObject({ creating: false, creatingId: null, cancelling: {} });
    expect(state.error?.message).toBe('Creating sandbox "Half" was cancelled; nothing was kept.');
    stop();
  });

  it("puts main's refusal of a pool more than the machine's memory under its field, not at the top", async () => {
    useSandboxes.setState({ form: { ...useSandboxes.getState().form, bufferPoolSize: '999T' } });
    const creating = useSandboxes.getState().create();
    await settle();
    const words =
      "a buffer pool of 999T is more than this machine's memory (23.5G in all), so MariaDB 10.11 could not have it";
    answerPending({
      code: 'INVALID_ARGUMENT',
      message: `Sandbox "Half" cannot be created: ${words}.`,
      details: { field: 'bufferPoolSize', words },
    });
    await creating;
    const state = useSandboxes.getState();
    expect(state.formErrors).toEqual({ bufferPoolSize: words });
    expect(state.error).toBeNull();
    expect(state.creating).toBe(false);
  });

  it("cancels this process's start of that sandbox, and then shows it stopped", async () => {
    useSandboxes.setState({ sandboxes: [sandbox('kept', 'stopped')] });
    nextTaskId = 'own-start';
    const starting = useSandboxes.getState().act('kept', 'start');
    expect(useSandboxes.getState().busy).toEqual({ kept: 'start' });
    await settle();
    await useSandboxes.getState().cancelStart('kept');
    expect(cancels()).toEqual([{ taskId: 'own-start' }]);

    listed = [sandbox('kept', 'stopped')];
    answerPending(cancelled('Starting sandbox "kept" was cancelled; it is stopped, its data as it was.'));
    await starting;
    const state = useSandboxes.getState();
    expect(state.busy).toEqual({});
    expect(state.cancelling).toEqual({});
    expect(calls.filter((c) => c.name === 'sandboxes/list')).toHaveLength(1);
    expect(state.sandboxes.map((s) => s.status)).toEqual(['stopped']);
  });

  it('cancels nothing when no start is in progress, and a cancel asked before the task id came is sent when it comes', async () => {
    await useSandboxes.getState().cancelStart('kept');
    await useSandboxes.getState().cancelCreate();
    expect(calls).toEqual([]);

    answerAtOnce = false;
    nextTaskId = 'late-id';
    const starting = useSandboxes.getState().act('kept', 'start');
    await useSandboxes.getState().cancelStart('kept');
    expect(cancels()).toEqual([]);
    answerStarted();
    await expect.poll(() => cancels()).toEqual([{ taskId: 'late-id' }]);
    answerPending(cancelled('Starting sandbox "kept" was cancelled; it is stopped, its data as it was.'));
    await starting;
    expect(cancels()).toEqual([{ taskId: 'late-id' }]);
  });

  it("shows what its own create is doing from that task's progress, and nothing once it has ended", async () => {
    const stop = followSandboxEvents();
    const underWay = {
      phase: 'initialising',
      fraction: null,
      message: 'Initialising the data folder of sandbox "Half"',
    };
    answerAtOnce = false;
    nextTaskId = 'own-create';
    // Main's first event can come before the answer with the task's id: it is shown once the id comes.
    events.emit('task/progress', { ...underWay, taskId: 'own-create', done: false });
    const creating = useSandboxes.getState().create();
    expect(useSandboxes.getState().phase).toEqual({});
    answerStarted();
    await expect.poll(() => useSandboxes.getState().phase).toEqual({ half: underWay.message });

    // Another process's task, or a task this store does not follow, changes nothing.
    events.emit('task/progress', { ...underWay, taskId: 'theirs', done: false, message: 'not ours' });
    expect(useSandboxes.getState().phase).toEqual({ half: underWay.message });
    const waiting = 'Starting sandbox "Half": waiting for it to accept connections on 127.0.0.1:3307';
    const starting = {
      taskId: 'own-create',
      phase: 'starting',
      fraction: null,
      message: waiting,
      done: false,
    };
    events.emit('task/progress', starting);
    expect(useSandboxes.getState().phase).toEqual({ half: waiting });

    listed = [];
    answerPending(cancelled('Creating sandbox "Half" was cancelled; nothing was kept.'));
    await creating;
    expect(useSandboxes.getState().phase).toEqual({});
    // A late event of the ended task brings nothing back.
    events.emit('task/progress', starting);
    expect(useSandboxes.getState().phase).toEqual({});
    stop();
  });
});
