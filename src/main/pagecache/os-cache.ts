/**
 * A cold pass without root: a sandbox's data files leave the OS page cache one by one
 * (posix_fadvise(POSIX_FADV_DONTNEED), which Node lacks and GNU dd's iflag=nocache makes), and what
 * stayed resident is measured as fincore (util-linux) reports it through mincore(2).
 */
import { execFile } from 'node:child_process';

/** What eviction did to a set of files, for the result and its words. */
export interface FileEviction {
  files: number;
  /** Bytes of these files in the OS page cache before, and after. */
  residentBeforeBytes: number;
  residentAfterBytes: number;
}

/** What one tool run answered. */
interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** ENOENT when the tool is not installed. */
  spawnError?: string;
}

export type RunTool = (cmd: string, args: string[]) => Promise<ToolRun>;

export const runTool: RunTool = (cmd, args) =>
  new Promise((resolve) => {
    execFile(cmd, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const spawnError = (error as NodeJS.ErrnoException | null)?.code;
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
        stdout: String(stdout),
        stderr: String(stderr),
        ...(typeof spawnError === 'string' ? { spawnError } : {}),
      });
    });
  });

/** The page cache cannot be measured or emptied here; the message says why, in words. */
export class PageCacheUnavailable extends Error {}

/** Resident bytes of each file, summed, as fincore reports them (fincore --bytes --raw). */
export async function residentBytes(files: string[], run: RunTool = runTool): Promise<number> {
  if (files.length === 0) return 0;
  let total = 0;
  // In slices: a schema can hold thousands of files, and an argument list has a limit.
  for (let i = 0; i < files.length; i += 200) {
    const r = await run('fincore', [
      '--bytes',
      '--noheadings',
      '--raw',
      '--output',
      'RES',
      ...files.slice(i, i + 200),
    ]);
    if (r.spawnError === 'ENOENT')
      throw new PageCacheUnavailable(
        'fincore (util-linux) is not installed, so bplab cannot measure the page cache',
      );
    if (r.code !== 0 && r.stdout.trim() === '')
      throw new PageCacheUnavailable(
        `fincore could not read the files: ${r.stderr.trim() || `exit ${r.code}`}`,
      );
    for (const line of r.stdout.split('\n')) if (line.trim()) total += Number(line.trim()) || 0;
  }
  return total;
}

/**
 * Writes the files' dirty pages out (sync), then asks the kernel to drop each file's cached pages
 * (`dd iflag=nocache count=0` calls posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); no root needed).
 */
export async function evictFiles(files: string[], run: RunTool = runTool): Promise<FileEviction> {
  const residentBeforeBytes = await residentBytes(files, run);
  const synced = await run('sync', files);
  if (synced.spawnError === 'ENOENT') throw new PageCacheUnavailable('sync (coreutils) is not installed');
  for (const f of files) {
    const r = await run('dd', [`if=${f}`, 'iflag=nocache', 'count=0', 'status=none']);
    if (r.spawnError === 'ENOENT') throw new PageCacheUnavailable('dd (coreutils) is not installed');
    // A file gone since it was listed (a temporary table dropped) has nothing cached: not an error.
    if (r.code !== 0 && !/No such file/.test(r.stderr))
      throw new PageCacheUnavailable(`dd could not evict ${f}: ${r.stderr.trim() || `exit ${r.code}`}`);
  }
  const residentAfterBytes = await residentBytes(files, run);
  return { files: files.length, residentBeforeBytes, residentAfterBytes };
}

const MIB = 1024 * 1024;

/** "612 MiB evicted, 0 MiB resident" (one decimal under 10 MiB, so a tiny dataset reads right). */
export function evictionWords(e: FileEviction): string {
  const mib = (b: number) => {
    const v = b / MIB;
    return `${v < 10 && v > 0 ? v.toFixed(1) : Math.round(v)} MiB`;
  };
  const evicted = Math.max(0, e.residentBeforeBytes - e.residentAfterBytes);
  return `${mib(evicted)} evicted from the OS page cache, ${mib(e.residentAfterBytes)} still resident (${e.files} files)`;
}
