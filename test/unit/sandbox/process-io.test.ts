/** A server process's read_bytes, from this process's own /proc entry and from ones that fail. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readProcessIo } from '../../../src/main/sandbox/process-io';

const root = mkdtempSync(join(tmpdir(), 'bplab-proc-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('readProcessIo', () => {
  it("reads this process's own read_bytes from /proc", async () => {
    const io = await readProcessIo(process.pid);
    expect('readBytes' in io && io.readBytes).toBeGreaterThanOrEqual(0);
  });
  it('parses read_bytes, not rchar', async () => {
    mkdirSync(join(root, '42'));
    writeFileSync(join(root, '42', 'io'), 'rchar: 999\nwchar: 1\nread_bytes: 8192\nwrite_bytes: 0\n');
    expect(await readProcessIo(42, root)).toEqual({ readBytes: 8192 });
  });
  it('says the process is gone when it is', async () => {
    const io = await readProcessIo(999_999_999);
    expect(io).toEqual({ unavailable: 'the server process (pid 999999999) is gone, or this is not Linux' });
  });
});
