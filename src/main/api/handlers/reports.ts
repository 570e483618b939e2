/**
 * Handlers for reports/*: a results file of any kind opened for the comparison (an experiment or run
 * file, a `bplab load` result, a `bplab load --during` result), reference figures kept in an
 * experiment file, and a comparison's report written by main from the results files.
 */
import type { OpenedResults } from '../../../shared/contract';
import { AppFailure } from '../../../shared/result';
import type { ExperimentService } from '../../experiments/experiment-service';
import { exportReport } from '../../reports/export';
import { addReferences } from '../../reports/reference-report';
import { loadResultFrom } from '../../reports/load-files';
import { isMixedResult, mixedResultFrom, readJsonFile } from '../../reports/mixed-file';
import type { TaskRegistry } from '../../tasks/registry';
import { startReplayTask, type ReplayThread } from '../../whatif/replay-thread';
import { withTraceFiles, type RunJobSources } from '../../whatif/run-job';
import type { Handlers } from '../router';

export type ReportHandlers = Pick<Handlers, 'reports/open' | 'reports/add-references' | 'reports/export'>;

/**
 * An experiment file first (the usual one; read once); a file that is not one is read again as a load
 * or mixed result, and when it is neither the experiment reader's own words stand.
 */
async function openResults(experiments: ExperimentService, file: string): Promise<OpenedResults> {
  try {
    return {
      kind: 'experiment',
      experiment: experiments.open(file, { samples: 'none', view: 'comparison' }),
    };
  } catch (e) {
    if (!(e instanceof AppFailure) || e.error.code !== 'FILE_MALFORMED') throw e;
    const json = await readJsonFile(file);
    if (isMixedResult(json)) return { kind: 'mixed', result: mixedResultFrom(json, file) };
    const load = loadResultFrom(json, file);
    if (load) return { kind: 'load', result: load };
    throw e;
  }
}

/** The report's simulator section replays as a task ('whatif'): listed, and cancelled, as any replay is. */
export function reportHandlers(
  version: string,
  deps: {
    experiments: ExperimentService;
    tasks: TaskRegistry;
    simulator: ReplayThread;
    /** Where traced runs' files are: their real traces replay, as in the run view (run-job.ts). */
    whatifSources?: RunJobSources;
  },
): ReportHandlers {
  return {
    'reports/open': ({ file }) => openResults(deps.experiments, file),
    // One way to keep figures: the same as `bplab compare --reference F --keep`.
    'reports/add-references': async ({ file, figures }) => ({
      file,
      references: addReferences(file, figures),
    }),
    'reports/export': (req) =>
      exportReport(
        req,
        version,
        async (job) =>
          startReplayTask(
            deps.tasks,
            deps.simulator,
            "the report's simulator section",
            deps.whatifSources ? await withTraceFiles(job, deps.whatifSources) : job,
          ).result,
      ),
  };
}
