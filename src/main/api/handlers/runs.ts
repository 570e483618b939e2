/** Handlers for queries/* and runs/*: thin calls into the query catalogue and RunService. */
import type { QueryCatalogue } from '../../queries/catalogue';
import { explainQuery } from '../../runs/capture';
import type { RunService } from '../../runs/run-service';
import { statementText } from '../../runs/capture';
import type { ConnectionService } from '../../db/connections';
import { queryFailure } from '../../db/errors';
import type { Handlers } from '../router';
import { whatIfReport } from '../../../shared/whatif/what-if';
import { runReplay } from '../../whatif/run-trace';
import { calibrateRuns, sideCurves, TraceCache } from '../../whatif/replay-runs';
import { readRunFile } from '../../reports/run-files';
import { AppFailure } from '../../../shared/result';
import type { RunResult } from '../../../shared/runs';

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
}): RunHandlers {
  const { catalogue, runs, connections } = deps;
  const traces = new TraceCache();
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
      const replay = await runReplay(run);
      if ('error' in replay) return { unavailable: `This run cannot be replayed: ${replay.error}.` };
      return { report: whatIfReport(run, replay, { points, oldBlocksTimes, oldBlocksPcts, rate: 0.1 }) };
    },
    'runs/whatif-compare': async ({ sides, curves }) => {
      const read = runOf(new Map());
      const loaded = [];
      for (const s of sides) loaded.push({ side: s.label, runs: await Promise.all(s.runs.map(read)) });
      if (!curves)
        return {
          calibration: await calibrateRuns(
            loaded.flatMap((s) => s.runs.map((run) => ({ side: s.side, run }))),
            traces,
          ),
          sides: [],
        };
      const out = [];
      for (const s of loaded) {
        const c = await sideCurves(s.side, s.runs, curves, traces);
        out.push('unavailable' in c ? { side: s.side, unavailable: c.unavailable } : c);
      }
      return { calibration: null, sides: out };
    },
  };
}
