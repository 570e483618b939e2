/**
 * Opens connections to the servers of saved profiles. Every other service that talks to a server
 * (the capability report, the SSB loader, the runner) gets its connection here, so passwords, TLS
 * and error wording are handled in one place.
 */
import { readFileSync } from 'node:fs';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { checkServerIdentity, type TLSSocket } from 'node:tls';
import { performance } from 'node:perf_hooks';
import { createConnection, type Connection } from 'mysql2/promise';
import type { ConnectionOptions, SslOptions } from 'mysql2';
import {
  ConnectionProfileSchema,
  type ConnectionProfile,
  type ConnectionTestResult,
  type ProfileDraft,
} from '../../shared/models';
import { AppFailure, type AppError } from '../../shared/result';
import { connectFailure, greetingProblem, type ConnectTarget, type HandshakeTrace } from './connect-errors';
import { queryFailure } from './errors';
import type { ProfileStore } from '../profiles/profile-store';
import type { SecretStore } from '../profiles/secrets';
import { identifyServer } from './server-identity';

export interface OpenOptions {
  /** A password typed for this request; kept for the session once the server accepts (or does not refuse) it. */
  password?: string;
  /** Allow LOAD DATA LOCAL INFILE on this connection (the caller passes infileStreamFactory per query). */
  localInfile?: boolean;
}

export interface ConnectionServiceDeps {
  profiles: ProfileStore;
  secrets: SecretStore;
  /** How long a connection attempt may take, greeting, TLS and login included. */
  connectTimeoutMs?: number;
  /**
   * Runs on every connection opened, before it is handed out. app.ts hands in the settings journal's
   * restore of what a dead bplab process left changed on that server (server/settings-journal.ts).
   */
  onOpen?: (connection: ServerConnection) => Promise<void>;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** An open connection with the profile it belongs to; statements run through rows() fail as AppFailures. */
export class ServerConnection {
  /** Set when the server closed the connection while it was idle. */
  private lost?: AppFailure;

  constructor(
    /** The mysql2 connection, for what rows() does not cover (streams, LOAD DATA LOCAL INFILE). */
    readonly raw: Connection,
    readonly profile: ConnectionProfile,
    /** The server in words, for messages: "127.0.0.1:3306" or "socket /tmp/mysql.sock". */
    readonly where: string,
  ) {
    // Without a listener, an idle connection the server drops would crash the process.
    raw.on('error', (e: unknown) => {
      this.lost = queryFailure(e, where);
    });
  }

  /** Runs one statement and returns its rows (or its result header for statements without rows). */
  async rows<T = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<T[]> {
    if (this.lost) throw this.lost;
    try {
      const [rows] = await this.raw.query(sql, values);
      return (Array.isArray(rows) ? rows : [rows]) as T[];
    } catch (e) {
      throw queryFailure(e, this.where, statementLabel(sql));
    }
  }

  async close(): Promise<void> {
    try {
      await this.raw.end();
    } catch {
      this.raw.destroy();
    }
  }
}

export class ConnectionService {
  private readonly profiles: ProfileStore;
  private readonly secrets: SecretStore;
  readonly connectTimeoutMs: number;
  private readonly onOpen?: (connection: ServerConnection) => Promise<void>;

  constructor(deps: ConnectionServiceDeps) {
    this.profiles = deps.profiles;
    this.secrets = deps.secrets;
    this.connectTimeoutMs = deps.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.onOpen = deps.onOpen;
  }

  /**
   * Opens a connection for a saved profile. Without a known password it tries none, and when the
   * server demands one fails with PASSWORD_REQUIRED so the UI can ask once for the session.
   */
  async open(profileId: string, opts: OpenOptions = {}): Promise<ServerConnection> {
    const profile = this.profiles.get(profileId);
    const known = opts.password ?? this.secrets.get(profileId);
    try {
      const connection = await this.openProfile(profile, known ?? '', opts);
      if (opts.password !== undefined) this.secrets.set(profileId, opts.password, false);
      await this.onOpen?.(connection);
      return connection;
    } catch (e) {
      const failure = e instanceof AppFailure ? e : AppFailure.of('INTERNAL', String(e));
      if (
        failure.error.code === 'AUTH_FAILED' &&
        failure.error.details?.serverErrno === 1045 &&
        known === undefined
      ) {
        throw AppFailure.of(
          'PASSWORD_REQUIRED',
          `The server asks for the password of user "${profile.user}" (profile "${profile.name}").`,
          {
            hint: profile.tls.certPath
              ? 'Type it once; bplab keeps it for this session.'
              : 'Type it once; bplab keeps it for this session. If the account needs a client certificate instead (REQUIRE X509), add it in the TLS settings of the profile.',
            details: { profileId, user: profile.user },
          },
        );
      }
      if (opts.password !== undefined && failure.error.code !== 'AUTH_FAILED') {
        // Not refused, just not reachable now: keep it so the user need not type it again.
        this.secrets.set(profileId, opts.password, false);
      }
      throw failure;
    }
  }

