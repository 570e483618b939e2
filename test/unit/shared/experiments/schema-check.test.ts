/** The JSON Schema checker that opens results files: each keyword holds and refuses, and says where and why. */
import { describe, expect, it } from 'vitest';
import { schemaChecker } from '../../../../src/shared/experiments/schema-check';

const run = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1 },
    n: { type: 'integer', minimum: 0, maximum: 10 },
    ms: { anyOf: [{ type: 'number' }, { type: 'null' }] },
    state: { type: 'string', enum: ['complete', 'failed'] },
    format: { type: 'number', const: 1 },
    pass: {
      oneOf: [
        { type: 'object', properties: { kind: { type: 'string', const: 'cold' } }, required: ['kind'] },
        {
          type: 'object',
          properties: { kind: { type: 'string', const: 'hot' }, n: { type: 'integer', minimum: 1 } },
          required: ['kind', 'n'],
        },
      ],
    },
    raw: {
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: { type: ['number', 'string', 'null'] },
    },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['id', 'n', 'state'],
};
const check = schemaChecker(run);
const good = {
  id: 'r1',
  n: 3,
  ms: null,
  state: 'complete',
  format: 1,
  pass: { kind: 'hot', n: 2 },
  raw: { POOL_ID: 0, NAME: 'x', GONE: null },
  tags: ['a'],
  extra: 'kept',
};

describe('schema checker', () => {
  it('lets a value that fits through, with keys the schema does not name', () => {
    expect(check(good)).toBeNull();
    expect(check({ ...good, ms: 12.5, pass: { kind: 'cold' } })).toBeNull();
  });

  it('names the path and the fault of each kind of misfit', () => {
    const cases: Array<[Record<string, unknown>, Array<string | number>, string]> = [
      [{ id: undefined }, ['id'], 'it is missing'],
      [{ id: '' }, ['id'], 'too short: expected 1 characters or more'],
      [{ n: 2.5 }, ['n'], 'expected integer, received number'],
      [{ n: -1 }, ['n'], 'too small: expected 0 or more'],
      [{ n: 11 }, ['n'], 'too big: expected 10 or less'],
      [{ ms: 'slow' }, ['ms'], 'expected number, received string'],
      [{ ms: Infinity }, ['ms'], 'expected number, received Infinity'],
      [{ state: 'done' }, ['state'], 'expected one of "complete", "failed"'],
      [{ format: 2 }, ['format'], 'expected 1'],
      [{ pass: { kind: 'hot' } }, ['pass', 'n'], 'it is missing'],
      [{ pass: { kind: 'warm' } }, ['pass', 'kind'], 'expected "cold"'],
      [{ raw: { POOL_ID: [1] } }, ['raw', 'POOL_ID'], 'expected number or string or null, received array'],
      [{ tags: ['a', 7] }, ['tags', 1], 'expected string, received number'],
      [{ tags: 'a' }, ['tags'], 'expected array, received string'],
    ];
    for (const [patch, path, message] of cases)
      expect(check({ ...good, ...patch }), JSON.stringify(patch)).toEqual({ path, message });
    expect(check([good])).toEqual({ path: [], message: 'expected object, received array' });
  });

  it('refuses extra keys where the schema says so, and a value matching two of oneOf', () => {
    const closed = schemaChecker({ type: 'object', properties: { a: {} }, additionalProperties: false });
    expect(closed({ a: 1 })).toBeNull();
    expect(closed({ a: 1, b: 2 })).toEqual({ path: ['b'], message: 'this key is not allowed here' });
    const both = schemaChecker({ oneOf: [{ type: 'number' }, { type: 'integer' }] });
    expect(both(1.5)).toBeNull();
    expect(both(2)?.message).toBe('it matches more than one of the allowed shapes');
  });

  it('will not compile a keyword it does not know, rather than let everything through', () => {
    expect(() => schemaChecker({ type: 'string', pattern: '^a' })).toThrow(/unsupported keyword pattern/);
    expect(() => schemaChecker({ type: 'date' })).toThrow(/unknown type date/);
  });
});
