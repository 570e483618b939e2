/**
 * What went wrong opening a connection, in words: a refused login, a closed port, a port that speaks
 * another protocol, a broken TLS handshake, each naming the server but never the password.
 */
import { AppFailure } from '../../shared/result';
import { driverError, failure, LOST_CODES, type DriverError } from './errors';

/** The server as the user knows it, for messages: "127.0.0.1:3306" or "socket /run/mysqld/mysqld.sock". */
export interface ConnectTarget {
  where: string;
  user: string;
  /** Whether the socket path or host:port form applies (changes the advice). */
  transport: 'tcp' | 'socket';
}

/** What the raw socket saw during a connection attempt; it tells "slow network" from "not MySQL". */
export interface HandshakeTrace {
  /** The TCP (or socket) connection was established. */
  tcpConnected: boolean;
  bytesReceived: number;
  /** A whole first packet arrived and it looks like a MySQL greeting (or an error packet). */
  greeted: boolean;
  /** Set when the first bytes received are not a MySQL greeting. */
  notMysql?: string;
}

/** Why the first bytes from a server are not a MySQL greeting, or undefined when they are one. */
export function greetingProblem(head: Buffer): string | undefined {
  const length = head.readUIntLE(0, 3);
  const sequence = head[3];
  const first = head[4];
  // A greeting is packet 0 holding protocol version 10 (9 on ancient servers), or an error packet (0xff).
  const looksRight =
    sequence === 0 && length > 0 && length < 65_536 && (first === 10 || first === 9 || first === 0xff);
  if (looksRight) return undefined;
  const text = head
    .subarray(0, 64)
    .toString('latin1')
    .split(/\r?\n/)[0]
    ?.replace(/[^\x20-\x7e]/g, '')
    .trim();
  return text && text.length >= 3 ? `it sent "${text}"` : 'its first bytes are not a MySQL greeting';
}

