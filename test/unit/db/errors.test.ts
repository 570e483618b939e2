/**
 * The mapping's own logic, on error objects shaped as mysql2 and Node produce them (the integration
 * tests provoke the real ones against real servers and sockets).
 */
import { describe, expect, it } from 'vitest';
import {
  connectFailure,
  greetingProblem,
  type ConnectTarget,
  type HandshakeTrace,
} from '../../../src/main/db/connect-errors';
import { queryFailure } from '../../../src/main/db/errors';

const tcp: ConnectTarget = { where: 'db.example.com:3306', user: 'dba', transport: 'tcp' };
const sock: ConnectTarget = { where: 'socket /tmp/none.sock', user: 'dba', transport: 'socket' };
const silent: HandshakeTrace = { tcpConnected: true, bytesReceived: 0, greeted: false };
const partial: HandshakeTrace = { tcpConnected: true, bytesReceived: 7, greeted: false };
const greeted: HandshakeTrace = { tcpConnected: true, bytesReceived: 90, greeted: true };
const noTcp: HandshakeTrace = { tcpConnected: false, bytesReceived: 0, greeted: false };

function err(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message ?? 'x')), fields);
}

const serverError = (errno: number, code: string, message: string) =>
  err({ errno, code, sqlState: '28000', sqlMessage: message, message });

