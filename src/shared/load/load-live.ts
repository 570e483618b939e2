/**
 * A load's live view (issue 18, item 5): the pool's samples of a load travel as a run's ('runs/sample')
 * under a run id made from the load's task id, and its seconds ('load/second') become QPS and p99 points
 * on the seconds since the load began. Pure, shared by main (which names the samples) and the renderer.
 */
import type { LoadSecond } from './oltp-load';

/** The run id a load's pool samples carry: bplab load's and the mixed preset's alike. */
export const loadLiveRunId = (taskId: string): string => `load:${taskId}`;

export interface LoadSecondPoint {
  /** Seconds since the load's first step began, at the middle of the second. */
  t: number;
  qps: number;
  /** ms; null when no statement completed that second. */
  p99: number | null;
  clients: number;
  warmup: boolean;
}

/**
 * The seconds in arrival order laid end to end: each step's seconds restart at 0, so a new step (its
 * clients differ, or its `at` goes back) continues after the last point instead of drawing over it.
 */
export function loadSecondPoints(
  seconds: ReadonlyArray<{ clients: number; second: LoadSecond }>,
): LoadSecondPoint[] {
  const points: LoadSecondPoint[] = [];
  let offset = 0;
  let previous: { clients: number; at: number } | null = null;
  for (const { clients, second } of seconds) {
    if (previous && (clients !== previous.clients || second.at <= previous.at))
      offset = (points.at(-1)?.t ?? 0) + 0.5;
    points.push({
      t: offset + second.at + 0.5,
      qps: second.queries / Math.max(second.seconds, 1e-9),
      p99: second.latency?.p99 ?? null,
      clients,
      warmup: second.warmup,
    });
    previous = { clients, at: second.at };
  }
  return points;
}
