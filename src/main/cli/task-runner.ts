/**
 * The CLI's one way to run a long job: start it (it answers its task id at once), cancel it on
 * Ctrl-C as tasks/cancel does from the UI, and wait for how it ended (tasks/wait).
 */
import type { DatasetVerifyReport } from '../../shared/datasets/datasets';
import type { SandboxInfo } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import { outcomeReport, outcomeSandbox, type TaskOutcome, type TaskStarted } from '../../shared/app/tasks';
import type { App } from '../app';
import { call, type CliContext } from './command';

/**
 * Starts a job and waits for it; Ctrl-C while it runs asks for its cancel once, saying
 * "bplab: SIGINT: cancelling <what> ...". A failed or cancelled job fails with its error.
 */
export async function runTask(
  app: App,
  ctx: CliContext,
  what: string,
  start: () => Promise<TaskStarted>,
): Promise<TaskOutcome> {
  const { taskId } = await start();
  let over = false;
  void ctx.stopRequested.then(async (signal) => {
    if (over) return; // a later Ctrl-C (the demo serves the UI afterwards) is not for this job
    ctx.err(`bplab: ${signal}: cancelling ${what} ...`);
    await call(app, 'tasks/cancel', { taskId }).catch(() => {});
  });
  try {
    return await call(app, 'tasks/wait', { taskId });
  } finally {
    over = true;
  }
}

/** The sandbox a create or start task left. */
export function sandboxOf(outcome: TaskOutcome): SandboxInfo {
  const sandbox = outcomeSandbox(outcome);
  if (sandbox) return sandbox;
  throw AppFailure.of('INTERNAL', `Task ${outcome.taskId} (${outcome.kind}) left no sandbox.`);
}

/** The report a verify task gave. */
export function reportOf(outcome: TaskOutcome): DatasetVerifyReport {
  const report = outcomeReport(outcome);
  if (report) return report;
  throw AppFailure.of('INTERNAL', `Task ${outcome.taskId} (${outcome.kind}) gave no verify report.`);
}
