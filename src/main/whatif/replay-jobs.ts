/**
 * A replay job's work, the same wherever it runs: in the simulator's worker thread (replay-worker.ts),
 * which keeps one TraceCache between jobs so a check then curves of the same runs trace once.
 */
import type { RunWhatIf, WhatIfAnswer, WhatIfComparison } from '../../shared/whatif/answers';
import { whatIfReport } from '../../shared/whatif/what-if';
import type { ReplayJob } from './replay-protocol';
import { calibrateRuns, realReplay, sideCurves, type ReplayProgress, type TraceCache } from './replay-runs';
import { runReplay } from './run-trace';

export async function answerJob(
  job: ReplayJob,
  cache: TraceCache,
  progress: ReplayProgress,
): Promise<WhatIfAnswer> {
  if (job.kind === 'run') {
    progress('deriving the rows its plan walks and tracing its page touches', 0);
    const replay = await runReplay(job.run, await cache.get(job.run));
    // The reason alone: the screen and the CLI each put it in their sentence.
    const derived: RunWhatIf =
      'error' in replay
        ? { unavailable: replay.error }
        : { report: whatIfReport(job.run, replay, job.options) };
    if (!job.run.pageTrace) return derived;
    if (!job.traceFiles)
      return {
        ...derived,
        real: {
          unavailable:
            "the run's server is not a bplab sandbox on this machine now, so its data files cannot be read",
        },
      };
    progress("replaying the server's own page trace, on the same pool sizes", 0.5);
    const real = await realReplay(job.run, job.traceFiles);
    if ('error' in real) return { ...derived, real: { unavailable: real.error } };
    // The derived replay's sizes, the run's own among them: the two curves share one axis.
    const points = 'report' in derived ? derived.report.curves[0]?.points : undefined;
    const poolPages = points && points.length > 1 ? points.map((p) => p.poolPages) : undefined;
    return {
      ...derived,
      real: { report: whatIfReport(job.run, real, { ...job.options, ...(poolPages ? { poolPages } : {}) }) },
    };
  }
  const out: WhatIfComparison = { calibration: null, sides: [] };
  // The check and the curves as halves of the whole, when both are asked.
  const parts = (job.check ? 1 : 0) + (job.curves ? 1 : 0);
  const part =
    (at: number): ReplayProgress =>
    (message, fraction) =>
      progress(message, fraction === null ? null : (at + fraction) / parts);
  const files = job.traceFiles ?? {};
  if (job.check) out.calibration = await calibrateRuns(job.check, cache, part(0), files);
  if (job.curves) {
    const { sides, options } = job.curves;
    const at = job.check ? 1 : 0;
    for (const [i, s] of sides.entries()) {
      const c = await sideCurves(
        s.side,
        s.runs,
        options,
        cache,
        (message, fraction) => part(at)(message, fraction === null ? null : (i + fraction) / sides.length),
        files,
      );
      out.sides.push('unavailable' in c ? { side: s.side, unavailable: c.unavailable } : c);
    }
  }
  return out;
}
