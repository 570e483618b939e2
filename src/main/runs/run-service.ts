/**
 * A run of one query with full capture, as a task whose id is the runId. Three connections: the run's
 * own (the query, its session counters, SHOW PROFILE, EXPLAIN), a control one (global counters, pool
 * stats and LRU snapshots before and after, performance_schema, and the KILL QUERY of a cancel), and
 * the live poller's. Everything bplab reads before and after the query is outside the timed part.
 * A cancel KILLs the query and keeps what was captured; a server that drops the connection leaves the
 * run 'interrupted'. Every run, finished or not, is saved.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { TaskProgress } from '../../shared/tasks';
import type { ServerIdentity } from '../../shared/models';
import { AppFailure, formatError } from '../../shared/result';
import {
  RunSpecSchema,
  type RunResult,
  type RunSample,
  type RunSpec,
  type RunSpecParsed,
  type StageProfile,
} from '../../shared/runs';
import { bucketPagesFor, compositionOf, readPoolStats, walkLru, type OldMethod } from '../bufferpool/lru';
import { LivePoller } from '../bufferpool/poller';
import type { QueryCatalogue, ResolvedQuery } from '../queries/catalogue';
import { readVariables } from '../server/variables';
import { CancellableConnection } from '../db/cancellable';
import type { ServerConnection } from '../db/connections';
import { queryFailure } from '../db/errors';
import { identifyServer, versionAtLeast } from '../db/server-identity';
import type { SettingsJournal } from '../server/settings-journal';
import { readDatasetRecord } from '../ssb/dataset-meta';
import { readProcessUsage, usageDelta } from '../sandbox/process-io';
import { serverErrno } from '../db/errors';
import {
  analyzeQuery,
  explainQuery,
  executeHashed,
  performanceSchemaStages,
  readGlobalCounters,
  readSessionHandlers,
  runTag,
  serverSettings,
  showProfileStages,
  statusDeltas,
  type Execution,
} from './capture';
import type { TaskRegistry, TaskUpdate } from '../tasks/registry';
import type { RunStore } from './run-store';

/** Above this pool size, walking the LRU needs the user's consent (0.1-0.3 s per GB under the pool mutex). */
export const LRU_CONSENT_POOL_BYTES = 4 * 1024 ** 3;

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
}

interface ActiveRun {
  cancelled: boolean;
  /** Set while the query runs: KILLs it. */
  kill?: () => Promise<void>;
  done: Promise<RunResult>;
}

/** What is ready once a run is accepted: the query, the connections and the server's settings. */
interface PreparedRun {
  runId: string;
  profileId: string;
  spec: RunSpecParsed;
  query: ResolvedQuery;
  exec: ServerConnection;
  control: ServerConnection;
  poll: ServerConnection | null;
  identity: ServerIdentity;
  result: RunResult;
  oldMethod: OldMethod;
  walkLru: boolean;
  bucketPages: number;
}

const PS_STAGE_TABLES = ['performance_schema.setup_instruments', 'performance_schema.setup_consumers'];
const PS_STAGE_CONSUMERS = [
  'events_stages_current',
  'events_stages_history_long',
  'events_statements_history',
];

export class RunService {
  private readonly active = new Map<string, ActiveRun>();
  private readonly sampleListeners = new Map<string, (sample: RunSample) => void>();
  private readonly now: () => Date;

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

