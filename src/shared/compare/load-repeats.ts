/**
 * A configuration's sweep repeated (the protocol's repeats, run ABBA so no setting always runs first on
 * a noisy machine) combined into one: each client count's median of the repeats, with the spread
 * between them kept, so a comparison says when the repeats differ by more than the difference it reports.
 */
import { hasLatency, type LoadResult, type LoadStep } from '../load/oltp-load';

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The steps of every repeat at one client count, in the repeats' order (a repeat without it is left out). */
function stepsAt(repeats: readonly LoadResult[], clients: number): LoadStep[] {
  return repeats.flatMap((r) => r.steps.filter((s) => s.clients === clients));
}

/**
 * The repeats as one result: per client count, the median QPS, TPS and latency percentiles of the
 * repeats that completed it (max: the largest), complete when every repeat completed it; otherwise the
 * first repeat's step as it ended. One repeat is returned as it is.
 */
export function combineRepeats(repeats: readonly LoadResult[]): LoadResult {
  const first = repeats[0]!;
  if (repeats.length === 1) return first;
  const clients = [...new Set(repeats.flatMap((r) => r.steps.map((s) => s.clients)))];
  const steps = clients.map((c) => {
    const all = stepsAt(repeats, c);
    const done = all.filter((s) => s.state === 'complete');
    if (done.length < repeats.length) return all.find((s) => s.state !== 'complete') ?? all[0]!;
    const mid = (pick: (s: LoadStep) => number) => median(done.map(pick));
    // Latencies from the repeats that measured some: a repeat without (its p99 "0") is no figure.
    const timed = done.filter(hasLatency);
    const lat = (pick: (s: LoadStep) => number) => (timed.length ? median(timed.map(pick)) : 0);
    const ceilings = done.flatMap((s) => (s.ceiling ? [s.ceiling] : []));
    return {
      ...done[0]!,
      ceiling:
        ceilings.length === done.length
          ? {
              ...ceilings[0]!,
              qps: median(ceilings.map((x) => x.qps)),
              p99: median(ceilings.map((x) => x.p99)),
            }
          : done[0]!.ceiling,
      qps: mid((s) => s.qps),
      tps: mid((s) => s.tps),
      p50: lat((s) => s.p50),
      p95: lat((s) => s.p95),
      p99: lat((s) => s.p99),
      max: Math.max(...done.map((s) => s.max)),
      counted: {
        ...done[0]!.counted,
        latency: timed.length
          ? { p50: lat((s) => s.p50), p95: lat((s) => s.p95), p99: lat((s) => s.p99), max: lat((s) => s.max) }
          : null,
      },
      errors: done.reduce((n, s) => n + s.errors, 0),
      reconnects: done.reduce((n, s) => n + s.reconnects, 0),
    };
  });
  return { ...first, finishedAt: repeats.at(-1)!.finishedAt, steps };
}

/** The lowest and highest QPS the completed repeats measured at a client count; null with fewer than two. */
export function repeatSpread(
  repeats: readonly LoadResult[],
  clients: number,
): { min: number; max: number } | null {
  const qps = stepsAt(repeats, clients)
    .filter((s) => s.state === 'complete')
    .map((s) => s.qps);
  return qps.length < 2 ? null : { min: Math.min(...qps), max: Math.max(...qps) };
}

/** How far apart the completed repeats were at a client count, in QPS (highest − lowest); 0 with fewer than two. */
export function spreadQps(repeats: readonly LoadResult[], clients: number): number {
  const spread = repeatSpread(repeats, clients);
  return spread ? spread.max - spread.min : 0;
}
