/** Command-line values checked in the command line's terms: the flag, the range, the unit; negative numbers are values. */
import { describe, expect, it } from 'vitest';
import { joinNegativeValues, numberArg, portArg, sizeArg } from '../../../src/main/cli/args';
import { AppFailure } from '../../../src/shared/result';

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof AppFailure)
      return e.error.hint ? `${e.error.message} (${e.error.hint})` : e.error.message;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('numberArg', () => {
  const sf = { above: 0, max: 1000 };
  it('takes numbers in range', () => {
    expect(numberArg('--sf', '0.01', sf)).toBe(0.01);
    expect(numberArg('--sf', '1000', sf)).toBe(1000);
    expect(numberArg('--pct', '5', { min: 5, max: 95, integer: true })).toBe(5);
  });
  it('names the flag, the range and the unit', () => {
    expect(message(() => numberArg('--sf', '0', sf))).toBe(
      '--sf must be a number above 0 and at most 1,000, not "0"',
    );
    expect(message(() => numberArg('--sf', '-1', sf))).toBe(
      '--sf must be a number above 0 and at most 1,000, not "-1"',
    );
    expect(message(() => numberArg('--sf', 'lots', sf))).toBe(
      '--sf must be a number above 0 and at most 1,000, not "lots"',
    );
    expect(message(() => numberArg('--sf', '', sf))).toBe(
      '--sf must be a number above 0 and at most 1,000, not ""',
    );
    expect(
      message(() => numberArg('--t', '1.5', { min: 0, max: 10, integer: true, unit: 'milliseconds' })),
    ).toBe('--t must be a whole number of milliseconds from 0 to 10, not "1.5"');
    expect(message(() => portArg('--port', '70000'))).toBe(
      '--port must be a whole number from 0 to 65,535, not "70000" (0 picks a free port)',
    );
  });
});

describe('sizeArg', () => {
  it('takes my.cnf sizes and names the units it accepts', () => {
    expect(sizeArg('--buffer-pool', '999T')).toBe('999T');
    expect(sizeArg('--buffer-pool', '64m')).toBe('64m');
    expect(message(() => sizeArg('--buffer-pool', '2X'))).toBe(
      '--buffer-pool must be a whole number of bytes, or a number with a unit K, M, G or T (e.g. 128M or 2G), not "2X"',
    );
    expect(message(() => sizeArg('--buffer-pool', '0M'))).toMatch(
      /^--buffer-pool must be a whole number of bytes/,
    );
  });
});

describe('joinNegativeValues', () => {
  const takesValue = (flag: string) => flag === 'sf' || flag === 'port';
  it('joins a negative number to the flag that takes it', () => {
    expect(joinNegativeValues(['--sf', '-1', '--port', '-.5'], takesValue)).toEqual([
      '--sf=-1',
      '--port=-.5',
    ]);
  });
  it('leaves flags, boolean flags and what follows "--" alone', () => {
    expect(joinNegativeValues(['--sf', '-h'], takesValue)).toEqual(['--sf', '-h']);
    expect(joinNegativeValues(['--replace', '-1'], takesValue)).toEqual(['--replace', '-1']);
    expect(joinNegativeValues(['--', '--sf', '-1'], takesValue)).toEqual(['--', '--sf', '-1']);
    expect(joinNegativeValues(['--sf=-2'], takesValue)).toEqual(['--sf=-2']);
  });
});
