/**
 * "Not allowed" on this run's real server: a user without the privileges bplab needs (no PROCESS, so
 * INNODB_BUFFER_PAGE_LRU and INNODB_BUFFER_POOL_STATS are refused; no SUPER or
 * SYSTEM_VARIABLES_ADMIN, so SET GLOBAL is refused) is told so in words naming the privilege, through
 * the capability report, a run and its LRU snapshot and live poller, and an experiment that sets a
 * global. Each is told apart from "cannot reach the server" (nothing listens at a profile's port, a
 * connection lost) and from "no data" (the schema holds no dataset).
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/main/app';
import { readPoolStats, walkLru } from '../../src/main/bufferpool/lru';
import { LivePoller } from '../../src/main/bufferpool/poller';
import { ConnectionService, type ServerConnection } from '../../src/main/db/connections';
import { freePort } from '../../src/main/sandbox/ports';
import { ProfileStore } from '../../src/main/profiles/profile-store';
import { SessionSecretStore } from '../../src/main/profiles/secrets';
import { SettingsJournal } from '../../src/main/server/settings-journal';
import type { RequestArgs, RequestName, RequestResult } from '../../src/shared/contract';
import type { ExperimentCheck } from '../../src/shared/experiments/experiments';
import type { ConnectionProfile } from '../../src/shared/models';
import type { AppError } from '../../src/shared/result';
import { testServer } from '../support/test-server';
import { connectToTestServer, dropSchemas, scalar, scratchSchema } from './ssb-support';
import { dropUserIfExists } from '../support/users';
import { failureOf } from '../support/failures';

const errorOf = async (p: Promise<unknown>) => (await failureOf(p)).error;

const server = testServer();
const USER = 'bplab_it_refused';
const PW = 'It-refused-7Kq!x2';
const schema = scratchSchema('bplab_it_refused');
const dir = mkdtempSync(join(server.scratchDir, 'not-allowed-'));
let app: App;
let admin: Connection;
let clientHost: string;
let refused: string;
let unreachable: string;
let unreachablePort: number;

/** The server's own refusal, as MariaDB 10.11 and MySQL 5.7/8.0 word it, naming the privilege. */
const PROCESS_REFUSED =
  /Access denied; you need \(at least one of\) the PROCESS privilege\(s\) for this operation/;

async function request<N extends RequestName>(
  name: N,
  args: RequestArgs<N>,
): Promise<{ ok: true; value: RequestResult<N> } | { ok: false; error: AppError }> {
  return (await app.dispatch(name, args)) as never;
}

async function saveProfile(name: string, port: number) {
  const r = await request('profiles/save', {
    // The profile's database is the one it may read: SELECT is then not among what it lacks.
    draft: { name, transport: 'tcp', host: server.host, port, user: USER, database: schema },
    password: PW,
  });
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as ConnectionProfile).id;
}

/** A connection of the restricted user as bplab's own services open it. */
async function openRefused(): Promise<ServerConnection> {
  const secrets = new SessionSecretStore();
  const connections = new ConnectionService({ profiles: new ProfileStore(dir), secrets });
  return connections.open(refused, { password: PW });
}

/** The live poller's first tick on `conn` (a full LRU snapshot when `walkLru`, else pool stats). */
async function pollOnce(conn: ServerConnection, walkLru: boolean) {
  const samples: unknown[] = [];
  const poller = new LivePoller({
    conn,
    setting: 250,
    oldMethod: 'lru-position',
    bucketPages: 64,
    walkLru,
    cachedIndexes: false,
    clock: () => 0,
    onSample: (s) => samples.push(s),
  });
  poller.start();
  await poller.stop();
  return { error: poller.error, samples };
}

beforeAll(async () => {
  admin = await connectToTestServer()();
  clientHost = String(await scalar(admin, "SELECT SUBSTRING_INDEX(USER(), '@', -1)"));
  await dropUserIfExists(admin, USER, clientHost);
  await admin.query('CREATE USER ?@? IDENTIFIED BY ?', [USER, clientHost, PW]);
  // An empty schema it may read: enough to log in and start a run, and to find no dataset there.
  await admin.query(`CREATE DATABASE \`${schema}\``);
  await admin.query(`GRANT SELECT ON \`${schema}\`.* TO ?@?`, [USER, clientHost]);
  app = await createApp({ dataDir: dir, transport: 'browser', version: 'test' });
  refused = await saveProfile('refused', server.port);
  unreachablePort = await freePort();
  unreachable = await saveProfile('gone', unreachablePort);
}, 120_000);

afterAll(async () => {
  await app?.shutdown();
  if (!admin) return;
  await dropUserIfExists(admin, USER, clientHost);
  await dropSchemas(admin, [schema]);
  await admin.end();
});

