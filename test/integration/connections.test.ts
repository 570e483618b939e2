/**
 * ConnectionService against this run's real server, and against real sockets that are not MySQL:
 * TCP and socket transports, TLS modes, the password flow, and each way a connection can fail.
 */
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { isAbsolute, join } from 'node:path';
import { Readable } from 'node:stream';
import { createConnection, type Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/main/app';
import { ConnectionService } from '../../src/main/db/connections';
import { ProfileStore } from '../../src/main/profiles/profile-store';
import { SessionSecretStore } from '../../src/main/profiles/secrets';
import type { ConnectionProfile, ProfileDraft } from '../../src/shared/models';
import { testServer } from '../support/test-server';
import { dropUserIfExists } from '../support/users';
import { failureOf } from '../support/failures';

const server = testServer();
const SCHEMA = 'bplab_it_conn';
const PW_USER = 'bplab_it_pw';
const PW = 'It-pw-7f3K!x2q';
const CONNECT_TIMEOUT_MS = 3_000;

const dataDir = mkdtempSync(join(server.scratchDir, 'connections-'));
const profiles = new ProfileStore(dataDir);
const secrets = new SessionSecretStore({});
const connections = new ConnectionService({ profiles, secrets, connectTimeoutMs: CONNECT_TIMEOUT_MS });
let admin: Connection;
/** The host part the server sees for our loopback connections (e.g. "localhost"). */
let clientHost: string;
const listeners: Server[] = [];

async function adminRows<T>(sql: string, values?: unknown[]): Promise<T[]> {
  const [rows] = await admin.query(sql, values);
  return rows as T[];
}

function tcpProfile(name: string, extra: Partial<ProfileDraft> = {}): ConnectionProfile {
  const profile = profiles.save({
    name,
    transport: 'tcp',
    host: server.host,
    port: server.port,
    user: server.user,
    ...extra,
  });
  if (server.password && (extra.user ?? server.user) === server.user)
    secrets.set(profile.id, server.password, false);
  return profile;
}

async function listen(s: Server): Promise<number> {
  listeners.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const address = s.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function closedPort(): Promise<number> {
  const s = createServer();
  const port = await new Promise<number>((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve((s.address() as { port: number }).port)),
  );
  await new Promise((resolve) => s.close(resolve));
  return port;
}

beforeAll(async () => {
  admin = await createConnection({
    host: server.host,
    port: server.port,
    user: server.user,
    password: server.password,
  });
  const [me] = await adminRows<{ host: string }>("SELECT SUBSTRING_INDEX(USER(), '@', -1) AS host");
  clientHost = me?.host ?? 'localhost';
  await dropUserIfExists(admin, PW_USER, clientHost);
  await admin.query(`CREATE USER ?@? IDENTIFIED BY ?`, [PW_USER, clientHost, PW]);
  await admin.query(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await admin.query(`CREATE DATABASE ${SCHEMA}`);
});

afterAll(async () => {
  await Promise.all(listeners.map((s) => new Promise((resolve) => s.close(resolve))));
  if (!admin) return;
  await dropUserIfExists(admin, PW_USER, clientHost);
  await admin.query(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await admin.end();
});

describe('connection test', () => {
  it('reports the server, the session user and a round trip over TCP', async () => {
    const profile = tcpProfile('it tcp');
    const result = await connections.test(profile.id);
    const [truth] = await adminRows<{ version: string; user: string }>(
      'SELECT @@version AS version, CURRENT_USER() AS user',
    );
    expect(result.serverVersion).toBe(truth?.version);
    expect(result.serverVersion.startsWith(server.version)).toBe(true);
    expect(result.flavor).toBe(server.flavor);
    expect(result.currentUser).toBe(truth?.user);
    expect(result.roundTripMs).toBeGreaterThan(0);
    expect(result.roundTripMs).toBeLessThan(1000);
    expect(result.tls).toEqual({ active: false });
  });

  it('connects over the server socket, and names a missing socket file', async () => {
    const [row] = await adminRows<{ socket: string }>('SELECT @@socket AS socket');
    const socketPath = row?.socket ?? '';
    expect(existsSync(socketPath)).toBe(true);
    const profile = profiles.save({ name: 'it socket', transport: 'socket', socketPath, user: server.user });
    if (server.password) secrets.set(profile.id, server.password, false);
    const result = await connections.test(profile.id);
    expect(result.flavor).toBe(server.flavor);
    expect(result.currentUser).toMatch(new RegExp(`^${server.user}@`));

    const missing = profiles.save({
      name: 'it missing socket',
      transport: 'socket',
      socketPath: join(dataDir, 'no-server-here.sock'),
      user: server.user,
    });
    const f = await failureOf(connections.test(missing.id));
    expect(f.error.code).toBe('UNREACHABLE');
    expect(f.error.message).toContain(join(dataDir, 'no-server-here.sock'));
  });

  it('gives other services a connection that can LOAD DATA LOCAL INFILE only when asked', async () => {
    const profile = tcpProfile('it infile', { database: SCHEMA });
    const rows = Array.from({ length: 1000 }, (_, i) => `${i}\tname-${i}\n`).join('');
    const load = (c: Connection) =>
      c.query({
        sql: "LOAD DATA LOCAL INFILE 'rows.tsv' INTO TABLE infile_probe",
        infileStreamFactory: () => Readable.from([Buffer.from(rows)]),
      });
    await connections.use(profile.id, { localInfile: true }, async (c) => {
      await c.rows('CREATE TABLE infile_probe (id INT PRIMARY KEY, name VARCHAR(20))');
      await load(c.raw);
      const [count] = await c.rows<{ n: number }>('SELECT COUNT(*) AS n FROM infile_probe');
      expect(Number(count?.n)).toBe(1000);
    });
    await connections.use(profile.id, {}, async (c) => {
      await expect(load(c.raw)).rejects.toThrow();
      await c.rows('DROP TABLE infile_probe');
    });
  });

  it('reports a connection the server killed as CONNECTION_LOST, without crashing', async () => {
    const profile = tcpProfile('it killed');
    const c = await connections.open(profile.id);
    const [row] = await c.rows<{ id: number }>('SELECT CONNECTION_ID() AS id');
    await admin.query(`KILL ${Number(row?.id)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const f = await failureOf(c.rows('SELECT 1'));
    expect(f.error.code).toBe('CONNECTION_LOST');
    expect(f.error.message).toContain(`${server.host}:${server.port}`);
    await c.close();
  });
});

describe('passwords', () => {
  it('asks for a password, refuses a wrong one, and keeps a right one for the session', async () => {
    const profile = profiles.save({
      name: 'it password user',
      transport: 'tcp',
      host: server.host,
      port: server.port,
      user: PW_USER,
    });
    const required = await failureOf(connections.test(profile.id));
    expect(required.error.code).toBe('PASSWORD_REQUIRED');
    expect(secrets.state(profile.id)).toBe('none');

    const wrong = await failureOf(connections.test(profile.id, 'not-the-password'));
    expect(wrong.error.code).toBe('AUTH_FAILED');
    expect(wrong.error.message).toContain(PW_USER);
    expect(JSON.stringify(wrong.error)).not.toContain('not-the-password');
    expect(secrets.state(profile.id)).toBe('none');

    const ok = await connections.test(profile.id, PW);
    expect(ok.currentUser).toBe(`${PW_USER}@${clientHost}`);
    expect(secrets.state(profile.id)).toBe('session');
    expect((await connections.test(profile.id)).currentUser).toBe(ok.currentUser);

    // A remembered password the server now refuses is AUTH_FAILED, not a silent prompt.
    await admin.query('ALTER USER ?@? IDENTIFIED BY ?', [PW_USER, clientHost, `${PW}-changed`]);
    try {
      const stale = await failureOf(connections.test(profile.id));
      expect(stale.error.code).toBe('AUTH_FAILED');
      expect(JSON.stringify(stale.error)).not.toContain(PW);
    } finally {
      await admin.query('ALTER USER ?@? IDENTIFIED BY ?', [PW_USER, clientHost, PW]);
    }
  });

  it('works through the app: save with a password, list its state, test, forget', async () => {
    const appDir = mkdtempSync(join(server.scratchDir, 'connections-app-'));
    const app = await createApp({ dataDir: appDir, transport: 'browser', version: 'test' });
    try {
      const saved = await app.dispatch('profiles/save', {
        draft: { name: 'Via app', transport: 'tcp', host: server.host, port: server.port, user: PW_USER },
        password: PW,
        rememberPassword: true,
      });
      if (!saved.ok) throw new Error(saved.error.message);
      const id = (saved.value as ConnectionProfile).id;
      const listed = await app.dispatch('profiles/list', {});
      expect(listed).toMatchObject({
        ok: true,
        value: { profiles: [{ id, password: 'session' }], passwordPersistence: 'session-only' },
      });
      expect(readFileSync(join(appDir, 'profiles.json'), 'utf8')).not.toContain(PW);
      expect(await app.dispatch('connections/test', { profileId: id })).toMatchObject({
        ok: true,
        value: { currentUser: `${PW_USER}@${clientHost}` },
      });
      expect(await app.dispatch('profiles/forget-password', { id })).toEqual({ ok: true, value: { id } });
      expect(await app.dispatch('connections/test', { profileId: id })).toMatchObject({
        ok: false,
        error: { code: 'PASSWORD_REQUIRED' },
      });
      expect(await app.dispatch('profiles/delete', { id })).toEqual({ ok: true, value: { deleted: id } });
    } finally {
      await app.shutdown();
    }
  });

  it("tests the editor's unsaved profile without saving it: a wrong password refused, nothing kept", async () => {
    const appDir = mkdtempSync(join(server.scratchDir, 'connections-draft-'));
    const app = await createApp({ dataDir: appDir, transport: 'browser', version: 'test' });
    try {
      const draft = {
        name: 'Unsaved',
        transport: 'tcp' as const,
        host: server.host,
        port: server.port,
        user: PW_USER,
      };
      const wrong = await app.dispatch('connections/test-draft', { draft, password: `${PW}-wrong` });
      expect(wrong).toMatchObject({ ok: false, error: { code: 'AUTH_FAILED' } });
      expect(await app.dispatch('connections/test-draft', { draft, password: PW })).toMatchObject({
        ok: true,
        value: { currentUser: `${PW_USER}@${clientHost}` },
      });
      expect(await app.dispatch('profiles/list', {})).toMatchObject({ ok: true, value: { profiles: [] } });
      expect(existsSync(join(appDir, 'profiles.json'))).toBe(false);
    } finally {
      await app.shutdown();
    }
  });
});

describe('failures in words', () => {
  it('says UNREACHABLE for a closed loopback port, naming host:port', async () => {
    const port = await closedPort();
    const profile = tcpProfile('it closed port', { host: '127.0.0.1', port });
    const f = await failureOf(connections.test(profile.id));
    expect(f.error.code).toBe('UNREACHABLE');
    expect(f.error.message).toContain(`127.0.0.1:${port}`);
  });

  it('says NOT_MYSQL for an HTTP server, within the connect timeout', async () => {
    const port = await listen(createHttpServer((_req, res) => res.end('hello')) as unknown as Server);
    const profile = tcpProfile('it http', { host: '127.0.0.1', port });
    const started = Date.now();
    const f = await failureOf(connections.test(profile.id));
    expect(f.error.code).toBe('NOT_MYSQL');
    expect(f.error.message).toContain(`127.0.0.1:${port}`);
    expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 1500);
  });

  it('says NOT_MYSQL at once for a service that sends a banner, or closes, or sends garbage', async () => {
    const banner = await listen(createServer((s) => s.write('SSH-2.0-OpenSSH_9.2\r\n')));
    const closer = await listen(createServer((s) => s.destroy()));
    // A greeting header promising 9 bytes, then the end: a MySQL server never stops mid-greeting.
    const truncated = await listen(createServer((s) => s.end(Buffer.from([9, 0, 0, 0, 10, 1, 2]))));
    const badSequence = await listen(createServer((s) => s.write(Buffer.from([3, 0, 0, 7, 10, 1, 2]))));
    const malformed = await listen(createServer((s) => s.write(Buffer.from([5, 0, 0, 0, 10, 1, 2, 3, 4]))));
    for (const [name, port] of [
      ['banner', banner],
      ['closer', closer],
      ['truncated', truncated],
      ['bad sequence', badSequence],
      ['malformed', malformed],
    ] as const) {
      const profile = tcpProfile(`it ${name}`, { host: '127.0.0.1', port });
      const started = Date.now();
      const f = await failureOf(connections.test(profile.id));
      expect(f.error.code, name).toBe('NOT_MYSQL');
      expect(Date.now() - started, name).toBeLessThan(1000);
      if (name === 'banner') expect(f.error.message).toContain('SSH-2.0-OpenSSH_9.2');
    }
  });

  it('says NOT_FOUND for a profile database that does not exist', async () => {
    const profile = tcpProfile('it no db', { database: 'bplab_it_no_such_db' });
    const f = await failureOf(connections.test(profile.id));
    expect(f.error.code).toBe('NOT_FOUND');
  });
});

describe('TLS', () => {
  let sslOn = false;
  let caPath: string | undefined;
  let certPath: string | undefined;

  beforeAll(async () => {
    const [v] = await adminRows<{ ca: string | null; cert: string | null; datadir: string }>(
      'SELECT @@ssl_ca AS ca, @@ssl_cert AS cert, @@datadir AS datadir',
    );
    // have_ssl is gone from MySQL 8.4 (9.7 here): there a server with a TLS context loaded says when its
    // certificate expires.
    const [have] = await adminRows<{ Value: string }>("SHOW GLOBAL VARIABLES LIKE 'have_ssl'");
    const [notAfter] = await adminRows<{ Value: string }>("SHOW GLOBAL STATUS LIKE 'Ssl_server_not_after'");
    sslOn = have ? have.Value === 'YES' : Boolean(notAfter?.Value);
    const resolve = (p: string | null | undefined) =>
      p ? (isAbsolute(p) ? p : join(v?.datadir ?? '', p)) : undefined;
    caPath = resolve(v?.ca);
    certPath = resolve(v?.cert);
  });

  it('encrypts with mode "required" when the server offers TLS, else fails with TLS_FAILED', async () => {
    const profile = tcpProfile('it tls required', { tls: { mode: 'required' } });
    if (sslOn) {
      const result = await connections.test(profile.id);
      expect(result.tls.active).toBe(true);
      expect(result.tls.cipher).toMatch(/^[A-Z0-9_-]+$/);
    } else {
      const f = await failureOf(connections.test(profile.id));
      expect(f.error.code).toBe('TLS_FAILED');
      expect(f.error.message).toMatch(/does not offer TLS/);
    }
  });

  it('with mode "preferred" encrypts when it can and connects anyway when it cannot', async () => {
    const profile = tcpProfile('it tls preferred', { tls: { mode: 'preferred' } });
    const result = await connections.test(profile.id);
    expect(result.tls.active).toBe(sslOn);
  });

  it('verifies the server certificate against the CA file', async () => {
    if (!sslOn) {
      const f = await failureOf(
        connections.test(tcpProfile('it tls verify off', { tls: { mode: 'verify-ca' } }).id),
      );
      expect(f.error.code).toBe('TLS_FAILED');
      return;
    }
    const noCa = await failureOf(
      connections.test(tcpProfile('it tls no ca', { tls: { mode: 'verify-ca' } }).id),
    );
    expect(noCa.error.code).toBe('TLS_FAILED');
    expect(noCa.error.hint).toMatch(/CA file/);
    // MariaDB 11.4 turns TLS on with a certificate it makes in memory, and no CA file to trust: nothing
    // can verify it, which is what the failure above says. connections-tls.test verifies against a CA.
    if (!caPath) return;
    expect(existsSync(caPath)).toBe(true);

    const verified = await connections.test(
      tcpProfile('it tls ca', { tls: { mode: 'verify-ca', caPath } }).id,
    );
    expect(verified.tls.active).toBe(true);

    // The identity check: does the server certificate name the address we connect to?
    const cert = new X509Certificate(readFileSync(certPath ?? ''));
    const namesHost = cert.checkHost(server.host) !== undefined || cert.checkIP(server.host) !== undefined;
    const identity = tcpProfile('it tls identity', { tls: { mode: 'verify-identity', caPath } });
    if (namesHost) {
      expect((await connections.test(identity.id)).tls.active).toBe(true);
    } else {
      const f = await failureOf(connections.test(identity.id));
      expect(f.error.code).toBe('TLS_FAILED');
    }
  });

  it('says which CA file could not be read', async () => {
    const missing = join(dataDir, 'missing-ca.pem');
    const profile = tcpProfile('it tls missing ca', { tls: { mode: 'verify-ca', caPath: missing } });
    const f = await failureOf(connections.test(profile.id));
    expect(f.error.code).toBe('TLS_FAILED');
    expect(f.error.message).toContain(missing);
  });
});
