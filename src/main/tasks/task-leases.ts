// The tasks as the lease files show them (every process's): which leases are tasks, a lease as a TaskInfo, its holder as a BUSY refusal, and the others' progress relayed here.
import { AppFailure } from '../../shared/result';
import type { TaskInfo, TaskKind, TaskProgress } from '../../shared/app/tasks';
import { describeHolder, type Lease, type LeaseStore, type ViewedLease } from './leases';

/** The lease kinds that are tasks (a sandbox-op lease is not one). */
export const TASK_KINDS = new Set<string>([
  'dataset-load',
  'dataset-verify',
  'dataset-drop',
  'run',
  'experiment',
  'sandbox-create',
  'sandbox-start',
  'oltp-load',
  'whatif',
]);

/** A task lease as tasks/list shows it: a part of a task (a second server's hold) answers as its task. */
export function taskInfo(v: ViewedLease): TaskInfo {
  const { lease } = v;
  return {
    taskId: lease.partOf ?? lease.id,
    kind: lease.kind as TaskKind,
    title: lease.title,
    profileId: lease.profileId,
    schema: lease.schema,
    sandboxId: lease.sandboxId,
    owner: { pid: lease.owner.pid, host: lease.owner.host, command: lease.owner.command, self: v.self },
    startedAt: lease.takenAt,
    state: v.liveness === 'gone' ? 'stale' : 'running',
    progress: lease.progress,
  };
}

/** BUSY, naming the job and the process that holds what `doing` needs. */
export function busyFailure(holder: ViewedLease, doing: string): AppFailure {
  const op = holder.lease.kind === 'sandbox-op';
  return AppFailure.of(
    'BUSY',
    `Cannot ${doing}: ${describeHolder(holder)} holds ${op ? 'its sandbox' : 'it'}.`,
    {
      hint: op ? 'Wait for that to end, then try again.' : 'Wait for that task to end, or cancel it.',
      details: { taskId: holder.lease.partOf ?? holder.lease.id, pid: holder.lease.owner.pid },
    },
  );
}

/**
 * Re-emits the other processes' task progress as it changes (so their work shows in the UI as if it
 * ran here), and a last done event when their task ends or its process dies.
 */
export class OtherTasksRelay {
  /** What the others' tasks last published, to re-emit only what changed. */
  private readonly seen = new Map<string, string>();

  constructor(
    private readonly leases: LeaseStore,
    private readonly onProgress: (p: TaskProgress) => void,
  ) {}

  relay(): void {
    const now = new Set<string>();
    for (const v of this.leases.all()) {
      if (v.self || !TASK_KINDS.has(v.lease.kind) || v.lease.partOf) continue;
      const { lease } = v;
      if (v.liveness === 'gone') {
        if (this.seen.has(lease.id)) this.onProgress(endedEvent(lease, 'interrupted'));
        this.seen.delete(lease.id);
        continue;
      }
      now.add(lease.id);
      const key = JSON.stringify(lease.progress);
      if (lease.progress && this.seen.get(lease.id) !== key) this.onProgress(lease.progress);
      this.seen.set(lease.id, key);
    }
    for (const [id] of this.seen)
      if (!now.has(id)) {
        this.seen.delete(id);
        this.onProgress({
          taskId: id,
          phase: 'ended',
          fraction: null,
          message: 'The task ended in another bplab process.',
          done: true,
        });
      }
  }
}

function endedEvent(lease: Lease, phase: string): TaskProgress {
  return {
    taskId: lease.id,
    phase,
    fraction: null,
    message: `"${lease.title}" stopped: its process, pid ${lease.owner.pid} (${lease.owner.command}), is gone.`,
    done: true,
  };
}
