/**
 * The one way a saved run's what-if job is made, for the run view (runs/whatif), the report and
 * `bplab whatif RUN.json` alike, so that each replays the same thing: the run's plan derived over SSB's
 * rows where it can be, and, for a traced run, the server's own page trace from its files (the
 * .pagetrace and .pagepool beside the run, the page links in its sandbox's data folder) with the runs
 * before it on its pool since its server started. Where the trace cannot be replayed, the job says why in words.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RunResult } from '../../shared/runs/runs';
import type { WhatIfOptions } from '../../shared/whatif/what-if';
import { withoutSamples, type ReplayJob, type TraceFiles } from './replay-protocol';

export interface RunJobSources {
  /** The run store's folder, where a saved run's trace files sit beside it. */
  runsDir: string;
  /** The data folder of the sandbox behind a profile on this machine, or null. */
  datadirOf(profileId: string): Promise<string | null>;
  /** The saved runs on the run's pool before it since its server started (RunService.runsSinceStart). */
  runsSinceStart(run: RunResult): RunResult[];
}

export type RunJob = Extract<ReplayJob, { kind: 'run' }>;

/**
 * Where a traced run's files are, or why its trace cannot be replayed: in the run store, else beside
 * the file it was read from (`besideFile`: bplab whatif RUN.json's folder).
 */
export async function traceFilesOf(
  run: RunResult,
  sources: RunJobSources,
  besideFile?: string,
): Promise<TraceFiles | { unavailable: string } | undefined> {
  const trace = run.pageTrace;
  if (!trace) return undefined;
  if (trace.incomplete) return { unavailable: `the trace is incomplete: ${trace.incomplete}` };
  // The run store first: the traced runs before it are read from there, their traces beside them.
  const inStore = existsSync(join(sources.runsDir, trace.file));
  const runsDir = inStore
    ? sources.runsDir
    : besideFile && existsSync(join(besideFile, trace.file))
      ? besideFile
      : null;
  if (!runsDir)
    return {
      unavailable: `its page trace ${trace.file} is neither beside the run nor in bplab's runs folder (${sources.runsDir})`,
    };
  const datadir = await sources.datadirOf(run.profileId).catch(() => null);
  if (!datadir)
    return {
      unavailable:
        "the run's server is not a bplab sandbox on this machine now, so its data files cannot be read",
    };
  // Beside a file of its own, the run stands alone: its start pool (.pagepool) is what it began from.
  const before = inStore ? sources.runsSinceStart(run).map(withoutSamples) : [];
  return { runsDir, datadir, before };
}

/** The what-if job of one saved run at `options`. */
export async function runWhatIfJob(
  run: RunResult,
  options: WhatIfOptions,
  sources: RunJobSources,
  besideFile?: string,
): Promise<RunJob> {
  const traceFiles = await traceFilesOf(run, sources, besideFile);
  return { kind: 'run', run: withoutSamples(run), options, ...(traceFiles ? { traceFiles } : {}) };
}

export type CompareJob = Extract<ReplayJob, { kind: 'compare' }>;

/**
 * A comparison's job (the Compare screen's check and curves, the report's simulator section) with the
 * trace files of every traced run whose files are here: those runs replay the server's own trace, as
 * the run view does; the others their derived one.
 */
export async function withTraceFiles(job: CompareJob, sources: RunJobSources): Promise<CompareJob> {
  const runs = [...(job.check ?? []).map((s) => s.run), ...(job.curves?.sides ?? []).flatMap((s) => s.runs)];
  const traceFiles: Record<string, TraceFiles> = { ...job.traceFiles };
  for (const run of runs) {
    if (traceFiles[run.runId]) continue;
    const files = await traceFilesOf(run, sources);
    if (files && !('unavailable' in files)) traceFiles[run.runId] = files;
  }
  return { ...job, traceFiles };
}
