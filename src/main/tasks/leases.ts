/**
 * Leases in the data folder: one JSON file per thing a process holds (a task it runs, a sandbox it
 * started or uses), naming the process. Every bplab process sharing the folder reads them, so one
 * sees the others' tasks with their progress and does not stop or drop what another one uses. A
 * lease whose process is gone (killed, crashed) is stale: it holds nothing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskProgress } from '../../shared/app/tasks';
import type { TaskKind } from '../../shared/app/tasks';
import { AppFailure } from '../../shared/result';
import { writeFileAtomic } from '../files/atomic-file';
import { withFolderLock } from './folder-lock';
import {
  describeProcess,
  liveness,
  systemProbe,
  type Liveness,
  type ProcessIdentity,
  type ProcessProbe,
} from './process-identity';

/**
 * What a lease holds: a task, a sandbox (started by its owner, or only used by it), or a sandbox
 * being started, stopped, restarted or deleted ('sandbox-op', held while that is under way).
 */
export interface LeaseHold {
  kind: TaskKind | 'sandbox' | 'sandbox-op';
  /** In words: "load ssb_sf1", "sandbox s1". */
  title: string;
  profileId: string | null;
  schema: string | null;
  sandboxId: string | null;
  /** For a sandbox lease: its owner started the server (and so may stop it on quit). */
  startedSandbox?: boolean;
  /**
   * The task this lease is a further hold of (an experiment on two servers holds each one's
   * sandbox and schema): the same job, so it is not listed as a task of its own.
   */
  partOf?: string;
}

export interface Lease extends LeaseHold {
  /** The task's id for a task; a random id for a sandbox lease. */
  id: string;
  owner: ProcessIdentity;
  takenAt: string;
  /** The latest progress the owner published (throttled), for the other processes' task lists. */
  progress: TaskProgress | null;
}

/** A lease as another process reads it: whose it is and whether its process still runs. */
export interface ViewedLease {
  lease: Lease;
  self: boolean;
  /** 'unknown': another host's process; it is treated as holding its lease. */
  liveness: Liveness;
}

/** What a lease may hold; a lease matches when every given field is equal. */
export interface LeaseScope {
  profileId?: string;
  schema?: string;
  sandboxId?: string;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
/**
 * A stale task lease is kept this long, so the task lists can say what was interrupted, then removed
 * (a dataset says it was interrupted from its own record, not from the lease). A stale sandbox lease
 * says nothing to anyone and is removed at once.
 */
export const STALE_TASK_KEPT_MS = 24 * 3600 * 1000;
/** A file in the folder that is neither a lease nor a cancel request (a write cut short) goes after this. */
const LEFTOVER_KEPT_MS = 3600 * 1000;

export interface LeaseStoreOptions {
  /** The folder holding the lease files: <dataDir>/leases. */
  dir: string;
  self: ProcessIdentity;
  probe?: ProcessProbe;
  /** At most one progress write per lease in this time (the newest one wins). */
  publishEveryMs?: number;
}

export class LeaseStore {
  readonly self: ProcessIdentity;
  private readonly dir: string;
  private readonly probe: ProcessProbe;
  private readonly publishEveryMs: number;
  private readonly own = new Map<string, Lease>();
  private readonly lastWrite = new Map<string, number>();
  private readonly pendingWrite = new Map<string, NodeJS.Timeout>();

  constructor(opts: LeaseStoreOptions) {
    this.dir = opts.dir;
    this.self = opts.self;
    this.probe = opts.probe ?? systemProbe;
    this.publishEveryMs = opts.publishEveryMs ?? 500;
    mkdirSync(this.dir, { recursive: true });
  }

  /** Writes a lease for this process. */
  take(hold: LeaseHold, id: string): Lease {
    checkId(id);
    const lease: Lease = { ...hold, id, owner: this.self, takenAt: new Date().toISOString(), progress: null };
    this.own.set(id, lease);
    this.write(lease);
    return lease;
  }

  /**
   * Takes a lease unless a live lease (of any process, this one included) `conflicts` with it, as
   * one step under the folder's lock: of two processes racing for the same schema or sandbox, one
   * gets it and the other is answered with the holder. Returns that holder, or null once taken.
   */
  takeUnlessHeld(hold: LeaseHold, id: string, conflicts: (v: ViewedLease) => boolean): ViewedLease | null {
    return this.takeAllUnlessHeld([{ hold, id }], (v) => conflicts(v));
  }

  /** Takes several leases at once, or none: none while a live lease `conflicts` with any of them. */
  takeAllUnlessHeld(
    wanted: Array<{ hold: LeaseHold; id: string }>,
    conflicts: (v: ViewedLease, hold: LeaseHold) => boolean,
  ): ViewedLease | null {
    for (const w of wanted) checkId(w.id);
    return withFolderLock({ file: join(this.dir, '.lock'), self: this.self, probe: this.probe }, () => {
      const live = this.holders({});
      for (const w of wanted) {
        const holder = live.find((v) => conflicts(v, w.hold));
        if (holder) return holder;
      }
      for (const w of wanted) this.take(w.hold, w.id);
      return null;
    });
  }

  /** Records a lease's latest progress; written at most every publishEveryMs (the final state is not needed: release removes the lease). */
  publish(id: string, progress: TaskProgress): void {
    const lease = this.own.get(id);
    if (!lease) return;
    lease.progress = progress;
    if (this.pendingWrite.has(id)) return;
    const wait = (this.lastWrite.get(id) ?? 0) + this.publishEveryMs - Date.now();
    if (wait <= 0) return this.write(lease);
    const timer = setTimeout(() => {
      this.pendingWrite.delete(id);
      if (this.own.has(id)) this.write(lease);
    }, wait);
    timer.unref();
    this.pendingWrite.set(id, timer);
  }

