// The validator's own messages never reach a person: every kind of issue is worded, and the router says where.
import { describe, expect, it } from 'vitest';
import { createDispatch, type Handlers } from '../../../src/main/api/router';
import { SandboxSpecSchema } from '../../../src/shared/models';
import { z } from '../../../src/shared/zod';

const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('issue words', () => {
  it('word each kind of issue as what is allowed, never as zod writes it', () => {
    expect(first(z.string().min(1), '')).toBe('must not be empty');
    expect(first(z.string().max(64), 'x'.repeat(65))).toBe('must be at most 64 characters long');
    expect(first(z.string(), undefined)).toBe('is required');
    expect(first(z.string(), 3)).toBe('must be text');
    expect(first(z.number().int(), 2.5)).toBe('must be a whole number');
    expect(first(z.number().min(0).max(65535), 70000)).toBe('must be at most 65,535');
    expect(first(z.number().positive(), 0)).toBe('must be above 0');
    expect(first(z.enum(['cold', 'hot']), 'warm')).toBe('must be one of "cold", "hot"');
    expect(first(z.literal(1), 2)).toBe('must be 1');
    expect(first(z.array(z.string()).min(1), [])).toBe('must hold at least one item');
    expect(first(z.strictObject({ a: z.number() }), { a: 1, b: 2 })).toBe(
      'has a field bplab does not know: b',
    );
    expect(first(z.string().regex(/^a$/), 'b')).toBe('is not in the form allowed here');
    // A schema's own words stand.
    expect(first(z.string().min(1, 'a name is required'), '')).toBe('a name is required');
  });

  it('the one way in answers a bad argument naming where it is and what is allowed', async () => {
    const dispatch = createDispatch({} as Handlers);
    const bad = await dispatch('sandboxes/create', {
      spec: { name: "x'; DROP DATABASE y; --", binaryPath: '/usr/sbin/mysqld' },
    });
    expect(bad).toEqual({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENT',
        message:
          'sandboxes/create: spec.name: letters, digits, dot, dash and underscore; at most 40 characters.',
        details: { field: 'spec.name' },
      },
    });
    const port = await dispatch('sandboxes/create', { spec: { name: 'ok', binaryPath: '/x', port: 1.5 } });
    expect(!port.ok && port.error.message).toBe('sandboxes/create: spec.port must be a whole number.');
    expect(SandboxSpecSchema.safeParse({ name: '', binaryPath: '' }).success).toBe(false);
  });
});
