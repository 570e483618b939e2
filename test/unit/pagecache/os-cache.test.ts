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
  residentBytes,
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
