/**
 * A short exclusive lock on the leases folder, so that "is anyone holding this?" and "then I hold
 * it" happen as one step across bplab processes: without it, two processes that check at the same
 * moment both find nothing and both take the lease. The lock is a file created with O_EXCL naming
 * its process; a lock whose process is gone (killed inside the few milliseconds it holds it) is
 * stale and is taken over. Held only around synchronous work, so waiting for it is a short sleep.
 */
import { linkSync, openSync, readFileSync, renameSync, rmSync, writeSync, closeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { AppFailure } from '../../shared/result';
import {
  describeProcess,
  liveness,
  systemProbe,
  type ProcessIdentity,
  type ProcessProbe,
} from './process-identity';

export interface FolderLockOptions {
  /** The lock file: <dataDir>/leases/.lock. */
  file: string;
  self: ProcessIdentity;
  probe?: ProcessProbe;
  /** How long to wait for another live process's lock before giving up (it holds it for milliseconds). */
  waitMs?: number;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** Blocks this thread for `ms`: the critical sections are synchronous, so the wait is too. */
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** Runs `work` while holding the lock; throws BUSY when another live process keeps it past waitMs. */
export function withFolderLock<T>(opts: FolderLockOptions, work: () => T): T {
  const probe = opts.probe ?? systemProbe;
  const deadline = Date.now() + (opts.waitMs ?? 5000);
  for (let attempt = 0; ; attempt++) {
    if (tryLock(opts.file, opts.self)) break;
    const holder = readHolder(opts.file);
    if (holder && liveness(holder, probe) === 'gone') {
      takeOverStale(opts.file, holder);
      continue;
    }
    if (Date.now() > deadline)
      throw AppFailure.of(
        'BUSY',
        `bplab's leases folder stayed locked by ${holder ? describeProcess(holder, probe) : 'another process'}.`,
        { hint: `Try again; if no other bplab runs, remove ${opts.file}.` },
      );
    sleepSync(Math.min(2 + attempt, 20));
  }
  try {
    return work();
  } finally {
    rmSync(opts.file, { force: true });
  }
}

function tryLock(file: string, self: ProcessIdentity): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, JSON.stringify(self));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The lock's owner; null while its owner is still writing it (or it was just removed). */
function readHolder(file: string): ProcessIdentity | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as ProcessIdentity;
    return typeof owner?.pid === 'number' ? owner : null;
  } catch {
    return null;
  }
}

/**
 * Moves a dead process's lock aside. Two processes may both find it stale: the rename lets one of
 * them have it, and a lock that turns out to be a live one's (taken meanwhile) is linked back.
 */
function takeOverStale(file: string, stale: ProcessIdentity): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  const moved = readHolder(aside);
  if (moved && (moved.pid !== stale.pid || moved.startTime !== stale.startTime)) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone else holds a new lock by now; the moved one's owner finds its file gone and its work done.
    }
  }
  rmSync(aside, { force: true });
}
