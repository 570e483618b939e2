/**
 * Evicting files from the OS page cache, on real files of this machine: fincore's count before and
 * after, with files this test made resident by reading them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  evictFiles,
  evictionWords,
  PageCacheUnavailable,
  readThroughStorage,
  residentBytes,
  storageReadWords,
  type RunTool,
} from '../../../src/main/pagecache/os-cache';

const dir = mkdtempSync(join(tmpdir(), 'bplab-pagecache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('evictFiles', () => {
  it('leaves nothing of the files resident, and counts what it evicted', async () => {
    const files = [join(dir, 'a.ibd'), join(dir, 'b.MYD')];
    writeFileSync(files[0]!, Buffer.alloc(4 * 1024 * 1024, 1));
    writeFileSync(files[1]!, Buffer.alloc(1024 * 1024, 2));
    for (const f of files) readFileSync(f);
    const before = await residentBytes(files);
    expect(before).toBe(5 * 1024 * 1024);
    const e = await evictFiles(files);
    expect(e).toEqual({ files: 2, residentBeforeBytes: before, residentAfterBytes: 0 });
    expect(await residentBytes(files)).toBe(0);
    expect(evictionWords(e)).toBe('5.0 MiB evicted from the OS page cache, 0 MiB still resident (2 files)');
  });
  it('says in words when fincore is missing', async () => {
    const missing: RunTool = async () => ({ code: null, stdout: '', stderr: '', spawnError: 'ENOENT' });
    await expect(residentBytes(['/x'], missing)).rejects.toThrow(PageCacheUnavailable);
    await expect(residentBytes(['/x'], missing)).rejects.toThrow('fincore (util-linux) is not installed');
  });
});

describe('readThroughStorage', () => {
  it('reads every file once, past the page cache, and counts their bytes', async () => {
    const files = [join(dir, 'c.ibd'), join(dir, 'd.ibd'), join(dir, 'gone.ibd')];
    writeFileSync(files[0]!, Buffer.alloc(3 * 1024 * 1024, 1));
    writeFileSync(files[1]!, Buffer.alloc(1024 * 1024, 2));
    await evictFiles(files.slice(0, 2));
    let t = 0;
    const r = await readThroughStorage(files, undefined, () => (t += 250));
    // The file that no longer exists is skipped; the time is the clock's from first to last.
    expect([r.files, r.bytes, r.ms]).toEqual([2, 4 * 1024 * 1024, 250]);
    // With O_DIRECT (this disk takes it) nothing of the files came into the page cache.
    if (r.direct) expect(await residentBytes(files.slice(0, 2))).toBe(0);
  });
  it('falls back to a plain read where O_DIRECT is refused, and says so', async () => {
    const f = join(dir, 'e.ibd');
    writeFileSync(f, Buffer.alloc(8192, 3));
    const calls: string[][] = [];
    const refusing: RunTool = async (cmd, args) => {
      calls.push([cmd, ...args]);
      return args.includes('iflag=direct')
        ? { code: 1, stdout: '', stderr: 'dd: failed to open: Invalid argument' }
        : { code: 0, stdout: '', stderr: '' };
    };
    const r = await readThroughStorage([f], refusing, () => 0);
    expect(calls).toEqual([
      ['dd', `if=${f}`, 'of=/dev/null', 'bs=1M', 'iflag=direct', 'status=none'],
      ['dd', `if=${f}`, 'of=/dev/null', 'bs=1M', 'status=none'],
    ]);
    expect(r).toEqual({ files: 1, bytes: 8192, ms: 0, direct: false });
    expect(storageReadWords({ ...r, bytes: 1310720000, ms: 8240 })).toBe(
      "read once from storage first (1250 MiB in 8.2 s, through the page cache: the filesystem refused O_DIRECT), so a cache beneath this machine (a VM host's) serves every configuration's cold pass alike",
    );
  });
  it('says in words when a file cannot be read at all', async () => {
    const f = join(dir, 'f.ibd');
    writeFileSync(f, 'x');
    const broken: RunTool = async () => ({ code: 1, stdout: '', stderr: 'Input/output error' });
    await expect(readThroughStorage([f], broken)).rejects.toThrow(
      `dd could not read ${f}: Input/output error`,
    );
  });
});
