/**
 * Executing an accepted run: the state before, the timed statement with the live poller beside it,
 * the outcome in words, and the state after. Everything bplab reads is outside the timed part, and a
 * server that went away leaves the rest as captured.
 */
import { performance } from 'node:perf_hooks';
import { observerCostOf } from '../../shared/runs/observer-cost';
import { AppFailure, formatError } from '../../shared/result';
import type { RunResult, RunSample } from '../../shared/runs/runs';
import { TRACE_READING_PHASE } from '../../shared/runs/page-trace';
import { recordedPlan, type RunningPlan } from '../../shared/whatif/plan-source';
import {
  compositionOf,
  LruLegend,
  readPoolStats,
  walkLru,
  WHOLE_POOL_BUCKET,
  type LruWalk,
} from '../bufferpool/lru';
import { readPoolPages } from '../bufferpool/pool-pages';
import { readIndexPages } from '../bufferpool/index-pages';
import { CachedIndexReader } from '../bufferpool/cached-indexes';
import { LivePoller } from '../bufferpool/poller';
import { CancellableConnection } from '../db/cancellable';
import type { ServerConnection } from '../db/connections';
import { queryFailure, serverErrno } from '../db/errors';
import { versionAtLeast } from '../db/server-identity';
import { readProcessUsage, usageDelta } from '../sandbox/process-io';
import type { SettingsJournal } from '../server/settings-journal';
import { traceReadingWords, type RunPageTracer, type RunTraceSession } from '../pagetrace/run-tracer';
import type { TaskUpdate } from '../tasks/registry';
import {
  analyzeQuery,
  executeHashed,
  explainQuery,
  readGlobalCounters,
  readSessionHandlers,
  runTag,
  statementText,
  statusDeltas,
  type Execution,
} from './capture';
import { closeSoon, type PreparedRun } from './run-prepare';
import {
  METRICS_JOURNAL_VARIABLES,
  metricsCapture,
  planMetrics,
  readMetrics,
  readMetricsBefore,
  type MetricsPlan,
} from './run-metrics';
import { PS_STAGE_TABLES, planStages, readStages, type StagePlan } from './run-stages';
import { readRunningPlan } from './running-plan';

/** A run in progress: whether it was cancelled, and the KILL of its query while it runs. */
export interface ActiveRun {
  cancelled: boolean;
  /** Set while the query runs: KILLs it. */
  kill?: () => Promise<void>;
  done: Promise<RunResult>;
}

export interface ExecuteDeps {
  journal: SettingsJournal;
  /** Where the live samples go (the UI's events, and a caller's own listener). */
  onSample: (sample: RunSample) => void;
  serverPid?: (profileId: string) => Promise<number | null>;
  /** Traces the run's page requests when its spec asks (tracePages); absent, such a run fails in words. */
  pageTracer?: RunPageTracer;
}

/** What was read before the query, to take the deltas after it. */
interface Before {
  handlers: Map<string, number>;
  globals: Map<string, number>;
  /** When the LRU snapshot before ended, on performance.now()'s clock. */
  at: number;
  walkMs: number | undefined;
  /** That snapshot, the first frame of a watched run. */
  walk: LruWalk | null;
}

/** bpftrace on the run's own connection, or why not, as the run's failure. */
async function startTrace(p: PreparedRun, deps: ExecuteDeps): Promise<RunTraceSession> {
  if (!deps.pageTracer)
    throw AppFailure.of(
      'FEATURE_MISSING',
      'This bplab process cannot trace pages (it was started without the page tracer).',
    );
  try {
    // The control and poller connections' own reads are told apart in the trace's check.
    const own = [p.control, ...(p.poll ? [p.poll] : [])];
    return await deps.pageTracer.start(
      p.runId,
      p.profileId,
      p.identity,
      p.exec,
      () => readPoolPages(p.control),
      own,
    );
  } catch (e) {
    throw AppFailure.of('FEATURE_MISSING', (e as Error).message);
  }
}

