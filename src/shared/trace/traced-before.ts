/**
 * Which saved runs a traced run's replay replays before it: the runs on the same server since it last
 * started, before this one (a hot pass's cold pass, the hot runs between). At another pool size the
 * server would have lived them all in a pool of that size, so a curve point replays each traced one
 * and names each that no trace holds, with the pages the server read during it: how far the answer
 * can move (main/whatif/traced-run.ts). Wherever it is asked (the run view, the comparison's check and
 * curves, bench/trace.ts, bench/whatif-sizes.ts), one way to choose, so each replays the same pool.
 */
import type { RunResult } from '../runs/runs';

/**
 * How far two runs' estimates of their server's start may be apart and still name one start: the
 * estimate is the run's start less the server's Uptime (whole seconds) read a moment later, once its
 * connections are open, so it runs early by up to a second and that moment.
 */
export const SAME_START_MS = 2500;

const statusOf = (run: RunResult, name: string) =>
  run.status.find((s) => s.name.toLowerCase() === name && s.scope === 'global');

/** When the run's server started (ms since the epoch), from its Uptime; null in runs saved before bplab read it. */
export function serverStartedMs(run: RunResult): number | null {
  const uptime = statusOf(run, 'uptime');
  return uptime ? Date.parse(run.startedAt) - uptime.before * 1000 : null;
}

/**
 * Ran on the same server lifetime as `run`, before it: the same profile, an earlier start, the same
 * server start, and the server's request counter (which a restart sets back to zero) not gone back.
 */
function sameLifetimeBefore(run: RunResult, start: number, other: RunResult): boolean {
  if (other.runId === run.runId || other.profileId !== run.profileId) return false;
  if (!(other.startedAt < run.startedAt)) return false;
  const otherStart = serverStartedMs(other);
  if (otherStart === null || Math.abs(otherStart - start) > SAME_START_MS) return false;
  const after = statusOf(other, 'innodb_buffer_pool_read_requests')?.after;
  const before = statusOf(run, 'innodb_buffer_pool_read_requests')?.before;
  return after === undefined || before === undefined || after <= before;
}

/**
 * The runs that ran on `run`'s pool before it since its server started, oldest first, among `saved`
 * (the profile's saved runs), traced or not, complete or not: a run that was not traced still read
 * pages into the pool. Empty when the run does not say when its server started (saved before bplab
 * read Uptime).
 */
export function runsSinceStart(run: RunResult, saved: readonly RunResult[]): RunResult[] {
  const start = serverStartedMs(run);
  if (start === null) return [];
  return saved
    .filter((r) => sameLifetimeBefore(run, start, r))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

/** A run whose page trace a replay can read: traced and complete (its trace file is read later). */
export function replayable(run: RunResult): boolean {
  return run.pageTrace !== undefined && run.state === 'complete' && run.elapsedMs !== null;
}

/**
 * The pages the server read (Innodb_buffer_pool_reads, global) between two runs, outside both: what
 * another client, a run not saved or bplab's own statements between the runs (an EXPLAIN's index
 * dives) read. Null when either run did not record the counter.
 */
export function readsBetween(earlier: RunResult, later: RunResult): number | null {
  const end = statusOf(earlier, 'innodb_buffer_pool_reads')?.after;
  const begin = statusOf(later, 'innodb_buffer_pool_reads')?.before;
  return end === undefined || begin === undefined ? null : Math.max(0, begin - end);
}

/** The pages a run read into the pool, read-ahead included (Innodb_pages_read, else reads + read-ahead). */
export function pagesReadBy(run: RunResult): number | null {
  const delta = (name: string) => run.status.find((s) => s.name.toLowerCase() === name)?.delta;
  const all = delta('innodb_pages_read');
  if (all !== undefined) return all;
  const reads = delta('innodb_buffer_pool_reads');
  return reads === undefined ? null : reads + (delta('innodb_buffer_pool_read_ahead') ?? 0);
}
