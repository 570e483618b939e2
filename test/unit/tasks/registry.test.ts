/**
 * The task registry on a real lease folder. Two registries stand for two bplab processes (each with
 * its own name); the cross-process integration tests run the real CLI beside a real server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TaskProgress } from '../../../src/shared/app/tasks';
import { AppFailure } from '../../../src/shared/result';
import { LeaseStore } from '../../../src/main/tasks/leases';
import { currentProcess } from '../../../src/main/tasks/process-identity';
import { TaskRegistry, type TaskSpec } from '../../../src/main/tasks/registry';

function twoProcesses() {
  const dir = join(mkdtempSync(join(tmpdir(), 'bplab-tasks-')), 'leases');
  const make = (command: string, events: TaskProgress[]) =>
    new TaskRegistry({
      leases: new LeaseStore({ dir, self: currentProcess(command), publishEveryMs: 20 }),
      onProgress: (p) => events.push(p),
      pollMs: 20,
    });
  const uiEvents: TaskProgress[] = [];
  const cliEvents: TaskProgress[] = [];
  return {
    ui: make('bplab serve', uiEvents),
    cli: make('bplab ssb generate', cliEvents),
    uiEvents,
    cliEvents,
  };
}

const until = async (cond: () => boolean) => {
  const deadline = Date.now() + 3000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A task that reports progress and waits until cancelled. */
function waitsForCancel(registry: TaskRegistry, schema: string) {
  return registry.start(
    { kind: 'dataset-load', title: `load ${schema}`, profileId: 'p', schema },
    async (ctx) => {
      ctx.progress({ phase: 'loading', fraction: 0.25, message: 'loading lineorder', figures: { rows: 42 } });
      await new Promise((_, reject) =>
        ctx.signal.addEventListener('abort', () => reject(AppFailure.of('CANCELLED', 'cancelled'))),
      );
    },
  );
}

/** An experiment on two sandboxes, a and b, each with the schema ssb. */
const TWO_SERVERS = {
  kind: 'experiment',
  title: 'experiment two servers',
  profileId: 'sandbox-a',
  schema: 'ssb',
  sandboxId: 'a',
  alsoHolds: [{ profileId: 'sandbox-b', schema: 'ssb', sandboxId: 'b' }],
} as const satisfies TaskSpec;

