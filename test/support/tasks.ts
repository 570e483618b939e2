/**
 * Long jobs through the API as a client runs them: the request answers a task id at once, and
 * tasks/wait answers how the job ended. For tests that want the old one-step answer: the sandbox a
 * create or start left, the report a verify gave, or the job's failure.
 */
import type { App } from '../../src/main/app';
import type { RequestArgs, RequestName } from '../../src/shared/contract';
import type { Result } from '../../src/shared/result';
import { outcomeReport, outcomeSandbox, type TaskOutcome } from '../../src/shared/app/tasks';

const LONG_JOBS = new Set<RequestName>(['sandboxes/create', 'sandboxes/start', 'datasets/verify']);

/** Dispatches `name`; for a long job, waits for its task and answers its sandbox or report. */
export async function dispatchAndWait<N extends RequestName>(
  app: App,
  name: N,
  args: RequestArgs<N>,
): Promise<Result<unknown>> {
  const answer = await app.dispatch(name, args);
  if (!answer.ok || !LONG_JOBS.has(name)) return answer;
  const { taskId } = answer.value as { taskId: string };
  const ended = await app.dispatch('tasks/wait', { taskId });
  if (!ended.ok) return ended;
  const outcome = ended.value as TaskOutcome;
  return { ok: true, value: outcomeSandbox(outcome) ?? outcomeReport(outcome) };
}
