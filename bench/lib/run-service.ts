/**
 * The RunService a benchmark runs queries through: the app's own wiring (connections that put back
 * what a crashed run left in the settings journal, the query catalogue, the run store), on one data
 * folder, without the app around it.
 */
import { ConnectionService } from '../../src/main/db/connections';
import type { ProfileStore } from '../../src/main/profiles/profile-store';
import { SessionSecretStore } from '../../src/main/profiles/secrets';
import { QueryCatalogue } from '../../src/main/queries/catalogue';
import { RunService } from '../../src/main/runs/run-service';
import { RunStore } from '../../src/main/runs/run-store';
import type { SettingsJournal } from '../../src/main/server/settings-journal';

export function benchRunService(
  dataDir: string,
  profiles: ProfileStore,
  journal: SettingsJournal,
): RunService {
  return new RunService({
    connections: new ConnectionService({
      profiles,
      secrets: new SessionSecretStore(),
      onOpen: journal.restoreLeftoversOn(),
    }),
    catalogue: new QueryCatalogue(dataDir),
    store: new RunStore(dataDir),
    journal,
  });
}
