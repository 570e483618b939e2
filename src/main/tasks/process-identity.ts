/**
 * Which process holds a lease, told apart from a later process that got the same pid: the pid, the
 * host, and (on Linux) the boot and the process's start time from /proc/<pid>/stat. A lease whose
 * process is gone is stale, whatever its file says.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface ProcessIdentity {
  pid: number;
  host: string;
  /** "<boot id>:<start time in clock ticks>" on Linux; null where /proc does not say. */
  startTime: string | null;
  /** What the process is, in words: "bplab ssb generate --sf 1 --sandbox s1", "bplab (desktop app)". */
  command: string;
}

export type Liveness = 'alive' | 'gone' | 'unknown';

/** Reads what the system says about a pid; injected in unit tests to play a reused pid. */
export interface ProcessProbe {
  host(): string;
  /** Whether some process has this pid now (a zombie counts as gone). */
  exists(pid: number): boolean;
  /** Its start time as ProcessIdentity.startTime spells it, or null when unknown. */
  startTime(pid: number): string | null;
}

function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return '';
  }
}

/** The 22nd field of /proc/<pid>/stat (after the command, which may hold spaces and parentheses). */
function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

export const systemProbe: ProcessProbe = {
  host: () => hostname(),
  exists(pid) {
    try {
      process.kill(pid, 0);
    } catch (e) {
      // EPERM: it exists, but belongs to another user.
      if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
    }
    const fields = procStat(pid);
    return fields === null ? true : fields[0] !== 'Z';
  },
  startTime(pid) {
    const fields = procStat(pid);
    // Fields after the command start at field 3 (state); starttime is field 22.
    const ticks = fields?.[19];
    return ticks ? `${bootId()}:${ticks}` : null;
  },
};

/** This process, named by `command`. */
export function currentProcess(command: string, probe: ProcessProbe = systemProbe): ProcessIdentity {
  return { pid: process.pid, host: probe.host(), startTime: probe.startTime(process.pid), command };
}

/**
 * Whether the process a lease names still runs: 'gone' when its pid is free or was taken by a
 * process that started at another time; 'unknown' when it runs on another host (a data folder on a
 * shared disk), where this machine cannot look.
 */
export function liveness(owner: ProcessIdentity, probe: ProcessProbe = systemProbe): Liveness {
  if (owner.host !== probe.host()) return 'unknown';
  if (!probe.exists(owner.pid)) return 'gone';
  if (owner.startTime === null) return 'alive';
  const now = probe.startTime(owner.pid);
  return now === null || now === owner.startTime ? 'alive' : 'gone';
}

/** "pid 4242 (bplab ssb generate --sf 1)" or with the host when it is not this one. */
export function describeProcess(owner: ProcessIdentity, probe: ProcessProbe = systemProbe): string {
  const on = owner.host === probe.host() ? '' : ` on ${owner.host}`;
  return `pid ${owner.pid}${on} (${owner.command})`;
}

/** How a process names itself from its command line; an option that looks like a secret is not kept. */
export function commandFromArgv(argv: readonly string[]): string {
  const words: string[] = [];
  let hideNext = false;
  for (const arg of argv) {
    if (hideNext) {
      words.push('•••');
      hideNext = false;
    } else if (/pass(word)?|secret|token/i.test(arg) && arg.startsWith('-')) {
      const eq = arg.indexOf('=');
      if (eq > 0) words.push(`${arg.slice(0, eq)}=•••`);
      else {
        words.push(arg);
        hideNext = true;
      }
    } else words.push(arg);
  }
  return ['bplab', ...words].join(' ');
}