describe(`a user lacking PROCESS and SET GLOBAL on ${server.label}`, () => {
  it('the capability report says "not allowed", naming PROCESS and SET GLOBAL; a server nobody answers at is "cannot reach"', async () => {
    const r = await request('connections/capabilities', { profileId: refused, password: PW });
    if (!r.ok) throw new Error(r.error.message);
    const report = r.value;
    const lru = report.capabilities.find((c) => c.id === 'lru-table');
    expect(lru).toMatchObject({ status: 'no', detail: 'Not allowed: the user lacks the PROCESS privilege.' });
    const missing = report.privileges.filter((p) => !p.present).map((p) => p.label);
    expect(missing).toEqual(
      expect.arrayContaining(['PROCESS', 'SET GLOBAL (SUPER or SYSTEM_VARIABLES_ADMIN)']),
    );

    const gone = await request('connections/capabilities', { profileId: unreachable, password: PW });
    expect(gone.ok).toBe(false);
    if (gone.ok) return;
    expect(gone.error.code).toBe('UNREACHABLE');
    expect(gone.error.message).toBe(
      `Nothing is listening at ${server.host}:${unreachablePort} (connection refused).`,
    );
  });

  it('an LRU snapshot, the pool stats and the live poller say "not allowed" with the server\'s words; a lost connection says lost', async () => {
    const c = await openRefused();
    try {
      for (const read of [() => walkLru(c, 'lru-position', 64), () => readPoolStats(c)]) {
        const f = await errorOf(read());
        expect(f.code).toBe('PRIVILEGE_MISSING');
        expect(f.message).toMatch(new RegExp(`^Not allowed on ${server.host}:${server.port} while running `));
        expect(f.message).toMatch(PROCESS_REFUSED);
      }
      const { error, samples } = await pollOnce(c, true);
      expect(error).toMatch(/^The live poller stopped: Not allowed on /);
      expect(error).toMatch(PROCESS_REFUSED);
      expect(samples).toEqual([]);
    } finally {
      await c.close();
    }

    // The same poller on a connection that is gone says so, and not "not allowed".
    const lost = await openRefused();
    lost.raw.destroy();
    const { error } = await pollOnce(lost, false);
    expect(error).toMatch(/^The live poller stopped: The connection to .* was lost/);
    expect(error).not.toMatch(/not allowed/i);
  });

  it('a run is refused before it starts, "not allowed" naming PROCESS, polling or not; a run on a server nobody answers at is refused as unreachable', async () => {
    for (const poll of ['auto', 'off'] as const) {
      const started = await request('runs/start', {
        profileId: refused,
        password: PW,
        spec: { queryId: 'Q1.1', schema, poll },
      });
      expect(started).toMatchObject({ ok: false, error: { code: 'PRIVILEGE_MISSING' } });
      if (started.ok) continue;
      expect(started.error.message).toMatch(
        new RegExp(
          `^This run cannot start: it reads the buffer pool's stats and pages, and that is not allowed on ${server.host}:${server.port} while running SELECT \\* FROM INFORMATION_SCHEMA\\.INNODB_BUFFER_POOL_STATS`,
        ),
      );
      expect(started.error.message).toMatch(PROCESS_REFUSED);
      expect(started.error.hint).toMatch(/^Grant PROCESS to this server's user/);
    }
    // Nothing was started, so nothing is saved.
    expect(app.runs.list(refused)).toEqual([]);

    const gone = await request('runs/start', {
      profileId: unreachable,
      password: PW,
      spec: { queryId: 'Q1.1', schema, poll: 'auto' },
    });
    expect(gone).toMatchObject({ ok: false, error: { code: 'UNREACHABLE' } });
    if (!gone.ok) expect(gone.error.message).not.toMatch(/not allowed/i);
  });

  it('an experiment that sets a global cannot start: "not allowed", naming SET GLOBAL, apart from "no dataset" and "cannot reach"', async () => {
    const definition = (matrix: unknown[]) => ({
      name: 'refused',
      schema,
      queries: [{ queryId: 'Q1.1' }],
      servers: [
        { label: 'refused', profileId: refused },
        { label: 'gone', profileId: unreachable },
      ],
      matrix,
      protocol: { cold: false, hotRuns: 1 },
    });
    const check = async (matrix: unknown[]) => {
      const r = await request('experiments/check', { definition: definition(matrix) });
      if (!r.ok) throw new Error(r.error.message);
      return r.value as ExperimentCheck;
    };
    const withGlobal = await check([
      { kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] },
    ]);
    expect(withGlobal.canStart).toBe(false);
    expect(withGlobal.problems).toEqual([
      'refused: not allowed: the user lacks PROCESS, needed for reading the buffer pool (INFORMATION_SCHEMA.INNODB_BUFFER_PAGE_LRU, INNODB_BUFFER_POOL_STATS): no page maps, no before/after comparison',
      'refused: not allowed: the user lacks SET GLOBAL (SUPER or SYSTEM_VARIABLES_ADMIN), needed for changing innodb_old_blocks_time / _pct, resizing the buffer pool, or turning local_infile on between runs',
      `refused has no dataset ${schema}`,
      `gone: Nothing is listening at ${server.host}:${unreachablePort} (connection refused). (Check that the server is running and that the host and port are right.)`,
    ]);
    // SET GLOBAL is named only where the experiment needs it.
    const withoutGlobal = await check([]);
    expect(withoutGlobal.problems.join('\n')).not.toContain('SET GLOBAL');
  });

  it('the SET GLOBAL itself is refused as "not allowed", naming the privilege, and leaves nothing to restore', async () => {
    const journal = new SettingsJournal(dir);
    const conn = await createConnection({ host: server.host, port: server.port, user: USER, password: PW });
    const before = await scalar(admin, 'SELECT @@GLOBAL.innodb_old_blocks_time');
    try {
      const f = await errorOf(
        journal.setGlobal(conn, refused, 'innodb_old_blocks_time', 0, 'test: not allowed'),
      );
      expect(f.code).toBe('PRIVILEGE_MISSING');
      expect(f.message).toMatch(
        /^bplab is not allowed to SET GLOBAL innodb_old_blocks_time = 0: Access denied; you need \(at least one of\) the .*(SUPER|SYSTEM_VARIABLES_ADMIN).* privilege\(s\) for this operation/,
      );
      expect(f.hint).toContain('SYSTEM_VARIABLES_ADMIN');
    } finally {
      await conn.end();
    }
    expect(journal.pending(refused)).toEqual([]);
    expect(await scalar(admin, 'SELECT @@GLOBAL.innodb_old_blocks_time')).toBe(before);
  });
});
