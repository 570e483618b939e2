/**
 * bpftrace started bound to bplab's life: through setpriv with a parent-death signal where this
 * machine's setpriv has the option (Debian 12's util-linux 2.38 does), as it is where it has none.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boundToParent, pdeathsigSetpriv } from '../../../src/main/pagetrace/parent-bound';

describe('a tracer bound to its parent', () => {
  it('runs bpftrace under setpriv --pdeathsig KILL, or as it is without such a setpriv', () => {
    expect(boundToParent('/usr/bin/bpftrace', ['-e', 'BEGIN {}'], '/usr/bin/setpriv')).toEqual({
      command: '/usr/bin/setpriv',
      args: ['--pdeathsig', 'KILL', '/usr/bin/bpftrace', '-e', 'BEGIN {}'],
    });
    expect(boundToParent('/usr/bin/bpftrace', ['-e', 'BEGIN {}'], null)).toEqual({
      command: '/usr/bin/bpftrace',
      args: ['-e', 'BEGIN {}'],
    });
  });

  it("finds this machine's setpriv and its --pdeathsig (util-linux on Debian 12)", () => {
    if (!existsSync('/usr/bin/setpriv'))
      throw new Error('util-linux setpriv is missing: scripts/install-deps.sh');
    expect(pdeathsigSetpriv()).toMatch(/\/setpriv$/);
  });
});
