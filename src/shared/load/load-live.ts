/**
 * A load's live view (issue 18, item 5): the pool's samples of a load travel as a run's ('runs/sample')
 * under a run id made from the load's task id, and its seconds ('load/second') become QPS and p99 points
 * on the seconds since the load began. Pure, shared by main (which names the samples) and the renderer.
 */
import { formatCount } from '../format';
import { hasLatency, type LoadResult, type LoadSecond, type LoadStep } from './oltp-load';

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

/** The large figures over a load's chart: the figure, and what it is a figure of. */
export interface LoadFigures {
  qps: number | null;
  /** ms; null when there is none (no second yet, or a step without latencies). */
  p99: number | null;
  /** "last second, 4 clients (live)", "step of 4 clients, whole step (10 s)". */
  label: string;
}

/**
 * What the large QPS and p99 show: while the load runs, its last second, labelled as a live sample;
 * after, the last step's result over the whole step (what its row in the steps table says), not the
 * last one-second sample (issue 41: 32,225 QPS shown beside a step of 26,785).
 */
export function loadFigures(
  points: readonly LoadSecondPoint[],
  steps: readonly Pick<LoadStep, 'clients' | 'state' | 'qps' | 'p99' | 'counted'>[],
  running: boolean,
): LoadFigures {
  const last = points.at(-1);
  const step = steps.at(-1);
  if (running || !step) {
    if (!last) return { qps: null, p99: null, label: running ? 'no second measured yet' : '' };
    return {
      qps: last.qps,
      p99: last.p99,
      label: `last second, ${formatCount(last.clients)} client${last.clients === 1 ? '' : 's'}${last.warmup ? ' (warm-up)' : ''}${running ? ' (live)' : ''}`,
    };
  }
  const over = `${Math.round(step.counted.seconds)} s`;
  const state = step.state === 'complete' ? 'whole step' : `${step.state}, over the ${over} measured`;
  return {
    qps: step.qps,
    p99: hasLatency(step) ? step.p99 : null,
    label: `step of ${formatCount(step.clients)} client${step.clients === 1 ? '' : 's'}, ${step.state === 'complete' ? `${state} (${over})` : state}`,
  };
}

/**
 * How a load ended, counting only the steps measured in full: "Complete: 3 of 3 steps measured.",
 * "Cancelled: 1 of 2 steps measured in full; the step of 4 clients was cancelled after 3 s (its
 * seconds are kept)." (issue 41: "2 of 2 steps measured" beside a step marked cancelled).
 */
export function loadStepsWords(load: Pick<LoadResult, 'state' | 'steps' | 'spec'>): string {
  const n = load.spec.clients.length;
  const full = load.steps.filter((s) => s.state === 'complete').length;
  const state = load.state.charAt(0).toUpperCase() + load.state.slice(1);
  const cut = load.steps.filter((s) => s.state !== 'complete');
  if (cut.length === 0) return `${state}: ${full} of ${n} step${n === 1 ? '' : 's'} measured.`;
  const parts = cut.map(
    (s) =>
      `the step of ${formatCount(s.clients)} client${s.clients === 1 ? '' : 's'} was ${s.state} after ${Math.round(s.counted.seconds)} s`,
  );
  const notRun = n - load.steps.length;
  return `${state}: ${full} of ${n} step${n === 1 ? '' : 's'} measured in full; ${parts.join('; ')} (its seconds are kept)${notRun > 0 ? `; ${notRun} not run` : ''}.`;
}
