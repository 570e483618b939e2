/** A list with nothing to show says why: still listing, truly empty, or which failure. */
import { describe, expect, it } from 'vitest';
import { failureKind, LINK_DETAIL, listMessage, listStatus } from '../../../src/renderer/lib/list-status';
import type { AppError } from '../../../src/shared/result';

const error = (code: AppError['code'], extra: Partial<AppError> = {}): AppError => ({
  code,
  message: `message of ${code}`,
  ...extra,
});

describe('listStatus', () => {
  it('is loading until the list answered, then empty or listed', () => {
    expect(listStatus(false, null, 0)).toEqual({ kind: 'loading' });
    expect(listStatus(true, null, 0)).toEqual({ kind: 'empty' });
    expect(listStatus(true, null, 3)).toEqual({ kind: 'listed' });
  });

  it('is never "empty" when the list request failed', () => {
    expect(listStatus(true, error('UNREACHABLE'), 0).kind).toBe('unreachable');
    expect(listStatus(false, error('UNREACHABLE'), 0).kind).toBe('unreachable');
  });
});

describe('failureKind', () => {
  it('tells apart the token, bplab serve, the database server and a refused privilege', () => {
    expect(failureKind(error('UNAUTHORIZED'))).toBe('no-token');
    expect(failureKind(error('CONNECTION_LOST', { details: { [LINK_DETAIL]: true } }))).toBe(
      'bplab-unreachable',
    );
    expect(failureKind(error('CONNECTION_LOST'))).toBe('unreachable');
    expect(failureKind(error('UNREACHABLE'))).toBe('unreachable');
    expect(failureKind(error('TIMEOUT'))).toBe('unreachable');
    expect(failureKind(error('PRIVILEGE_MISSING'))).toBe('not-allowed');
    expect(failureKind(error('AUTH_FAILED'))).toBe('not-allowed');
    expect(failureKind(error('SERVER_ERROR'))).toBe('failed');
  });
});

describe('listMessage', () => {
  const say = (status: ReturnType<typeof listStatus>) =>
    listMessage(status, 'SSB datasets on this server', 'No SSB dataset on this server yet.');

  it('says nothing over a list with rows', () => expect(say({ kind: 'listed' })).toBeNull());

  it('says "none yet" only of a list that was read', () => {
    expect(say({ kind: 'empty' })).toMatchObject({ text: 'No SSB dataset on this server yet.', bad: false });
    expect(say({ kind: 'loading' })?.text).toBe('Listing SSB datasets on this server…');
  });

  it('gives each failure its own sentence, with the error and its hint', () => {
    const texts = (['no-token', 'bplab-unreachable', 'unreachable', 'not-allowed', 'failed'] as const).map(
      (kind) => say({ kind, error: error('INTERNAL', { hint: 'do this' }) }),
    );
    expect(new Set(texts.map((t) => t?.text)).size).toBe(5);
    for (const t of texts) expect(t).toMatchObject({ bad: true, detail: 'message of INTERNAL' });
    expect(texts[2]?.text).toBe(
      'The SSB datasets on this server are not known: the server cannot be reached.',
    );
    expect(texts[3]?.text).toContain('does not allow');
    expect(texts[2]?.hint).toBe('do this');
  });

  it('tells a tab without a token what to open, even when the error has no hint', () => {
    expect(say({ kind: 'no-token', error: error('UNAUTHORIZED') })?.hint).toContain('?token=');
  });
});
