/**
 * The Queries screen's pool resize store: the request it sends (the sandbox's id, the size typed), the
 * size read back from the server afterwards, main's refusal kept for the field, and no resize while
 * this process runs something on the sandbox (tasks/list, then 'task/progress'). The API is a stand-in
 * transport (the resize itself against real servers: integration sandbox-resize, and the run journey).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import type { TaskInfo } from '../../../src/shared/app/tasks';
import type { SandboxInfo } from '../../../src/shared/models';
import type { AppError } from '../../../src/shared/result';
import { setApi } from '../../../src/renderer/lib/api';
import {
  followPoolResize,
  usePoolResize,
} from '../../../src/renderer/features/queries/stores/pool-resize-store';
import { useQueries } from '../../../src/renderer/features/queries/stores/queries-store';
import { fakeEvents } from './fake-events';

const MiB = 1024 * 1024;
const events = fakeEvents();
const calls: { name: string; args: unknown }[] = [];
/** What the server's pool is, as connections/capabilities reads it back. */
let serverPool = 16 * MiB;
let tasks: TaskInfo[] = [];
/** The resize's answer: the size it keeps, or a refusal. */
let resizeAnswer: () => unknown = () => ({});
/** Holds the resize until released, to see what the screen shows meanwhile. */
let release: () => void = () => {};

const fakeApi: BplabApi = {
  invoke: ((name: string, args: unknown): Promise<unknown> => {
    calls.push({ name, args });
    if (name === 'tasks/list') return Promise.resolve({ ok: true, value: tasks });
    if (name === 'connections/capabilities')
      return Promise.resolve({
        ok: true,
        value: { bufferPool: { bufferPoolSizeBytes: serverPool }, capabilities: [] },
      });
    if (name === 'sandboxes/resize') return new Promise((r) => (release = () => r(resizeAnswer())));
    return Promise.resolve({ ok: true, value: {} });
  }) as BplabApi['invoke'],
  on: events.on,
};

const resized = (how: 'online' | 'restart', size: string) => ({
  ok: true,
  value: {
    how,
    message: '',
    sandbox: { id: 's1', spec: { bufferPoolSize: size } } as unknown as SandboxInfo,
  },
});
const refused = (error: AppError) => ({ ok: false, error });
const settle = () => new Promise((r) => setTimeout(r, 0));
const sent = () => calls.filter((c) => c.name === 'sandboxes/resize').map((c) => c.args);

const runOnIt: TaskInfo = {
  taskId: 'run-1',
  kind: 'run',
  title: 'Q1.1 on ssb_sf0_1',
  profileId: 'sandbox-s1',
  schema: 'ssb_sf0_1',
  sandboxId: 's1',
  owner: { pid: 1, host: 'h', command: 'bplab serve', self: true },
  startedAt: '2026-01-01T00:00:00.000Z',
  state: 'running',
  progress: null,
};

describe('pool resize store', () => {
  beforeEach(async () => {
    events.clear();
    calls.length = 0;
    serverPool = 16 * MiB;
    tasks = [];
    setApi(fakeApi);
    useQueries.setState({
      profileId: 'sandbox-s1',
      poolSize: '16 MiB',
      poolBytes: 16 * MiB,
      starting: false,
    });
    usePoolResize.setState({ target: null, resizing: false });
    usePoolResize.getState().aim({ sandboxId: 's1', profileId: 'sandbox-s1' });
    await usePoolResize.getState().readTasks();
  });

  it('resizes the sandbox to the size typed and says the size the server then has', async () => {
    const stop = followPoolResize();
    usePoolResize.getState().change({ size: '64M' });
    resizeAnswer = () => resized('restart', '64M');
    const resizing = usePoolResize.getState().resize();
    await settle();
    expect(sent()).toEqual([{ id: 's1', bufferPoolSize: '64M' }]);
    expect(usePoolResize.getState().resizing).toBe(true);
    // A restart's phases, from the sandbox's own events.
    events.emit('sandboxes/changed', { id: 's1', status: 'stopping' } as SandboxInfo);
    expect(usePoolResize.getState().phase).toBe('stopping the server, to start it with the new size…');
    events.emit('sandboxes/changed', { id: 's2', status: 'starting' } as SandboxInfo);
    expect(usePoolResize.getState().phase).toBe('stopping the server, to start it with the new size…');

    serverPool = 64 * MiB;
    release();
    await resizing;
    expect(usePoolResize.getState()).toMatchObject({
      resizing: false,
      phase: null,
      error: null,
      form: { size: '' },
      outcome:
        'Pool now 64 MiB, kept across restarts: the server was restarted with it (it could not be resized online), so the pool starts empty.',
    });
    expect(useQueries.getState()).toMatchObject({ poolSize: '64 MiB', poolBytes: 64 * MiB });
    stop();
  });

  it("keeps main's refusal for the field, and reads the pool back as the server still has it", async () => {
    usePoolResize.getState().change({ size: '1T' });
    const words =
      'Sandbox "s1" cannot take it: a buffer pool of 1T is more than this machine\'s memory (23.5G in all), so MariaDB 11.4 could not have it.';
    resizeAnswer = () =>
      refused({ code: 'INVALID_ARGUMENT', message: words, details: { field: 'bufferPoolSize' } });
    const resizing = usePoolResize.getState().resize();
    await settle();
    release();
    await resizing;
    expect(usePoolResize.getState()).toMatchObject({ resizing: false, error: words, outcome: null });
    expect(usePoolResize.getState().form.size).toBe('1T');
    expect(calls.filter((c) => c.name === 'connections/capabilities')).toHaveLength(1);
    expect(useQueries.getState().poolSize).toBe('16 MiB');
  });

  it('sends nothing for a size it cannot read, and says why beside the field', async () => {
    usePoolResize.getState().change({ size: '64 MB' });
    await usePoolResize.getState().resize();
    expect(sent()).toEqual([]);
    expect(usePoolResize.getState().error).toMatch(/^"64 MB" is not a size: write /);
  });

  it("waits for this process's run on the sandbox, and can resize once it has ended", async () => {
    const stop = followPoolResize();
    tasks = [runOnIt];
    // A task not seen before: the list is read again.
    events.emit('task/progress', {
      taskId: 'run-1',
      phase: 'running',
      fraction: null,
      message: '',
      done: false,
    });
    await settle();
    expect(usePoolResize.getState().busy.map((t) => t.taskId)).toEqual(['run-1']);

    usePoolResize.getState().change({ size: '64M' });
    await usePoolResize.getState().resize();
    expect(sent()).toEqual([]);
    expect(usePoolResize.getState().resizing).toBe(false);

    tasks = [];
    events.emit('task/progress', {
      taskId: 'run-1',
      phase: 'complete',
      fraction: 1,
      message: '',
      done: true,
    });
    expect(usePoolResize.getState().busy).toEqual([]);
    resizeAnswer = () => resized('online', '64M');
    serverPool = 64 * MiB;
    const resizing = usePoolResize.getState().resize();
    await settle();
    release();
    await resizing;
    expect(sent()).toEqual([{ id: 's1', bufferPoolSize: '64M' }]);
    expect(usePoolResize.getState().outcome).toBe('Pool now 64 MiB, kept across restarts: resized online.');
    stop();
  });
});
