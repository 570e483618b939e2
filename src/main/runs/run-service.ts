/**
 * A run of one query with full capture, as a task whose id is the runId. Three connections: the run's
 * own (the query, its session counters, SHOW PROFILE, EXPLAIN), a control one (global counters, pool
 * stats and LRU snapshots before and after, performance_schema, and the KILL QUERY of a cancel), and
 * the live poller's. Everything bplab reads before and after the query is outside the timed part.
 * A cancel KILLs the query and keeps what was captured; a server that drops the connection leaves the
 * run 'interrupted'. Every run, finished or not, is saved.
 */
import type { TaskProgress } from '../../shared/app/tasks';
import { AppFailure } from '../../shared/result';
import type { RunResult, RunSample, RunSpec } from '../../shared/runs/runs';
import type { OldMethod } from '../bufferpool/lru';
import type { ServerConnection } from '../db/connections';
import type { QueryCatalogue } from '../queries/catalogue';
import type { SettingsJournal } from '../server/settings-journal';
import type { TaskRegistry, TaskUpdate } from '../tasks/registry';
import { executeRun, type ActiveRun } from './run-execute';
import type { RunPageTracer } from '../pagetrace/run-tracer';
import { prepareRun, type PreparedRun } from './run-prepare';
import type { RunStore } from './run-store';
import { untracedReference, untracedTwin } from '../../shared/trace/traced-runs';
import { runsSinceStart, SAME_START_MS, serverStartedMs } from '../../shared/trace/traced-before';

export interface RunServiceDeps {
  connections: { open(profileId: string, opts: { password?: string }): Promise<ServerConnection> };
  catalogue: QueryCatalogue;
  store: RunStore;
  journal: SettingsJournal;
  onSample?: (sample: RunSample) => void;
  /** Where a run registers as a task (kind 'run', its taskId is its runId); progress and cancel go through it. */
  tasks?: Pick<TaskRegistry, 'start'>;
  /** The sandbox behind a profile, for the task's lease. */
  sandboxOf?: (profileId: string) => string | null;
  /**
   * The process id of the server behind a profile when it runs on this machine (a sandbox), so a run
   * records what the server read from storage and its CPU time; null when bplab cannot see it.
   */
  serverPid?: (profileId: string) => Promise<number | null>;
  /** Progress when there is no task registry (tests of the service alone). */
  onProgress?: (progress: TaskProgress) => void;
  lruConsentPoolBytes?: number;
  now?: () => Date;
  /** Traces a run's page requests when its spec asks (tracePages). */
  pageTracer?: RunPageTracer;
}

export class RunService {
  private readonly active = new Map<string, ActiveRun>();
  private readonly sampleListeners = new Map<string, (sample: RunSample) => void>();
  private readonly now: () => Date;
  /** How each server tells old pages from young, as the capability probe decides it (by profile and version). */
  private readonly oldMethods = new Map<string, OldMethod>();

  constructor(private readonly deps: RunServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Accepts a run (the query exists, the server answers, the LRU may be walked) and runs it in the background. */
  async start(profileId: string, password: string | undefined, spec: RunSpec): Promise<{ runId: string }> {
    const prepared = await this.prepare(profileId, password, spec);
    void this.track(prepared).catch(() => {});
    return { runId: prepared.runId };
  }

  /**
   * Runs to the end and returns the result, whatever its state (the CLI, tests and experiments wait for
   * it). `signal` cancels it like tasks/cancel; `onSample` gets this run's live samples too.
   */
  async run(
    profileId: string,
    password: string | undefined,
    spec: RunSpec,
    opts: { signal?: AbortSignal; onSample?: (sample: RunSample) => void } = {},
  ): Promise<RunResult> {
    const prepared = await this.prepare(profileId, password, spec);
    if (opts.onSample) this.sampleListeners.set(prepared.runId, opts.onSample);
    const onAbort = () => this.cancel(prepared.runId);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const done = this.track(prepared);
      if (opts.signal?.aborted) onAbort();
      return await done;
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
      this.sampleListeners.delete(prepared.runId);
    }
  }

  /** A run in progress ends once its result is saved; resolves with it. */
  finished(runId: string): Promise<RunResult> | null {
    return this.active.get(runId)?.done ?? null;
  }

  /** Asks a run to stop: its query is KILLed; what was captured is kept. False when no such run is in progress. */
  cancel(runId: string): boolean {
    const run = this.active.get(runId);
    if (!run || run.cancelled) return false;
    run.cancelled = true;
    void run.kill?.().catch(() => {});
    return true;
  }

  runningIds(): string[] {
    return [...this.active.keys()];
  }

