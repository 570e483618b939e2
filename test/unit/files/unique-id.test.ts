import { describe, expect, it } from 'vitest';
import { uniqueId } from '../../../src/main/files/unique-id';

describe('uniqueId', () => {
  it('reads an id off a name: plain letters, digits and dashes, at most 64 characters', () => {
    expect(uniqueId('Ünïcödé ✓ server', [])).toBe('unicode-server');
    expect(uniqueId('✓✓', [])).toBe('profile');
    expect(uniqueId('x'.repeat(200), []).length).toBeLessThanOrEqual(64);
  });

  it('numbers a name already taken', () => {
    expect(uniqueId('Same', ['same', 'same-2'])).toBe('same-3');
  });
});
