/**
 * `bplab load`'s own words: the client counts it takes, and how a step reads on the terminal.
 */
import { describe, expect, it } from 'vitest';
import { clientsArg, driverArgs, formatStep } from '../../../src/main/cli/commands/load';
import { failureOfCall } from '../../support/failures';
import { clientBound, type LoadStep } from '../../../src/shared/load/oltp-load';

describe('bplab load', () => {
  it('takes client counts separated by commas', () => {
    expect(clientsArg('1,2,4, 8')).toEqual([1, 2, 4, 8]);
  });

  it('refuses a count that is not a whole number from 1 to 4,096, in words', () => {
    expect(failureOfCall(() => clientsArg('1,,4')).error.message).toBe(
      '--clients takes client counts separated by commas, e.g. 1,4,16, not "1,,4"',
    );
    expect(failureOfCall(() => clientsArg('0')).error.message).toBe(
      '--clients must be a whole number of clients from 1 to 4,096, not "0"',
    );
    expect(failureOfCall(() => clientsArg('2.5')).error.code).toBe('INVALID_ARGUMENT');
  });

  it('asks for one client of each step traced with --trace-client, and for none without it', () => {
    expect(driverArgs({ engine: 'bplab', 'trace-client': true })).toEqual({
      engine: 'bplab',
      traceClient: true,
    });
    expect(driverArgs({})).toEqual({});
  });

  it('prints a step with its QPS, percentiles, CPU, ceiling, and why it did not complete', () => {
    const latency = { p50: 0.5, p95: 1.25, p99: 2, max: 40 };
    const counts = { queries: 0, transactions: 0, errors: 0, reconnects: 0, seconds: 1, latency };
    const step: LoadStep = {
      clients: 16,
      state: 'interrupted',
      reason: 'The server went away during the step.',
      qps: 12345.6,
      tps: 12345.6,
      p50: 0.5,
      p95: 1.25,
      p99: 2,
      max: 40,
      errors: 3,
      reconnects: 0,
      counted: counts,
      warmup: null,
      perSecond: [],
      cpu: { seconds: 1, share: 0.25, cores: 2 },
      threads: 2,
      ceiling: { qps: 30000, p99: 1, errors: 0, seconds: 1 },
    };
    expect(formatStep(step)).toBe(
      '  16 clients     12,346 qps     12,346 tps  p50 0.50 ms  p95 1.25 ms  p99 2.00 ms  max 40.00 ms  errors 3  ' +
        'reconnects 0  client CPU 25% of 2 cores  ceiling 30,000 qps  INTERRUPTED: The server went away during the step.',
    );
    // A counted time no histogram covered: its percentiles are not figures.
    expect(formatStep({ ...step, counted: { ...counts, latency: null } })).toContain(
      '12,346 tps  latency not measured  errors 3',
    );
    // 12,346 of a 14,000 ceiling: the client could not send faster, whatever the server did.
    expect(formatStep({ ...step, ceiling: { qps: 14_000, p99: 1, errors: 0, seconds: 1 } })).toContain(
      'ceiling 14,000 qps (at the ceiling: the client is the limit, not the server)',
    );
  });
});

describe('a step at the client’s ceiling', () => {
  it('is one whose QPS reaches 80% of its SELECT 1 ceiling; without a ceiling it cannot be told', () => {
    const ceiling = { qps: 10_000, p99: 1, errors: 0, seconds: 1 };
    expect(clientBound({ qps: 8_000, ceiling })).toBe(true);
    expect(clientBound({ qps: 7_999, ceiling })).toBe(false);
    expect(clientBound({ qps: 8_000, ceiling: null })).toBe(false);
  });
});
