/**
 * The sandbox lifecycle on the real server binary of this run's flavor: create, start,
 * settings applied, log, restart (cold), stop, delete, and the bad inputs a user can give it.
 */
import { existsSync, mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxInfo } from '../../src/shared/models';
import { AppFailure } from '../../src/shared/result';
import { findBinaries } from '../../src/main/sandbox/server-binaries';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import { freePort } from '../../src/main/sandbox/ports';
import { testServer } from '../support/test-server';

const server = testServer();
const root = join(server.scratchDir, 'sandbox-tests');
const changes: SandboxInfo[] = [];
const sandboxes = new SandboxService({ root, onChange: (i) => changes.push(i) });

async function failureOf(p: Promise<unknown>): Promise<AppFailure> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  throw new Error('expected a failure, got success');
}

async function query<T>(info: SandboxInfo, sql: string): Promise<T[]> {
  const conn = await createConnection({ ...sandboxes.connectionOptions(info), connectTimeout: 3000 });
  try {
    const [rows] = await conn.query(sql);
    return rows as T[];
  } finally {
    await conn.end();
  }
}

describe(`sandboxes on ${server.label}`, () => {
  let sb: SandboxInfo;

  beforeAll(async () => {
    sb = await sandboxes.create({
      name: 'life',
      binaryPath: server.binaryPath,
      bufferPoolSize: '64M',
      oldBlocksTimeMs: 0,
      oldBlocksPct: 20,
      localInfile: false,
      options: { max_connections: '77' },
    });
  });
  afterAll(async () => {
    for (const s of await sandboxes.list()) await sandboxes.delete(s.id);
  });

  it('finds the server binary and identifies its flavor and version', async () => {
    const { binaries } = await findBinaries({ basedir: sb.basedir });
    const found = binaries.find((b) => b.path === server.binaryPath);
    expect(found?.flavor).toBe(server.flavor);
    expect(found?.version).toBe(server.version);
  });

  it('starts with the requested settings on a loopback port', async () => {
    expect(sb.status).toBe('running');
    expect(sb.pid).toBeGreaterThan(0);
    const [row] = await query<Record<string, string | number>>(
      sb,
      `SELECT @@innodb_buffer_pool_size AS bp, @@innodb_old_blocks_time AS obt, @@innodb_old_blocks_pct AS obp,
              @@port AS port, @@bind_address AS bind, @@datadir AS datadir, @@local_infile AS li,
              @@max_connections AS mc`,
    );
    expect(Number(row?.bp)).toBe(64 * 1024 * 1024);
    expect(Number(row?.obt)).toBe(0);
    expect(Number(row?.obp)).toBe(20);
    expect(Number(row?.port)).toBe(sb.port);
    expect(row?.bind).toBe('127.0.0.1');
    expect(String(row?.datadir).replace(/\/$/, '')).toBe(sb.datadir);
    expect(Number(row?.li)).toBe(0);
    expect(Number(row?.mc)).toBe(77);
  });

  it('is listed, and its profile points at it', async () => {
    const listed = await sandboxes.list();
    expect(listed.map((s) => [s.name, s.status])).toEqual([['life', 'running']]);
    expect(listed[0]?.profileId).toBe('sandbox-life');
    expect(changes.some((c) => c.id === sb.id && c.status === 'starting')).toBe(true);
  });

  it('shows its error log', async () => {
    const log = await sandboxes.log(sb.id);
    expect(log.path.startsWith(root)).toBe(true);
    expect(log.text).toMatch(/ready for connections/);
  });

  it('starting a running sandbox changes nothing', async () => {
    const again = await sandboxes.start(sb.id);
    expect(again.pid).toBe(sb.pid);
  });

  it('restarts into a new process with a cold buffer pool', async () => {
    const pagesOfWarm = async (info: SandboxInfo) =>
      Number(
        (
          await query<{ n: number }>(
            info,
            "SELECT COUNT(*) AS n FROM information_schema.INNODB_BUFFER_PAGE_LRU WHERE TABLE_NAME LIKE '%`warm`%'",
          )
        )[0]?.n,
      );
    await query(sb, 'CREATE DATABASE IF NOT EXISTS warm');
    await query(sb, 'CREATE TABLE IF NOT EXISTS warm.t (id INT PRIMARY KEY, pad CHAR(200)) ENGINE=InnoDB');
    const values = Array.from({ length: 5000 }, (_, i) => `(${i + 1}, 'row ${i + 1}')`).join(',');
    await query(sb, `INSERT IGNORE INTO warm.t VALUES ${values}`);
    await query(sb, 'SELECT COUNT(*), MAX(pad) FROM warm.t');
    const before = await pagesOfWarm(sb);
    expect(before).toBeGreaterThan(20); // 5000 rows of ~200 bytes fill dozens of 16 KB pages

    const restarted = await sandboxes.restart(sb.id);
    expect(restarted.status).toBe('running');
    expect(restarted.pid).not.toBe(sb.pid);
    // Cold: nothing carried over (no dump/load). At most the root page that a background
    // statistics thread may read on its own after startup.
    expect(await pagesOfWarm(restarted)).toBeLessThanOrEqual(1);
    sb = restarted;
  });

  it('stops: the process is gone and the port refuses connections', async () => {
    const stopped = await sandboxes.stop(sb.id);
    expect(stopped.status).toBe('stopped');
    expect(stopped.pid).toBeUndefined();
    await expect(
      createConnection({ ...sandboxes.connectionOptions(sb), connectTimeout: 2000 }),
    ).rejects.toThrow();
  });

  it('on quit, stops the sandboxes not kept running and leaves the kept one', async () => {
    const kept = await sandboxes.create({
      name: 'kept',
      binaryPath: server.binaryPath,
      bufferPoolSize: '32M',
      keepRunning: true,
    });
    await sandboxes.start(sb.id);
    await sandboxes.stopAllExceptKept();
    expect((await sandboxes.get(sb.id)).status).toBe('stopped');
    expect((await sandboxes.get(kept.id)).status).toBe('running');
    await sandboxes.delete(kept.id);
  });

  it('deletes: nothing is left on disk', async () => {
    const { datadir } = await sandboxes.get(sb.id);
    await sandboxes.delete(sb.id);
    expect(existsSync(datadir)).toBe(false);
    expect(await sandboxes.list()).toEqual([]);
    expect((await failureOf(sandboxes.get(sb.id))).error.code).toBe('NOT_FOUND');
  });
});

