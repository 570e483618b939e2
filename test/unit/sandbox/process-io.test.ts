/** A server process's read_bytes and CPU time, from this process's own /proc entry and from made-up ones. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readProcessUsage, usageDelta } from '../../../src/main/sandbox/process-io';

const root = mkdtempSync(join(tmpdir(), 'bplab-proc-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fakeProc(pid: number, io: string, stat: string) {
  mkdirSync(join(root, String(pid)));
  writeFileSync(join(root, String(pid), 'io'), io);
  writeFileSync(join(root, String(pid), 'stat'), stat);
}

describe('readProcessUsage', () => {
  it("reads this process's own counters from /proc, CPU time growing with work done", async () => {
    const a = await readProcessUsage(process.pid);
    let x = 0;
    for (let i = 0; i < 3e7; i++) x += i % 7;
    expect(x).toBeGreaterThan(0);
    const b = await readProcessUsage(process.pid);
    const d = usageDelta(a, b);
    expect('cpuMs' in d && d.cpuMs).toBeGreaterThan(0);
    expect('readBytes' in d && d.readBytes).toBeGreaterThanOrEqual(0);
  });
  it('parses read_bytes (not rchar) and utime + stime in clock ticks, whatever the command name holds', async () => {
    fakeProc(
      42,
      'rchar: 999\nwchar: 1\nread_bytes: 8192\nwrite_bytes: 0\n',
      '42 (my sqld) S 1 42 42 0 -1 0 0 0 0 0 250 130 0 0 20 0 1',
    );
    expect(await readProcessUsage(42, root)).toEqual({ readBytes: 8192, cpuMs: 3800 });
  });
  it('says the process is gone when it is, and a delta keeps the reason', async () => {
    const gone = await readProcessUsage(999_999_999);
    expect(gone).toEqual({ unavailable: 'the server process (pid 999999999) is gone, or this is not Linux' });
    expect(usageDelta({ readBytes: 1, cpuMs: 1 }, gone)).toBe(gone);
  });
});
