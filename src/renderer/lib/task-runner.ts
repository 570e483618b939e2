/**
 * The renderer's one way to run a long job of main's: start it (main answers its task id at once),
 * learn how it ended (tasks/wait), and cancel it, even before main has answered its id.
 */
import type { AppError, Result } from '../../shared/result';
import type { TaskOutcome, TaskStarted } from '../../shared/app/tasks';
import { call } from './api';

export interface TaskHandle {
  /** How it ended: its outcome, or its failure (CANCELLED when it was cancelled). */
  outcome: Promise<Result<TaskOutcome>>;
  /** Asks main to cancel it; asked before main answered the task's id, it is sent once main does. Null when sent (or over). */
  cancel(): Promise<AppError | null>;
}

/** Starts a job; `started` hears its task id as soon as main answers it (to follow its progress). */
export function runTask(
  start: () => Promise<Result<TaskStarted>>,
  started?: (taskId: string) => void,
): TaskHandle {
  let taskId: string | null = null;
  let cancelAsked = false;
  const cancelNow = async (id: string): Promise<AppError | null> => {
    const answer = await call('tasks/cancel', { taskId: id });
    // A task that ended meanwhile has nothing left to cancel.
    return answer.ok || answer.error.code === 'NOT_FOUND' ? null : answer.error;
  };
  const outcome = (async (): Promise<Result<TaskOutcome>> => {
    const answer = await start();
    if (!answer.ok) return answer;
    taskId = answer.value.taskId;
    started?.(taskId);
    if (cancelAsked) void cancelNow(taskId);
    return call('tasks/wait', { taskId });
  })();
  return {
    outcome,
    cancel: async () => {
      if (taskId !== null) return cancelNow(taskId);
      cancelAsked = true;
      return null;
    },
  };
}