  /** Opens, runs `work`, and always closes. */
  async use<T>(profileId: string, opts: OpenOptions, work: (c: ServerConnection) => Promise<T>): Promise<T> {
    const connection = await this.open(profileId, opts);
    try {
      return await work(connection);
    } finally {
      await connection.close();
    }
  }

  /** Opens a connection for a profile that need not be saved (the sandbox service checks its own servers this way). */
  async openProfile(
    profile: ConnectionProfile,
    password: string,
    opts: OpenOptions = {},
  ): Promise<ServerConnection> {
    const target = describeTarget(profile);
    try {
      if (profile.tls.mode !== 'preferred') return await this.connect(profile, password, opts, target, true);
      try {
        return await this.connect(profile, password, opts, target, true);
      } catch (e) {
        // "preferred" means: encrypt when the server offers TLS, else go on without it.
        if (e instanceof AppFailure && e.error.details?.driverCode === 'HANDSHAKE_NO_SSL_SUPPORT') {
          return await this.connect(profile, password, opts, target, false);
        }
        throw e;
      }
    } catch (e) {
      throw e instanceof AppFailure ? withoutSecret(e, password) : e;
    }
  }

  /** Connects, measures the round trip, and says who the server and the session are. */
  async test(profileId: string, password?: string): Promise<ConnectionTestResult> {
    return this.use(profileId, { password }, (c) => describeSession(c));
  }

  /**
   * Tests a profile as the editor holds it, unsaved: nothing is written and no password kept (a test
   * that fails must not leave a connection behind). An edited saved profile uses its known password
   * when none is typed.
   */
  async testDraft(draft: ProfileDraft, password?: string): Promise<ConnectionTestResult> {
    const known = password ?? (draft.id ? this.secrets.get(draft.id) : undefined) ?? '';
    const profile = ConnectionProfileSchema.parse({ ...draft, id: draft.id ?? 'unsaved' });
    const connection = await this.openProfile(profile, known);
    try {
      return await describeSession(connection);
    } finally {
      await connection.close();
    }
  }

  private async connect(
    profile: ConnectionProfile,
    password: string,
    opts: OpenOptions,
    target: ConnectTarget,
    useTls: boolean,
  ): Promise<ServerConnection> {
    const ssl = useTls ? sslOptions(profile, target.where) : undefined;
    const watch = new HandshakeWatch();
    const options: ConnectionOptions = {
      host: profile.transport === 'tcp' ? profile.host : 'localhost',
      port: profile.port,
      user: profile.user,
      password,
      database: profile.database,
      connectTimeout: this.connectTimeoutMs,
      multipleStatements: false,
      // BIGINT counters (pages, bytes) arrive as numbers while exact, as strings beyond 2^53.
      supportBigNumbers: true,
      bigNumberStrings: false,
      flags: opts.localInfile ? ['LOCAL_FILES'] : ['-LOCAL_FILES'],
      ssl,
      stream: () => watch.open(profile),
    };
    let raw: Connection;
    try {
      raw = await createConnection(options);
    } catch (e) {
      throw connectFailure(e, target, watch, this.connectTimeoutMs);
    }
    const connection = new ServerConnection(raw, profile, target.where);
    if (ssl && profile.tls.mode === 'verify-identity' && profile.host && isIP(profile.host)) {
      // mysql2 checks names only; an address must appear among the certificate's IP entries.
      const stream = (raw as unknown as { connection: { stream: TLSSocket } }).connection.stream;
      const mismatch = checkServerIdentity(profile.host, stream.getPeerCertificate());
      if (mismatch) {
        await connection.close();
        throw connectFailure(Object.assign(mismatch, { code: 'HANDSHAKE_SSL_ERROR' }), target, watch, 0);
      }
    }
    return connection;
  }
}

/** The server of a profile in words, for messages. */
export function describeTarget(profile: ConnectionProfile): ConnectTarget {
  if (profile.transport === 'socket') {
    return { where: `socket ${profile.socketPath ?? '(none)'}`, user: profile.user, transport: 'socket' };
  }
  const host = profile.host ?? 'localhost';
  const shown = isIP(host) === 6 ? `[${host}]` : host;
  return { where: `${shown}:${profile.port ?? 3306}`, user: profile.user, transport: 'tcp' };
}

/**
 * Watches the raw socket of one connection attempt: whether TCP connected, how many bytes came, and
 * whether the first packet looks like a MySQL greeting. A port speaking another protocol is then
 * reported at once as NOT_MYSQL instead of waiting for the connect timeout.
 */
class HandshakeWatch implements HandshakeTrace {
  tcpConnected = false;
  greeted = false;
  notMysql?: string;
  private socket?: Socket;