describe(`sandbox bad input on ${server.label}`, () => {
  it('a missing server binary', async () => {
    const f = await failureOf(
      sandboxes.create({ name: 'nobin', binaryPath: join(root, 'no', 'such', 'mysqld') }),
    );
    expect(f.error.code).toBe('BINARY_NOT_FOUND');
    expect(f.error.message).toContain('no/such/mysqld');
    expect(existsSync(join(root, 'nobin'))).toBe(false);
  });

  it('a program that is not a server (a script, and a real non-server binary)', async () => {
    mkdirSync(root, { recursive: true });
    const script = join(root, 'fake-mysqld');
    writeFileSync(script, '#!/bin/sh\necho "hello"\n');
    chmodSync(script, 0o755);
    const f1 = await failureOf(sandboxes.create({ name: 'fake', binaryPath: script }));
    expect(f1.error.code).toBe('BINARY_INVALID');
    const f2 = await failureOf(sandboxes.create({ name: 'fake', binaryPath: '/bin/ls' }));
    expect(f2.error.code).toBe('BINARY_INVALID');
    expect(existsSync(join(root, 'fake'))).toBe(false);
  });

  it('a port already taken', async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    try {
      const f = await failureOf(sandboxes.create({ name: 'taken', binaryPath: server.binaryPath, port }));
      expect(f.error.code).toBe('PORT_IN_USE');
      expect(f.error.message).toContain(String(port));
      expect(existsSync(join(root, 'taken'))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('a name already used', async () => {
    await sandboxes.create(
      { name: 'twice', binaryPath: server.binaryPath, bufferPoolSize: '32M' },
      { start: false },
    );
    const f = await failureOf(sandboxes.create({ name: 'twice', binaryPath: server.binaryPath }));
    expect(f.error.code).toBe('ALREADY_EXISTS');
    await sandboxes.delete('twice');
  });

  it('a server option the server rejects: the start fails with its log, and the sandbox stays', async () => {
    const created = await sandboxes.create(
      {
        name: 'badopt',
        binaryPath: server.binaryPath,
        bufferPoolSize: '32M',
        options: { 'no-such-option-xyz': '1' },
      },
      { start: false },
    );
    const f = await failureOf(sandboxes.start(created.id));
    expect(f.error.code).toBe('SANDBOX_FAILED');
    expect(f.error.hint ?? '').toMatch(/no-such-option-xyz/);
    const after = await sandboxes.get(created.id);
    expect(after.status).toBe('failed');
    expect(after.lastError).toContain('did not start');
    await sandboxes.delete(created.id);
  });
});
