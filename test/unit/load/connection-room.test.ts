import { describe, expect, it } from 'vitest';
import { checkConnectionRoom } from '../../../src/main/load/connection-room';
import { AppFailure } from '../../../src/shared/result';

describe('checkConnectionRoom', () => {
  it('lets a sweep in when its largest step fits beside the open sessions', () => {
    expect(() => checkConnectionRoom(151, 3, [1, 8, 148])).not.toThrow();
  });

  it('refuses the 256-client step of post 004 on a default server, in words with the number to set', () => {
    let failure: unknown;
    try {
      checkConnectionRoom(151, 3, [8, 16, 256]);
    } catch (e) {
      failure = e;
    }
    expect(failure).toBeInstanceOf(AppFailure);
    const error = (failure as AppFailure).error;
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toBe(
      'The server allows 151 connections (max_connections) and 3 are open: a step of 256 clients needs 259.',
    );
    expect(error.hint).toContain('SET GLOBAL max_connections = 259');
  });
});
