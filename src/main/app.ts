/**
 * The composition root: builds every service with its dependencies and exposes one dispatch
 * for the transports. Electron (src/main/electron) and the CLI (src/main/cli) both call createApp;
 * only what differs between them (where secrets go, the transport's name) is passed in.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppInfo } from '../shared/contract';
import { EventBus } from './api/events';
import { connectionHandlers } from './api/handlers/connections';
import { datasetHandlers } from './api/handlers/datasets';
import { runHandlers } from './api/handlers/runs';
import { sandboxHandlers } from './api/handlers/sandboxes';
import { taskHandlers } from './api/handlers/tasks';
import { createDispatch, type Dispatch, type Handlers } from './api/router';
import { QueryCatalogue } from './queries/catalogue';
import { RunService } from './runs/run-service';
import { RunStore } from './runs/run-store';
import { SandboxService } from './sandbox/sandboxes';
import { machineProbes } from './pagetrace/capability';
import { TracerJournal } from './pagetrace/tracer-journal';
import { RunPageTracer } from './pagetrace/run-tracer';
import { LoadClientTracer } from './load/client-trace';
import { clientCurve } from './whatif/client-curve';
import { findBinaries } from './sandbox/server-binaries';
import { experimentHandlers } from './api/handlers/experiments';
import { reportHandlers } from './api/handlers/reports';
import { ExperimentService } from './experiments/experiment-service';
import { dropPageCache } from './experiments/page-cache';
import { waitForPurge } from './bufferpool/purge';
import { evictFiles, readThroughStorage, residentBytes } from './pagecache/os-cache';
import { datasetFiles } from './pagecache/sandbox-files';
import { RecentFiles } from './experiments/recent-files';
import { serverProbe } from './experiments/server-probe';
import { CapabilityService } from './server/capabilities';
import { ConnectionService } from './db/connections';
import { ProfileStore } from './profiles/profile-store';
import { SessionSecretStore, type SecretStore } from './profiles/secrets';
import { SettingsJournal } from './server/settings-journal';
import { DatasetService } from './ssb/dataset-service';
import { LeaseStore } from './tasks/leases';
import { commandFromArgv, currentProcess } from './tasks/process-identity';
import { TaskRegistry } from './tasks/registry';
import { liveSampleOf } from '../shared/runs/lru-map-codec';
import { LoadService } from './load/load-service';
import { listSbtestDatasets } from './load/sbtest-list';
import { loadHandlers } from './api/handlers/load';
import { MixedLoadService } from './experiments/mixed-run';
import { startPoolWatch } from './experiments/pool-watch';
import { loadLiveRunId } from '../shared/load/load-live';
import { ReplayThread } from './whatif/replay-thread';

export interface AppOptions {
  /** bplab's data folder: profiles, sandboxes, journals. */
  dataDir: string;
  transport: AppInfo['transport'];
  version: string;
  log?: (line: string) => void;
  /** Where passwords go; Electron passes an EncryptedFileSecretStore, the default keeps them in memory only. */
  secrets?: SecretStore;
  /**
   * Where initialised data folders are kept per server binary, so a new sandbox copies one instead of
   * initialising again: <dataDir>/sandbox-templates unless given; null initialises every sandbox.
   */
  sandboxTemplates?: string | null;
  /** How this process names itself in its leases ("bplab ssb generate --sf 1"); from process.argv by default. */
  command?: string;
}

export interface App {
  dispatch: Dispatch;
  events: EventBus;
  /** The tasks of every bplab process on this data folder (a run registers itself here). */
  tasks: TaskRegistry;
  /** Runs of one query; the CLI waits on them directly. */
  runs: RunService;
  /** The experiments service, for `bplab run` (which runs one in its own process). */
  experiments: ExperimentService;
  /** The OLTP load (sysbench's tables and statements), for `bplab load`. */
  load: LoadService;
  /** Both sides of old_blocks_time: a point-select load beside SSB scans, for `bplab load --during`. */
  mixed: MixedLoadService;
  /** Stops what must stop when bplab quits: this process's tasks, and the sandboxes it started (not marked keepRunning). */
  shutdown(): Promise<void>;
}

