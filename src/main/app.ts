/**
 * The composition root: builds every service with its dependencies and exposes one dispatch
 * for the transports. Electron (src/main/electron) and the CLI (src/main/cli) both call createApp;
 * only what differs between them (where secrets go, the transport's name) is passed in.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppInfo } from '../shared/contract';
import { EventBus } from './api/events';
import { connectionHandlers } from './api/handlers/connections';
import { datasetHandlers } from './api/handlers/datasets';
import { notYet } from './api/handlers/not-yet';
import { runHandlers } from './api/handlers/runs';
import { sandboxHandlers } from './api/handlers/sandboxes';
import { createDispatch, type Dispatch, type Handlers } from './api/router';
import { QueryCatalogue } from './queries/catalogue';
import { RunService } from './runs/run-service';
import { RunStore } from './runs/run-store';
import { SandboxService } from './sandbox/sandboxes';
import { CapabilityService } from './services/capabilities';
import { ConnectionService } from './db/connections';
import { ProfileStore } from './services/profiles';
import { SessionSecretStore, type SecretStore } from './services/secrets';
import { SettingsJournal } from './services/settings-journal';
import { DatasetService } from './ssb/dataset-service';

export interface AppOptions {
  /** bplab's data folder: profiles, sandboxes, journals. */
  dataDir: string;
  transport: AppInfo['transport'];
  version: string;
  log?: (line: string) => void;
  /** Where passwords go; Electron passes an EncryptedFileSecretStore, the default keeps them in memory only. */
  secrets?: SecretStore;
}

export interface App {
  dispatch: Dispatch;
  events: EventBus;
  /** Runs of one query; the CLI waits on them directly. */
  runs: RunService;
  /** Stops what must stop when bplab quits (sandboxes not marked keepRunning). */
  shutdown(): Promise<void>;
}

export async function createApp(opts: AppOptions): Promise<App> {
  mkdirSync(opts.dataDir, { recursive: true });
  const log = opts.log ?? (() => {});
  const events = new EventBus();
  const profiles = new ProfileStore(opts.dataDir);
  const secrets = opts.secrets ?? new SessionSecretStore();
  const journal = new SettingsJournal(opts.dataDir);
  const connections = new ConnectionService({ profiles, secrets, journal, log });
  const capabilities = new CapabilityService({ connections });
  const sandboxes = new SandboxService({
    root: join(opts.dataDir, 'sandboxes'),
    onChange: (info) => events.emit('sandboxes/changed', info),
    profiles: {
      upsert: async (profile) => void profiles.put(profile),
      remove: async (id) => {
        if (profiles.find(id)) profiles.delete(id);
      },
    },
    log,
  });
  const datasets = new DatasetService({
    connections,
    onProgress: (p) => events.emit('task/progress', p),
    onVerifyProgress: (p) => events.emit('datasets/verify-progress', p),
    bplabVersion: opts.version,
  });
  const catalogue = new QueryCatalogue(opts.dataDir);
  const runs = new RunService({
    connections,
    catalogue,
    store: new RunStore(opts.dataDir),
    journal,
    onSample: (s) => events.emit('runs/sample', s),
    onProgress: (p) => events.emit('task/progress', p),
  });
  const handlers: Handlers = {
    'app/info': async () => ({
      version: opts.version,
      transport: opts.transport,
      dataDir: opts.dataDir,
      passwordPersistence: secrets.persistence,
    }),
    ...connectionHandlers({ profiles, secrets, connections, capabilities }),
    ...sandboxHandlers(sandboxes),
    ...datasetHandlers(datasets),
    ...runHandlers({ catalogue, runs, connections }),
    // Issue 7 (tasks) fills these in.
    'tasks/list': notYet('tasks/list'),
    'tasks/cancel': notYet('tasks/cancel'),
  };
  return {
    dispatch: createDispatch(handlers, log),
    events,
    runs,
    shutdown: async () => {
      await runs.shutdown();
      await datasets.shutdown();
      await sandboxes.stopAllExceptKept();
    },
  };
}
