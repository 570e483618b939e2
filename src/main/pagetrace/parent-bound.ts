/**
 * A tracer that ends with bplab. bpftrace keeps its uprobes on the server's binary for as long as it
 * runs, slowing every page request; a bplab killed with SIGKILL runs no handler to stop it, and the
 * tracer journal (tracer-journal.ts) stops it only at the next bplab's start. So bpftrace is started
 * through util-linux's setpriv with a parent-death signal (`setpriv --pdeathsig KILL bpftrace ...`:
 * setpriv sets PR_SET_PDEATHSIG, then execs bpftrace in its own process, which keeps the setting): the
 * kernel kills it the moment bplab's process ends, however it ends. Debian 12's util-linux 2.38 has the
 * option (added in 2.33); where setpriv lacks it, bpftrace is started as it is and the journal remains.
 */
import { spawnSync } from 'node:child_process';
import { onPath } from './capability';

let found: string | null | undefined;

/** The setpriv that can set a parent-death signal, found once on the PATH; null where there is none. */
export function pdeathsigSetpriv(path = process.env.PATH): string | null {
  if (found !== undefined) return found;
  const setpriv = onPath('setpriv', path);
  if (!setpriv) return (found = null);
  const help = spawnSync(setpriv, ['--help'], { encoding: 'utf8', timeout: 5000 });
  found = `${help.stdout ?? ''}`.includes('--pdeathsig') ? setpriv : null;
  return found;
}

/** The command line that runs `command args` killed (SIGKILL) when this process ends, where it can be. */
export function boundToParent(
  command: string,
  args: string[],
  setpriv: string | null = pdeathsigSetpriv(),
): { command: string; args: string[] } {
  return setpriv ? { command: setpriv, args: ['--pdeathsig', 'KILL', command, ...args] } : { command, args };
}
