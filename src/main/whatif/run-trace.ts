/**
 * A saved run turned into what the simulator replays: its plan traced over the dataset's rows and pages,
 * the settings it ran with, and whether it ran on a cold pool or after the same query (a hot run).
 * Everything missing from the run is said in words.
 */
import type { RunResult } from '../../shared/runs/runs';
import type { ExplainStep, TableRows } from '../../shared/whatif/plan-model';
import { explainStepsOf } from '../../shared/whatif/plan-source';
import { tracePlan } from '../../shared/whatif/plan-trace';
import {
  measuredPageRequests,
  measuredScanRows,
  planMismatch,
  scannedRowsOf,
  type PlanRequests,
} from '../../shared/whatif/plan-check';
import type { SimulatorSettings } from '../../shared/whatif/pool-model';
import { cleanerBatchesOfRun, cleanerBatchWords } from '../../shared/whatif/mysql-cleaner';
import { settingsOfRun, type ReplayStep } from '../../shared/whatif/replay';
import type { PageLayout, PageTrace, StartPool } from '../../shared/whatif/trace';
import type { ServerStartPages } from '../../shared/whatif/mysql-start';
import type { Lifetime } from '../../shared/whatif/what-if';
import { queryRows } from './dataset-rows';

export interface RunReplay {
  layout: PageLayout;
  trace: PageTrace;
  settings: SimulatorSettings;
  /** The run's own steps: a warm-up pass first when the run found its pages already in the pool. */
  steps: ReplayStep[];
  hot: boolean;
  /**
   * What the pool held before the first step: a count of pages no trace touches (a cold run's own
   * tables, undo), which sit at the tail and go first, or a traced run's pages themselves (StartPool).
   */
  foreignPages: number | StartPool;
  assumptions: string[];
  /** Why the plan the run recorded is not the one that ran (plan-check.ts), or null when its page requests fit it. */
  planMismatch: string | null;
  /** What other pool sizes replay, when not `steps` from `foreignPages` (a traced run after others since its server's start). */
  lifetime?: Lifetime;
  /** A MySQL server's start-up pages, when other sizes replay from the pool after its start (mysql-start.ts). */
  startup?: ServerStartPages | null;
}

/** The EXPLAIN rows a run saved, in the tracer's words. */
export function explainSteps(run: RunResult): ExplainStep[] {
  return explainStepsOf(run.explain?.table ?? []);
}

/**
 * Hot when a tenth of the pool's blocks held this dataset's pages before the run (a cold run after a
 * restart finds none; a MariaDB pool its page cleaner keeps short still holds a tenth).
 */
function foundWarm(run: RunResult): boolean {
  const before = run.lru.before;
  if (!before) return false;
  const own = before.indexes
    .filter((i) => i.table.startsWith(`${run.schema}.`))
    .reduce((n, i) => n + i.pages, 0);
  const blocks = run.poolStats.before.reduce((n, p) => n + p.freeBuffers + p.databasePages, 0);
  return own >= 0.1 * blocks;
}

/** The rows a query walks, kept by query, SQL and dataset: a bench replays many runs of the same queries. */
export type RowsCache = Map<string, Promise<Record<string, TableRows>>>;

/** What a run's plan touches, traced over its dataset's rows: the costly part, the same for runs of one plan on one dataset. */
export interface TracedRun {
  layout: PageLayout;
  trace: PageTrace;
  assumptions: string[];
  /** What the traced plan says about page requests, to check the run's measured ones against. */
  requests: PlanRequests;
}

/**
 * What makes two runs' traces the same (the query, its SQL and plan, the dataset and its pages per
 * index): runs of one key share one trace (replayRuns keeps it), so a comparison's cold and hot runs of
 * a query are traced once.
 */
export function traceKey(run: RunResult): string {
  const ds = run.dataset;
  return JSON.stringify([
    run.queryId,
    run.sql,
    ds && [ds.schema, ds.sf, ds.seed ?? 1, ds.generatorMode ?? null],
    explainSteps(run),
    run.indexPages ?? [],
  ]);
}