  private async prepare(
    profileId: string,
    password: string | undefined,
    specIn: RunSpec,
  ): Promise<PreparedRun> {
    const spec = RunSpecSchema.parse(specIn);
    const query = this.deps.catalogue.resolve(spec.queryId, spec.variant);
    const opened: ServerConnection[] = [];
    const open = async () => {
      const c = await this.deps.connections.open(profileId, { password });
      opened.push(c);
      return c;
    };
    try {
      const exec = await open();
      const vars = await readVariables(exec);
      const identity = identifyServer(vars.version ?? '', vars.version_comment ?? '');
      const settings = serverSettings(identity, vars);
      const limit = this.deps.lruConsentPoolBytes ?? LRU_CONSENT_POOL_BYTES;
      const production = exec.profile.production === true;
      const walk = spec.allowLruPolling || (!production && settings.bufferPoolSizeBytes <= limit);
      if (!walk && spec.poll !== 'off') {
        const why = production
          ? `the profile "${exec.profile.name}" is marked production`
          : `its buffer pool is ${(settings.bufferPoolSizeBytes / 1024 ** 3).toFixed(1)} GB (over ${(limit / 1024 ** 3).toFixed(0)} GB)`;
        throw AppFailure.of(
          'CONSENT_REQUIRED',
          `bplab will not walk INNODB_BUFFER_PAGE_LRU on this server without your consent: ${why}. The server builds that table by walking the whole LRU while it holds the buffer pool's mutex (about 0.1-0.3 s per GB), which stalls other queries; the MySQL manual warns it affects performance, and a WHERE clause does not make it cheaper.`,
          {
            hint: 'Allow LRU polling for this run, or run with polling off (no LRU composition is captured then).',
            details: { profileId, production, bufferPoolSizeBytes: settings.bufferPoolSizeBytes },
          },
        );
      }
      // A run reads the pool's stats before and after (and walks the LRU when it polls): without
      // PROCESS it could only fail once started, so it is refused here, in words.
      await readPoolStats(exec).catch((e: unknown) => {
        const f = queryFailure(e, exec.where);
        if (f.error.code !== 'PRIVILEGE_MISSING') throw f;
        throw AppFailure.of(
          'PRIVILEGE_MISSING',
          `This run cannot start: it reads the buffer pool's stats and pages, and ${f.error.message.replace(/^Not allowed/, 'that is not allowed')}`,
          {
            hint: `Grant PROCESS to this server's user (GRANT PROCESS ON *.* TO …), or connect as a user who has it.`,
            details: { profileId },
          },
        );
      });
      await exec.rows('USE ??', [spec.schema]).catch((e: unknown) => {
        const f = queryFailure(e, exec.where);
        throw AppFailure.of(
          'NOT_FOUND',
          `There is no schema "${spec.schema}" on ${exec.where}: ${f.error.message}`,
          {
            hint: 'bplab ssb list shows the datasets on this server.',
          },
        );
      });
      const record = await readDatasetRecord(exec.raw, spec.schema).catch(() => null);
      const control = await open();
      const poll = spec.poll === 'off' ? null : await open();
      const runId = `run-${this.now()
        .toISOString()
        .replace(/[^0-9]/g, '')
        .slice(0, 14)}-${randomBytes(4).toString('hex')}`;
      const poolPages =
        settings.bufferPoolSizeBytes / settings.pageSizeBytes / Math.max(1, settings.bufferPoolInstances);
      const result: RunResult = {
        format: 1,
        runId,
        profileId,
        queryId: query.query.id,
        variant: query.variant,
        sql: query.sql,
        schema: spec.schema,
        dataset: record
          ? { schema: spec.schema, sf: record.sf, source: record.source, engine: record.engine }
          : null,
        server: settings,
        startedAt: this.now().toISOString(),
        state: 'running',
        error: null,
        elapsedMs: null,
        rows: null,
        checksum: null,
        explain: null,
        profile: { source: 'none', note: '', stages: [] },
        status: [],
        poolStats: { before: [], after: null },
        lru: { before: null, after: null },
        samples: { stats: [], compositions: [], maps: [], cachedIndexes: [], cost: null, downsampled: false },
      };
      return {
        runId,
        profileId,
        spec,
        query,
        exec,
        control,
        poll,
        identity,
        result,
        oldMethod: identity.flavor === 'mariadb' ? 'lru-position' : 'is-old',
        walkLru: walk,
        bucketPages: bucketPagesFor(poolPages),
      };
    } catch (e) {
      await Promise.allSettled(opened.map((c) => closeSoon(c)));
      throw e;
    }
  }

