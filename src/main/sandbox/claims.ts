/**
 * Which bplab process uses or works on a sandbox: the leases this process holds on the sandboxes it
 * started or uses, and the claim a start, stop, restart or delete takes against the other processes.
 */
import { randomUUID } from 'node:crypto';
import { AppFailure } from '../../shared/result';
import { describeHolder, type LeaseStore } from '../tasks/leases';
import type { SandboxMeta } from './sandbox-folder';

/** A sandbox this process holds a lease on; `started`: this process started its server. */
export interface Hold {
  /** Null when the service runs without leases (tests of one process). */
  leaseId: string | null;
  started: boolean;
}

export class SandboxClaims {
  private readonly holds = new Map<string, Hold>();

  /** Without leases (tests of one process) nothing is shared and every claim is granted. */
  constructor(private readonly leases?: LeaseStore) {}

  /** The sandboxes this process holds, by id. */
  held(): [string, Hold][] {
    return [...this.holds];
  }

  /**
   * Remembers that this process uses a sandbox (and whether it started it), under a lease the other
   * bplab processes see; `started` stays true once this process started it.
   */
  hold(meta: SandboxMeta, started: boolean): void {
    const held = this.holds.get(meta.id);
    if (held && (held.started || !started)) return;
    if (held?.leaseId) this.leases?.release(held.leaseId);
    const leaseId = this.leases ? randomUUID() : null;
    if (leaseId)
      this.leases!.take(
        {
          kind: 'sandbox',
          title: `sandbox ${meta.name}`,
          profileId: meta.profileId,
          schema: null,
          sandboxId: meta.id,
          startedSandbox: started,
        },
        leaseId,
      );
    this.holds.set(meta.id, { leaseId, started });
  }

  release(id: string): void {
    const held = this.holds.get(id);
    if (held?.leaseId) this.leases?.release(held.leaseId);
    this.holds.delete(id);
  }

  /** The sandbox is deleted: what gone processes left on it (an interrupted load into it) goes too. */
  forget(id: string): void {
    this.release(id);
    this.leases?.forgetStale({ sandboxId: id });
  }

  /** The leases of other live bplab processes on this sandbox (a task on it, or the sandbox itself). */
  otherUsers(id: string) {
    return this.leases?.holders({ sandboxId: id }).filter((v) => !v.self) ?? [];
  }

  /**
   * Takes the sandbox for a start, stop, restart, resize or delete: the check against the other bplab
   * processes and the lease that shows this one at work are one step under the leases folder's
   * lock, so of two processes acting at once one goes ahead and the other is answered BUSY, naming
   * it. `refuse` 'users': while another live process uses the sandbox at all (a task on it, it
   * started or uses it, or it is at work on it); 'operations': only while another process starts,
   * stops, restarts or deletes it (stop --force, start). Returns the release.
   */
  claim(
    meta: SandboxMeta,
    verb: 'start' | 'stop' | 'restart' | 'delete' | 'resize',
    refuse: 'users' | 'operations',
  ): () => void {
    const leases = this.leases;
    if (!leases) return () => {};
    const leaseId = randomUUID();
    const holder = leases.takeUnlessHeld(
      {
        kind: 'sandbox-op',
        title: `${verb} sandbox ${meta.name}`,
        profileId: meta.profileId,
        schema: null,
        sandboxId: meta.id,
      },
      leaseId,
      (v) =>
        !v.self && v.lease.sandboxId === meta.id && (refuse === 'users' || v.lease.kind === 'sandbox-op'),
    );
    if (!holder) return () => leases.release(leaseId);
    const atWork = holder.lease.kind === 'sandbox-op';
    throw AppFailure.of(
      'BUSY',
      `Cannot ${verb} sandbox "${meta.name}": ${describeHolder(holder)} ${atWork ? 'is under way' : 'uses it'}.`,
      {
        hint: atWork
          ? 'Wait for it to end, then try again.'
          : verb === 'stop'
            ? 'Wait for that job to end, or cancel it; bplab sandbox stop --force stops the server anyway.'
            : 'Wait for that job to end, or cancel it.',
        details: { pid: holder.lease.owner.pid },
      },
    );
  }
}
