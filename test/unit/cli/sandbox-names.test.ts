import { describe, expect, it } from 'vitest';
import { profileIdFrom } from '../../../src/main/cli/commands/capabilities';

describe('--sandbox NAME', () => {
  it('names a sandbox as `sandbox list` shows it, capitals and all (its id is the name folded)', () => {
    expect(profileIdFrom({ sandbox: 'p2-ON-mariadb-1011' })).toBe('sandbox-p2-on-mariadb-1011');
    expect(profileIdFrom({ sandbox: 'My Lab' })).toBe('sandbox-my-lab');
  });
});
