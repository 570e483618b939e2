/**
 * What a local server process did during a run, from /proc: the bytes it read from storage
 * (/proc/<pid>/io read_bytes counts what reached the block layer, not what the page cache served) and
 * the CPU time it used (/proc/<pid>/stat utime + stime). One unit for InnoDB and MyISAM alike: post 003
 * explained its engines by the IO each did cold and the CPU each used hot.
 */
import { readFile } from 'node:fs/promises';

export type ProcessUsage = { readBytes: number; cpuMs: number } | { unavailable: string };

/** Clock ticks per second of /proc/<pid>/stat's times: USER_HZ, 100 on every Linux architecture bplab runs on. */
const USER_HZ = 100;

export async function readProcessUsage(pid: number, procRoot = '/proc'): Promise<ProcessUsage> {
  let io: string;
  let stat: string;
  try {
    [io, stat] = await Promise.all([
      readFile(`${procRoot}/${pid}/io`, 'utf8'),
      readFile(`${procRoot}/${pid}/stat`, 'utf8'),
    ]);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      return { unavailable: `the server process (pid ${pid}) is gone, or this is not Linux` };
    if (code === 'EACCES' || code === 'EPERM')
      return {
        unavailable: `bplab may not read the server process's counters (pid ${pid} runs as another user)`,
      };
    return { unavailable: `reading /proc/${pid} failed: ${(e as Error).message}` };
  }
  const read = /^read_bytes:\s*(\d+)/m.exec(io);
  if (!read) return { unavailable: `/proc/${pid}/io has no read_bytes line` };
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime))
    return { unavailable: `/proc/${pid}/stat has no CPU times` };
  return { readBytes: Number(read[1]), cpuMs: ((utime + stime) * 1000) / USER_HZ };
}

/** after − before, or the reason either side could not be read. */
export function usageDelta(before: ProcessUsage, after: ProcessUsage): ProcessUsage {
  if ('unavailable' in before) return before;
  if ('unavailable' in after) return after;
  return { readBytes: after.readBytes - before.readBytes, cpuMs: after.cpuMs - before.cpuMs };
}
