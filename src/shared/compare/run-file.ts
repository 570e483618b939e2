/**
 * Checks that parsed JSON is a RunResult (or a list of them) before anything compares it, with the run
 * model's own schema. A file from elsewhere gets one message naming the path in the file ($.server.version,
 * $[2].lru.after) and what is wrong, never a crash deep inside a table.
 */
import { jsonPath } from '../experiments/experiment-file';
import { RunResultSchema } from '../runs/run-schema';
import type { RunResult } from '../runs/runs';

export type RunFileCheck = { ok: true; runs: RunResult[] } | { ok: false; problem: string };

/** A RunResult, or an array of them (a run service's saved run, or several runs in one file). */
export function checkRunFile(data: unknown): RunFileCheck {
  const list = Array.isArray(data) ? data : [data];
  if (list.length === 0) return { ok: false, problem: 'it holds an empty list, no run' };
  for (let i = 0; i < list.length; i++) {
    const item = list[i] as unknown;
    if (typeof item !== 'object' || item === null || !('runId' in item) || !('format' in item))
      return {
        ok: false,
        problem: `${Array.isArray(data) ? `${jsonPath([i])} is` : 'it is'} not a bplab run (a run is an object with format and runId)`,
      };
    const parsed = RunResultSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = jsonPath([...(Array.isArray(data) ? [i] : []), ...(issue?.path ?? [])]);
      return { ok: false, problem: `${path}: ${issue?.message.toLowerCase() ?? 'not a bplab run'}` };
    }
  }
  // Validated above; the original objects are kept whole (samples, raw columns) rather than the parsed copies.
  return { ok: true, runs: list as RunResult[] };
}