/** Runs the query with full capture; the result, whatever its state, is returned (and saved by the caller). */
export async function executeRun(
  p: PreparedRun,
  entry: ActiveRun,
  report: (update: TaskUpdate) => void,
  deps: ExecuteDeps,
): Promise<RunResult> {
  const { result, exec, control } = p;
  const progress = (phase: string, message: string) => report({ phase, fraction: null, message });
  const tag = runTag(p.runId);
  let stages: StagePlan = { source: 'none', psThread: null, psNote: '' };
  let poller: LivePoller | null = null;
  let metrics: MetricsPlan | null = null;
  let trace: RunTraceSession | null = null;
  try {
    progress('preparing', `capturing the state before ${p.query.query.id}`);
    const statementRunner = await CancellableConnection.of(exec.raw, { connection: control.raw });
    stages = await planStages(p, p.identity, deps.journal, result);
    metrics = await planMetrics(p, deps.journal);
    // The poller's index names, read before the state and the counters: not among the run's reads.
    const names = cachedIndexReader(p);
    await names?.prime();
    const before = await captureBefore(p);
    await readMetricsBefore(metrics, control);
    if (entry.cancelled) throw AppFailure.of('CANCELLED', 'The run was cancelled before its query started.');
    let t0 = 0;
    poller = livePoller(
      p,
      before,
      await datasetLegend(p),
      () => performance.now() - t0,
      deps.onSample,
      names,
    );
    if (p.query.custom) await startReadOnly(exec);
    if (p.spec.tracePages) {
      progress('preparing', "attaching bpftrace to the server for the run's page trace");
      trace = await startTrace(p, deps);
    }
    if (stages.source === 'show-profile') await exec.rows('SET SESSION profiling = 1');
    entry.kill = () => statementRunner.cancel();
    progress('running', `${p.query.query.id} (${p.query.variant}) is running`);
    let execution: Execution | null = null;
    let failure: AppFailure | null = null;
    const pid = (await deps.serverPid?.(p.profileId).catch(() => null)) ?? null;
    const usageBefore = pid === null ? null : await readProcessUsage(pid);
    t0 = performance.now();
    // `|| 0`: a snapshot taken just before t0 rounds to -0, which a saved run would read back as 0.
    const beforeAt = Math.round(before.at - t0) || 0;
    if (result.lru.before) result.lru.before.atMs = beforeAt;
    // The pool as the query starts: the first frame, shown at once (the walk was outside the statement).
    if (poller && before.walk) poller.keep(before.walk, beforeAt, 'before', result.poolStats.before);
    poller?.start();
    let running = true;
    const executing = statementRunner.run((conn) =>
      executeHashed(conn, `${tag}\n${statementText(p.query.sql)}`),
    );
    // The plan that ran, from the control connection while the statement runs.
    const ranPlan = readRunningPlan(control, p.identity, statementRunner.id, () => running);
    try {
      execution = await executing;
    } catch (e) {
      failure = queryFailure(e, exec.where);
    }
    running = false;
    const endedAt = performance.now();
    await trace?.statementEnded().catch(() => {
      // The window's end is not known: the check falls back to the run's own delta.
    });
    result.serverProcess =
      pid === null || usageBefore === null
        ? {
            unavailable: 'the server is not a bplab sandbox on this machine, so bplab cannot see its process',
          }
        : usageDelta(usageBefore, await readProcessUsage(pid));
    entry.kill = undefined;
    // The cost is the statement's share: frozen at its end, one figure for the run and its samples.
    await poller?.stop(endedAt - t0);
    const pollCost = poller?.cost() ?? null;
    if (execution) {
      result.elapsedMs = round2(execution.elapsedMs);
      result.rows = execution.rows;
      result.checksum = execution.checksum;
    } else {
      result.elapsedMs = round2(endedAt - t0);
    }
    const lost = failure?.error.code === 'CONNECTION_LOST';
    if (failure) recordFailure(result, failure, entry, p.query.query.id);
    progress('capturing', 'capturing the state after the query');
    result.innodbMetrics = metricsCapture(metrics, await quietly(() => readMetrics(control)));
    result.observer = observerCostOf(p.spec.poll, pollCost, result.innodbMetrics, result.server.flavor);
    await captureAfter(p, before, stages, poller, t0, tag);
    if (trace) {
      progress(TRACE_READING_PHASE, 'reading the page trace from bpftrace');
      const tracing = trace;
      trace = null;
      // A live count: printing millions of records took about 90 s on a busy machine.
      result.pageTrace = await tracing.stop((r) => progress(TRACE_READING_PHASE, traceReadingWords(r)));
    }
    await captureExplain(p, progress, await ranPlan, lost);
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
    result.observer = observerCostOf(p.spec.poll, poller?.cost() ?? null, undefined, result.server.flavor);
  } finally {
    await trace?.stop().catch(() => {
      // The run failed: its trace is not kept.
    });
    if (metrics?.enabledForRun.length)
      await deps.journal.restore(control.raw, p.profileId, METRICS_JOURNAL_VARIABLES).catch(() => {
        // Kept in the journal: the next connection to this server switches them off.
      });
    if (stages.source === 'performance-schema')
      await deps.journal.restore(control.raw, p.profileId, PS_STAGE_TABLES).catch(() => {
        // Kept in the journal: the next connection to this server puts the rows back.
      });
    await Promise.allSettled([exec, control, p.poll].map((c) => c && closeSoon(c)));
  }
  return result;
}

