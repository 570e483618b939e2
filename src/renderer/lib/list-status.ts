/**
 * What a list on screen says when it has nothing to show: it is still being read, it is truly
 * empty, or it could not be read, and why. "No datasets yet" is said only of a list that was read.
 * Each failure gets its own words: bplab serve cannot be reached, this tab has no valid token,
 * the database server cannot be reached, the server does not allow it, or it failed otherwise.
 */
import type { AppError, ErrorCode } from '../../shared/result';

export type ListStatus =
  { kind: 'loading' } | { kind: 'listed' } | { kind: 'empty' } | { kind: ListFailure; error: AppError };

export type ListFailure = 'no-token' | 'bplab-unreachable' | 'unreachable' | 'not-allowed' | 'failed';

/** Errors the page makes itself when bplab serve cannot be reached carry this detail. */
export const LINK_DETAIL = 'link';

const UNREACHABLE: ReadonlySet<ErrorCode> = new Set([
  'UNREACHABLE',
  'TIMEOUT',
  'CONNECTION_LOST',
  'NOT_MYSQL',
  'TLS_FAILED',
]);
const NOT_ALLOWED: ReadonlySet<ErrorCode> = new Set(['PRIVILEGE_MISSING', 'AUTH_FAILED']);

export function failureKind(error: AppError): ListFailure {
  if (error.code === 'UNAUTHORIZED') return 'no-token';
  if (error.details?.[LINK_DETAIL] === true) return 'bplab-unreachable';
  if (UNREACHABLE.has(error.code)) return 'unreachable';
  if (NOT_ALLOWED.has(error.code)) return 'not-allowed';
  return 'failed';
}

/**
 * @param listed the list request has answered (successfully or not) for what is shown now
 * @param error why the last list request failed, or null
 */
export function listStatus(listed: boolean, error: AppError | null, count: number): ListStatus {
  if (error) return { kind: failureKind(error), error };
  if (!listed) return { kind: 'loading' };
  return count === 0 ? { kind: 'empty' } : { kind: 'listed' };
}

export interface ListMessage {
  kind: ListStatus['kind'];
  text: string;
  /** The error's own words, and what to do, for a failure. */
  detail: string | null;
  hint: string | null;
  bad: boolean;
}

/**
 * The words for a list's status; null when the list has rows to show.
 * @param noun what the list holds, plural ("sandboxes", "SSB datasets on this server")
 * @param empty the sentence for a list that was read and is empty
 */
export function listMessage(status: ListStatus, noun: string, empty: string): ListMessage | null {
  const plain = (text: string): ListMessage => ({
    kind: status.kind,
    text,
    detail: null,
    hint: null,
    bad: false,
  });
  switch (status.kind) {
    case 'listed':
      return null;
    case 'loading':
      return plain(`Listing ${noun}…`);
    case 'empty':
      return plain(empty);
  }
  const { error } = status;
  const failure = (text: string, hint: string | null = error.hint ?? null): ListMessage => ({
    kind: status.kind,
    text,
    detail: error.message,
    hint,
    bad: true,
  });
  switch (status.kind) {
    case 'no-token':
      return failure(
        `The ${noun} are not shown: this tab has no valid token for bplab serve.`,
        error.hint ?? 'Open the full URL that `bplab serve` printed, including ?token=…',
      );
    case 'bplab-unreachable':
      return failure(`The ${noun} are not known: bplab serve cannot be reached.`);
    case 'unreachable':
      return failure(`The ${noun} are not known: the server cannot be reached.`);
    case 'not-allowed':
      return failure(`The ${noun} are not shown: the server does not allow it.`);
    case 'failed':
      return failure(`The ${noun} could not be listed.`);
  }
}