  private async execute(
    p: PreparedRun,
    entry: ActiveRun,
    report: (update: TaskUpdate) => void,
  ): Promise<RunResult> {
    const { result, exec, control, identity } = p;
    const progress = (phase: string, message: string) => report({ phase, fraction: null, message });
    const tag = runTag(p.runId);
    const statement = `${tag}\n${statementText(p.query.sql)}`;
    const stages = stageSource(identity);
    let psThread: number | null = null;
    let psNote = '';
    let poller: LivePoller | null = null;
    let t0 = 0;
    try {
      progress('preparing', `capturing the state before ${p.query.query.id}`);
      const statementRunner = await CancellableConnection.of(exec.raw, { connection: control.raw });
      if (stages === 'performance-schema')
        // No stage profile is no reason to fail the run (performance_schema off, no UPDATE on its setup tables).
        ({ psThread, psNote } = await this.prepareStages(p).catch((e: unknown) => ({
          psThread: null,
          psNote: `No stage profile: ${e instanceof AppFailure ? e.error.message : String(e)}`,
        })));
      else if (stages === 'none')
        result.profile = {
          source: 'none',
          note: 'This server has neither SHOW PROFILE nor performance_schema stages.',
          stages: [],
        };

      // Before: the session's counters (read twice: the second read tells what a SHOW itself adds).
      const h0 = await readSessionHandlers(exec);
      const h1 = await readSessionHandlers(exec);
      const handlersBefore = new Map([...h1].map(([k, v]) => [k, v + (v - (h0.get(k) ?? v))]));
      const globalsBefore = await readGlobalCounters(control);
      result.poolStats.before = await readPoolStats(control);
      let beforeAt = 0;
      let beforeWalkMs: number | undefined;
      if (p.walkLru) {
        const walked = await walkLru(control, p.oldMethod, p.bucketPages);
        beforeWalkMs = walked.costMs;
        result.lru.before = compositionOf(walked, 0);
        beforeAt = performance.now();
      }
      if (entry.cancelled)
        throw AppFailure.of('CANCELLED', 'The run was cancelled before its query started.');

      if (p.poll && p.spec.poll !== 'off') {
        poller = new LivePoller({
          conn: p.poll,
          setting: p.spec.poll,
          oldMethod: p.oldMethod,
          bucketPages: p.bucketPages,
          walkLru: p.walkLru,
          expectedSnapshotMs: beforeWalkMs,
          cachedIndexes: identity.flavor !== 'mariadb' && versionAtLeast(identity, 8, 0, 0),
          clock: () => performance.now() - t0,
          onSample: (s) => {
            const sample = { runId: p.runId, ...s };
            this.deps.onSample?.(sample);
            this.sampleListeners.get(p.runId)?.(sample);
          },
        });
      }
      if (p.query.custom) await startReadOnly(exec);
      if (stages === 'show-profile') await exec.rows('SET SESSION profiling = 1');
      entry.kill = () => statementRunner.cancel();
      progress('running', `${p.query.query.id} (${p.query.variant}) is running`);
      let execution: Execution | null = null;
      let failure: AppFailure | null = null;
      const pid = (await this.deps.serverPid?.(p.profileId).catch(() => null)) ?? null;
      const usageBefore = pid === null ? null : await readProcessUsage(pid);
      t0 = performance.now();
      // `|| 0`: a snapshot taken just before t0 rounds to -0, which a saved run would read back as 0.
      if (result.lru.before) result.lru.before.atMs = Math.round(beforeAt - t0) || 0;
      poller?.start();
      try {
        execution = await statementRunner.run((conn) => executeHashed(conn, statement));
      } catch (e) {
        failure = queryFailure(e, exec.where);
      }
      const endedAt = performance.now();
      result.serverProcess =
        pid === null || usageBefore === null
          ? {
              unavailable:
                'the server is not a bplab sandbox on this machine, so bplab cannot see its process',
            }
          : usageDelta(usageBefore, await readProcessUsage(pid));
      entry.kill = undefined;
      await poller?.stop();
      if (execution) {
        result.elapsedMs = round2(execution.elapsedMs);
        result.rows = execution.rows;
        result.checksum = execution.checksum;
      } else {
        result.elapsedMs = round2(endedAt - t0);
      }
      const lost = failure?.error.code === 'CONNECTION_LOST';
      if (failure) {
        if (lost) {
          result.state = 'interrupted';
          result.error = `The server closed the connection while ${p.query.query.id} ran (it stopped, restarted or killed the session): ${failure.error.message} What was captured before is kept. Check that the server is running (a sandbox: the Sandboxes screen, its log), then run the query again.`;
        } else if (entry.cancelled && failure.error.code === 'CANCELLED') {
          result.state = 'cancelled';
          result.error = `Cancelled after ${(result.elapsedMs / 1000).toFixed(1)} s: the query was stopped with KILL QUERY; what was captured is kept.`;
        } else {
          result.state = 'failed';
          // With its hint: what to do next is part of the error the result keeps.
          result.error = formatError(failure.error);
        }
      }

      // After: each piece on its own, so a server that went away leaves the rest as captured.
      progress('capturing', 'capturing the state after the query');
      await this.quietly(async () => {
        if (stages === 'show-profile') await exec.rows('SET SESSION profiling = 0');
        if (p.query.custom) await exec.rows('ROLLBACK');
      });
      const handlersAfter = await this.quietly(() => readSessionHandlers(exec));
      const globalsAfter = await this.quietly(() => readGlobalCounters(control));
      result.status = [
        ...statusDeltas(globalsBefore, globalsAfter, 'global'),
        ...statusDeltas(handlersBefore, handlersAfter, 'session'),
      ];
      result.poolStats.after = await this.quietly(() => readPoolStats(control));
      if (p.walkLru) {
        const walked = await this.quietly(() => walkLru(control, p.oldMethod));
        if (walked) result.lru.after = compositionOf(walked, Math.round(performance.now() - t0));
      }
      if (poller) result.samples = poller.samples();
      if (stages === 'show-profile')
        result.profile =
          (await this.quietly(() => showProfileStages(exec, tag))) ?? unreadable('SHOW PROFILE');
      else if (stages === 'performance-schema' && psThread !== null)
        result.profile =
          (await this.quietly(() => performanceSchemaStages(control, psThread!, tag, psNote))) ??
          unreadable('performance_schema');
      else if (stages === 'performance-schema') result.profile = { source: 'none', note: psNote, stages: [] };

      if (!lost) {
        result.explain = await this.quietly(() => explainQuery(exec, statementText(p.query.sql)));
        if (p.spec.explainAnalyze && result.state === 'running' && result.explain) {
          progress('analyzing', 'running the query again under ANALYZE');
          const analyzed = await this.quietly(async () => {
            if (p.query.custom) await startReadOnly(exec);
            try {
              return await analyzeQuery(exec, identity, statementText(p.query.sql));
            } finally {
              if (p.query.custom) await exec.rows('ROLLBACK');
            }
          });
          if (analyzed) Object.assign(result.explain, analyzed);
        }
      }
      if (result.state === 'running') result.state = 'complete';
    } catch (e) {
      const f = queryFailure(e, exec.where);
      result.state = entry.cancelled
        ? 'cancelled'
        : f.error.code === 'CONNECTION_LOST'
          ? 'interrupted'
          : 'failed';
      result.error = formatError(f.error);
      await poller?.stop();
      if (poller) result.samples = poller.samples();
    } finally {
      if (stages === 'performance-schema')
        await this.deps.journal.restore(control.raw, p.profileId, PS_STAGE_TABLES).catch(() => {
          // Kept in the journal: the next connection to this server puts the rows back.
        });
      await Promise.allSettled([exec, control, p.poll].map((c) => c && closeSoon(c)));
    }
    this.deps.store.save(result);
    return result;
  }

