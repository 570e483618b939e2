/**
 * Which saved runs a traced run's replay starts from: the runs on the same server since it last
 * started, before this one, when every one of them was traced. A hot pass's real replay then begins
 * from the pool its cold pass left (main/whatif/traced-run.ts), wherever it is asked: the run view, the
 * comparison's check and curves, bench/trace.ts. One way to choose, so each replays the same pool.
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
 * The traced runs that ran on `run`'s pool before it since its server started, oldest first, among
 * `saved` (the profile's saved runs). None when any run of that stretch was not traced or did not
 * complete: its requests are in no trace, so a replay of the others would start from a pool the server
 * never had; the replay then falls back to the run's own warm pass (tracedRunReplay).
 */
export function tracedRunsBefore(run: RunResult, saved: readonly RunResult[]): RunResult[] {
  const start = serverStartedMs(run);
  if (start === null) return [];
  const since = saved
    .filter((r) => sameLifetimeBefore(run, start, r))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  if (since.some((r) => !r.pageTrace || r.state !== 'complete' || r.elapsedMs === null)) return [];
  return since;
}
