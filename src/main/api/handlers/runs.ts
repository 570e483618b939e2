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
>;

export function runHandlers(deps: {
  catalogue: QueryCatalogue;
  runs: RunService;
  connections: Pick<ConnectionService, 'use'>;
}): RunHandlers {
  const { catalogue, runs, connections } = deps;
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
  };
}
