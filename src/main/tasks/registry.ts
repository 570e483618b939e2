/**
 * Long jobs as tasks: a load, a verify, a run, an experiment each start here with a title and what
 * they hold (profile, schema, sandbox); the registry gives them an id, a cancel signal and a way to
 * report progress ('task/progress' events here, and the lease file for the other bplab processes),
 * and lists the tasks of every process sharing the data folder.
 *
 *   const { taskId, result } = tasks.start(
 *     { kind: 'run', title: 'Q1.1 on ssb_sf1', profileId, schema: 'ssb_sf1', sandboxId: null },
 *     async (ctx) => { ctx.progress({ phase: 'running', fraction: 0.5, message: '...' }); ctx.signal ... },
 *   );
 */
import { randomUUID } from 'node:crypto';
import type { TaskProgress } from '../../shared/app/tasks';
import { AppFailure, type AppError } from '../../shared/result';
import type { TaskInfo, TaskKind } from '../../shared/app/tasks';
import { inScope, type LeaseScope, type LeaseStore } from './leases';
import { describeProcess } from './process-identity';
import { OtherTasksRelay, TASK_KINDS, busyFailure, taskInfo } from './task-leases';

export interface TaskSpec {
  kind: TaskKind;
  /** In words: "load ssb_sf1", "verify ssb_sf1", "Q1.1 (straight) on ssb_sf1". */
  title: string;
  profileId?: string | null;
  schema?: string | null;
  sandboxId?: string | null;
  /**
   * Further servers the task holds for its whole time (an experiment's second server): each its
   * own lease, under the same title, taken and released with the task's.
   */
  alsoHolds?: Array<{ profileId: string | null; schema: string | null; sandboxId: string | null }>;
  /** Use this id (a run's id is its task's id); a random one otherwise. */
  taskId?: string;
  /**
   * Refuse to start (BUSY, naming the holder) while a live task of any process holds `scope`; the
   * check and the lease are one step, so two processes racing for it cannot both start.
   */
  exclusive?: { scope: LeaseScope; doing: string };
  /** What a refusal says was refused ("start sandbox s1"); `start <title>` by default. */
  doing?: string;
}

/** Progress as a task reports it; the registry adds the task's id. */
export type TaskUpdate = Omit<TaskProgress, 'taskId' | 'done' | 'error'>;

export interface TaskContext {
  readonly taskId: string;
  /** Aborts when the task is cancelled (from this process, or by another one through its lease). */
  readonly signal: AbortSignal;
  progress(update: TaskUpdate): void;
}

export interface StartedTask<T> {
  taskId: string;
  /** The work's value, or its failure (CANCELLED when cancelled). */
  result: Promise<T>;
}

export interface TaskRegistryDeps {
  leases: LeaseStore;
  /** Where progress goes: the EventBus's 'task/progress'. */
  onProgress: (p: TaskProgress) => void;
  /** How often this process looks for cancel requests on its tasks and for the others' progress. */
  pollMs?: number;
}

interface OwnTask {
  kind: TaskKind;
  controller: AbortController;
  /** Settles when the task ends, never fails. */
  result: Promise<unknown>;
  /** The work's value, or its failure. */
  value: Promise<unknown>;
}

/** How many of this process's ended tasks tasks/wait still answers for. */
const ENDED_KEPT = 100;

/** How one of this process's tasks ended: its kind and value, or its failure. */
interface Ended {
  kind: TaskKind;
  outcome: { value: unknown } | { failure: AppFailure };
}

export class TaskRegistry {
  private readonly own = new Map<string, OwnTask>();
  /** This process's tasks that ended, newest last, so that a wait that comes after the end is answered. */
  private readonly ended = new Map<string, Ended>();
  private poller?: NodeJS.Timeout;
  private following = false;
  private readonly others: OtherTasksRelay;

  constructor(private readonly deps: TaskRegistryDeps) {
    this.others = new OtherTasksRelay(deps.leases, deps.onProgress);
  }

