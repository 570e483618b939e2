/**
 * Turns what mysql2 and Node's sockets throw into AppFailures a DBA can act on: a statement the
 * server refused, a lost connection, a missing privilege, a full disk, in words. Opening a connection
 * has its own words (connect-errors.ts).
 */
import { AppFailure, type AppError, type ErrorCode } from '../../shared/result';

export interface DriverError {
  code?: string;
  errno?: number;
  sqlState?: string;
  sqlMessage?: string;
  message: string;
}

export function driverError(e: unknown): DriverError {
  if (e instanceof Error) return e as Error & DriverError;
  return { message: String(e) };
}

export function failure(
  code: ErrorCode,
  message: string,
  extra: Omit<AppError, 'code' | 'message'>,
  e: DriverError,
) {
  const details: Record<string, string | number> = {};
  if (e.code) details.driverCode = e.code;
  if (typeof e.errno === 'number' && e.errno > 0) details.serverErrno = e.errno;
  if (e.sqlState) details.sqlState = e.sqlState;
  return AppFailure.of(code, message, { ...extra, details: { ...details, ...extra.details } });
}

export const LOST_CODES = new Set(['PROTOCOL_CONNECTION_LOST', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export const LOCAL_INFILE_REFUSED_ERRNOS = new Set([1148, 3948, 4166, 2068]);

export const LOCAL_INFILE_HINT =
  'Enable it with SET GLOBAL local_infile = 1 (needs SUPER, or SYSTEM_VARIABLES_ADMIN on MySQL 8), ' +
  'and add local_infile = 1 under [mysqld] in the option file to keep it after a restart; ' +
  'or load the data into a bplab sandbox, which starts with local_infile on.';

const PRIVILEGE_ERRNOS = new Set([1044, 1045, 1142, 1143, 1227, 1370]);
const DISK_ERRNOS = new Set([1021, 1114, 3 /* EE_WRITE */]);
const INTERRUPTED_ERRNOS = new Set([1317, 3169]);

/** What a failed statement means, before it is put in a sentence: the one classification of statement errors. */
interface StatementError {
  code: ErrorCode;
  /** The server's (or the driver's) own words. */
  said: string;
  hint?: string;
}

function classifyStatementError(e: DriverError & { fatal?: boolean }): StatementError {
  const said = e.sqlMessage ?? e.message;
  const errno = e.errno;
  if (
    (e.code && LOST_CODES.has(e.code)) ||
    errno === 2013 ||
    errno === 2006 ||
    errno === 1053 ||
    /closed state/i.test(e.message) ||
    (e.fatal === true && !(typeof errno === 'number' && e.sqlState))
  ) {
    return {
      code: 'CONNECTION_LOST',
      said,
      hint: 'Check that the server is still running (it may have restarted, or the session was killed), then try again.',
    };
  }
  if (errno !== undefined && LOCAL_INFILE_REFUSED_ERRNOS.has(errno))
    return { code: 'FEATURE_MISSING', said, hint: LOCAL_INFILE_HINT };
  if (errno !== undefined && PRIVILEGE_ERRNOS.has(errno))
    return {
      code: 'PRIVILEGE_MISSING',
      said,
      hint: 'Ask for the privilege, or connect as a user that has it.',
    };
  if (errno !== undefined && INTERRUPTED_ERRNOS.has(errno)) return { code: 'CANCELLED', said };
  if (errno === 3024 || errno === 1969)
    return {
      code: 'TIMEOUT',
      said,
      hint: 'Raise max_execution_time (MySQL) or max_statement_time (MariaDB).',
    };
  if (errno !== undefined && DISK_ERRNOS.has(errno))
    return { code: 'DISK_FULL', said, hint: "Free space on the disk holding the server's data directory." };
  if (e.fatal === true)
    return { code: 'CONNECTION_LOST', said, hint: 'Check that the server is still running, then try again.' };
  if (typeof errno === 'number' && e.sqlState) return { code: 'SERVER_ERROR', said };
  if (e.code === 'ETIMEDOUT') return { code: 'TIMEOUT', said };
  return { code: 'INTERNAL', said };
}

/** Maps an error from a statement on an open connection, naming the server (and the statement, when given). */
export function queryFailure(error: unknown, where: string, statement?: string): AppFailure {
  if (error instanceof AppFailure) return error;
  const e = driverError(error);
  const c = classifyStatementError(e);
  const doing = statement ? ` while running ${statement}` : '';
  const extra = { ...(c.hint && { hint: c.hint }), details: { target: where } };
  const message: Partial<Record<ErrorCode, string>> = {
    CONNECTION_LOST: `The connection to ${where} was lost${doing}.`,
    PRIVILEGE_MISSING: `Not allowed on ${where}${doing}: ${c.said}.`,
    CANCELLED: `The statement on ${where} was cancelled${doing}.`,
    TIMEOUT:
      e.code === 'ETIMEDOUT'
        ? `${where} did not answer in time${doing}.`
        : `The statement on ${where} ran past its time limit${doing}.`,
    DISK_FULL: `${where} ran out of space${doing}: ${c.said}.`,
    SERVER_ERROR: `${where} reported error ${e.errno}${doing}: ${c.said}.`,
    FEATURE_MISSING: `${where} refused${doing}: ${c.said}.`,
  };
  return failure(c.code, message[c.code] ?? `Talking to ${where} failed${doing}: ${c.said}.`, extra, e);
}

/**
 * Maps a failed statement to an AppFailure that says what bplab was doing: `doing` completes
 * "bplab could not ...". For work whose purpose matters more than the server's address (loads, verifies).
 */
export function sqlFailure(error: unknown, doing: string): AppFailure {
  if (error instanceof AppFailure) return error;
  const e = driverError(error) as DriverError & { fatal?: boolean };
  const c = classifyStatementError(e);
  let words = c.said;
  // A socket error alone ("write EPIPE") does not say what happened.
  if (c.code === 'CONNECTION_LOST' && !/connection|server/i.test(words))
    words = `the connection to the server was lost (${words})`;
  const refused = c.code === 'PRIVILEGE_MISSING' ? 'is not allowed to' : 'could not';
  return failure(c.code, `bplab ${refused} ${doing}: ${words}`, c.hint ? { hint: c.hint } : {}, e);
}

/** The server's own words for an error, without the driver's prefixes. */
export function serverMessage(error: unknown): string {
  const e = error as { sqlMessage?: string; message?: string } | undefined;
  return e?.sqlMessage ?? e?.message ?? String(error);
}

/** The MySQL error number of a driver error, or of a failure made from one, if the server sent one. */
export function serverErrno(error: unknown): number | undefined {
  if (error instanceof AppFailure) {
    const n = error.error.details?.serverErrno;
    return typeof n === 'number' ? n : undefined;
  }
  const e = driverError(error);
  return typeof e.errno === 'number' && e.sqlState ? e.errno : undefined;
}
