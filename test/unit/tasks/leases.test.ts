/**
 * Leases across processes, on a real folder: a lease whose process is gone is stale, whether its pid
 * is free or was taken by a later process (told apart by the start time); a live one holds its scope.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LeaseStore, STALE_TASK_KEPT_MS, type Lease, type LeaseHold } from '../../../src/main/tasks/leases';
import {
  commandFromArgv,
  currentProcess,
  liveness,
  systemProbe,
  type ProcessIdentity,
  type ProcessProbe,
} from '../../../src/main/tasks/process-identity';

const hold = { kind: 'dataset-load' as const, title: 'load s', profileId: 'p', schema: 's', sandboxId: 'sb' };

function folder(): string {
  return join(mkdtempSync(join(tmpdir(), 'bplab-leases-')), 'leases');
}

/** Writes a lease as another process would have. */
function foreignLease(dir: string, id: string, owner: ProcessIdentity, what: LeaseHold = hold): void {
  const lease: Lease = { ...what, id, owner, takenAt: new Date().toISOString(), progress: null };
  writeFileSync(join(dir, `${id}.json`), JSON.stringify(lease));
}

/** A child process that has exited, and so a pid that no process holds (for a while). */
async function deadChild(): Promise<ProcessIdentity> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  await new Promise((r) => child.once('spawn', r));
  const identity: ProcessIdentity = {
    pid: child.pid!,
    host: systemProbe.host(),
    startTime: systemProbe.startTime(child.pid!),
    command: 'bplab ssb generate',
  };
  expect(liveness(identity)).toBe('alive');
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  return identity;
}

describe('process liveness', () => {
  it('knows this process, with its start time from /proc', () => {
    const me = currentProcess('bplab test');
    expect(me.startTime).toMatch(/^[0-9a-f-]*:\d+$/);
    expect(liveness(me)).toBe('alive');
  });

  it('says gone for a pid no process holds', async () => {
    expect(liveness(await deadChild())).toBe('gone');
  });

  it('says gone for a reused pid: a live process with that pid that started at another time', () => {
    const me = currentProcess('bplab test');
    expect(liveness({ ...me, startTime: `${me.startTime}0` })).toBe('gone');
  });

  it('cannot tell for another host, and says so', () => {
    const probe: ProcessProbe = { host: () => 'here', exists: () => false, startTime: () => null };
    expect(liveness({ pid: 1, host: 'there', startTime: null, command: 'x' }, probe)).toBe('unknown');
  });

  it('keeps no password from the command line', () => {
    expect(commandFromArgv(['serve', '--password', 'hunter22', '--token=abc'])).toBe(
      'bplab serve --password ••• --token=•••',
    );
  });
});

describe('LeaseStore', () => {
  it("lists another live process's lease as holding its scope, and a dead one's as stale", async () => {
    const dir = folder();
    const store = new LeaseStore({ dir, self: currentProcess('bplab ui') });
    const parent = process.ppid;
    foreignLease(dir, 'live1', {
      pid: parent,
      host: systemProbe.host(),
      startTime: systemProbe.startTime(parent),
      command: 'bplab ssb generate --sf 1',
    });
    foreignLease(dir, 'dead1', await deadChild());
    const me = currentProcess('x');
    foreignLease(dir, 'reused1', { ...me, startTime: `${me.startTime}7`, command: 'old bplab' });

    const seen = Object.fromEntries(store.all().map((v) => [v.lease.id, v.liveness]));
    expect(seen).toEqual({ live1: 'alive', dead1: 'gone', reused1: 'gone' });
    expect(store.holders({ profileId: 'p', schema: 's' }).map((v) => v.lease.id)).toEqual(['live1']);
    expect(store.holders({ sandboxId: 'other' })).toEqual([]);

    store.forgetStale({ schema: 's' });
    expect(store.all().map((v) => v.lease.id)).toEqual(['live1']);
  });

  it('publishes progress to the lease file at most every publishEveryMs, keeping the newest', async () => {
    const dir = folder();
    const store = new LeaseStore({ dir, self: currentProcess('bplab'), publishEveryMs: 200 });
    store.take(hold, 't1');
    const read = () => (JSON.parse(readFileSync(join(dir, 't1.json'), 'utf8')) as Lease).progress?.message;
    const p = (message: string) => ({ taskId: 't1', phase: 'loading', fraction: 0.1, message, done: false });
    store.publish('t1', p('first'));
    store.publish('t1', p('second'));
    store.publish('t1', p('third'));
    // The lease was written when taken, under 200 ms ago: nothing more yet.
    expect(read()).toBeUndefined();
    await new Promise((r) => setTimeout(r, 350));
    expect(read()).toBe('third');
    store.release('t1');
    expect(store.all()).toEqual([]);
  });

  it('removes what gone processes left: sandbox leases at once, task leases after a day, orphan cancels, half-written files', () => {
    const dir = folder();
    const store = new LeaseStore({ dir, self: currentProcess('bplab ui') });
    const me = currentProcess('x');
    const gone = { ...me, startTime: `${me.startTime}7`, command: 'bplab sandbox start s1' };
    const parent = process.ppid;
    const alive = {
      pid: parent,
      host: systemProbe.host(),
      startTime: systemProbe.startTime(parent),
      command: 'bplab serve',
    };
    const sandboxHold: LeaseHold = {
      kind: 'sandbox',
      title: 'sandbox s1',
      profileId: 'p',
      schema: null,
      sandboxId: 'sb',
    };
    const opHold: LeaseHold = { ...sandboxHold, kind: 'sandbox-op', title: 'restart sandbox s1' };
    foreignLease(dir, 'goneSandbox', gone, sandboxHold);
    foreignLease(dir, 'goneOp', gone, opHold);
    foreignLease(dir, 'liveSandbox', alive, sandboxHold);
    foreignLease(dir, 'goneLoad', gone);
    foreignLease(dir, 'oldGoneLoad', gone);
    const dayAndMore = (Date.now() - STALE_TASK_KEPT_MS - 60_000) / 1000;
    utimesSync(join(dir, 'oldGoneLoad.json'), dayAndMore, dayAndMore);
    writeFileSync(join(dir, 'nobody.cancel'), '{}');
    writeFileSync(join(dir, 'liveSandbox.cancel'), '{}');
    writeFileSync(join(dir, 'x.json.tmp-42-abcd'), '{');
    utimesSync(join(dir, 'x.json.tmp-42-abcd'), dayAndMore, dayAndMore);
    writeFileSync(join(dir, 'y.json.tmp-43-abcd'), '{');

    const seen = Object.fromEntries(store.all().map((v) => [v.lease.id, v.liveness]));
    expect(seen).toEqual({ liveSandbox: 'alive', goneLoad: 'gone' });
    for (const removed of [
      'goneSandbox.json',
      'goneOp.json',
      'oldGoneLoad.json',
      'nobody.cancel',
      'x.json.tmp-42-abcd',
    ])
      expect(existsSync(join(dir, removed)), removed).toBe(false);
    // A cancel request for a live lease, and a write that may be under way, stay.
    for (const kept of ['liveSandbox.cancel', 'y.json.tmp-43-abcd'])
      expect(existsSync(join(dir, kept)), kept).toBe(true);
  });

  it('refuses an id that is not a plain name (no path in a lease file name)', () => {
    const store = new LeaseStore({ dir: folder(), self: currentProcess('bplab') });
    expect(() => store.requestCancel('../profiles')).toThrow(/not a task id/);
  });
});