describe('TaskRegistry', () => {
  it("lists another process's task with its latest progress, and relays it as task/progress", async () => {
    const { ui, cli, uiEvents } = twoProcesses();
    const load = waitsForCancel(cli, 's1');
    await until(() => ui.list()[0]?.progress !== null && ui.list()[0]?.progress !== undefined);
    expect(ui.list()).toMatchObject([
      {
        taskId: load.taskId,
        kind: 'dataset-load',
        title: 'load s1',
        state: 'running',
        owner: { self: false, command: 'bplab ssb generate' },
        progress: { fraction: 0.25, figures: { rows: 42 } },
      },
    ]);
    ui.followOthers();
    await until(() => uiEvents.some((e) => e.taskId === load.taskId && e.message === 'loading lineorder'));
    cli.cancel(load.taskId);
    await expect(load.result).rejects.toThrow('cancelled');
    await until(() => uiEvents.some((e) => e.taskId === load.taskId && e.done));
    expect(ui.list()).toEqual([]);
    await ui.shutdown();
  });

  it('answers BUSY naming the job and its process while another process holds the schema', async () => {
    const { ui, cli } = twoProcesses();
    const load = waitsForCancel(cli, 's2');
    const busy = ui.busy({ profileId: 'p', schema: 's2' }, 'drop s2');
    expect(busy?.error.code).toBe('BUSY');
    expect(busy?.error.message).toBe(
      `Cannot drop s2: "load s2", running in pid ${process.pid} (bplab ssb generate), holds it.`,
    );
    expect(ui.busy({ profileId: 'p', schema: 'other' }, 'drop other')).toBeNull();
    cli.cancel(load.taskId);
    await load.result.catch(() => undefined);
    expect(ui.busy({ profileId: 'p', schema: 's2' }, 'drop s2')).toBeNull();
  });

  it('does not start a task on a sandbox another process is restarting: BUSY naming that', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'bplab-tasks-')), 'leases');
    const restarting = new LeaseStore({ dir, self: currentProcess('bplab sandbox restart s1') });
    const registry = new TaskRegistry({
      leases: new LeaseStore({ dir, self: currentProcess('bplab serve') }),
      onProgress: () => {},
    });
    const hold = { profileId: 'sandbox-s1', schema: null, sandboxId: 's1' };
    restarting.take({ kind: 'sandbox-op', title: 'restart sandbox s1', ...hold }, 'op1');
    const run = () =>
      registry.start(
        { kind: 'run', title: 'Q1.1 (base) on ssb', profileId: 'sandbox-s1', schema: 'ssb', sandboxId: 's1' },
        async () => 'ran',
      );
    expect(run).toThrow(
      `Cannot start Q1.1 (base) on ssb: "restart sandbox s1", running in pid ${process.pid} (bplab sandbox restart s1), holds its sandbox.`,
    );
    // A task on another sandbox, or once the restart is over, starts.
    const elsewhere = registry.start(
      { kind: 'run', title: 'Q1.1 (base) on ssb', profileId: 'sandbox-s2', schema: 'ssb', sandboxId: 's2' },
      async () => 'ran',
    );
    await expect(elsewhere.result).resolves.toBe('ran');
    restarting.release('op1');
    await expect(run().result).resolves.toBe('ran');
  });

  it('holds every server of a task on several (an experiment on two sandboxes), listed once, released together', async () => {
    const { ui, cli } = twoProcesses();
    const experiment = cli.start(
      TWO_SERVERS,
      (ctx) =>
        new Promise((_, reject) =>
          ctx.signal.addEventListener('abort', () => reject(AppFailure.of('CANCELLED', 'cancelled'))),
        ),
    );
    const holder = `"experiment two servers", running in pid ${process.pid} (bplab ssb generate), holds it.`;
    // The second server's schema and sandbox are held as the first's are, naming the experiment.
    for (const p of ['a', 'b']) {
      const busy = ui.busy({ profileId: `sandbox-${p}`, schema: 'ssb' }, 'drop ssb');
      expect(busy?.error.message).toBe(`Cannot drop ssb: ${holder}`);
      expect(busy?.error.details).toMatchObject({ taskId: experiment.taskId });
      expect(ui.busy({ sandboxId: p }, `delete sandbox ${p}`)?.error.code).toBe('BUSY');
    }
    // One task in the lists, whichever server is asked about; cancelled by its one id.
    expect(ui.list().map((t) => t.taskId)).toEqual([experiment.taskId]);
    expect(ui.holders({ sandboxId: 'b' }).map((t) => t.taskId)).toEqual([experiment.taskId]);
    expect(ui.cancel(experiment.taskId).cancelled).toBe(true);
    await expect(experiment.result).rejects.toMatchObject({ error: { code: 'CANCELLED' } });
    expect(ui.busy({ sandboxId: 'b' }, 'delete sandbox b')).toBeNull();
    expect(ui.busy({ sandboxId: 'a' }, 'delete sandbox a')).toBeNull();
  });

  it('does not start a task on several servers while any one of them is being restarted, and takes none of them', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'bplab-tasks-')), 'leases');
    const restarting = new LeaseStore({ dir, self: currentProcess('bplab sandbox restart b') });
    const leases = new LeaseStore({ dir, self: currentProcess('bplab serve') });
    const registry = new TaskRegistry({ leases, onProgress: () => {} });
    restarting.take(
      {
        kind: 'sandbox-op',
        title: 'restart sandbox b',
        profileId: 'sandbox-b',
        schema: null,
        sandboxId: 'b',
      },
      'op1',
    );
    expect(() => registry.start(TWO_SERVERS, async () => 'ran')).toThrow(
      /"restart sandbox b", running in .* holds its sandbox/,
    );
    expect(leases.mine()).toEqual([]);
  });

  it("words a refusal with the task's own `doing` when it has one (a sandbox's start)", () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'bplab-tasks-')), 'leases');
    const stopping = new LeaseStore({ dir, self: currentProcess('bplab sandbox stop s1') });
    const registry = new TaskRegistry({
      leases: new LeaseStore({ dir, self: currentProcess('bplab serve') }),
      onProgress: () => {},
    });
    const hold = { profileId: 'sandbox-s1', schema: null, sandboxId: 's1' };
    stopping.take({ kind: 'sandbox-op', title: 'stop sandbox s1', ...hold }, 'op1');
    expect(() =>
      registry.start(
        { kind: 'sandbox-start', title: 'start sandbox s1', doing: 'start sandbox "s1"', ...hold },
        async () => 'started',
      ),
    ).toThrow(
      `Cannot start sandbox "s1": "stop sandbox s1", running in pid ${process.pid} (bplab sandbox stop s1), holds its sandbox.`,
    );
  });

  it("cancels another process's task through its lease: the owner stops it", async () => {
    const { ui, cli } = twoProcesses();
    const load = waitsForCancel(cli, 's3');
    expect(ui.cancel(load.taskId)).toEqual({ taskId: load.taskId, cancelled: true });
    await expect(load.result).rejects.toMatchObject({ error: { code: 'CANCELLED' } });
  });

  it("tasks/wait: answers one of this process's tasks with its value or failure, also after it ended", async () => {
    const { ui, cli } = twoProcesses();
    let finish: (n: number) => void = () => {};
    const { taskId } = ui.start(
      { kind: 'dataset-verify', title: 'verify s', profileId: 'p', schema: 's' },
      () => {
        return new Promise<number>((resolve) => (finish = resolve));
      },
    );
    const waiting = ui.wait(taskId);
    finish(42);
    expect(await waiting).toEqual({ kind: 'dataset-verify', value: 42 });
    // Ended: answered from memory.
    expect(await ui.wait(taskId)).toEqual({ kind: 'dataset-verify', value: 42 });

    const cancelled = waitsForCancel(ui, 'c');
    cancelled.result.catch(() => {});
    ui.cancel(cancelled.taskId);
    const failure = await ui.wait(cancelled.taskId).catch((e: AppFailure) => e.error);
    expect(failure).toMatchObject({ code: 'CANCELLED' });

    const theirs = waitsForCancel(cli, 'other');
    theirs.result.catch(() => {});
    await until(() => ui.list().some((t) => t.taskId === theirs.taskId));
    expect(await ui.wait(theirs.taskId).catch((e: AppFailure) => e.error)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('only that process can wait for it'),
    });
    expect(await ui.wait('nope').catch((e: AppFailure) => e.error)).toMatchObject({ code: 'NOT_FOUND' });
    cli.cancel(theirs.taskId);
    await Promise.all([ui.shutdown(), cli.shutdown()]);
  });

  it('ends with a done event carrying the value in words, and releases the lease', async () => {
    const { cli, cliEvents } = twoProcesses();
    const t = cli.start({ kind: 'dataset-verify', title: 'verify s4' }, async () => 7, {
      done: (n) => ({ message: `counted ${n}` }),
    });
    expect(await t.result).toBe(7);
    expect(cliEvents.at(-1)).toMatchObject({
      taskId: t.taskId,
      done: true,
      phase: 'done',
      message: 'counted 7',
    });
    expect(cli.list()).toEqual([]);
    expect(() => cli.cancel(t.taskId)).toThrow(/no task/);
  });
});
