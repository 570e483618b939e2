/** Handlers for tasks/*: the long jobs of every bplab process on this data folder. */
import type { DatasetVerifyReport } from '../../../shared/datasets/datasets';
import type { SandboxInfo } from '../../../shared/models';
import type { LoadResult } from '../../../shared/load/oltp-load';
import type { TaskOutcome } from '../../../shared/app/tasks';
import type { WhatIfAnswer } from '../../../shared/whatif/answers';
import type { TaskRegistry } from '../../tasks/registry';
import type { Handlers } from '../router';

export function taskHandlers(
  tasks: TaskRegistry,
): Pick<Handlers, 'tasks/list' | 'tasks/cancel' | 'tasks/wait'> {
  return {
    'tasks/list': async () => tasks.list(),
    'tasks/cancel': async ({ taskId }) => tasks.cancel(taskId),
    'tasks/wait': async ({ taskId }): Promise<TaskOutcome> => {
      const { kind, value } = await tasks.wait(taskId);
      if (kind === 'sandbox-create' || kind === 'sandbox-start')
        return { taskId, kind, sandbox: value as SandboxInfo };
      if (kind === 'dataset-verify') return { taskId, kind, report: value as DatasetVerifyReport };
      if (kind === 'oltp-load') {
        const { result, file } = value as { result: LoadResult; file: string };
        return { taskId, kind, load: result, file };
      }
      if (kind === 'whatif') return { taskId, kind, whatif: value as WhatIfAnswer };
      return { taskId, kind };
    },
  };
}
