/**
 * A lab for the run tests: a sandbox of this run's flavor with a small buffer pool (16 MB) and an SSB
 * dataset larger than it (SF 0.05: lineorder alone is about 30 MB), a bplab data folder with the
 * sandbox's profile, and a RunService wired as the app wires it.
 */
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import { waitForPurge } from '../../src/main/bufferpool/purge';
import { QueryCatalogue } from '../../src/main/queries/catalogue';
import { RunService } from '../../src/main/runs/run-service';
import type { RunPageTracer } from '../../src/main/pagetrace/run-tracer';
import { RunStore } from '../../src/main/runs/run-store';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import { ConnectionService } from '../../src/main/db/connections';
import { ProfileStore } from '../../src/main/profiles/profile-store';
import { SessionSecretStore } from '../../src/main/profiles/secrets';
import { SettingsJournal } from '../../src/main/server/settings-journal';
import { generateDataset } from '../../src/main/ssb/datasets';
import { LeaseStore } from '../../src/main/tasks/leases';
import { currentProcess } from '../../src/main/tasks/process-identity';
import { TaskRegistry } from '../../src/main/tasks/registry';
import type { TaskProgress } from '../../src/shared/app/tasks';
import type { SandboxInfo } from '../../src/shared/models';
import type { RunSample } from '../../src/shared/runs/runs';
import { testServer } from '../support/test-server';

export const LAB_SCHEMA = 'ssb_lab';

export interface RunsLab {
  dataDir: string;
  sandboxes: SandboxService;
  info: SandboxInfo;
  profiles: ProfileStore;
  journal: SettingsJournal;
  connections: ConnectionService;
  catalogue: QueryCatalogue;
  service: RunService;
  samples: RunSample[];
  tasks: TaskRegistry;
  progress: TaskProgress[];
  /** A plain connection to the sandbox, for the tests' own SQL. */
  connect(): Promise<Connection>;
  close(): Promise<void>;
}

export async function openRunsLab(
  name: string,
  opts: {
    sf?: number;
    /** false: no SSB dataset (a test that makes its own tables). */
    ssb?: boolean;
    poolSize?: string;
    pageTracer?: (dataDir: string, info: () => SandboxInfo) => RunPageTracer;
    /** The sandbox's own server options. */
    options?: Record<string, string>;
  } = {},
): Promise<RunsLab> {
  const server = testServer();
  const dataDir = join(server.scratchDir, `runs-${name}`);
  const profiles = new ProfileStore(dataDir);
  const sandboxes = new SandboxService({
    root: join(dataDir, 'sandboxes'),
    templates: server.templatesDir,
    profiles: {
      upsert: async (p) => void profiles.put(p),
      remove: async (id) => {
        if (profiles.find(id)) profiles.delete(id);
      },
    },
  });
  const info = await sandboxes.create({
    name,
    binaryPath: server.binaryPath,
    bufferPoolSize: opts.poolSize ?? '16M',
    localInfile: true,
    ...(opts.options && { options: opts.options }),
  });
  const current = { info };
  const connect = () =>
    createConnection({ ...sandboxes.connectionOptions(current.info), connectTimeout: 5000 });
  if (opts.ssb !== false)
    await generateDataset(
      { schema: LAB_SCHEMA, sf: opts.sf ?? 0.05, seed: 1 },
      { connect, bplabVersion: 'test' },
    );
  const journal = new SettingsJournal(dataDir);
  const connections = new ConnectionService({
    profiles,
    secrets: new SessionSecretStore(),
    onOpen: journal.restoreLeftoversOn(),
  });
  const catalogue = new QueryCatalogue(dataDir);
  const samples: RunSample[] = [];
  const progress: TaskProgress[] = [];
  const tasks = new TaskRegistry({
    leases: new LeaseStore({ dir: join(dataDir, 'leases'), self: currentProcess('vitest runs') }),
    onProgress: (p) => {
      progress.push(p);
      if (process.env.BPLAB_DEBUG_RUNS) console.log(JSON.stringify(p));
    },
  });
  const service = new RunService({
    tasks,
    sandboxOf: () => current.info.id,
    serverPid: async () => (await sandboxes.get(current.info.id)).pid ?? null,
    connections,
    catalogue,
    store: new RunStore(dataDir),
    journal,
    onSample: (s) => samples.push(s),
    pageTracer: opts.pageTracer?.(dataDir, () => current.info),
  });
  return {
    dataDir,
    sandboxes,
    get info() {
      return current.info;
    },
    set info(next: SandboxInfo) {
      current.info = next;
    },
    profiles,
    journal,
    connections,
    catalogue,
    service,
    samples,
    tasks,
    progress,
    connect,
    close: async () => {
      await service.shutdown();
      await tasks.shutdown();
      await sandboxes.delete(current.info.id).catch(() => {});
    },
  };
}

/**
 * A cold buffer pool: the sandbox restarted (dump and load at startup are off; at `bufferPoolSize` for
 * this start only, when given), then purge caught up, as before an experiment's cold pass: MySQL 8.0
 * purges a fresh load's undo after the restart, and while it does, its undo pages push the dataset's
 * old pages out of a 16 MB pool under the tests' feet.
 */
export async function coldPool(lab: RunsLab, bufferPoolSize?: string): Promise<void> {
  lab.info = await lab.sandboxes.restart(lab.info.id, bufferPoolSize ? { bufferPoolSize } : {});
  const c = await lab.connect();
  try {
    const waited = await waitForPurge({ rows: async <T>(sql: string) => (await c.query(sql))[0] as T[] });
    if (waited.outcome === 'gave-up') throw new Error(`purge did not catch up: ${waited.words}`);
  } finally {
    await c.end();
  }
}

/** A read that runs for tens of seconds: every lineorder row against every date. */
const SLOW_READ = `select count(*) from lineorder a join dim_date b on a.lo_quantity + b.d_year > 0`;

/** The slow read as a custom query of the lab (saved once). */
export function slowRead(lab: RunsLab) {
  return (
    lab.catalogue.list().find((x) => x.title === 'slow read') ??
    lab.catalogue.save({
      title: 'slow read',
      variants: [{ variant: 'base', label: 'cross', sql: SLOW_READ }],
    })
  );
}
