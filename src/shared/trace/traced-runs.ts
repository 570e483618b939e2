/**
 * A traced run as the user meets it: whether the "Trace pages" option can be ticked (and why not, in
 * the capability report's words), what tracing cost the run (against an untraced run of the same
 * query at the same pool size, never a guessed figure), and why a comparison's timings leave it out.
 * Pure, so the Queries screen, the run view, the CLI and the comparison say it the same way.
 */
import type { Capability } from '../models';
import { formatCount, formatMs, formatRatio, formatTimestamp } from '../format';
import { isTracedRun, type PageTraceSummary } from '../runs/page-trace';
import type { RunResult } from '../runs/runs';

/** The capability report's line for the page trace (pagetrace/capability.ts). */
export const PAGE_TRACE_CAPABILITY = 'page-trace';

export interface PageTraceOption {
  available: boolean;
  /** Why it cannot be ticked, in words; empty when it can. */
  reason: string;
}

/**
 * The "Trace pages" option from the server's capabilities: null while they are not read, and a
 * report without the line (a bplab that cannot trace) says so rather than leaving the box live.
 */
export function pageTraceOption(capabilities: readonly Capability[] | null): PageTraceOption | null {
  if (capabilities === null) return null;
  const line = capabilities.find((c) => c.id === PAGE_TRACE_CAPABILITY);
  if (!line) return { available: false, reason: 'this bplab cannot trace pages (it has no page tracer)' };
  if (line.status === 'yes') return { available: true, reason: '' };
  return { available: false, reason: line.detail.replace(/^page trace: unavailable: /, '') };
}

/**
 * A "trace" box (a run's "Trace pages", a load's "Trace one client"): live only where the server can
 * be traced; otherwise off, with why in words beside it (the capability report's reason), or that the
 * capabilities are still being read. `note`: what ticking it does, where it is live.
 */
export function traceControl(
  option: PageTraceOption | null,
  note: string,
): { disabled: boolean; note: string } {
  if (option === null) return { disabled: true, note: 'checking whether this server can be traced…' };
  if (!option.available) return { disabled: true, note: `unavailable: ${option.reason}` };
  return { disabled: false, note };
}

/** The untraced run a traced run's time is set against (kept on the traced run's pageTrace). */
export type UntracedReference = NonNullable<PageTraceSummary['untraced']>;

const counter = (run: RunResult, name: string): number | null =>
  run.status.find((s) => s.name.toLowerCase() === name)?.delta ?? null;

/**
 * Hot when the run read under 1% of its page requests from disk (read-ahead counted): a traced hot run is set only against
 * an untraced hot one (a cold run's time is mostly reads, which tracing does not slow).
 */
export function foundItsPages(run: RunResult): boolean | null {
  const reads = counter(run, 'innodb_buffer_pool_reads');
  const ahead = counter(run, 'innodb_buffer_pool_read_ahead') ?? 0;
  const requests = counter(run, 'innodb_buffer_pool_read_requests');
  if (reads === null || requests === null || requests === 0) return null;
  return reads + ahead < 0.01 * requests;
}

/**
 * The untraced run a traced run's time is set against: of the complete untraced runs of the same
 * query, variant, schema and server at the same pool size, the latest that found its pages in the
 * pool as the traced one did, else the latest (its reads are then kept, and the words say they differ).
 */
export function untracedTwin(traced: RunResult, candidates: readonly RunResult[]): RunResult | null {
  const hot = foundItsPages(traced);
  const twins = candidates.filter(
    (r) =>
      r.runId !== traced.runId &&
      !isTracedRun(r) &&
      r.state === 'complete' &&
      r.elapsedMs !== null &&
      r.profileId === traced.profileId &&
      r.queryId === traced.queryId &&
      r.variant === traced.variant &&
      r.schema === traced.schema &&
      r.server.version === traced.server.version &&
      r.server.bufferPoolSizeBytes === traced.server.bufferPoolSizeBytes,
  );
  twins.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  return twins.find((r) => foundItsPages(r) === hot) ?? twins[0] ?? null;
}

const diskReads = (run: RunResult): number | null => {
  const reads = counter(run, 'innodb_buffer_pool_reads');
  return reads === null ? null : reads + (counter(run, 'innodb_buffer_pool_read_ahead') ?? 0);
};

/** The reference a traced run keeps: the twin's id, start and time. */
export function untracedReference(twin: RunResult, traced: RunResult): UntracedReference {
  const alike = foundItsPages(twin) === foundItsPages(traced);
  const reads = diskReads(twin);
  return {
    runId: twin.runId,
    startedAt: twin.startedAt,
    elapsedMs: twin.elapsedMs ?? 0,
    ...(alike || reads === null ? {} : { pagesRead: reads }),
  };
}

/**
 * What tracing cost the run, in words; null for an untraced run. Measured against the untraced
 * twin it recorded, or said not measured.
 */
export function slowdownWords(run: RunResult): string | null {
  if (!run.pageTrace) return null;
  const ref = run.pageTrace.untraced;
  if (!ref || run.elapsedMs === null || ref.elapsedMs <= 0) {
    const hot = foundItsPages(run);
    const kind = hot === null ? '' : hot ? 'hot ' : 'cold ';
    return `Traced: slowdown not measured: no untraced ${kind}run of this query at this pool size (run it once without "Trace pages" first).`;
  }
  const ratio = `Traced: ${formatRatio(run.elapsedMs / ref.elapsedMs)} the time of the untraced run of ${formatTimestamp(ref.startedAt)} (${formatMs(run.elapsedMs)} against ${formatMs(ref.elapsedMs)})`;
  if (ref.pagesRead === undefined) return `${ratio}: the probes' cost.`;
  return `${ratio}, but not a like run: it read ${formatCount(ref.pagesRead)} pages into the pool and this one ${formatCount(diskReads(run) ?? 0)}, so the ratio is not the probes' cost alone.`;
}

/** Why a comparison's timings leave traced runs out; null when it holds none. */
export function tracedLeftOutWords(traced: number): string | null {
  if (traced === 0) return null;
  return `${traced} traced run${traced === 1 ? '' : 's'} left out of timings: tracing slows a run (page counts still use ${traced === 1 ? 'it' : 'them'}).`;
}