  /** Switches on the stage instruments and consumers (journaled) unless the profile is production. */
  private async prepareStages(p: PreparedRun): Promise<{ psThread: number | null; psNote: string }> {
    const [thread] = await p.exec.rows<{ t: number }>(
      'SELECT THREAD_ID AS t FROM performance_schema.threads WHERE PROCESSLIST_ID = CONNECTION_ID()',
    );
    if (!thread) return { psThread: null, psNote: 'performance_schema does not list this session’s thread.' };
    if (p.exec.profile.production) {
      const [off] = await p.control.rows<{ n: number }>(
        "SELECT COUNT(*) AS n FROM performance_schema.setup_instruments WHERE NAME LIKE 'stage/%' AND (ENABLED <> 'YES' OR TIMED <> 'YES')",
      );
      const [offConsumers] = await p.control.rows<{ n: number }>(
        `SELECT COUNT(*) AS n FROM performance_schema.setup_consumers WHERE NAME IN (?) AND ENABLED <> 'YES'`,
        [PS_STAGE_CONSUMERS],
      );
      if (Number(off?.n) > 0 || Number(offConsumers?.n) > 0)
        return {
          psThread: null,
          psNote:
            'No stage profile: the stage instruments are off and this profile is marked production, so bplab changes no setting on it.',
        };
      return {
        psThread: Number(thread.t),
        psNote: 'performance_schema stages (already on; nothing changed).',
      };
    }
    const reason = `stage profile of run ${p.runId}`;
    const instruments = await this.deps.journal.enableSetupRows(
      p.control.raw,
      p.profileId,
      'setup_instruments',
      ['stage/%'],
      reason,
    );
    const consumers = await this.deps.journal.enableSetupRows(
      p.control.raw,
      p.profileId,
      'setup_consumers',
      PS_STAGE_CONSUMERS,
      reason,
    );
    const changed = instruments + consumers;
    return {
      psThread: Number(thread.t),
      psNote:
        changed > 0
          ? `performance_schema stages of the run’s thread; bplab switched on ${instruments} stage instruments and ${consumers} consumers for the run (journaled) and put them back after.`
          : 'performance_schema stages of the run’s thread (already on; nothing changed).',
    };
  }

