/** Handlers for experiments/*: thin calls into ExperimentService. */
import { AppFailure } from '../../../shared/result';
import type { ExperimentService } from '../../experiments/experiment-service';
import type { Handlers } from '../router';

export type ExperimentHandlers = Pick<
  Handlers,
  | 'experiments/presets'
  | 'experiments/preset'
  | 'experiments/check'
  | 'experiments/start'
  | 'experiments/open'
  | 'experiments/save'
  | 'experiments/parse'
  | 'experiments/write'
  | 'experiments/recent'
>;

export function experimentHandlers(
  experiments: ExperimentService,
  opts: { canStart: boolean },
): ExperimentHandlers {
  return {
    'experiments/presets': async () => experiments.presets(),
    'experiments/preset': ({ presetId, servers, schema }) => experiments.preset(presetId, servers, schema),
    'experiments/check': ({ definition }) => experiments.check(definition),
    'experiments/start': async ({ definition, file }) => {
      if (!opts.canStart)
        throw AppFailure.of(
          'FEATURE_MISSING',
          'This build of bplab cannot run experiments yet: the run service and the task registry are not wired.',
        );
      const {
        experimentId,
        taskId,
        file: saved,
        result,
      } = await experiments.start(definition, file ? { file } : {});
      void result.catch(() => {});
      return { experimentId, taskId, file: saved };
    },
    'experiments/open': async ({ file, samples, view }) => experiments.open(file, { samples, view }),
    'experiments/save': async ({ from, to }) => experiments.save(to, experiments.open(from)),
    'experiments/parse': async ({ name, text }) => experiments.parse(name, text),
    'experiments/write': async ({ file, text }) => experiments.write(file, text),
    'experiments/recent': async () => experiments.recentFiles(),
  };
}