export async function createApp(given: AppOptions): Promise<App> {
  // A relative folder (bplab … --data-dir lab) would reach a sandbox's server relative to its basedir
  // (/usr/lab/sandboxes/…: "Can't change dir"): everything below works on the absolute path.
  const opts = { ...given, dataDir: resolve(given.dataDir) };
  mkdirSync(opts.dataDir, { recursive: true });
  const log = opts.log ?? (() => {});
  const events = new EventBus();
  const profiles = new ProfileStore(opts.dataDir);
  const secrets = opts.secrets ?? new SessionSecretStore();
  const journal = new SettingsJournal(opts.dataDir);
  const leases = new LeaseStore({
    dir: join(opts.dataDir, 'leases'),
    self: currentProcess(opts.command ?? commandFromArgv(process.argv.slice(2))),
  });
  const tasks = new TaskRegistry({ leases, onProgress: (p) => events.emit('task/progress', p) });
  // Another process's task shows here as if it ran here: its progress arrives as 'task/progress'.
  tasks.followOthers();
  const connections = new ConnectionService({ profiles, secrets, onOpen: journal.restoreLeftoversOn(log) });
  // A bplab killed mid-trace left bpftrace's probes on a server: stopped now (logged), and before each trace.
  const tracers = new TracerJournal(opts.dataDir, log);
  await tracers.sweep();
  const sandboxBinary = async (profileId: string) =>
    (await sandboxes.list()).find((s) => s.profileId === profileId)?.binaryPath ?? null;
  const capabilities = new CapabilityService({
    connections,
    pageTrace: { binaryOf: sandboxBinary, probes: machineProbes() },
  });
  const sandboxes = new SandboxService({
    root: join(opts.dataDir, 'sandboxes'),
    templates:
      opts.sandboxTemplates === undefined
        ? join(opts.dataDir, 'sandbox-templates')
        : (opts.sandboxTemplates ?? undefined),
    onChange: (info) => events.emit('sandboxes/changed', info),
    profiles: {
      upsert: async (profile) => void profiles.put(profile),
      remove: async (id) => {
        if (profiles.find(id)) profiles.delete(id);
      },
    },
    leases,
    tasks,
    log,
  });
  // A bplab that died while a sandbox ran on an experiment's startup options: back on its own (logged).
  await sandboxes
    .restoreOwnOptions()
    .catch((e) => log(`could not put sandboxes back on their own options: ${(e as Error).message}`));
  const datasets = new DatasetService({
    connections,
    tasks,
    sandboxOf: (profileId) => profiles.find(profileId)?.sandboxId ?? null,
    onVerifyProgress: (p) => events.emit('datasets/verify-progress', p),
    oltpDatasets: listSbtestDatasets,
    bplabVersion: opts.version,
  });
  const catalogue = new QueryCatalogue(opts.dataDir);
  const runs = new RunService({
    connections,
    catalogue,
    store: new RunStore(opts.dataDir),
    journal,
    tasks,
    sandboxOf: (profileId) => profiles.find(profileId)?.sandboxId ?? null,
    serverPid: async (profileId) => {
      const id = profiles.find(profileId)?.sandboxId;
      return id ? ((await sandboxes.get(id)).pid ?? null) : null;
    },
    onSample: (s) => events.emit('runs/sample', liveSampleOf(s)),
    pageTracer: new RunPageTracer({
      probes: machineProbes(),
      spawn,
      binaryOf: sandboxBinary,
      dir: new RunStore(opts.dataDir).dir,
      journal: tracers,
    }),
  });
  // Results files opened or saved lately: experiments, and the loads started from the load screen.
  const recent = new RecentFiles(opts.dataDir, (list) => events.emit('experiments/recent-changed', list));
  const load = new LoadService({
    connections,
    profiles,
    secrets,
    tasks,
    dataDir: opts.dataDir,
    bplabVersion: opts.version,
    onSecond: (e) => events.emit('load/second', e),
    onStep: (e) => events.emit('load/step', e),
    onSaved: (file) => recent.add(file),
    clientTracer: new LoadClientTracer({
      probes: machineProbes(),
      spawn,
      binaryOf: sandboxBinary,
      curveOf: clientCurve,
      journal: tracers,
      datadirOf: async (profileId) =>
        (await sandboxes.list()).find((s) => s.profileId === profileId)?.datadir ?? null,
    }),
    watchPool: (profileId, password, taskId) => {
      const startedAt = performance.now();
      return startPoolWatch(() => connections.open(profileId, password !== undefined ? { password } : {}), {
        runId: loadLiveRunId(taskId),
        setting: 'auto',
        clock: () => performance.now() - startedAt,
        onSample: (s) => events.emit('runs/sample', liveSampleOf(s)),
      });
    },
  });
  const experiments = new ExperimentService({
    dataDir: opts.dataDir,
    bplabVersion: opts.version,
    probe: serverProbe({
      connections,
      capabilities,
      datasets,
      profiles,
      queryIds: async () => catalogue.list().map((q) => q.id),
    }),
    runner: {
      executeRun: (server, spec, ctx) => runs.run(server.profileId, undefined, spec, ctx),
      executeLoad: (server, spec, { signal }) =>
        load.measure(server.profileId, undefined, spec, { signal, progress: () => {} }),
      connect: async (server) => {
        const c = await connections.open(server.profileId);
        return { query: (sql, values) => c.raw.query(sql, values), close: () => c.close() };
      },
      journal,
      // A pool size the server cannot take online travels as the restart's own size, not a free option.
      restartSandbox: async (sandboxId, { innodb_buffer_pool_size: pool, ...options }) =>
        void (await sandboxes.restart(sandboxId, { options, ...(pool ? { bufferPoolSize: pool } : {}) })),
      dropPageCache: async () => dropPageCache(),
      waitForPurge: (server) => connections.use(server.profileId, {}, (c) => waitForPurge(c)),
      evictDataset: async (sandboxId, schema) => {
        const { files } = await datasetFiles((await sandboxes.get(sandboxId)).datadir, schema);
        return evictFiles(files);
      },
      readDatasetThroughStorage: async (sandboxId, schema) => {
        const { files } = await datasetFiles((await sandboxes.get(sandboxId)).datadir, schema);
        return readThroughStorage(files);
      },
      datasetResidentBytes: async (sandboxId, schema) => {
        const { files } = await datasetFiles((await sandboxes.get(sandboxId)).datadir, schema);
        return residentBytes(files);
      },
    },
    tasks,
    onProgress: (p) => events.emit('experiments/progress', p),
    onFinished: (f) => events.emit('experiments/finished', f),
    recent,
    installedServers: async () => (await findBinaries()).binaries,
  });
  const mixed = new MixedLoadService({
    connections,
    catalogue,
    journal,
    tasks,
    load,
    dataDir: opts.dataDir,
    bplabVersion: opts.version,
    sandboxOf: (profileId) => profiles.find(profileId)?.sandboxId ?? null,
    onSample: (s) => events.emit('runs/sample', liveSampleOf(s)),
    onSecond: (e) => events.emit('load/second', e),
  });
  // Every what-if replay runs in this one worker thread (started at the first replay), never on main's.
  const simulator = new ReplayThread();
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
    ...taskHandlers(tasks),
    ...runHandlers({
      catalogue,
      runs,
      connections,
      tasks,
      simulator,
      traceFilesOf: async (run) => {
        const sandbox = (await sandboxes.list()).find((s) => s.profileId === run.profileId);
        return sandbox ? { runsDir: new RunStore(opts.dataDir).dir, datadir: sandbox.datadir } : null;
      },
    }),
    ...experimentHandlers(experiments, { canStart: true }),
    ...reportHandlers(opts.version, { experiments, tasks, simulator }),
    ...loadHandlers(load),
  };
  return {
    dispatch: createDispatch(handlers, log),
    events,
    tasks,
    runs,
    experiments,
    load,
    mixed,
    shutdown: async () => {
      await runs.shutdown();
      await tasks.shutdown();
      await simulator.close();
      await sandboxes.stopAllExceptKept();
    },
  };
}
