/**
 * The leases folder's lock: a lock left by a dead process is taken over; a live process's lock is
 * waited for and, when it is kept too long, answered BUSY naming that process.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFolderLock } from '../../../src/main/tasks/folder-lock';
import { currentProcess, systemProbe, type ProcessIdentity } from '../../../src/main/tasks/process-identity';
import { AppFailure } from '../../../src/shared/result';

const self = currentProcess('bplab test');

async function child(): Promise<{ identity: ProcessIdentity; kill: () => Promise<void> }> {
  const c = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  await new Promise((r) => c.once('spawn', r));
  const identity = {
    pid: c.pid!,
    host: systemProbe.host(),
    startTime: systemProbe.startTime(c.pid!),
    command: 'bplab ssb generate',
  };
  return {
    identity,
    kill: async () => {
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
  };
}

describe('the leases folder lock', () => {
  it('holds the lock file while the work runs and removes it after', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bplab-lock-')), '.lock');
    const seen = withFolderLock({ file, self }, () => existsSync(file));
    expect(seen).toBe(true);
    expect(existsSync(file)).toBe(false);
  });

  it('takes over a lock whose process is gone', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bplab-lock-')), '.lock');
    const dead = await child();
    await dead.kill();
    writeFileSync(file, JSON.stringify(dead.identity));
    expect(withFolderLock({ file, self, waitMs: 200 }, () => 'ran')).toBe('ran');
    expect(existsSync(file)).toBe(false);
  });

  it('answers BUSY, naming the process, when a live process keeps the lock', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bplab-lock-')), '.lock');
    const live = await child();
    try {
      writeFileSync(file, JSON.stringify(live.identity));
      let failure: unknown;
      try {
        withFolderLock({ file, self, waitMs: 100 }, () => 'ran');
      } catch (e) {
        failure = e;
      }
      expect(failure).toBeInstanceOf(AppFailure);
      expect((failure as AppFailure).error.code).toBe('BUSY');
      expect((failure as AppFailure).error.message).toContain(`pid ${live.identity.pid}`);
      expect(existsSync(file)).toBe(true);
    } finally {
      await live.kill();
    }
  });
});