/** The run's plan traced over its dataset, or why it cannot be, in words. */
export async function traceRun(run: RunResult, cache?: RowsCache): Promise<TracedRun | { error: string }> {
  if (run.state !== 'complete' || run.elapsedMs === null)
    return { error: `the run did not complete (${run.state}): there is nothing to replay` };
  const ds = run.dataset;
  if (!ds || ds.sf === null || ds.source !== 'generated')
    return { error: "the run's dataset was not made by bplab's generator, so its rows cannot be derived" };
  if (ds.engine && ds.engine !== 'InnoDB') return { error: `the run's dataset is ${ds.engine}, not InnoDB` };
  if (!run.indexPages || run.indexPages.length === 0)
    return {
      error:
        'the run holds no page counts per index: it was saved before bplab recorded them (run the query again), or its server keeps no persistent index statistics (MySQL 5.5 has no mysql.innodb_index_stats)',
    };
  const explain = explainSteps(run);
  if (explain.length === 0) return { error: 'the run holds no EXPLAIN' };
  let rows;
  try {
    const opts = {
      sf: ds.sf,
      seed: ds.seed ?? 1,
      ...(ds.generatorMode === 'spec' ? { mode: 'spec' as const } : {}),
    };
    const key = `${run.queryId}|${run.sql}|${opts.sf}|${opts.seed}|${ds.generatorMode ?? ''}`;
    let pending = cache?.get(key);
    if (!pending) {
      pending = queryRows(run.queryId, run.sql, opts);
      cache?.set(key, pending);
    }
    rows = await pending;
  } catch (e) {
    return { error: `the query's rows cannot be derived: ${(e as Error).message}` };
  }
  const traced = tracePlan(explain, rows, run.indexPages);
  if (!traced.ok) return { error: `the plan cannot be traced: ${traced.reason}` };
  const trace = traced.builder.build();
  const tableRows = Object.fromEntries(Object.entries(rows).map(([t, r]) => [t, r.rows]));
  return {
    layout: traced.layout,
    trace,
    assumptions: traced.assumptions,
    requests: { touches: trace.length, scannedRows: scannedRowsOf(explain, tableRows), tableRows },
  };
}

/** The run replayable: its trace (traced here unless given: a trace of the same key), settings and steps. */
export async function runReplay(
  run: RunResult,
  traced?: TracedRun | { error: string },
): Promise<RunReplay | { error: string }> {
  // Its own state first: a trace of the same key may come from another run that completed.
  if (run.state !== 'complete' || run.elapsedMs === null)
    return { error: `the run did not complete (${run.state}): there is nothing to replay` };
  const got = traced ?? (await traceRun(run));
  if ('error' in got) return got;
  const ds = run.dataset;
  const trace = got.trace;
  const hot = foundWarm(run);
  // MySQL's cleaner batches the run's snapshots caused; the warm-up pass is taken to have had the same.
  const cleanerBatchesMs = cleanerBatchesOfRun(run);
  const assumptions = [...got.assumptions, "the touches are spread evenly over the run's measured time"];
  const batchWords = cleanerBatchWords(run);
  if (batchWords) assumptions.push(batchWords);
  if (ds?.seed === undefined) assumptions.push('the dataset seed is taken as 1 (the run did not record it)');
  if (hot)
    assumptions.push('the run found its pages in the pool: it is replayed after one pass of the same query');
  const steps: ReplayStep[] = hot
    ? [
        { trace, elapsedMs: run.elapsedMs, cleanerBatchesMs },
        { trace, elapsedMs: run.elapsedMs, gapMs: 1000, cleanerBatchesMs },
      ]
    : [{ trace, elapsedMs: run.elapsedMs, cleanerBatchesMs }];
  const foreignPages = hot ? 0 : run.poolStats.before.reduce((n, p) => n + p.databasePages, 0);
  return {
    layout: got.layout,
    trace,
    settings: settingsOfRun(run),
    steps,
    hot,
    foreignPages,
    assumptions,
    planMismatch: planMismatch(
      explainSteps(run),
      got.requests,
      measuredPageRequests(run),
      measuredScanRows(run),
    ),
  };
}
