/** Handlers for queries/* and runs/*: thin calls into the query catalogue and RunService. */
import type { QueryCatalogue } from '../../queries/catalogue';
import { explainQuery } from '../../runs/capture';
import type { RunService } from '../../runs/run-service';
import { statementText } from '../../runs/capture';
import type { ConnectionService } from '../../db/connections';
import { queryFailure } from '../../db/errors';
import type { Handlers } from '../router';
import { queryLabel } from '../../../shared/runs/run-side';
import type { TaskRegistry } from '../../tasks/registry';
import { withoutSamples, type TraceFiles } from '../../whatif/replay-protocol';
import { startReplayTask, type ReplayThread } from '../../whatif/replay-thread';
import { readRunFile } from '../../reports/run-files';
import { AppFailure } from '../../../shared/result';
import type { RunResult } from '../../../shared/runs/runs';

export type RunHandlers = Pick<
  Handlers,
  | 'queries/list'
  | 'queries/save'
  | 'queries/delete'
  | 'queries/explain'
  | 'runs/start'
  | 'runs/list'
  | 'runs/get'
  | 'runs/delete'
  | 'runs/whatif'
  | 'runs/whatif-compare'
>;

export function runHandlers(deps: {
  catalogue: QueryCatalogue;
  runs: RunService;
  connections: Pick<ConnectionService, 'use'>;
  tasks: TaskRegistry;
  /** The simulator's worker thread: every replay runs there, as a task. */
  simulator: ReplayThread;
  /** Where a traced run's page trace and its server's data files are (null: not on this machine). */
  traceFilesOf?: (run: RunResult) => Promise<TraceFiles | null>;
}): RunHandlers {
  const { catalogue, runs, connections, tasks, simulator } = deps;
  /** A traced run's files, with the runs before it on its pool since its server started (its other sizes replay them). */
  const traceFilesOf = async (run: RunResult): Promise<TraceFiles | null | undefined> => {
    if (!run.pageTrace) return undefined;
    const files = (await deps.traceFilesOf?.(run).catch(() => null)) ?? null;
    return files && { ...files, before: runs.runsSinceStart(run).map(withoutSamples) };
  };
  /** A run by its results file (each file read once per request), or from the saved runs. */
  const runOf =
    (files: Map<string, Promise<RunResult[]>>) => async (ref: { runId: string; file?: string }) => {
      if (!ref.file) return runs.get(ref.runId);
      let read = files.get(ref.file);
      if (!read) files.set(ref.file, (read = readRunFile(ref.file)));
      const run = (await read).find((r) => r.runId === ref.runId);
      if (!run)
        throw AppFailure.of(
          'NOT_FOUND',
          `${ref.file} holds no run ${ref.runId}: it may have changed since it was opened`,
          {
            hint: 'Open the results file again.',
          },
        );
      return run;
    };
  return {
    'queries/list': async () => catalogue.list(),
    'queries/save': async ({ draft }) => catalogue.save(draft),
    'queries/delete': async ({ id }) => {
      catalogue.delete(id);
      return { deleted: id };
    },
    'queries/explain': ({ profileId, password, queryId, variant, schema }) => {
      const query = catalogue.resolve(queryId, variant);
      return connections.use(profileId, { password }, async (c) => {
        await c.rows('USE ??', [schema]).catch((e: unknown) => {
          throw queryFailure(e, c.where, `USE ${schema}`);
        });
        return explainQuery(c, statementText(query.sql));
      });
    },
    'runs/start': async ({ profileId, password, spec }) => {
      const { runId } = await runs.start(profileId, password, spec);
      return { runId, taskId: runId };
    },
    'runs/list': async ({ profileId }) => runs.list(profileId),
    'runs/get': async ({ runId }) => runs.get(runId),
    'runs/delete': async ({ runId }) => {
      runs.delete(runId);
      return { deleted: runId };
    },
    'runs/whatif': async ({ runId, oldBlocksTimes, oldBlocksPcts, points }) => {
      const run = runs.get(runId);
      const { taskId } = startReplayTask(tasks, simulator, `what if: ${queryLabel(run)}`, {
        kind: 'run',
        run: withoutSamples(run),
        options: { points, oldBlocksTimes, oldBlocksPcts, rate: 0.1 },
        traceFiles: await traceFilesOf(run),
      });
      return { taskId };
    },
    'runs/whatif-compare': async ({ sides, curves }) => {
      const read = runOf(new Map());
      const loaded = [];
      for (const s of sides)
        loaded.push({ side: s.label, runs: (await Promise.all(s.runs.map(read))).map(withoutSamples) });
      const count = loaded.reduce((n, s) => n + s.runs.length, 0);
      const traceFiles: Record<string, TraceFiles> = {};
      for (const run of loaded.flatMap((s) => s.runs)) {
        const files = await traceFilesOf(run);
        if (files) traceFiles[run.runId] = files;
      }
      const { taskId } = startReplayTask(
        tasks,
        simulator,
        curves
          ? `what-if curves of ${loaded.map((s) => s.side).join(', ')}`
          : `the simulator's check of ${count} run(s)`,
        {
          kind: 'compare',
          check: curves ? null : loaded.flatMap((s) => s.runs.map((run) => ({ side: s.side, run }))),
          curves: curves ? { sides: loaded, options: curves } : null,
          traceFiles,
        },
      );
      return { taskId };
    },
  };
}
