/**
 * The plan that ran against the plan EXPLAIN names after the run. bplab reads the running statement's
 * plan from the control connection (EXPLAIN FOR CONNECTION, SHOW EXPLAIN FOR); the EXPLAIN taken once
 * the statement ended may name another plan, because MySQL 8.0's cost model weighs how much of each
 * index the run left in the pool. Both are kept when they differ, and the difference is said in words.
 */
import { formatShare } from '../format';
import type { ExplainCapture, LruComposition, StatusDelta } from '../runs/runs';
import { describePlan, measuredScanRows, planMismatch, scannedRowsOf } from './plan-check';
import type { ExplainStep } from './plan-model';
import type { IndexPageCount } from '../runs/runs';

type ExplainRow = ExplainCapture['table'][number];

/** A field of an EXPLAIN row whatever case the server named it in ("Extra", "extra"). */
function field(row: ExplainRow, name: string): string | number | null {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(row)) if (k.toLowerCase() === wanted) return v ?? null;
  return null;
}

/** The saved EXPLAIN rows in the tracer's words: the one reading of a recorded plan's steps. */
export function explainStepsOf(table: ExplainCapture['table']): ExplainStep[] {
  return table.map((r) => {
    const key = field(r, 'key');
    const ref = field(r, 'ref');
    return {
      table: String(field(r, 'table') ?? ''),
      type: String(field(r, 'type') ?? ''),
      key: key === null ? null : String(key),
      ref: ref === null ? null : String(ref),
      extra: String(field(r, 'extra') ?? ''),
    };
  });
}

/** Two plans are the same when they read the same tables in the same order, each the same way (access type and index). */
export function samePlan(a: ExplainStep[], b: ExplainStep[]): boolean {
  const sig = (s: ExplainStep) => `${s.table}|${s.type.toLowerCase()}|${s.key ?? ''}`;
  return a.length === b.length && a.every((s, i) => sig(s) === sig(b[i]!));
}

/** What bplab knows of the pool after the run: the pages per index it held, and each index's size. */
export interface PoolAfterRun {
  schema: string;
  lruAfter: LruComposition | null;
  indexPages: IndexPageCount[] | undefined;
}

/** InnoDB's clustered index: the primary key, or the row id it makes for a table without one. */
const CLUSTERED = ['PRIMARY', 'GEN_CLUST_INDEX'];

/**
 * The share of `table`'s index `wanted` (null: its clustered index) the pool held (0..1), or null when
 * bplab read no pages per index.
 */
export function indexShareInPool(pool: PoolAfterRun, table: string, wanted: string | null): number | null {
  const size = pool.indexPages?.find(
    (p) => p.table === table && (wanted === null ? CLUSTERED.includes(p.index) : p.index === wanted),
  );
  if (!pool.lruAfter || !size?.sizePages) return null;
  const index = size.index;
  const pages = pool.lruAfter.indexes
    .filter((i) => i.index === index && (i.table === `${pool.schema}.${table}` || i.table === table))
    .reduce((n, i) => n + i.pages, 0);
  return Math.min(1, pages / size.sizePages);
}

/** "the lineorder scan", "dim_date by eq_ref on PRIMARY": one step, named. */
function stepWords(s: ExplainStep): string {
  const type = s.type.toLowerCase();
  if (type === 'all') return `the ${s.table} scan`;
  return `${s.table} by ${type}${s.key ? ` on ${s.key}` : ''}`;
}

/** The index a step reads: its key; null for a full scan (the clustered index) or a step with no index. */
function indexOf(s: ExplainStep): string | null {
  return s.type.toLowerCase() === 'all' ? null : s.key;
}

/**
 * The after-run plan in words beside the plan that ran, or null when they are the same plan: "After
 * this run the optimizer would choose the lineorder scan: the pool now holds 92.0% of lineorder
 * (EXPLAIN after the run: …; the plan that ran: …)". The step named is the first one the plan that ran
 * did not take; the pool's share is of the index that step reads, when bplab read the pool's pages.
 */
