/** The Queries screen's pool resize, as words and switches: the size typed, when it can run, what it did. */
import { describe, expect, it } from 'vitest';
import type { TaskInfo } from '../../../src/shared/app/tasks';
import type { SandboxInfo } from '../../../src/shared/models';
import {
  busyOn,
  resizeControl,
  resizeOutcomeWords,
  resizePhase,
  resizeSize,
  resizeTarget,
} from '../../../src/renderer/features/queries/utils/pool-resize';

const MiB = 1024 * 1024;

const task = (over: Partial<TaskInfo>): TaskInfo => ({
  taskId: 't1',
  kind: 'run',
  title: 'Q1.1 on ssb_sf0_1',
  profileId: 'sandbox-s1',
  schema: 'ssb_sf0_1',
  sandboxId: 's1',
  owner: { pid: 10, host: 'h', command: 'bplab serve', self: true },
  startedAt: '2026-01-01T00:00:00.000Z',
  state: 'running',
  progress: null,
  ...over,
});

const sandboxWith = (bufferPoolSize: string) => ({ spec: { bufferPoolSize } }) as unknown as SandboxInfo;

describe('the pool resize on the Queries screen', () => {
  it("resizes only a sandbox's connection", () => {
    const profiles = [{ id: 'sandbox-s1', sandboxId: 's1' }, { id: 'prod' }];
    expect(resizeTarget(profiles, 'sandbox-s1')).toEqual({ sandboxId: 's1', profileId: 'sandbox-s1' });
    expect(resizeTarget(profiles, 'prod')).toBeNull();
    expect(resizeTarget(profiles, null)).toBeNull();
  });

  it('takes sizes as the sandbox form does, and refuses others in the parser’s words', () => {
    expect(resizeSize(' 64M ', 16 * MiB)).toEqual({ ok: true, size: '64M' });
    expect(resizeSize('1g', 16 * MiB)).toEqual({ ok: true, size: '1g' });
    expect(resizeSize('64 MB', 16 * MiB)).toEqual({
      ok: false,
      error:
        '"64 MB" is not a size: write a whole number of bytes, or a number with a unit K, M, G or T (e.g. 128M or 2G)',
    });
    expect(resizeSize('  ', null)).toEqual({ ok: false, error: 'write the new size, e.g. 64M or 1G' });
    expect(resizeSize('16M', 16 * MiB)).toEqual({ ok: false, error: 'the pool is 16 MiB already' });
  });

  it("waits for this process's own work on the sandbox, which main's resize does not refuse", () => {
    const target = { sandboxId: 's1', profileId: 'sandbox-s1' };
    const other = { pid: 11, host: 'h', command: 'bplab run', self: false };
    const tasks = [
      task({ taskId: 'own-run' }),
      task({ taskId: 'by-profile', kind: 'oltp-load', sandboxId: null }),
      task({ taskId: 'other-process', owner: other }),
      task({ taskId: 'stale', state: 'stale' }),
      task({ taskId: 'replay', kind: 'whatif' }),
      task({ taskId: 'elsewhere', sandboxId: 's2', profileId: 'sandbox-s2' }),
    ];
    expect(busyOn(tasks, target).map((t) => t.taskId)).toEqual(['own-run', 'by-profile']);
  });

  it('is disabled while a run is going on or starting there, and says why', () => {
    expect(resizeControl({ busy: [task({})], starting: false, resizing: false })).toEqual({
      disabled: true,
      note: 'a run is under way on this sandbox (Q1.1 on ssb_sf0_1): resize it when that ends',
    });
    expect(
      resizeControl({
        busy: [task({ kind: 'experiment', title: 'post001' })],
        starting: false,
        resizing: false,
      }).note,
    ).toBe('an experiment is under way on this sandbox (post001): resize it when that ends');
    expect(resizeControl({ busy: [], starting: true, resizing: false })).toEqual({
      disabled: true,
      note: 'a run is starting on this sandbox',
    });
    expect(resizeControl({ busy: [], starting: false, resizing: true })).toEqual({
      disabled: true,
      note: null,
    });
    expect(resizeControl({ busy: [], starting: false, resizing: false })).toEqual({
      disabled: false,
      note: null,
    });
  });

  it('says what the resize did: the size read back, kept across restarts, and how', () => {
    expect(resizeOutcomeWords({ how: 'online', sandbox: sandboxWith('64M') }, 64 * MiB)).toBe(
      'Pool now 64 MiB, kept across restarts: resized online.',
    );
    expect(resizeOutcomeWords({ how: 'restart', sandbox: sandboxWith('24M') }, 24 * MiB)).toBe(
      'Pool now 24 MiB, kept across restarts: the server was restarted with it (it could not be resized online), so the pool starts empty.',
    );
    expect(resizeOutcomeWords({ how: 'online', sandbox: sandboxWith('100M') }, 128 * MiB)).toBe(
      'Pool now 128 MiB (asked 100 MiB), kept across restarts: resized online.',
    );
    expect(resizeOutcomeWords({ how: 'online', sandbox: sandboxWith('64M') }, null)).toBe(
      "Pool set to 64 MiB, kept across restarts: resized online; the server's size could not be read back.",
    );
    expect(resizeOutcomeWords({ how: 'spec', sandbox: sandboxWith('1G') }, null)).toBe(
      'The sandbox is stopped: it will start with a pool of 1 GiB, and keep it across restarts.',
    );
  });

  it("follows a restart's phases from the sandbox's status", () => {
    expect(resizePhase('stopping')).toBe('stopping the server, to start it with the new size…');
    expect(resizePhase('starting')).toBe('starting the server with the new size…');
    expect(resizePhase('running')).toBeNull();
  });
});
