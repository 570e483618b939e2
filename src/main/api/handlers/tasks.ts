/** Handlers for tasks/*: the long jobs of every bplab process on this data folder. */
import type { TaskRegistry } from '../../tasks/registry';
import type { Handlers } from '../router';

export function taskHandlers(tasks: TaskRegistry): Pick<Handlers, 'tasks/list' | 'tasks/cancel'> {
  return {
    'tasks/list': async () => tasks.list(),
    'tasks/cancel': async ({ taskId }) => tasks.cancel(taskId),
  };
}
