/**
 * A traced run's page trace, as the run keeps it: what bpftrace saw of the run's own thread (probes on
 * the server's page-request functions), checked against the server's own request counter. A traced
 * run is slowed by its probes, so no timing comparison may use it (isTracedRun).
 */

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

/** A traced run's progress phase while its records are read from bpftrace: a live count, which the CLI prints less often. */
export const TRACE_READING_PHASE = 'reading-trace';
