/**
 * One sandbox for bench/whatif-sizes.ts: made on a server binary (or found in the data folder), the
 * app's RunService over it with the page tracer, and the one way the benchmark changes the pool: a
 * restart at the size asked (this start only; the sandbox's own size is its traced size), purge
 * waited for, the size read back from the server so a figure never claims a pool it did not have.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { waitForPurge } from '../../src/main/bufferpool/purge';
import { ConnectionService } from '../../src/main/db/connections';
import { machineProbes } from '../../src/main/pagetrace/capability';
import { RunPageTracer } from '../../src/main/pagetrace/run-tracer';
import { ProfileStore } from '../../src/main/profiles/profile-store';
import { SessionSecretStore } from '../../src/main/profiles/secrets';
import { QueryCatalogue } from '../../src/main/queries/catalogue';
import { RunService } from '../../src/main/runs/run-service';
import { RunStore } from '../../src/main/runs/run-store';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import type { SandboxInfo } from '../../src/shared/models';
import { SettingsJournal } from '../../src/main/server/settings-journal';

export interface SizesServer {
  info: SandboxInfo;
  /** bplab's data folder for this server: profiles, runs, loads, the sandbox. */
  dataDir: string;
  sandboxes: SandboxService;
  profiles: ProfileStore;
  connections: ConnectionService;
  journal: SettingsJournal;
  store: RunStore;
  catalogue: QueryCatalogue;
  service: RunService;
  /** Restarts the server with a pool of `bytes` (cold), waits for purge; answers the pool read back, in bytes. */
  restartAt(bytes: number): Promise<number>;
  /** Runs statements on a connection of its own, `schema` in use when given. */
  sql(statements: string[], schema?: string): Promise<void>;
  /** One value of a query's first row. */
  value(sql: string, schema?: string): Promise<unknown>;
  /** The server's Innodb_buffer_pool_reads, Questions and Uptime (s) now (global). */
  counters(): Promise<{ reads: number; questions: number; uptime: number }>;
}

export const MIB = 1048576;

/** The sandbox named `name` in `dataDir` (started), else a new one on `binary` with a pool of `poolBytes`. */
export async function sizesServer(
  dataDir: string,
  name: string,
  binary: string,
  poolBytes: number,
): Promise<SizesServer> {
  const profiles = new ProfileStore(dataDir);
  const sandboxes = new SandboxService({
    root: join(dataDir, 'sandboxes'),
    profiles: { upsert: async (p) => void profiles.put(p), remove: async () => {} },
  });
  const found = (await sandboxes.list()).find((s) => s.name === name);
  let info = found
    ? await sandboxes.start(found.id)
    : await sandboxes.create({
        name,
        binaryPath: binary,
        bufferPoolSize: `${Math.round(poolBytes / MIB)}M`,
        localInfile: true,
      });
  const store = new RunStore(dataDir);
  const journal = new SettingsJournal(dataDir);
  const catalogue = new QueryCatalogue(dataDir);
  const connections = new ConnectionService({
    profiles,
    secrets: new SessionSecretStore(),
    onOpen: journal.restoreLeftoversOn(),
  });
  const service = new RunService({
    connections,
    catalogue,
    store,
    journal,
    serverPid: async () => (await sandboxes.get(info.id)).pid ?? null,
    pageTracer: new RunPageTracer({
      probes: machineProbes(),
      spawn,
      binaryOf: async () => info.binaryPath,
      dir: store.dir,
    }),
  });
  const withConnection = async <T>(
    schema: string | undefined,
    f: (c: Awaited<ReturnType<typeof createConnection>>) => Promise<T>,
  ) => {
    const c = await createConnection({
      ...sandboxes.connectionOptions(info),
      connectTimeout: 5000,
      ...(schema ? { database: schema } : {}),
    });
    try {
      return await f(c);
    } finally {
      await c.end();
    }
  };
  const server: SizesServer = {
    get info() {
      return info;
    },
    dataDir,
    sandboxes,
    profiles,
    connections,
    journal,
    store,
    catalogue,
    service,
    async restartAt(bytes) {
      info = await sandboxes.restart(info.id, { bufferPoolSize: `${Math.round(bytes / MIB)}M` });
      return withConnection(undefined, async (c) => {
        await waitForPurge({ rows: async <T>(sql: string) => (await c.query(sql))[0] as T[] });
        const [rows] = await c.query('SELECT @@innodb_buffer_pool_size AS b');
        return Number((rows as Array<{ b: number | string }>)[0]!.b);
      });
    },
    async sql(statements, schema) {
      await withConnection(schema, async (c) => {
        for (const s of statements) await c.query(s);
      });
    },
    async counters() {
      return withConnection(undefined, async (c) => {
        const [rows] = await c.query(
          "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_buffer_pool_reads', 'Questions', 'Uptime')",
        );
        const v = (name: string) =>
          Number(
            (rows as Array<{ Variable_name: string; Value: string }>).find(
              (r) => r.Variable_name.toLowerCase() === name,
            )?.Value ?? NaN,
          );
        return { reads: v('innodb_buffer_pool_reads'), questions: v('questions'), uptime: v('uptime') };
      });
    },
    async value(sql, schema) {
      return withConnection(schema, async (c) => {
        const [rows] = await c.query(sql);
        const first = (rows as Array<Record<string, unknown>>)[0];
        return first ? Object.values(first)[0] : null;
      });
    },
  };
  return server;
}