  private async quietly<T>(work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch {
      return null;
    }
  }
}

function outcomeWords(label: string, r: RunResult): string {
  if (r.state === 'complete')
    return `${label}: ${r.rows} row(s) in ${((r.elapsedMs ?? 0) / 1000).toFixed(2)} s`;
  return `${label}: ${r.state}${r.error ? `: ${r.error}` : ''}`;
}

/** Where the stage profile comes from on this server. */
export function stageSource(identity: ServerIdentity): StageProfile['source'] {
  if (identity.flavor === 'mariadb') return 'show-profile';
  return versionAtLeast(identity, 8, 0, 0) ? 'performance-schema' : 'show-profile';
}

/**
 * Custom SQL runs in a read-only transaction; MySQL 5.5 has none (READ ONLY came in 5.6.5, 1064 before),
 * so there it runs in a plain one that is rolled back: the read check before it is the wall.
 */
async function startReadOnly(exec: ServerConnection): Promise<void> {
  try {
    await exec.rows('START TRANSACTION READ ONLY');
  } catch (e) {
    if (serverErrno(e) !== 1064) throw e;
    await exec.rows('START TRANSACTION');
  }
}

/** The statement as it is sent: the file's text without its trailing semicolon. */
export function statementText(sql: string): string {
  return sql.trim().replace(/;\s*$/, '');
}

/** Closes a connection; one whose server is gone may never answer the QUIT, so it is dropped after a second. */
async function closeSoon(c: ServerConnection): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 1_000)));
  const outcome = await Promise.race([c.close().then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') c.raw.destroy();
}

function unreadable(source: string): StageProfile {
  return { source: 'none', note: `The ${source} stages could not be read after the query.`, stages: [] };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