  /**
   * Starts `work` as a task and answers at once. Its progress goes out as 'task/progress' events
   * and to its lease; the last event has done: true (with the error when it failed or was cancelled).
   * `done` words the success event from the work's value.
   */
  start<T>(
    spec: TaskSpec,
    work: (ctx: TaskContext) => Promise<T>,
    opts: { done?: (value: T) => Pick<TaskProgress, 'message' | 'figures'> } = {},
  ): StartedTask<T> {
    const taskId = spec.taskId ?? randomUUID();
    const hold = {
      kind: spec.kind,
      title: spec.title,
      profileId: spec.profileId ?? null,
      schema: spec.schema ?? null,
      sandboxId: spec.sandboxId ?? null,
    };
    const holds = [
      { hold, id: taskId },
      ...(spec.alsoHolds ?? []).map((more, i) => ({
        hold: { ...hold, ...more, partOf: taskId },
        id: `${taskId}-${i + 1}`,
      })),
    ];
    for (const h of holds) this.deps.leases.forgetStale(scopeOf(h.hold));
    if (spec.exclusive || holds.some((h) => h.hold.sandboxId !== null)) {
      // One step with the check: a task on a sandbox does not start while any process starts, stops,
      // restarts or deletes it, and an exclusive one not while another task holds its scope.
      const scope = spec.exclusive?.scope;
      const holder = this.deps.leases.takeAllUnlessHeld(
        holds,
        (v, h) =>
          (h === hold && scope !== undefined && TASK_KINDS.has(v.lease.kind) && inScope(v.lease, scope)) ||
          (h.sandboxId !== null && v.lease.kind === 'sandbox-op' && v.lease.sandboxId === h.sandboxId),
      );
      if (holder) throw busyFailure(holder, spec.exclusive?.doing ?? spec.doing ?? `start ${spec.title}`);
    } else for (const h of holds) this.deps.leases.take(h.hold, h.id);
    const controller = new AbortController();
    const emit = (p: TaskProgress) => {
      this.deps.onProgress(p);
      if (!p.done) this.deps.leases.publish(taskId, p);
    };
    const ctx: TaskContext = {
      taskId,
      signal: controller.signal,
      progress: (update) => emit({ ...update, taskId, done: false }),
    };
    const finish = () => {
      // Before the last event: whoever reacts to it (a drop, the CLI exiting) finds the task over.
      this.own.delete(taskId);
      for (const h of holds) this.deps.leases.release(h.id);
      this.poll();
    };
    const result = (async () => work(ctx))().then(
      (value) => {
        this.remember(taskId, { kind: spec.kind, outcome: { value } });
        finish();
        const words = opts.done?.(value) ?? { message: `${spec.title}: done` };
        emit({ taskId, phase: 'done', fraction: 1, done: true, ...words });
        return value;
      },
      (e: unknown) => {
        const error = errorOf(e);
        this.remember(taskId, {
          kind: spec.kind,
          outcome: { failure: e instanceof AppFailure ? e : new AppFailure(error) },
        });
        finish();
        emit({
          taskId,
          phase: error.code === 'CANCELLED' ? 'cancelled' : 'failed',
          fraction: null,
          message: error.message,
          done: true,
          error,
        });
        throw e instanceof AppFailure ? e : new AppFailure(error);
      },
    );
    // Marked handled here; the caller still sees the failure when it awaits `result`.
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.own.set(taskId, { kind: spec.kind, controller, result: settled, value: result });
    this.poll();
    return { taskId, result };
  }

  /**
   * Waits for one of this process's tasks to end: its kind and value, or its failure (CANCELLED when
   * cancelled). A task that already ended is answered from memory; another process's task cannot be
   * waited for here (its progress events say when it ends).
   */
  async wait(taskId: string): Promise<{ kind: TaskKind; value: unknown }> {
    const own = this.own.get(taskId);
    if (own) return { kind: own.kind, value: await own.value };
    const ended = this.ended.get(taskId);
    if (ended) {
      if ('failure' in ended.outcome) throw ended.outcome.failure;
      return { kind: ended.kind, value: ended.outcome.value };
    }
    const other = this.deps.leases.get(taskId);
    if (other && TASK_KINDS.has(other.lease.kind))
      throw AppFailure.of(
        'INVALID_ARGUMENT',
        `"${other.lease.title}" runs in ${describeProcess(other.lease.owner)}; only that process can wait for it.`,
        { hint: 'Follow its progress in the task list.' },
      );
    throw AppFailure.of('NOT_FOUND', `There is no task ${taskId} in this bplab process.`, {
      hint: 'List the tasks again.',
    });
  }