describe('connectFailure', () => {
  it.each([
    [
      serverError(1045, 'ER_ACCESS_DENIED_ERROR', "Access denied for user 'dba'@'h' (using password: YES)"),
      greeted,
      'AUTH_FAILED',
    ],
    [serverError(1049, 'ER_BAD_DB_ERROR', "Unknown database 'nope'"), greeted, 'NOT_FOUND'],
    [serverError(1040, 'ER_CON_COUNT_ERROR', 'Too many connections'), greeted, 'BUSY'],
    [
      serverError(
        3159,
        'ER_SECURE_TRANSPORT_REQUIRED',
        'Connections using insecure transport are prohibited',
      ),
      greeted,
      'TLS_FAILED',
    ],
    [
      err({ code: 'ECONNREFUSED', errno: -111, message: 'connect ECONNREFUSED 127.0.0.1:1' }),
      noTcp,
      'UNREACHABLE',
    ],
    [err({ code: 'EHOSTUNREACH', message: 'connect EHOSTUNREACH' }), noTcp, 'UNREACHABLE'],
    [err({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db.example.com' }), noTcp, 'UNREACHABLE'],
    [err({ code: 'ETIMEDOUT', message: 'connect ETIMEDOUT' }), noTcp, 'TIMEOUT'],
    [err({ code: 'ETIMEDOUT', message: 'connect ETIMEDOUT' }), silent, 'NOT_MYSQL'],
    [err({ code: 'ETIMEDOUT', message: 'connect ETIMEDOUT' }), greeted, 'TIMEOUT'],
    [err({ code: 'PROTOCOL_CONNECTION_LOST', message: 'Connection lost' }), silent, 'NOT_MYSQL'],
    [err({ code: 'ECONNRESET', message: 'read ECONNRESET' }), silent, 'NOT_MYSQL'],
    [err({ code: 'PROTOCOL_CONNECTION_LOST', message: 'Connection lost' }), partial, 'NOT_MYSQL'],
    [err({ code: 'ETIMEDOUT', message: 'connect ETIMEDOUT' }), partial, 'NOT_MYSQL'],
    [err({ code: 'PROTOCOL_CONNECTION_LOST', message: 'Connection lost' }), greeted, 'CONNECTION_LOST'],
    [
      err({ code: 'ERR_OUT_OF_RANGE', message: 'The value of "offset" is out of range.' }),
      greeted,
      'NOT_MYSQL',
    ],
    [err({ message: 'Malformed communication packet.' }), greeted, 'NOT_MYSQL'],
    [
      err({ code: 'HANDSHAKE_NO_SSL_SUPPORT', message: 'Server does not support secure connection' }),
      greeted,
      'TLS_FAILED',
    ],
    [
      err({ code: 'HANDSHAKE_SSL_ERROR', message: 'self-signed certificate in certificate chain' }),
      greeted,
      'TLS_FAILED',
    ],
  ] as const)('maps %s to %s (trace %o)', (error, trace, code) => {
    const f = connectFailure(error, tcp, trace, 5000);
    expect(f.error.code).toBe(code);
    expect(f.error.message).toContain(tcp.where);
  });

  it('names the socket file when a socket is missing or dead', () => {
    const missing = connectFailure(
      err({ code: 'ENOENT', message: 'connect ENOENT /tmp/none.sock' }),
      sock,
      noTcp,
      5000,
    );
    expect(missing.error.code).toBe('UNREACHABLE');
    expect(missing.error.message).toContain('/tmp/none.sock');
    const stale = connectFailure(err({ code: 'ECONNREFUSED', message: 'x' }), sock, noTcp, 5000);
    expect(stale.error.message).toMatch(/left over/);
  });

  it('says NOT_MYSQL with what the port sent when the greeting check failed', () => {
    const f = connectFailure(
      err({ code: 'PROTOCOL_CONNECTION_LOST', message: 'x' }),
      tcp,
      {
        ...greeted,
        notMysql: 'it sent "SSH-2.0-OpenSSH_9.2"',
      },
      5000,
    );
    expect(f.error.code).toBe('NOT_MYSQL');
    expect(f.error.message).toContain('SSH-2.0');
  });

  it('gives TLS advice that matches the failure', () => {
    const selfSigned = connectFailure(
      err({ code: 'HANDSHAKE_SSL_ERROR', message: 'self-signed certificate in certificate chain' }),
      tcp,
      greeted,
      5000,
    );
    expect(selfSigned.error.hint).toMatch(/CA file/);
    const name = connectFailure(
      err({ code: 'HANDSHAKE_SSL_ERROR', message: "Hostname/IP does not match certificate's altnames" }),
      tcp,
      greeted,
      5000,
    );
    expect(name.error.hint).toMatch(/verify-ca/);
  });

  it('keeps the driver code and server errno in details for the UI', () => {
    const f = connectFailure(
      serverError(1045, 'ER_ACCESS_DENIED_ERROR', 'Access denied'),
      tcp,
      greeted,
      5000,
    );
    expect(f.error.details).toMatchObject({
      driverCode: 'ER_ACCESS_DENIED_ERROR',
      serverErrno: 1045,
      target: tcp.where,
    });
  });
});

describe('queryFailure', () => {
  it.each([
    [
      err({
        code: 'PROTOCOL_CONNECTION_LOST',
        message: 'Connection lost: The server closed the connection.',
      }),
      'CONNECTION_LOST',
    ],
    [err({ message: "Can't add new command when connection is in closed state" }), 'CONNECTION_LOST'],
    [
      serverError(
        1227,
        'ER_SPECIFIC_ACCESS_DENIED_ERROR',
        'you need (at least one of) the PROCESS privilege(s)',
      ),
      'PRIVILEGE_MISSING',
    ],
    [serverError(1142, 'ER_TABLEACCESS_DENIED_ERROR', 'SELECT command denied'), 'PRIVILEGE_MISSING'],
    [serverError(1317, 'ER_QUERY_INTERRUPTED', 'Query execution was interrupted'), 'CANCELLED'],
    [serverError(1146, 'ER_NO_SUCH_TABLE', "Table 'x.y' doesn't exist"), 'SERVER_ERROR'],
  ] as const)('maps %s to %s', (error, code) => {
    const f = queryFailure(error, tcp.where, 'SELECT 1');
    expect(f.error.code).toBe(code);
    expect(f.error.message).toContain(tcp.where);
  });
});

describe('queryFailure in words', () => {
  it('says "not allowed" for a refused privilege, apart from a lost connection', () => {
    const said = 'Access denied; you need (at least one of) the PROCESS privilege(s) for this operation';
    const refused = queryFailure(
      serverError(1227, 'ER_SPECIFIC_ACCESS_DENIED_ERROR', said),
      tcp.where,
      'SELECT * FROM INFORMATION_SCHEMA.INNODB_BUFFER_POOL_STATS',
    );
    expect(refused.error.message).toBe(
      `Not allowed on db.example.com:3306 while running SELECT * FROM INFORMATION_SCHEMA.INNODB_BUFFER_POOL_STATS: ${said}.`,
    );
    const lost = queryFailure(
      err({ code: 'PROTOCOL_CONNECTION_LOST', message: 'Connection lost', fatal: true }),
      tcp.where,
    );
    expect(lost.error.message).toBe('The connection to db.example.com:3306 was lost.');
  });
});

describe('greetingProblem', () => {
  const packet = (seq: number, payload: number[]) =>
    Buffer.from([payload.length & 0xff, (payload.length >> 8) & 0xff, 0, seq, ...payload]);

  it('accepts a protocol-10 greeting and an error packet', () => {
    expect(greetingProblem(packet(0, [10, 56, 46, 48, 0]))).toBeUndefined();
    expect(greetingProblem(packet(0, [0xff, 0x10, 0x04]))).toBeUndefined();
  });

  it('quotes a text banner, and describes binary garbage', () => {
    expect(greetingProblem(Buffer.from('SSH-2.0-OpenSSH_9.2\r\n'))).toBe('it sent "SSH-2.0-OpenSSH_9.2"');
    expect(greetingProblem(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n'))).toBe(
      'it sent "HTTP/1.1 400 Bad Request"',
    );
    expect(greetingProblem(packet(1, [10, 0, 0]))).toMatch(/not a MySQL greeting/);
  });
});