  get bytesReceived(): number {
    return this.socket?.bytesRead ?? 0;
  }

  open(profile: ConnectionProfile): Socket {
    const socket =
      profile.transport === 'socket'
        ? netConnect(profile.socketPath ?? '')
        : netConnect(profile.port ?? 3306, profile.host ?? 'localhost');
    if (profile.transport === 'tcp') socket.setNoDelay(true);
    this.socket = socket;
    socket.once('connect', () => {
      this.tcpConnected = true;
    });
    let head = Buffer.alloc(0);
    const inspect = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      if (head.length < 5) return;
      const problem = greetingProblem(head);
      if (problem) {
        socket.off('data', inspect);
        this.notMysql = problem;
        socket.destroy();
      } else if (head.length >= 4 + head.readUIntLE(0, 3)) {
        socket.off('data', inspect);
        this.greeted = true;
      }
    };
    socket.on('data', inspect);
    return socket;
  }
}

/** The TLS options of a profile as mysql2 takes them (the load engine hands them to its threads). */
export function sslOptions(profile: ConnectionProfile, where: string): SslOptions | undefined {
  const { mode, caPath, certPath, keyPath } = profile.tls;
  if (mode === 'off') return undefined;
  const ssl: SslOptions = { rejectUnauthorized: mode === 'verify-ca' || mode === 'verify-identity' };
  if (ssl.rejectUnauthorized && caPath) ssl.ca = readTlsFile(caPath, 'CA file', where);
  if (certPath) ssl.cert = readTlsFile(certPath, 'client certificate', where);
  if (keyPath) ssl.key = readTlsFile(keyPath, 'client key', where);
  // Identity of a host name is checked by mysql2; an IP address is checked after connecting (see connect()).
  ssl.verifyIdentity = mode === 'verify-identity' && !isIP(profile.host ?? '');
  return ssl;
}

function readTlsFile(path: string, what: string, where: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw AppFailure.of(
      'TLS_FAILED',
      `The ${what} ${path} for ${where} could not be read: ${(e as Error).message}.`,
      {
        hint: 'Fix the path in the TLS settings of the profile.',
        details: { file: path },
      },
    );
  }
}

/** The first words of a statement, for error messages. */
function statementLabel(sql: string): string {
  const oneLine = sql.replace(/\s+/g, ' ').trim();
  return oneLine.length > 60 ? `${oneLine.slice(0, 57)}...` : oneLine;
}

/** Belt and braces: no driver message should contain the password, but never let one through. */
function withoutSecret(failure: AppFailure, password: string): AppFailure {
  if (password.length < 4) return failure;
  const scrub = (s: string) => s.split(password).join('•••');
  const e: AppError = failure.error;
  const details = e.details
    ? Object.fromEntries(Object.entries(e.details).map(([k, v]) => [k, typeof v === 'string' ? scrub(v) : v]))
    : undefined;
  return new AppFailure({
    ...e,
    message: scrub(e.message),
    hint: e.hint && scrub(e.hint),
    ...(details && { details }),
  });
}

/** The round trip (best of three SELECT 1), the server's version and flavor, TLS, and the user. */
async function describeSession(c: ServerConnection): Promise<ConnectionTestResult> {
  let roundTripMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    await c.rows('SELECT 1');
    roundTripMs = Math.min(roundTripMs, performance.now() - start);
  }
  const [who] = await c.rows<{ version: string; comment: string; currentUser: string }>(
    'SELECT @@version AS version, @@version_comment AS comment, CURRENT_USER() AS currentUser',
  );
  const [cipher] = await c.rows<{ Value: string }>("SHOW SESSION STATUS LIKE 'Ssl_cipher'");
  if (!who) throw AppFailure.of('SERVER_ERROR', `${c.where} returned no row for SELECT @@version.`);
  const identity = identifyServer(String(who.version), String(who.comment ?? ''));
  const cipherName = cipher?.Value ? String(cipher.Value) : '';
  return {
    serverVersion: identity.versionString,
    flavor: identity.flavor,
    roundTripMs: Math.round(roundTripMs * 100) / 100,
    tls: cipherName ? { active: true, cipher: cipherName } : { active: false },
    currentUser: String(who.currentUser),
  };
}
