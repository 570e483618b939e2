/**
 * bplab load --during's flags: the preset's spec as the flags say it (queries with an optional
 * :variant, the old_blocks_time values in order), and a missing dataset or a bad list said in words.
 */
import { describe, expect, it } from 'vitest';
import { duringSpec, type DuringValues } from '../../../src/main/cli/commands/load-during';

const flags = (extra: Partial<DuringValues> = {}): DuringValues => ({
  during: 'Q1.1,Q2.1:straight',
  'ssb-schema': 'ssb_sf1',
  'old-blocks-time': '0,1000',
  lead: '5',
  tail: '5',
  rows: '100000',
  schema: 'sbtest',
  distribution: 'special',
  protocol: 'prepared',
  ...extra,
});

describe('bplab load --during', () => {
  it('reads the flags into the preset spec', () => {
    expect(
      duringSpec(flags({ clients: '8', 'old-blocks-time': '1000,0', lead: '10', poll: '1000ms' })),
    ).toEqual({
      oltp: { schema: 'sbtest', rows: 100_000, clients: 8, distribution: 'special', protocol: 'prepared' },
      ssb: { schema: 'ssb_sf1', queries: [{ queryId: 'Q1.1' }, { queryId: 'Q2.1', variant: 'straight' }] },
      oldBlocksTimes: [1000, 0],
      leadSeconds: 10,
      tailSeconds: 5,
      poll: 1000,
    });
    expect(duringSpec(flags()).poll).toBe('auto');
  });

  it('says what is missing or wrong in words', () => {
    expect(() => duringSpec(flags({ 'ssb-schema': undefined }))).toThrow(/--ssb-schema/);
    expect(() => duringSpec(flags({ during: 'Q1.1,,Q2.1' }))).toThrow(
      '--during takes values separated by commas, not "Q1.1,,Q2.1"',
    );
    expect(() => duringSpec(flags({ 'old-blocks-time': '0,-5' }))).toThrow(/--old-blocks-time/);
    expect(() => duringSpec(flags({ poll: '50' }))).toThrow(/--poll/);
    expect(() => duringSpec(flags({ distribution: 'zipf' }))).toThrow(
      '--distribution must be one of uniform, special, pareto, gaussian, not "zipf"',
    );
  });
});
