/**
 * Turns an error the server (or mysql2) raised during dataset work into an AppFailure whose
 * message says what bplab was doing, so a DBA reading it knows what failed and what to do.
 */
import { AppFailure, type ErrorCode } from '../../shared/result';

interface SqlError {
  code?: string;
  errno?: number;
  sqlMessage?: string;
  message?: string;
  fatal?: boolean;
}

export const LOCAL_INFILE_HINT =
  'Enable it with SET GLOBAL local_infile = 1 (needs SUPER, or SYSTEM_VARIABLES_ADMIN on MySQL 8), ' +
  'and add local_infile = 1 under [mysqld] in the option file to keep it after a restart; ' +
  'or load the data into a bplab sandbox, which starts with local_infile on.';

/** The server or the client refused LOAD DATA LOCAL INFILE (MySQL 5.7/8, MySQL 8 client side, MariaDB 10.6+, libmysql). */
export const LOCAL_INFILE_REFUSED_ERRNOS = new Set([1148, 3948, 4166, 2068]);

const PRIVILEGE_ERRNOS = new Set([1044, 1045, 1142, 1143, 1227, 1370]);
const DISK_ERRNOS = new Set([1021, 1114, 3 /* EE_WRITE */]);

/** The server's own words for an error, without the driver's prefixes. */
export function serverMessage(e: unknown): string {
  const err = e as SqlError;
  return err?.sqlMessage ?? err?.message ?? String(e);
}

export function isQueryInterrupted(e: unknown): boolean {
  const errno = (e as SqlError)?.errno;
  return errno === 1317 || errno === 3169 || (e as SqlError)?.code === 'ER_QUERY_INTERRUPTED';
}

/** Maps a failed statement to an AppFailure; `doing` completes "bplab could not ...". */
export function sqlFailure(e: unknown, doing: string): AppFailure {
  if (e instanceof AppFailure) return e;
  const err = e as SqlError;
  let words = serverMessage(e);
  const details = { errno: err?.errno ?? null, sqlCode: err?.code ?? null };
  let code: ErrorCode = 'SERVER_ERROR';
  let hint: string | undefined;
  if (err?.errno !== undefined && LOCAL_INFILE_REFUSED_ERRNOS.has(err.errno)) {
    code = 'FEATURE_MISSING';
    hint = LOCAL_INFILE_HINT;
  } else if (err?.errno !== undefined && PRIVILEGE_ERRNOS.has(err.errno)) {
    code = 'PRIVILEGE_MISSING';
    hint =
      'Use an account allowed to create and drop schemas and to load data (e.g. GRANT ALL ON the schema).';
  } else if (err?.errno !== undefined && DISK_ERRNOS.has(err.errno)) {
    code = 'DISK_FULL';
    hint = "Free space on the disk holding the server's data directory, or choose a smaller scale factor.";
  } else if (err?.fatal || err?.code === 'PROTOCOL_CONNECTION_LOST' || err?.code === 'ECONNRESET') {
    code = 'CONNECTION_LOST';
    hint = 'Check that the server is still running, then try again.';
    // A socket error alone ("write EPIPE") does not say what happened.
    if (!/connection|server/i.test(words)) words = `the connection to the server was lost (${words})`;
  }
  return AppFailure.of(code, `bplab could not ${doing}: ${words}`, hint ? { hint, details } : { details });
}
