/**
 * Errors cross every boundary (IPC, WebSocket, CLI) as values, never as exceptions,
 * so the UI can always show them in words.
 */
export type ErrorCode =
  | 'INVALID_ARGUMENT' // a request's arguments failed validation
  | 'UNKNOWN_REQUEST'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'UNAUTHORIZED' // browser mode: missing or wrong token, foreign Host/Origin
  | 'PASSWORD_REQUIRED' // no password known for this profile in this session
  | 'AUTH_FAILED' // the server refused the user/password
  | 'UNREACHABLE' // host/port/socket not reachable
  | 'NOT_MYSQL' // something answered, but not the MySQL protocol
  | 'TLS_FAILED'
  | 'TIMEOUT'
  | 'PRIVILEGE_MISSING'
  | 'FEATURE_MISSING' // the server lacks something (e.g. local_infile off)
  | 'SERVER_ERROR' // any other error the server reported
  | 'CONNECTION_LOST'
  | 'BINARY_NOT_FOUND' // no mysqld/mariadbd where we looked
  | 'BINARY_INVALID' // a file that is not a usable server binary
  | 'PORT_IN_USE'
  | 'SANDBOX_FAILED' // a sandbox server did not initialize/start/stop; see its log
  | 'PROFILE_MALFORMED' // the saved profiles file could not be read
  | 'FILE_MALFORMED' // an input file (e.g. a .tbl file) is malformed
  | 'DISK_FULL'
  | 'CANCELLED'
  | 'CONSENT_REQUIRED' // bplab does this only when the user agrees (walking the LRU of a large or production pool)
  | 'BUSY'
  | 'INTERNAL';

export interface AppError {
  code: ErrorCode;
  message: string;
  /** What the user can do about it, when we know. */
  hint?: string;
  /** Extra structured context (file, line, privilege...) for the UI. */
  details?: Record<string, string | number | boolean | null>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(
  code: ErrorCode,
  message: string,
  extra: Omit<AppError, 'code' | 'message'> = {},
): Result<T> => ({ ok: false, error: { code, message, ...extra } });

/** An exception that carries an AppError, for service code that prefers throwing internally. */
export class AppFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'AppFailure';
  }
  static of(code: ErrorCode, message: string, extra: Omit<AppError, 'code' | 'message'> = {}): AppFailure {
    return new AppFailure({ code, message, ...extra });
  }
}

export function formatError(e: AppError): string {
  return e.hint ? `${e.message} (${e.hint})` : e.message;
}