/** Before: the session's counters (read twice: the second read tells what a SHOW itself adds), the globals, the pool. */
async function captureBefore(p: PreparedRun): Promise<Before> {
  const { result, exec, control } = p;
  const h0 = await readSessionHandlers(exec);
  const h1 = await readSessionHandlers(exec);
  const handlers = new Map([...h1].map(([k, v]) => [k, v + (v - (h0.get(k) ?? v))]));
  const globals = await readGlobalCounters(control);
  result.poolStats.before = await readPoolStats(control);
  let at = 0;
  let walkMs: number | undefined;
  let walk: LruWalk | null = null;
  if (p.walkLru) {
    walk = await walkLru(control, p.oldMethod, p.bucketPages);
    walkMs = walk.costMs;
    result.lru.before = compositionOf(walk, 0);
    at = performance.now();
  }
  return { handlers, globals, at, walkMs, walk };
}

/**
 * The run's legend, seeded with its dataset's indexes, each table's clustered index first, then by name
 * (mysql.innodb_index_stats; none on MySQL 5.5 or a schema of other engines): their colours then come
 * out the same in every run on the dataset, whatever else the pool holds (palette.ts), and the tables'
 * own rows take the palette's first picks.
 */
async function datasetLegend(p: PreparedRun): Promise<LruLegend> {
  const legend = new LruLegend();
  if (!p.walkLru || p.spec.poll === 'off') return legend;
  const indexes = (await quietly(() => readIndexPages(p.control, p.result.schema))) ?? [];
  const keys = indexes
    .map((i) => ({ table: `${p.result.schema}.${i.table}`, index: i.index }))
    .sort(
      (a, b) =>
        Number(!CLUSTERED.has(a.index)) - Number(!CLUSTERED.has(b.index)) ||
        byCodePoint(a.table, b.table) ||
        byCodePoint(a.index, b.index),
    );
  for (const k of keys) legend.ordinal(k.table, k.index);
  return legend;
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** InnoDB's names for a table's clustered index. */
const CLUSTERED = new Set(['PRIMARY', 'GEN_CLUST_INDEX']);

/** The poller's reader of INNODB_CACHED_INDEXES (MySQL 8), when the run polls. */
function cachedIndexReader(p: PreparedRun): CachedIndexReader | null {
  if (!p.poll || p.spec.poll === 'off') return null;
  if (p.identity.flavor === 'mariadb' || !versionAtLeast(p.identity, 8, 0, 0)) return null;
  return new CachedIndexReader(p.poll);
}

/** The live poller on its own connection, when the run polls. */
function livePoller(
  p: PreparedRun,
  before: Before,
  legend: LruLegend,
  clock: () => number,
  onSample: (sample: RunSample) => void,
  cachedReader: CachedIndexReader | null,
): LivePoller | null {
  if (!p.poll || p.spec.poll === 'off') return null;
  return new LivePoller({
    conn: p.poll,
    setting: p.spec.poll,
    oldMethod: p.oldMethod,
    bucketPages: p.bucketPages,
    walkLru: p.walkLru,
    expectedSnapshotMs: before.walkMs,
    legend,
    cachedIndexes: cachedReader !== null,
    ...(cachedReader ? { cachedReader } : {}),
    clock,
    onSample: (s) => onSample({ runId: p.runId, ...s }),
  });
}

/** A query that did not end well: interrupted, cancelled or failed, in words. */
function recordFailure(result: RunResult, failure: AppFailure, entry: ActiveRun, queryId: string): void {
  if (failure.error.code === 'CONNECTION_LOST') {
    result.state = 'interrupted';
    result.error = `The server closed the connection while ${queryId} ran (it stopped, restarted or killed the session): ${failure.error.message} What was captured before is kept. Check that the server is running (a sandbox: the Sandboxes screen, its log), then run the query again.`;
  } else if (entry.cancelled && failure.error.code === 'CANCELLED') {
    result.state = 'cancelled';
    result.error = `Cancelled after ${((result.elapsedMs ?? 0) / 1000).toFixed(1)} s: the query was stopped with KILL QUERY; what was captured is kept.`;
  } else {
    result.state = 'failed';
    // With its hint: what to do next is part of the error the result keeps.
    result.error = formatError(failure.error);
  }
}

/** After: each piece on its own, so a server that went away leaves the rest as captured. */
async function captureAfter(
  p: PreparedRun,
  before: Before,
  stages: StagePlan,
  poller: LivePoller | null,
  t0: number,
  tag: string,
): Promise<void> {
  const { result, exec, control } = p;
  await quietly(async () => {
    if (stages.source === 'show-profile') await exec.rows('SET SESSION profiling = 0');
    if (p.query.custom) await exec.rows('ROLLBACK');
  });
  const handlersAfter = await quietly(() => readSessionHandlers(exec));
  const globalsAfter = await quietly(() => readGlobalCounters(control));
  result.status = [
    ...statusDeltas(before.globals, globalsAfter, 'global'),
    ...statusDeltas(before.handlers, handlersAfter, 'session'),
  ];
  result.poolStats.after = await quietly(() => readPoolStats(control));
  if (p.walkLru) {
    // Laid out in the map's buckets when the run is watched: the last frame, after the query.
    const walked = await quietly(() =>
      walkLru(control, p.oldMethod, poller ? p.bucketPages : WHOLE_POOL_BUCKET),
    );
    const atMs = Math.round(performance.now() - t0);
    if (walked) result.lru.after = compositionOf(walked, atMs);
    if (walked && poller) poller.keep(walked, atMs, 'after', result.poolStats.after ?? undefined);
  }
  if (poller) result.samples = poller.samples();
  const pages = await quietly(() => readIndexPages(control, result.schema));
  if (pages && pages.length > 0) result.indexPages = pages;
  const profile = await readStages(stages, p, tag, quietly);
  if (profile) result.profile = profile;
}

/**
 * The plan that ran (read during the run) with the EXPLAIN taken after it beside it when that names
 * another plan, or the after-run EXPLAIN alone, marked so; then EXPLAIN ANALYZE (the query run again)
 * when the run asked for it. A lost connection keeps what was read during the run.
 */
async function captureExplain(
  p: PreparedRun,
  progress: (phase: string, message: string) => void,
  ranPlan: RunningPlan,
  lost: boolean,
): Promise<void> {
  const { result, exec } = p;
  const after = lost ? null : await quietly(() => explainQuery(exec, statementText(p.query.sql), p.identity));
  result.explain = recordedPlan(ranPlan, after, {
    schema: result.schema,
    lruAfter: result.lru.after,
    indexPages: result.indexPages,
    status: result.status,
  });
  if (!p.spec.explainAnalyze || result.state !== 'running' || !result.explain) return;
  progress('analyzing', 'running the query again under ANALYZE');
  const analyzed = await quietly(async () => {
    if (p.query.custom) await startReadOnly(exec);
    try {
      return await analyzeQuery(exec, p.identity, statementText(p.query.sql));
    } finally {
      if (p.query.custom) await exec.rows('ROLLBACK');
    }
  });
  if (analyzed) Object.assign(result.explain, analyzed);
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

async function quietly<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch {
    return null;
  }
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