export function afterRunWords(ran: ExplainStep[], after: ExplainStep[], pool: PoolAfterRun): string | null {
  if (ran.length === 0 || after.length === 0 || samePlan(ran, after)) return null;
  const taken = new Set(ran.map((s) => `${s.table}|${s.type.toLowerCase()}|${s.key ?? ''}`));
  const changed =
    after.find((s) => !taken.has(`${s.table}|${s.type.toLowerCase()}|${s.key ?? ''}`)) ?? after[0]!;
  const index = indexOf(changed);
  const scan = changed.type.toLowerCase() === 'all';
  const share = scan || index !== null ? indexShareInPool(pool, changed.table, index) : null;
  const of = scan ? changed.table : `${changed.table}’s index ${index}`;
  const poolWords = share === null ? '' : `: the pool now holds ${formatShare(share)} of ${of}`;
  return (
    `After this run the optimizer would choose ${stepWords(changed)}${poolWords} ` +
    `(EXPLAIN after the run: ${describePlan(after)}; the plan that ran: ${describePlan(ran)}).`
  );
}

/**
 * plan-check's verdict on a plan read after the run, from the run's own counters: a full scan the plan
 * names whose rows the run's scans did not read (Handler_read_rnd_next) did not run. The table's rows
 * are EXPLAIN's own estimate for its scan. Null when the counters fit the plan.
 */
export function afterRunVerdict(table: ExplainCapture['table'], status: StatusDelta[]): string | null {
  const steps = explainStepsOf(table);
  const tableRows: Record<string, number> = {};
  for (const r of table) {
    const rows = Number(field(r, 'rows'));
    const name = String(field(r, 'table') ?? '');
    if (String(field(r, 'type') ?? '').toLowerCase() === 'all' && Number.isFinite(rows))
      tableRows[name] = rows;
  }
  const requests = { touches: 0, scannedRows: scannedRowsOf(steps, tableRows), tableRows };
  return planMismatch(steps, requests, null, measuredScanRows({ status }));
}

/** Where a recorded plan came from, in words for the result view and the CLI. */
export function planSourceWords(explain: ExplainCapture): string {
  if (explain.source === 'during-run')
    return 'The plan that ran: read from the control connection while the statement ran.';
  const why = explain.sourceNote ? ` ${explain.sourceNote}` : '';
  if (explain.source === 'after-run') {
    const verdict = explain.planCheck
      ? ` ${explain.planCheck}.`
      : ' Nothing in the run’s counters says another plan ran (Handler_read_rnd_next).';
    return `Read after the run.${why}${verdict}`;
  }
  return 'Read after the run (saved before bplab read plans during the run).';
}

/** The plan read while the statement ran, or why it could not be, in words. */
export type RunningPlan = { table: ExplainCapture['table']; json: unknown } | { unavailable: string };

/**
 * The run's recorded plan: the one read during the run when there is one (with the after-run EXPLAIN
 * beside it when that names another plan), else the after-run EXPLAIN marked as such, with why and
 * plan-check's verdict. Null when neither could be read.
 */
export function recordedPlan(
  during: RunningPlan,
  after: ExplainCapture | null,
  run: PoolAfterRun & { status: StatusDelta[] },
): ExplainCapture | null {
  if ('table' in during) {
    const ran: ExplainCapture = { table: during.table, json: during.json, source: 'during-run' };
    const words = after && afterRunWords(explainStepsOf(during.table), explainStepsOf(after.table), run);
    if (after && words) {
      ran.afterRun = { table: after.table, json: after.json };
      ran.afterRunNote = words;
    } else if (after && during.json === null && after.json !== null) {
      // The statement ended before its JSON could be read too: the after-run JSON is of the same plan.
      ran.json = after.json;
      ran.jsonAfterRun = true;
    }
    return ran;
  }
  if (!after) return null;
  const verdict = afterRunVerdict(after.table, run.status);
  return {
    ...after,
    source: 'after-run',
    sourceNote: during.unavailable,
    ...(verdict && { planCheck: verdict }),
  };
}