const PROTOCOL_GARBAGE_CODES = new Set([
  'ERR_OUT_OF_RANGE',
  'ERR_BUFFER_OUT_OF_BOUNDS',
  'PROTOCOL_ERROR',
  'PROTOCOL_PACKETS_OUT_OF_ORDER',
  'ER_NET_PACKETS_OUT_OF_ORDER',
  'ER_MALFORMED_PACKET',
  'ER_UNKNOWN_COM_ERROR',
]);
const TLS_CODE =
  /^(HANDSHAKE_SSL_ERROR|HANDSHAKE_NO_SSL_SUPPORT|ERR_TLS_|ERR_SSL_|EPROTO$|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

/** Maps an error from opening a connection (TCP or socket connect, greeting, TLS, login). */
export function connectFailure(
  error: unknown,
  target: ConnectTarget,
  trace: HandshakeTrace | undefined,
  timeoutMs: number,
): AppFailure {
  if (error instanceof AppFailure) return error;
  const e = driverError(error);
  const where = target.where;
  const seconds = Math.round(timeoutMs / 100) / 10;
  const details = { target: where };

  if (trace?.notMysql) {
    return failure(
      'NOT_MYSQL',
      `${where} answered, but not as a MySQL or MariaDB server: ${trace.notMysql}.`,
      { hint: 'Check the port (or socket): it belongs to another kind of service.', details },
      e,
    );
  }
  if (typeof e.errno === 'number' && e.sqlState) return loginRefused(e, target);

  switch (e.code) {
    case 'ECONNREFUSED':
      return failure(
        'UNREACHABLE',
        target.transport === 'socket'
          ? `No server is listening on ${where} (connection refused); the socket file is probably left over from a server that stopped.`
          : `Nothing is listening at ${where} (connection refused).`,
        { hint: 'Check that the server is running and that the host and port are right.', details },
        e,
      );
    case 'ENOENT':
      return failure(
        'UNREACHABLE',
        `The socket file of ${where} does not exist.`,
        {
          hint: 'Check that the server is running and the socket path (SELECT @@socket on the server).',
          details,
        },
        e,
      );
    case 'EACCES':
      return failure(
        'UNREACHABLE',
        `bplab is not allowed to open ${where} (permission denied).`,
        { hint: 'Check the permissions of the socket file and its folder.', details },
        e,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return failure(
        'UNREACHABLE',
        `The host name of ${where} could not be resolved (DNS lookup failed).`,
        { hint: 'Check the spelling of the host, or use its IP address.', details },
        e,
      );
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'ENETDOWN':
      return failure(
        'UNREACHABLE',
        `There is no network route to ${where}.`,
        {
          hint: 'Check the host address, the VPN, or the firewall between this machine and the server.',
          details,
        },
        e,
      );
    case 'ETIMEDOUT':
      if (trace?.tcpConnected && !trace.greeted) {
        return failure(
          'NOT_MYSQL',
          `${where} accepted the connection but sent ${trace.bytesReceived ? 'no complete' : 'no'} MySQL greeting within ${seconds} s; a MySQL server greets at once, so this port probably belongs to another service (HTTP, SSH...).`,
          {
            hint: 'Check the port number. A proxy or firewall that accepts connections for a host it cannot reach looks the same.',
            details,
          },
          e,
        );
      }
      return failure(
        'TIMEOUT',
        trace?.tcpConnected
          ? `${where} greeted but the login did not finish within ${seconds} s.`
          : `No answer from ${where} within ${seconds} s.`,
        {
          hint: trace?.tcpConnected
            ? 'The server may be overloaded, or a TLS handshake stalled; try again.'
            : 'The host may be down, or a firewall may drop the connection; check the address and port.',
          details,
        },
        e,
      );
  }

  if (e.code && TLS_CODE.test(e.code)) return tlsFailure(e, where);
  if (e.code && LOST_CODES.has(e.code)) {
    if (!trace?.greeted) {
      return failure(
        'NOT_MYSQL',
        `${where} closed the connection without ${trace?.bytesReceived ? 'completing' : 'sending'} a MySQL greeting; it is probably not a MySQL or MariaDB server.`,
        {
          hint: 'Check the port (or socket). A MySQL server that is shutting down can also do this; try again in a moment.',
          details,
        },
        e,
      );
    }
    return failure(
      'CONNECTION_LOST',
      `${where} closed the connection during login.`,
      { hint: 'The server may have restarted, or it refused this client; check its error log.', details },
      e,
    );
  }
  if (
    (e.code && PROTOCOL_GARBAGE_CODES.has(e.code)) ||
    /malformed|out of range|packets out of order/i.test(e.message) ||
    error instanceof RangeError
  ) {
    return failure(
      'NOT_MYSQL',
      `${where} answered, but not with the MySQL protocol (${e.message}).`,
      { hint: 'Check the port (or socket): it belongs to another kind of service.', details },
      e,
    );
  }
  return failure(
    'UNREACHABLE',
    `Could not connect to ${where}: ${e.message}.`,
    { hint: 'Check the connection profile and that the server is running.', details },
    e,
  );
}

/** The server answered the login with an error packet. */
function loginRefused(e: DriverError, target: ConnectTarget): AppFailure {
  const where = target.where;
  const said = e.sqlMessage ?? e.message;
  const details = { target: where, user: target.user };
  switch (e.errno) {
    case 1045:
      return failure(
        'AUTH_FAILED',
        `${where} refused the login of user "${target.user}": wrong password, or this user may not connect from this machine (the server said: ${said}).`,
        { hint: 'Type the password again, or check the user and the host it may connect from.', details },
        e,
      );
    case 1862:
    case 1820:
      return failure(
        'AUTH_FAILED',
        `The password of user "${target.user}" on ${where} has expired (the server said: ${said}).`,
        {
          hint: 'Set a new password with another client (ALTER USER ... IDENTIFIED BY ...), then connect again.',
          details,
        },
        e,
      );
    case 1251:
    case 1524:
      return failure(
        'AUTH_FAILED',
        `${where} asks for an authentication method bplab does not support for user "${target.user}" (the server said: ${said}).`,
        { hint: 'Use a user with mysql_native_password or caching_sha2_password.', details },
        e,
      );
    case 1044:
      return failure(
        'PRIVILEGE_MISSING',
        `User "${target.user}" may not use the database named in the profile (the server said: ${said}).`,
        { hint: 'Clear the database field of the profile, or grant access to it.', details },
        e,
      );
    case 1049:
      return failure(
        'NOT_FOUND',
        `The database named in the profile does not exist on ${where} (the server said: ${said}).`,
        { hint: 'Clear the database field of the profile, or create the database.', details },
        e,
      );
    case 1040:
    case 1203:
      return failure(
        'BUSY',
        `${where} has no free connection for user "${target.user}" (the server said: ${said}).`,
        { hint: 'Close other sessions, or raise max_connections / max_user_connections.', details },
        e,
      );
    case 1129:
      return failure(
        'UNREACHABLE',
        `${where} blocks this machine after too many failed connection attempts (the server said: ${said}).`,
        { hint: 'Run FLUSH HOSTS (or TRUNCATE performance_schema.host_cache) on the server.', details },
        e,
      );
    case 3159:
      return failure(
        'TLS_FAILED',
        `${where} only accepts encrypted connections (require_secure_transport is ON).`,
        { hint: 'Set the TLS mode of the profile to "required" or stronger.', details },
        e,
      );
  }
  return failure(
    'SERVER_ERROR',
    `${where} refused the connection: ${said} (error ${e.errno}).`,
    { hint: 'Check the server error log and the user account.', details },
    e,
  );
}

function tlsFailure(e: DriverError, where: string): AppFailure {
  const details = { target: where };
  if (e.code === 'HANDSHAKE_NO_SSL_SUPPORT') {
    return failure(
      'TLS_FAILED',
      `${where} does not offer TLS, but the profile requires an encrypted connection.`,
      { hint: 'Set the TLS mode to "off" or "preferred", or enable TLS on the server.', details },
      e,
    );
  }
  const m = e.message;
  let hint = 'Check the TLS settings of the profile (CA file, client certificate and key).';
  if (/self[- ]signed|unable to (get|verify)|issuer/i.test(m)) {
    hint =
      'The server\'s certificate is not signed by the CA the profile trusts: give the server\'s CA file, or use TLS mode "required" to encrypt without verifying.';
  } else if (/altnames|hostname|does not match/i.test(m)) {
    hint =
      'The certificate does not name the host you connect to: connect by the name in the certificate, or use TLS mode "verify-ca".';
  } else if (/unsupported protocol|wrong version number|no protocols available|protocol version/i.test(m)) {
    hint =
      'The server offers only old TLS versions (1.0/1.1), which this machine refuses: enable TLS 1.2 or later on the server, or use TLS mode "off" on a trusted network.';
  } else if (/expired|not yet valid/i.test(m)) {
    hint = "The server's certificate is outside its validity dates; renew it, or check this machine's clock.";
  }
  return failure('TLS_FAILED', `The TLS handshake with ${where} failed: ${m}.`, { hint, details }, e);
}

/** The server or the client refused LOAD DATA LOCAL INFILE (MySQL 5.7/8, MySQL 8 client side, MariaDB 10.6+, libmysql). */
