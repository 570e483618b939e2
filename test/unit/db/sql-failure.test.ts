import { describe, expect, it } from 'vitest';
import { sqlFailure } from '../../../src/main/db/errors';

describe('sqlFailure', () => {
  it('says the connection was lost when mysql2 reports only a socket error', () => {
    const e = Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32, fatal: true });
    const f = sqlFailure(e, 'load lineorder from the generator');
    expect(f.error.code).toBe('CONNECTION_LOST');
    expect(f.error.message).toBe(
      'bplab could not load lineorder from the generator: the connection to the server was lost (write EPIPE)',
    );
    expect(f.error.hint).toMatch(/server is still running/);
  });

  it("keeps the server's own words when they already say what happened", () => {
    const e = Object.assign(new Error('Connection was killed'), {
      code: 'ER_CONNECTION_KILLED',
      errno: 1927,
      sqlMessage: 'Connection was killed',
      fatal: true,
    });
    expect(sqlFailure(e, 'index lineorder').error.message).toBe(
      'bplab could not index lineorder: Connection was killed',
    );
  });

  it('names a refused LOCAL INFILE as a missing feature, with how to enable it', () => {
    const e = Object.assign(new Error('x'), { errno: 3948, sqlMessage: 'Loading local data is disabled' });
    const f = sqlFailure(e, 'load customer');
    expect(f.error.code).toBe('FEATURE_MISSING');
    expect(f.error.hint).toMatch(/local_infile = 1/);
  });

  it('says "not allowed" for a refused privilege, with the server naming it', () => {
    const said = 'Access denied; you need (at least one of) the SUPER privilege(s) for this operation';
    const e = Object.assign(new Error(said), {
      code: 'ER_SPECIFIC_ACCESS_DENIED_ERROR',
      errno: 1227,
      sqlState: '42000',
      sqlMessage: said,
    });
    const f = sqlFailure(e, 'SET GLOBAL innodb_old_blocks_time = 0');
    expect(f.error.code).toBe('PRIVILEGE_MISSING');
    expect(f.error.message).toBe(`bplab is not allowed to SET GLOBAL innodb_old_blocks_time = 0: ${said}`);
  });
});
