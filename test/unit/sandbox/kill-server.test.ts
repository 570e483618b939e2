/** A deleted sandbox's server is killed, not shut down: the process gone, its socket and lock file with it. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killServer } from '../../../src/main/sandbox/server-lifecycle';
import { isAlive } from '../../../src/main/sandbox/server-process';

const root = mkdtempSync(join(tmpdir(), 'bplab-kill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('killServer', () => {
  it('kills a process that ignores SIGTERM, and removes the socket and its lock file', async () => {
    // A stand-in for a server that would take its time over a clean shutdown: it ignores SIGTERM.
    const child = spawn('sh', ['-c', 'trap "" TERM; while :; do sleep 1; done'], { stdio: 'ignore' });
    const pid = child.pid!;
    const socket = join(root, 'bplab-s1.sock');
    writeFileSync(socket, '');
    writeFileSync(`${socket}.lock`, String(pid));
    expect(isAlive(pid)).toBe(true);
    await killServer(pid, socket);
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(socket)).toBe(false);
    expect(existsSync(`${socket}.lock`)).toBe(false);
  });
});
