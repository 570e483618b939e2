/**
 * A replay job's work, the same wherever it runs: in the simulator's worker thread (replay-worker.ts),
 * which keeps one TraceCache between jobs so a check then curves of the same runs trace once.
 */
import type { WhatIfAnswer, WhatIfComparison } from '../../shared/whatif-answers';
import { whatIfReport } from '../../shared/whatif/what-if';
import type { ReplayJob } from './replay-protocol';
import { calibrateRuns, sideCurves, type ReplayProgress, type TraceCache } from './replay-runs';
import { runReplay } from './run-trace';
import { tracedRunReplay } from './traced-run';

export async function answerJob(
  job: ReplayJob,
  cache: TraceCache,
  progress: ReplayProgress,
): Promise<WhatIfAnswer> {
  if (job.kind === 'run') {
    const { traced } = job;
    progress(
      traced
        ? 'reading its page trace and the page links of its files'
        : 'deriving the rows its plan walks and tracing its page touches',
      0,
    );
    const replay = traced
      ? await tracedRunReplay(job.run, traced.runsDir, traced.datadir)
      : await runReplay(job.run, await cache.get(job.run));
    // The reason alone: the screen and the CLI each put it in their sentence.
    if ('error' in replay) return { unavailable: replay.error };
    progress('replaying it at its own settings, then across pool sizes', 0.5);
    return { report: whatIfReport(job.run, replay, job.options) };
  }
  const out: WhatIfComparison = { calibration: null, sides: [] };
  // The check and the curves as halves of the whole, when both are asked.
  const parts = (job.check ? 1 : 0) + (job.curves ? 1 : 0);
  const part =
    (at: number): ReplayProgress =>
    (message, fraction) =>
      progress(message, fraction === null ? null : (at + fraction) / parts);
  if (job.check) out.calibration = await calibrateRuns(job.check, cache, part(0));
  if (job.curves) {
    const { sides, options } = job.curves;
    const at = job.check ? 1 : 0;
    for (const [i, s] of sides.entries()) {
      const c = await sideCurves(s.side, s.runs, options, cache, (message, fraction) =>
        part(at)(message, fraction === null ? null : (i + fraction) / sides.length),
      );
      out.sides.push('unavailable' in c ? { side: s.side, unavailable: c.unavailable } : c);
    }
  }
  return out;
}
