/**
 * The real ServerProbe: what the capability report, the dataset metadata and the profile say about
 * a server an experiment names. A server that cannot be asked is a problem in words, not a crash.
 */
import { SSB_QUERY_IDS } from '../../shared/datasets/ssb-reference';
import type { ExperimentServer } from '../../shared/experiments/experiments';
import { AppFailure, formatError } from '../../shared/result';
import type { CapabilityService } from '../server/capabilities';
import type { ConnectionService } from '../db/connections';
import type { ProfileStore } from '../profiles/profile-store';
import type { DatasetService } from '../ssb/dataset-service';
import type { ServerFacts, ServerProbe } from './experiment-service';

export function serverProbe(deps: {
  connections: ConnectionService;
  capabilities: CapabilityService;
  datasets: DatasetService;
  profiles: ProfileStore;
  /** The catalogue's ids in flight order; the SSB reference until the catalogue lands. */
  queryIds?: () => Promise<string[]>;
}): ServerProbe {
  return {
    async facts(server: ExperimentServer, schema: string): Promise<ServerFacts> {
      try {
        const profile = deps.profiles.get(server.profileId);
        const capabilities = await deps.capabilities.report(server.profileId);
        const { datasets } = await deps.datasets.list({ profileId: server.profileId });
        const found = datasets.find((d) => d.schema === schema);
        return {
          capabilities,
          production: (profile as { production?: boolean }).production === true,
          dataset: found ? found.state : 'missing',
        };
      } catch (e) {
        const failure = e instanceof AppFailure ? e.error : { code: 'INTERNAL' as const, message: String(e) };
        return { unreachable: formatError(failure), dataset: 'unknown' };
      }
    },
    async dataBytes(server: ExperimentServer, schema: string): Promise<number> {
      return deps.connections.use(server.profileId, {}, async (c) => {
        const [row] = await c.rows<{ b: string | number | null }>(
          'SELECT SUM(DATA_LENGTH + INDEX_LENGTH) AS b FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
          [schema],
        );
        const bytes = Number(row?.b ?? 0);
        if (!bytes)
          throw AppFailure.of('NOT_FOUND', `${server.label} has no tables in schema ${schema}.`, {
            hint: 'Load the SSB dataset there first (bplab ssb generate).',
          });
        return bytes;
      });
    },
    async datasets(server: ExperimentServer) {
      return (await deps.datasets.list({ profileId: server.profileId })).datasets;
    },
    async engineCopy(server: ExperimentServer, schema: string) {
      const { datasets } = await deps.datasets.list({ profileId: server.profileId });
      const self = datasets.find((d) => d.schema === schema);
      if (!self) return null;
      // The schema itself when asked for its own sizes (engineCopy(server, copy.schema) finds it back).
      const copy =
        datasets.find(
          (d) =>
            d.schema !== schema &&
            d.engine !== self.engine &&
            d.state === 'complete' &&
            d.source === self.source &&
            d.sf === self.sf &&
            d.seed === self.seed &&
            d.mode === self.mode,
        ) ?? null;
      if (!copy) return null;
      return deps.connections.use(server.profileId, {}, async (c) => {
        const [row] = await c.rows<{ d: string | number | null; i: string | number | null }>(
          'SELECT SUM(DATA_LENGTH) AS d, SUM(INDEX_LENGTH) AS i FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
          [copy.schema],
        );
        return {
          schema: copy.schema,
          engine: copy.engine,
          dataBytes: Number(row?.d ?? 0),
          indexBytes: Number(row?.i ?? 0),
        };
      });
    },
    queryIds: deps.queryIds ?? (async () => [...SSB_QUERY_IDS]),
  };
}
