/**
 * A sandbox restarted with options for that start only (an experiment's startup dimension): the
 * server runs with them, its spec never holds them, a plain restart puts it back on its own, and
 * the record a dead bplab leaves behind is put back by the next one, which says so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxInfo } from '../../src/shared/models';
import { AppFailure } from '../../src/shared/result';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import { testServer } from '../support/test-server';

const server = testServer();
const root = join(server.scratchDir, 'sandbox-restart-options');
const sandboxes = new SandboxService({ root, templates: server.templatesDir });

async function flushMethod(sb: SandboxInfo): Promise<string | null> {
  const conn = await createConnection({ ...sandboxes.connectionOptions(sb), connectTimeout: 5000 });
  try {
    const [rows] = await conn.query('SELECT @@innodb_flush_method AS m');
    return (rows as { m: string | null }[])[0]!.m;
  } finally {
    await conn.end();
  }
}

/** A pid that belonged to a process which has ended (a bplab killed with -9, say). */
function deadPid(): number {
  const r = spawnSync('sh', ['-c', 'echo $$']);
  return Number(r.stdout.toString().trim());
}

describe(`restart with temporary options on ${server.label}`, () => {
  let sb: SandboxInfo;
  let ownMethod: string | null;
  // Not the server's default: MariaDB 10.11+ and MySQL 8.4+ (9.7 here) default to O_DIRECT, MySQL 8.0
  // to fsync, 5.7 to NULL.
  let temporary = '';

  beforeAll(async () => {
    sb = await sandboxes.create({ name: 'tempopts', binaryPath: server.binaryPath, bufferPoolSize: '32M' });
    ownMethod = await flushMethod(sb);
    temporary = ownMethod === 'O_DIRECT' ? 'fsync' : 'O_DIRECT';
  });
  afterAll(async () => {
    for (const s of await sandboxes.list()) await sandboxes.delete(s.id);
  });

  it('runs with the options for that start only, records them, and a plain restart goes back', async () => {
    expect(ownMethod).not.toBe(temporary);
    sb = await sandboxes.restart(sb.id, { options: { innodb_flush_method: temporary } });
    expect(await flushMethod(sb)).toBe(temporary);
    expect(sb.spec.options).not.toHaveProperty('innodb_flush_method');
    expect(sandboxes.temporaryOptions(sb.id)?.options).toEqual({ innodb_flush_method: temporary });
    const saved = JSON.parse(readFileSync(join(root, sb.id, 'sandbox.json'), 'utf8'));
    expect(JSON.stringify(saved)).not.toContain(temporary);

    sb = await sandboxes.restart(sb.id);
    expect(await flushMethod(sb)).toBe(ownMethod);
    expect(sandboxes.temporaryOptions(sb.id)).toBeNull();
  });

  it('refuses an option bplab owns, in words, and leaves the server as it was', async () => {
    const pid = (await sandboxes.get(sb.id)).pid;
    let failure: AppFailure | undefined;
    await sandboxes.restart(sb.id, { options: { 'bind-address': '0.0.0.0' } }).catch((e) => (failure = e));
    expect(failure).toBeInstanceOf(AppFailure);
    expect(failure!.error.code).toBe('INVALID_ARGUMENT');
    expect(failure!.error.message).toMatch(/bind-address is set by bplab itself/);
    expect((await sandboxes.get(sb.id)).pid).toBe(pid);
    expect(sandboxes.temporaryOptions(sb.id)).toBeNull();
  });

  it('the next bplab puts back a sandbox a dead one left on temporary options, and says so', async () => {
    sb = await sandboxes.restart(sb.id, { options: { innodb_flush_method: temporary } });
    const recordPath = join(root, sb.id, 'temporary-options.json');
    const record = JSON.parse(readFileSync(recordPath, 'utf8'));

    // A record whose bplab is still alive is that process's business: left alone.
    writeFileSync(recordPath, JSON.stringify({ ...record, ownerPid: process.ppid }));
    expect(await new SandboxService({ root }).restoreOwnOptions()).toEqual([]);
    expect(await flushMethod(sb)).toBe(temporary);

    // Its bplab died (kill -9): the next one restarts it on its own options and says which ones.
    writeFileSync(recordPath, JSON.stringify({ ...record, ownerPid: deadPid() }));
    const next = new SandboxService({ root });
    const restored = await next.restoreOwnOptions();
    expect(restored).toHaveLength(1);
    expect(restored[0]!.message).toContain(`innodb_flush_method=${temporary}`);
    expect(restored[0]!.message).toMatch(/restarted on its own options/);
    sb = await next.get(sb.id);
    expect(await flushMethod(sb)).toBe(ownMethod);
    expect(existsSync(recordPath)).toBe(false);
    expect(await next.restoreOwnOptions()).toEqual([]);
  });

  it('a stopped sandbox with a leftover record starts on its own options', async () => {
    sb = await sandboxes.restart(sb.id, { options: { innodb_flush_method: temporary } });
    await sandboxes.stop(sb.id);
    sb = await new SandboxService({ root }).start(sb.id);
    expect(await flushMethod(sb)).toBe(ownMethod);
    expect(sandboxes.temporaryOptions(sb.id)).toBeNull();
  });
});
