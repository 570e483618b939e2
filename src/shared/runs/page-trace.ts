/**
 * A traced run's page trace, as the run keeps it: what bpftrace saw of the run's own thread (probes on
 * the server's page-request functions), checked against the server's own request counter. A traced
 * run is slowed by its probes, so no timing comparison may use it (isTracedRun).
 */
import { formatCount } from '../format';

export interface PageTraceProbeCalls {
  /** The function probed, as its source names it. */
  name: string;
  calls: number;
  /** Requests the server counts per call (MySQL 8.0 counts an adaptive-hash hit twice). */
  serverCounts: number;
}

export interface PageTraceSummary {
  /** The trace's file beside the run (runs/<runId>.pagetrace). */
  file: string;
  /** Page requests traced (folded records' counts summed). */
  requests: number;
  /** Records after folding consecutive requests of one page. */
  records: number;
  probes: PageTraceProbeCalls[];
  /** Records the trace lost (more than bpftrace's maps hold): the trace is then incomplete. */
  lost: number;
  /**
   * Innodb_buffer_pool_read_requests' delta over the traced window (from bpftrace attached to the
   * statement's end), read on the run's connection: the run's own delta also spans its captures.
   */
  serverRequests?: number;
  /**
   * The pool's pages when the run started, tail first (runs/<runId>.pagepool, pagetrace/pool-start.ts):
   * what its replay starts from. Absent on runs traced before it was kept.
   */
  poolAtStart?: { file: string; pages: number };
  /**
   * The trace set against the server's counter over the same window (pagetrace/run-tracer.ts): every
   * thread's requests traced, as the server counts them, by whose they were. Absent on runs traced on
   * their own thread alone.
   */
  check?: TraceCheckCounts;
  /**
   * Why the trace holds less than the run asked of the pool, in words (its bpftrace ended mid-run: the
   * signal and when): the run's own measurements stand, its page trace does not.
   */
  incomplete?: string;
  /**
   * The untraced run of the same query at the same pool size (as warm when there is one) that this
   * run's time is set against (traced-runs.ts): absent when there was none, so the slowdown is said
   * not measured.
   */
  untraced?: {
    runId: string;
    startedAt: string;
    elapsedMs: number;
    /** Its pages read from disk, kept when it did not find its pages in the pool as this run did. */
    pagesRead?: number;
  };
}

/** Whether a run was traced: its time includes the probes' cost, so no timing comparison uses it. */
export function isTracedRun(run: { pageTrace?: PageTraceSummary | undefined }): boolean {
  return run.pageTrace !== undefined;
}

/** The requests the server would count for the traced calls: each call times what the server counts for it. */
export function serverCountedRequests(summary: Pick<PageTraceSummary, 'probes'>): number {
  return summary.probes.reduce((n, p) => n + p.calls * p.serverCounts, 0);
}

export interface RequestCheck {
  traced: number;
  measured: number;
  /** |traced − measured| / measured. */
  relError: number;
  within1pct: boolean;
  /** What the difference is, in words. */
  remainder: string;
}

/**
 * The traced requests (with the server's own double count) against the run's
 * Innodb_buffer_pool_read_requests delta: the counter is global, so other threads' requests during
 * the run (purge, the statistics thread, bplab's own reads between its snapshots) are in it and not
 * in the trace.
 */
export function checkRequests(summary: Pick<PageTraceSummary, 'probes'>, measured: number): RequestCheck {
  const traced = serverCountedRequests(summary);
  const diff = measured - traced;
  const relError = measured > 0 ? Math.abs(diff) / measured : traced > 0 ? 1 : 0;
  const remainder =
    diff === 0
      ? 'none: every request the server counted was traced'
      : diff > 0
        ? `${diff} request(s) the server counted that the run's own thread did not make: other threads' during the run (purge, statistics, bplab's own reads of the pool)`
        : `${-diff} traced request(s) the server did not count: a call that fails before the server counts it (a refused latch in buf_page_try_get, a failed optimistic get)`;
  return { traced, measured, relError, within1pct: relError <= 0.01, remainder };
}

/** A trace's requests over a window, as the server counts them, by whose they were. */
export interface TraceCheckCounts {
  /** Innodb_buffer_pool_read_requests' delta over the window. */
  serverRequests: number;
  /** The run's own thread (or a load's clients). */
  run: number;
  /** bplab's own connections: its live poller, its control connection. */
  bplab: number;
  /** Every other thread of the server: purge, the statistics thread, the page cleaner's reads. */
  server: number;
  windowMs: number;
}

/** The trace's check: every thread's traced requests against the server's count, within 1%. */
export interface TraceCheck {
  traced: number;
  measured: number;
  relError: number;
  within1pct: boolean;
  /** One line: the figures, the error, and whose requests they were. */
  words: string;
}

/**
 * A traced run's (or a load step's) check, in figures and words, or null when the trace kept none
 * (traced before bplab traced every thread, or incomplete). `own`, `bplab`: how the traced threads and
 * bplab's own connections are named.
 */
export function traceCheck(
  c: TraceCheckCounts,
  own = "the run's own thread",
  bplab = "bplab's own reads (its poller and control connection)",
): TraceCheck {
  const traced = c.run + c.bplab + c.server;
  const measured = c.serverRequests;
  const relError = measured > 0 ? Math.abs(traced - measured) / measured : traced > 0 ? 1 : 0;
  const pct = measured > 0 ? ((traced - measured) / measured) * 100 : 0;
  const signed = `${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(2)}%`;
  const parts = [
    `${own} ${formatCount(c.run)}`,
    `${bplab} ${formatCount(c.bplab)}`,
    `the server's own threads ${formatCount(c.server)}`,
  ];
  return {
    traced,
    measured,
    relError,
    within1pct: relError <= 0.01,
    words: `${formatCount(traced)} page requests traced, as the server counts them, against its ${formatCount(measured)} over the same ${(c.windowMs / 1000).toFixed(1)} s (${signed}${relError <= 0.01 ? ', within 1%' : ', NOT within 1%'}): ${parts.join(', ')}`,
  };
}

/**
 * What a run's trace says of itself, for the CLI's summary and the run view: its check, or that it
 * is incomplete and why, or the older check of the run's thread alone. Empty for an untraced run.
 */
export function traceCheckLines(summary: PageTraceSummary | undefined): string[] {
  if (!summary) return [];
  if (summary.incomplete)
    return [
      `trace incomplete: ${summary.incomplete}; the run's measurements are kept, its page trace holds nothing to replay (bpftrace keeps its records until it ends)`,
    ];
  if (summary.check) return [`trace check: ${traceCheck(summary.check).words}`];
  if (summary.serverRequests === undefined) return [];
  const c = checkRequests(summary, summary.serverRequests);
  return [
    `trace check: ${formatCount(c.traced)} page requests of the run's own thread against the server's ${formatCount(c.measured)} (${(c.relError * 100).toFixed(2)}% apart): ${c.remainder}`,
  ];
}

/** A traced run's progress phase while its records are read from bpftrace: a live count, which the CLI prints less often. */
export const TRACE_READING_PHASE = 'reading-trace';
