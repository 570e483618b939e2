/**
 * Whether the plan a run recorded is the plan that ran: the page requests it measured against what
 * the traced plan makes. A run whose EXPLAIN is not what ran is named with why, never replayed silently.
 */
import type { RunResult } from '../runs/runs';
import type { ExplainStep } from './plan-model';

/**
 * What the traced plan says about page requests: its page touches, the rows its full scans walk (MySQL
 * 8.0 counts about one Innodb_buffer_pool_read_requests per row a scan reads: 6.43 million for Q1.2's
 * lineorder scan at SF 1, 6.34 million rows read, traced as 0.92 million touches), and each table's rows.
 */
export interface PlanRequests {
  touches: number;
  scannedRows: number;
  tableRows: Record<string, number>;
}

/**
 * The factor beyond which measured page requests say another plan ran. The recorded plans that ran
 * measured 0.75 to 1.10 of their touches (MariaDB 10.11 and 11.4 count fewer, MySQL 8.0 up to a tenth
 * more; 13 queries at SF 1), and a full scan up to one request per row on top; Q1.2's recorded ref plan
 * made 20 times its touches.
 */
export const PLAN_MISMATCH_FACTOR = 2;

/** Below this many page requests on both sides no verdict is given (dictionary pages, a small run's noise). */
export const PLAN_CHECK_FLOOR = 1000;

/** Innodb_buffer_pool_read_requests' delta over the run; null when it was not recorded. */
export function measuredPageRequests(run: Pick<RunResult, 'status'>): number | null {
  const d = run.status.find((x) => x.name.toLowerCase() === 'innodb_buffer_pool_read_requests');
  return d ? d.delta : null;
}

/** Handler_read_rnd_next's delta over the run (the session's): the rows its full scans read; null when not recorded. */
export function measuredScanRows(run: Pick<RunResult, 'status'>): number | null {
  const d = run.status.find((x) => x.name.toLowerCase() === 'handler_read_rnd_next');
  return d ? d.delta : null;
}

/** The rows the recorded plan's full scans walk: each table read with access type ALL. */
export function scannedRowsOf(explain: ExplainStep[], tableRows: Record<string, number>): number {
  return explain.reduce((n, e) => n + (e.type.toLowerCase() === 'all' ? (tableRows[e.table] ?? 0) : 0), 0);
}

/** "1,234", "6.43 million": a count said in words. */
function amount(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)} million` : Math.round(n).toLocaleString('en-US');
}

/** "dim_date read in full, then lineorder by ref on LO_OrderDateKey". */
export function describePlan(explain: ExplainStep[]): string {
  return explain
    .map((e) => {
      const type = e.type.toLowerCase();
      if (type === 'all') return `${e.table} read in full`;
      return `${e.table} by ${type}${e.key ? ` on ${e.key}` : ''}`;
    })
    .join(', then ');
}

/**
 * Why the recorded plan is not the one that ran, in words, or null when the measured page requests
 * fit it: they fall between the traced touches ÷ PLAN_MISMATCH_FACTOR and (touches + the rows its full
 * scans walk) × PLAN_MISMATCH_FACTOR. Where a table the plan does not scan has about as many rows as
 * the run made requests, the words say that a full scan of it would make them.
 */
export function planMismatch(
  explain: ExplainStep[],
  plan: PlanRequests,
  measured: number | null,
  scanRows: number | null = null,
): string | null {
  const scans = scanMismatch(explain, plan, scanRows);
  if (scans) return scans;
  if (measured === null) return null;
  const low = plan.touches / PLAN_MISMATCH_FACTOR;
  const high = (plan.touches + plan.scannedRows) * PLAN_MISMATCH_FACTOR;
  if (Math.max(measured, plan.touches) < PLAN_CHECK_FLOOR) return null;
  if (measured >= low && measured <= high) return null;
  const expected =
    plan.scannedRows > 0
      ? `${amount(plan.touches)} to ${amount(plan.touches + plan.scannedRows)}`
      : `about ${amount(plan.touches)}`;
  const scanned = new Set(explain.filter((e) => e.type.toLowerCase() === 'all').map((e) => e.table));
  const scan = Object.entries(plan.tableRows)
    .filter(
      ([t, rows]) =>
        !scanned.has(t) && measured >= rows / PLAN_MISMATCH_FACTOR && measured <= rows * PLAN_MISMATCH_FACTOR,
    )
    .sort((a, b) => b[1] - a[1])[0];
  const asScan = scan ? `, as a full scan of ${scan[0]} would (${amount(scan[1])} rows)` : '';
  return (
    `EXPLAIN recorded ${describePlan(explain)}, which makes ${expected} page requests, but the run made ` +
    `${amount(measured)}${asScan}: the plan that ran is not the one recorded; simulated pages read for this run are not comparable`
  );
}

/**
 * A full scan the plan records that did not run: every row a scan reads counts one
 * Handler_read_rnd_next (a temporary table's rows count too, so only too few says anything). MySQL
 * 8.0 weighs the share of each index already in the pool, so the EXPLAIN taken after a cold run can
 * name the scan the cold run's pool made cheap, while the run itself walked dim_date and then
 * lineorder by ref (SF 0.1, Q1.1: 2,557 rows read by scans against lineorder's 600,000).
 */
function scanMismatch(explain: ExplainStep[], plan: PlanRequests, scanRows: number | null): string | null {
  if (scanRows === null || plan.scannedRows < PLAN_CHECK_FLOOR) return null;
  if (scanRows >= plan.scannedRows / PLAN_MISMATCH_FACTOR) return null;
  return (
    `EXPLAIN recorded ${describePlan(explain)}, whose full scans read ${amount(plan.scannedRows)} rows, but the ` +
    `run's scans read ${amount(scanRows)} (Handler_read_rnd_next): the plan that ran is not the one recorded; ` +
    `simulated pages read for this run are not comparable`
  );
}
