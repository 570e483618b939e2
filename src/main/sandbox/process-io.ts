/**
 * The bytes a local server process read from storage, from /proc/<pid>/io (read_bytes counts what
 * reached the block layer, not what the page cache served): one unit, MiB read, for InnoDB and MyISAM.
 */
import { readFile } from 'node:fs/promises';

export type ProcessIo = { readBytes: number } | { unavailable: string };

export async function readProcessIo(pid: number, procRoot = '/proc'): Promise<ProcessIo> {
  let text: string;
  try {
    text = await readFile(`${procRoot}/${pid}/io`, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      return { unavailable: `the server process (pid ${pid}) is gone, or this is not Linux` };
    if (code === 'EACCES' || code === 'EPERM')
      return {
        unavailable: `bplab may not read the server process's IO counters (pid ${pid} runs as another user)`,
      };
    return { unavailable: `reading /proc/${pid}/io failed: ${(e as Error).message}` };
  }
  const m = /^read_bytes:\s*(\d+)/m.exec(text);
  if (!m) return { unavailable: `/proc/${pid}/io has no read_bytes line` };
  return { readBytes: Number(m[1]) };
}