  private remember(taskId: string, ended: Ended): void {
    this.ended.set(taskId, ended);
    for (const oldest of this.ended.keys()) {
      if (this.ended.size <= ENDED_KEPT) break;
      this.ended.delete(oldest);
    }
  }

  /** The tasks of every bplab process on this data folder, this one's first; a task whose process is gone is 'stale'. */
  list(): TaskInfo[] {
    return this.deps.leases
      .all()
      .filter((v) => TASK_KINDS.has(v.lease.kind) && !v.lease.partOf)
      .map((v) => taskInfo(v))
      .sort((a, b) => Number(b.owner.self) - Number(a.owner.self) || a.startedAt.localeCompare(b.startedAt));
  }

  /** Live tasks (of any process) on what `scope` names. */
  holders(scope: LeaseScope): TaskInfo[] {
    return this.deps.leases
      .holders(scope)
      .filter((v) => TASK_KINDS.has(v.lease.kind))
      .map((v) => taskInfo(v));
  }

  /**
   * BUSY, naming the job and its process, when a live task holds `scope`; `doing` says what was
   * refused ("drop ssb_sf1"). Null when nothing holds it.
   */
  busy(scope: LeaseScope, doing: string): AppFailure | null {
    const holder = this.deps.leases.holders(scope).find((v) => TASK_KINDS.has(v.lease.kind));
    return holder ? busyFailure(holder, doing) : null;
  }

  /**
   * Cancels a task: this process's at once; another live process's by a request its owner picks up
   * within a poll. A task whose process is gone cannot be cancelled, and the answer says so.
   */
  cancel(taskId: string): { taskId: string; cancelled: boolean } {
    const own = this.own.get(taskId);
    if (own) {
      const already = own.controller.signal.aborted;
      own.controller.abort();
      return { taskId, cancelled: !already };
    }
    const other = this.deps.leases.get(taskId);
    if (!other || !TASK_KINDS.has(other.lease.kind))
      throw AppFailure.of('NOT_FOUND', `There is no task ${taskId}; it may have ended.`, {
        hint: 'List the tasks again.',
      });
    if (other.liveness === 'gone')
      throw AppFailure.of(
        'NOT_FOUND',
        `"${other.lease.title}" is not running: its process, ${describeProcess(other.lease.owner)}, is gone, so there is nothing to cancel.`,
        { hint: 'Its work was left as it was when the process ended (a load is then interrupted).' },
      );
    if (other.liveness === 'unknown')
      throw AppFailure.of(
        'BUSY',
        `"${other.lease.title}" runs in ${describeProcess(other.lease.owner)}, on another machine; cancel it there.`,
      );
    this.deps.leases.requestCancel(taskId);
    return { taskId, cancelled: true };
  }

  /**
   * Re-emits the other processes' task progress as 'task/progress' events here (a load the CLI runs
   * shows in the UI as if it ran here), and a last done event when their task ends or its process dies.
   */
  followOthers(): void {
    this.following = true;
    this.poll();
  }

  /** Cancels this process's tasks and waits for them to stop (bplab is quitting). */
  async shutdown(): Promise<void> {
    this.following = false;
    const running = [...this.own.values()];
    for (const t of running) t.controller.abort();
    await Promise.allSettled(running.map((t) => t.result));
    clearInterval(this.poller);
    this.poller = undefined;
  }

  /** Keeps the poll timer while there is something to watch; it never keeps the process alive. */
  private poll(): void {
    const needed = this.own.size > 0 || this.following;
    if (needed && !this.poller) {
      this.poller = setInterval(() => this.tick(), this.deps.pollMs ?? 500);
      this.poller.unref();
    } else if (!needed && this.poller) {
      clearInterval(this.poller);
      this.poller = undefined;
    }
  }

  private tick(): void {
    for (const [taskId, t] of this.own)
      if (!t.controller.signal.aborted && this.deps.leases.cancelRequested(taskId)) t.controller.abort();
    if (this.following) this.others.relay();
  }
}

function scopeOf(hold: { profileId: string | null; schema: string | null; sandboxId: string | null }) {
  return {
    ...(hold.profileId !== null && { profileId: hold.profileId }),
    ...(hold.schema !== null && { schema: hold.schema }),
    ...(hold.sandboxId !== null && { sandboxId: hold.sandboxId }),
  };
}

function errorOf(e: unknown): AppError {
  return e instanceof AppFailure
    ? e.error
    : { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}