  list(profileId?: string) {
    return this.deps.store.list(profileId);
  }
  get(runId: string): RunResult {
    return this.deps.store.get(runId);
  }

  /** The saved runs on a run's pool before it since its server started (runsSinceStart), read from the store. */
  runsSinceStart(run: RunResult): RunResult[] {
    const start = serverStartedMs(run);
    if (start === null) return [];
    const since = new Date(start - SAME_START_MS).toISOString();
    const saved: RunResult[] = [];
    for (const r of this.deps.store.list(run.profileId)) {
      if (r.startedAt < since || r.startedAt >= run.startedAt) continue;
      try {
        saved.push(this.deps.store.get(r.runId));
      } catch {
        // A run removed meanwhile is not there to replay.
      }
    }
    return runsSinceStart(run, saved);
  }
  delete(runId: string): void {
    if (this.active.has(runId))
      throw AppFailure.of('BUSY', `Run ${runId} is still in progress; cancel it first.`);
    this.deps.store.delete(runId);
  }

  /** Cancels every run in progress and waits for them to be saved. */
  async shutdown(): Promise<void> {
    const all = [...this.active.entries()];
    for (const [id] of all) this.cancel(id);
    await Promise.allSettled(all.map(([, r]) => r.done));
  }

  private track(p: PreparedRun): Promise<RunResult> {
    const entry: ActiveRun = { cancelled: false, done: Promise.resolve(p.result) };
    const label = `${p.query.query.id} (${p.query.variant}) on ${p.spec.schema}`;
    if (this.deps.tasks) {
      const started = this.deps.tasks.start(
        {
          kind: 'run',
          title: label,
          profileId: p.profileId,
          schema: p.spec.schema,
          sandboxId: this.deps.sandboxOf?.(p.profileId) ?? null,
          taskId: p.runId,
        },
        async (ctx) => {
          ctx.signal.addEventListener('abort', () => this.cancel(p.runId), { once: true });
          return this.execute(p, entry, (u) => ctx.progress(u));
        },
        { done: (r) => ({ message: outcomeWords(label, r) }) },
      );
      entry.done = started.result;
    } else {
      const report = (u: TaskUpdate) => this.deps.onProgress?.({ ...u, taskId: p.runId, done: false });
      entry.done = this.execute(p, entry, report).then((r) => {
        this.deps.onProgress?.({
          taskId: p.runId,
          phase: r.state,
          fraction: 1,
          message: outcomeWords(label, r),
          done: true,
        });
        return r;
      });
    }
    entry.done = entry.done.finally(() => this.active.delete(p.runId));
    this.active.set(p.runId, entry);
    return entry.done;
  }

  private prepare(profileId: string, password: string | undefined, spec: RunSpec): Promise<PreparedRun> {
    return prepareRun(
      {
        connections: this.deps.connections,
        catalogue: this.deps.catalogue,
        lruConsentPoolBytes: this.deps.lruConsentPoolBytes,
        now: this.now,
        oldMethods: this.oldMethods,
      },
      profileId,
      password,
      spec,
    );
  }

  /** Executes an accepted run (run-execute.ts) and saves its result, whatever its state. */
  private async execute(
    p: PreparedRun,
    entry: ActiveRun,
    report: (update: TaskUpdate) => void,
  ): Promise<RunResult> {
    const result = await executeRun(p, entry, report, {
      journal: this.deps.journal,
      onSample: (sample) => {
        this.deps.onSample?.(sample);
        this.sampleListeners.get(p.runId)?.(sample);
      },
      serverPid: this.deps.serverPid,
      pageTracer: this.deps.pageTracer,
    });
    if (result.pageTrace && result.state === 'complete') this.noteUntracedTwin(result);
    this.deps.store.save(result);
    return result;
  }

  /** A traced run keeps the untraced run its slowdown is measured against, when there is one. */
  private noteUntracedTwin(traced: RunResult): void {
    const same = this.deps.store
      .list(traced.profileId)
      .filter((r) => r.queryId === traced.queryId && r.variant === traced.variant);
    const candidates: RunResult[] = [];
    for (const r of same) {
      try {
        candidates.push(this.deps.store.get(r.runId));
      } catch {
        // A run removed meanwhile is no reference.
      }
    }
    const twin = untracedTwin(traced, candidates);
    if (twin && traced.pageTrace) traced.pageTrace.untraced = untracedReference(twin, traced);
  }
}

function outcomeWords(label: string, r: RunResult): string {
  if (r.state === 'complete')
    return `${label}: ${r.rows} row(s) in ${((r.elapsedMs ?? 0) / 1000).toFixed(2)} s`;
  return `${label}: ${r.state}${r.error ? `: ${r.error}` : ''}`;
}
