/** Handlers for reports/*: a comparison's report written by main from the results files. */
import { exportReport } from '../../reports/export';
import type { TaskRegistry } from '../../tasks/registry';
import { startReplayTask, type ReplayThread } from '../../whatif/replay-thread';
import type { Handlers } from '../router';

export type ReportHandlers = Pick<Handlers, 'reports/export'>;

/** The report's simulator section replays as a task ('whatif'): listed, and cancelled, as any replay is. */
export function reportHandlers(
  version: string,
  deps: { tasks: TaskRegistry; simulator: ReplayThread },
): ReportHandlers {
  return {
    'reports/export': (req) =>
      exportReport(
        req,
        version,
        (job) => startReplayTask(deps.tasks, deps.simulator, "the report's simulator section", job).result,
      ),
  };
}
