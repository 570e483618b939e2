/** Handlers for load/*: sysbench's OLTP load started as a task (LoadService). */
import type { LoadService } from '../../load/load-service';
import { readMixedFile } from '../../reports/mixed-file';
import type { Handlers } from '../router';

export function loadHandlers(load: LoadService): Pick<Handlers, 'load/start' | 'load/open-mixed'> {
  return {
    'load/start': async ({ profileId, password, spec, driver }) => ({
      taskId: load.start(profileId, password, spec, {}, driver).taskId,
    }),
    'load/open-mixed': ({ file }) => readMixedFile(file),
  };
}
