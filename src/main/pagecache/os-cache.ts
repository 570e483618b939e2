/**
 * A cold pass without root: a sandbox's data files leave the OS page cache one by one
 * (posix_fadvise(POSIX_FADV_DONTNEED), which Node lacks and GNU dd's iflag=nocache makes), and what
 * stayed resident is measured as fincore (util-linux) reports it through mincore(2).
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';

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

/** What reading the files once from storage took, for the result and its words. */
export interface StorageRead {
  files: number;
  bytes: number;
  ms: number;
  /** True when every file was read with O_DIRECT (past this machine's page cache). */
  direct: boolean;
}

/**
 * Reads each file once from storage, so a cache beneath this machine (a VM host's cache of its virtual
 * disk, a SAN's) holds them alike for every configuration's cold pass: without it, the first side read
 * after hours finds that cache cold and the next sides warm (on this project's VM a 1.3 GB file read with
 * O_DIRECT took 8.2 s the first time, 4.7-5.2 s after). O_DIRECT keeps the reads out of this machine's page
 * cache; where a filesystem refuses it (tmpfs) a plain read stands in, and the eviction after it empties
 * the cache again.
 */
export async function readThroughStorage(
  files: string[],
  run: RunTool = runTool,
  clock: () => number = Date.now,
): Promise<StorageRead> {
  const t0 = clock();
  let bytes = 0;
  let read = 0;
  let direct = true;
  for (const f of files) {
    const size = await stat(f).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) continue; // gone since it was listed (a temporary table dropped)
    let r = await run('dd', [`if=${f}`, 'of=/dev/null', 'bs=1M', 'iflag=direct', 'status=none']);
    if (r.spawnError === 'ENOENT') throw new PageCacheUnavailable('dd (coreutils) is not installed');
    if (r.code !== 0) {
      direct = false;
      r = await run('dd', [`if=${f}`, 'of=/dev/null', 'bs=1M', 'status=none']);
      if (r.code !== 0)
        throw new PageCacheUnavailable(`dd could not read ${f}: ${r.stderr.trim() || `exit ${r.code}`}`);
    }
    bytes += size;
    read++;
  }
  return { files: read, bytes, ms: clock() - t0, direct };
}

const MIB = 1024 * 1024;

/** "612 MiB" (one decimal under 10 MiB, so a tiny dataset reads right). */
const mib = (b: number) => {
  const v = b / MIB;
  return `${v < 10 && v > 0 ? v.toFixed(1) : Math.round(v)} MiB`;
};

/** "612 MiB evicted, 0 MiB resident" */
export function evictionWords(e: FileEviction): string {
  const evicted = Math.max(0, e.residentBeforeBytes - e.residentAfterBytes);
  return `${mib(evicted)} evicted from the OS page cache, ${mib(e.residentAfterBytes)} still resident (${e.files} files)`;
}

/** "read once from storage first (1250 MiB in 1.3 s), so a cache beneath this machine serves every side alike" */
export function storageReadWords(r: StorageRead): string {
  const how = r.direct ? '' : ', through the page cache: the filesystem refused O_DIRECT';
  return (
    `read once from storage first (${mib(r.bytes)} in ${(r.ms / 1000).toFixed(1)} s${how}), ` +
    `so a cache beneath this machine (a VM host's) serves every configuration's cold pass alike`
  );
}
