import { describe, expect, it } from 'vitest';
import { keepSelection } from '../../../src/renderer/lib/profile-selection';

describe('keepSelection', () => {
  const list = [{ id: 'a' }, { id: 'b' }];
  it('keeps the current profile while it is listed', () => expect(keepSelection(list, 'b')).toBe('b'));
  it('falls back to the first when the current one is gone', () =>
    expect(keepSelection(list, 'gone')).toBe('a'));
  it('takes the first when nothing was chosen', () => expect(keepSelection(list, null)).toBe('a'));
  it('is null for an empty list', () => expect(keepSelection([], 'a')).toBeNull());
});