  /** Removes one of this process's leases (and any cancel request for it). */
  release(id: string): void {
    if (!this.own.delete(id)) return;
    clearTimeout(this.pendingWrite.get(id));
    this.pendingWrite.delete(id);
    this.lastWrite.delete(id);
    this.remove(id);
  }

  /** This process's own leases. */
  mine(): Lease[] {
    return [...this.own.values()];
  }

  /**
   * Every lease in the folder, this process's included. What a gone process left is removed as it is
   * met: its sandbox leases at once, its task leases after STALE_TASK_KEPT_MS, cancel requests for no
   * lease, and half-written files.
   */
  all(): ViewedLease[] {
    const found: ViewedLease[] = [];
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    const leaseIds = new Set(
      names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)),
    );
    for (const name of names) {
      if (!name.endsWith('.json')) {
        this.removeLeftover(name, leaseIds);
        continue;
      }
      const id = name.slice(0, -'.json'.length);
      const own = this.own.get(id);
      if (own) {
        found.push({ lease: own, self: true, liveness: 'alive' });
        continue;
      }
      const lease = this.read(id);
      if (!lease) continue;
      const state = liveness(lease.owner, this.probe);
      if (state === 'gone' && (isSandboxHold(lease) || this.olderThan(id, STALE_TASK_KEPT_MS))) {
        this.remove(id);
        continue;
      }
      found.push({ lease, self: false, liveness: state });
    }
    return found.sort((a, b) => a.lease.takenAt.localeCompare(b.lease.takenAt));
  }

  /** The leases held now (by a live process, this one included) on what `scope` names. */
  holders(scope: LeaseScope): ViewedLease[] {
    return this.all().filter((v) => v.liveness !== 'gone' && inScope(v.lease, scope));
  }

  /** Removes stale leases on `scope` (a new load of that schema, a drop: nothing is left to say about them). */
  forgetStale(scope: LeaseScope): void {
    for (const v of this.all()) if (v.liveness === 'gone' && inScope(v.lease, scope)) this.remove(v.lease.id);
  }

  /** Asks the process holding another lease to cancel it (it watches for this file). */
  requestCancel(id: string): void {
    checkId(id);
    writeFileSync(this.cancelFile(id), JSON.stringify({ by: this.self, at: new Date().toISOString() }));
  }

  /** True once another process asked to cancel one of this process's leases. */
  cancelRequested(id: string): boolean {
    return this.own.has(id) && existsSync(this.cancelFile(id));
  }

  /** One lease by id, as read from its file (or this process's own), or null. */
  get(id: string): ViewedLease | null {
    if (!ID.test(id)) return null;
    return this.all().find((v) => v.lease.id === id) ?? null;
  }

  private remove(id: string): void {
    rmSync(this.file(id), { force: true });
    rmSync(this.cancelFile(id), { force: true });
  }

  private write(lease: Lease): void {
    this.lastWrite.set(lease.id, Date.now());
    writeFileAtomic(this.file(lease.id), JSON.stringify(lease), 0o644);
  }

  private read(id: string): Lease | null {
    try {
      const lease = JSON.parse(readFileSync(this.file(id), 'utf8')) as Lease;
      return lease && typeof lease.owner?.pid === 'number' ? lease : null;
    } catch {
      // Removed meanwhile, or not a lease: it holds nothing.
      return null;
    }
  }

  private olderThan(id: string, ms: number): boolean {
    return ageMs(this.file(id)) > ms;
  }

  /** A cancel request whose lease is gone, or a temporary file of a write that never finished. */
  private removeLeftover(name: string, leaseIds: ReadonlySet<string>): void {
    if (name === '.lock' || name.startsWith('.lock')) return;
    const orphanCancel = name.endsWith('.cancel') && !leaseIds.has(name.slice(0, -'.cancel'.length));
    const unfinished = name.includes('.json.tmp-') && ageMs(join(this.dir, name)) > LEFTOVER_KEPT_MS;
    if (orphanCancel || unfinished) rmSync(join(this.dir, name), { force: true });
  }

  private file(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private cancelFile(id: string): string {
    return join(this.dir, `${id}.cancel`);
  }
}

/**
 * Who holds a lease, in words, for BUSY messages: '"load ssb_sf1", running in pid 42 (bplab ssb
 * generate --sf 1),' or 'pid 42 (bplab demo), which started it,'.
 */
export function describeHolder(v: ViewedLease): string {
  const who = v.self ? 'this bplab process' : describeProcess(v.lease.owner);
  if (v.lease.kind !== 'sandbox') return `"${v.lease.title}", running in ${who},`;
  return v.lease.startedSandbox ? `${who}, which started it,` : who;
}

/** Whether a lease holds what `scope` names (every given field equal). */
export function inScope(lease: LeaseHold, scope: LeaseScope): boolean {
  return (
    (scope.profileId === undefined || lease.profileId === scope.profileId) &&
    (scope.schema === undefined || lease.schema === scope.schema) &&
    (scope.sandboxId === undefined || lease.sandboxId === scope.sandboxId)
  );
}

/** A sandbox lease (it uses or started one) or a sandbox operation: what a gone process held of a sandbox. */
function isSandboxHold(lease: LeaseHold): boolean {
  return lease.kind === 'sandbox' || lease.kind === 'sandbox-op';
}

/** ms since the file was last written; a file already removed counts as old. */
function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

function checkId(id: string): void {
  if (!ID.test(id)) throw AppFailure.of('INVALID_ARGUMENT', `"${id}" is not a task id.`);
}
