/**
 * The sandbox lifecycle on the real server binary of this run's flavor: create, start,
 * settings applied, log, restart (cold), stop, delete, and the bad inputs a user can give it.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxInfo } from '../../src/shared/models';
import { findBinaries } from '../../src/main/sandbox/server-binaries';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import { freePort } from '../../src/main/sandbox/ports';
import { waitForPurge } from '../../src/main/bufferpool/purge';
import { testServer } from '../support/test-server';
import { failureOf } from '../support/failures';

const server = testServer();
const root = join(server.scratchDir, 'sandbox-tests');
const changes: SandboxInfo[] = [];
const sandboxes = new SandboxService({ root, onChange: (i) => changes.push(i) });

/** The TCP addresses a process listens on, as the kernel says (/proc/net/tcp and tcp6), e.g. "127.0.0.1:3306". */
function listeningAddresses(pid: number): string[] {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        } catch {
          return undefined;
        }
      })
      .filter((x): x is string => x !== undefined),
  );
  const out: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      const [, local = '', , state, , , , , , inode = ''] = f;
      if (state !== '0A' || !inodes.has(inode)) continue; // 0A: LISTEN
      const [hex = '', portHex = ''] = local.split(':');
      out.push(`${hex.length === 8 ? ipv4(hex) : ipv6(hex)}:${parseInt(portHex, 16)}`);
    }
  }
  return out.sort();
}
const ipv4 = (hex: string) => [3, 2, 1, 0].map((i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16)).join('.');
const ipv6 = (hex: string) =>
  hex === '00000000000000000000000001000000' ? '::1' : /^0+$/.test(hex) ? '::' : `[${hex}]`;

/** Server processes whose command line mentions this folder. */
function serversUsing(dir: string): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
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
              @@port AS port, @@datadir AS datadir, @@local_infile AS li,
              @@max_connections AS mc, @@secure_file_priv AS sfp`,
    );
    expect(Number(row?.bp)).toBe(64 * 1024 * 1024);
    expect(Number(row?.obt)).toBe(0);
    expect(Number(row?.obp)).toBe(20);
    expect(Number(row?.port)).toBe(sb.port);
    // MySQL 5.5 has no bind_address variable: there the kernel's listening sockets say where it listens.
    const [bind] = await query<{ Value: string }>(sb, "SHOW GLOBAL VARIABLES LIKE 'bind_address'");
    if (bind) expect(bind.Value).toBe('127.0.0.1');
    else expect(listeningAddresses(sb.pid ?? 0)).toEqual([`127.0.0.1:${sb.port}`]);
    expect(String(row?.datadir).replace(/\/$/, '')).toBe(sb.datadir);
    expect(Number(row?.li)).toBe(0);
    expect(Number(row?.mc)).toBe(77);
    // LOAD DATA INFILE and INTO OUTFILE only in the sandbox's own folder, whatever the server's default.
    expect(String(row?.sfp).replace(/\/$/, '')).toBe(join(dirname(sb.datadir), 'files'));
  });

  it('listens on loopback only, as read back from the running server and seen by the kernel', async () => {
    expect(sb.listening).toEqual({ bindAddress: '127.0.0.1', port: sb.port, mysqlx: null });
    // Every TCP socket the server listens on is a loopback one: no X Protocol, no admin port.
    expect(listeningAddresses(sb.pid ?? 0)).toEqual([`127.0.0.1:${sb.port}`]);
    if (server.flavor === 'mysql' && Number(server.version.split('.')[0]) >= 8) {
      const plugin = await query<{ s: string }>(
        sb,
        "SELECT PLUGIN_STATUS AS s FROM information_schema.PLUGINS WHERE PLUGIN_NAME = 'mysqlx'",
      );
      expect(plugin.map((p) => p.s)).not.toContain('ACTIVE');
    }
    // What the list shows comes from the server, not from what bplab asked for: a sandbox whose
    // recorded port drifted still lists the address its server reports.
    const metaPath = join(root, sb.id, 'sandbox.json');
    const meta = readFileSync(metaPath, 'utf8');
    writeFileSync(metaPath, meta.replace(`"port": ${sb.port}`, '"port": 1'));
    try {
      const listed = (await sandboxes.list()).find((s) => s.id === sb.id);
      expect(listed?.port).toBe(1);
      expect(listed?.listening).toEqual({ bindAddress: '127.0.0.1', port: sb.port, mysqlx: null });
    } finally {
      writeFileSync(metaPath, meta);
    }
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
            // "`warm`.`t`", or "warm/t" on MySQL 5.5.
            "SELECT COUNT(*) AS n FROM information_schema.INNODB_BUFFER_PAGE_LRU WHERE TABLE_NAME LIKE '%warm%'",
          )
        )[0]?.n,
      );
    await query(sb, 'CREATE DATABASE IF NOT EXISTS warm');
    await query(sb, 'CREATE TABLE IF NOT EXISTS warm.t (id INT PRIMARY KEY, pad CHAR(200)) ENGINE=InnoDB');
    const values = Array.from({ length: 5000 }, (_, i) => `(${i + 1}, 'row ${i + 1}')`).join(',');
    await query(sb, `INSERT IGNORE INTO warm.t VALUES ${values}`);
    await query(sb, 'SELECT COUNT(*), MAX(pad) FROM warm.t');
    // Purge done before the restart: MariaDB (10.3+) purge resets the DB_TRX_ID of freshly inserted rows,
    // and if it runs after the restart it reads the whole table into the pool the test wants cold.
    const waited = await waitForPurge({ rows: (sql) => query(sb, sql) });
    expect(waited.outcome).not.toBe('gave-up');
    const before = await pagesOfWarm(sb);
    expect(before).toBeGreaterThan(20); // 5000 rows of ~200 bytes fill dozens of 16 KB pages

    const restarted = await sandboxes.restart(sb.id);
    expect(restarted.status).toBe('running');
    expect(restarted.pid).not.toBe(sb.pid);
    expect(restarted.listening?.port).toBe(sb.port);
    // Cold: nothing carried over (no dump/load). At most the root page that a background
    // statistics thread may read on its own after startup.
    expect(await pagesOfWarm(restarted)).toBeLessThanOrEqual(1);
    sb = restarted;
  });

  it('stops: the process is gone and the port refuses connections', async () => {
    const stopped = await sandboxes.stop(sb.id);
    expect(stopped.status).toBe('stopped');
    expect(stopped.pid).toBeUndefined();
    expect(stopped.listening).toBeUndefined();
    await expect(
      createConnection({ ...sandboxes.connectionOptions(sb), connectTimeout: 2000 }),
    ).rejects.toThrow();
  });

  it('on quit, stops the sandboxes not kept running and leaves the kept one, and one it only restarted', async () => {
    const kept = await sandboxes.create({
      name: 'kept',
      binaryPath: server.binaryPath,
      bufferPoolSize: '32M',
      keepRunning: true,
    });
    await sandboxes.start(sb.id);
    // Another bplab (`bplab run` after a `bplab sandbox start`) restarts it for a cold pass and quits:
    // it leaves the server running, as it found it.
    const other = new SandboxService({ root });
    const restarted = await other.restart(sb.id, { force: true });
    await other.stopAllExceptKept();
    expect((await sandboxes.get(sb.id)).pid).toBe(restarted.pid);
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

  it('a first start the server refuses: the sandbox is removed, and the message says why in words', async () => {
    const f = await failureOf(
      sandboxes.create({
        name: 'badopt',
        binaryPath: server.binaryPath,
        bufferPoolSize: '32M',
        options: { 'no-such-option-xyz': '1' },
      }),
    );
    expect(f.error.code).toBe('SANDBOX_FAILED');
    expect(f.error.message).toMatch(
      /^Sandbox "badopt" did not start: the server said: .*unknown variable 'no-such-option-xyz=1'\. The sandbox was removed\.$/,
    );
    // How to keep one, in the create form's words and the CLI's.
    expect(f.error.hint).toContain(
      'tick "keep it if its first start fails" in the create form (bplab sandbox create --keep-failed)',
    );
    expect(existsSync(join(root, 'badopt'))).toBe(false);
    expect((await sandboxes.list()).map((s) => s.id)).not.toContain('badopt');
    expect(serversUsing(join(root, 'badopt'))).toEqual([]);
  });

  it('with keepFailed, a first start that fails leaves the sandbox, failed, with its error log', async () => {
    const f = await failureOf(
      sandboxes.create(
        {
          name: 'badkept',
          binaryPath: server.binaryPath,
          bufferPoolSize: '32M',
          options: { 'no-such-option-xyz': '1' },
        },
        { keepFailed: true },
      ),
    );
    expect(f.error.code).toBe('SANDBOX_FAILED');
    expect(f.error.message).toMatch(/the server said: .*unknown variable 'no-such-option-xyz=1'\.$/);
    const after = await sandboxes.get('badkept');
    expect(after.status).toBe('failed');
    expect(after.lastError).toContain("unknown variable 'no-such-option-xyz=1'");
    expect((await sandboxes.log('badkept')).text).toContain('no-such-option-xyz');
    await sandboxes.delete('badkept');
  });
});

describe(`sandbox isolation on ${server.label}`, () => {
  const refusedBefore = async (name: string, options: Record<string, string>, bufferPoolSize = '32M') => {
    const f = await failureOf(
      sandboxes.create({ name, binaryPath: server.binaryPath, bufferPoolSize, options }),
    );
    expect(existsSync(join(root, name)), name).toBe(false);
    expect(serversUsing(join(root, name)), name).toEqual([]);
    return f.error;
  };

  it('refuses the options bplab owns, in the spellings mysqld accepts, before anything starts', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'bind-address': '0.0.0.0' }, 'bind-address'],
      [{ bind_address: '0.0.0.0' }, 'bind-address'],
      [{ 'loose-Bind-Address': '0.0.0.0' }, 'bind-address'],
      [{ bind: '0.0.0.0' }, 'bind-address'],
      [{ datadir: '/elsewhere' }, 'datadir'],
      [{ loose_datadir: '/elsewhere' }, 'datadir'],
      [{ 'skip-grant-tables': '1' }, 'skip-grant-tables'],
      [{ disable_grant_tables: '1' }, 'skip-grant-tables'],
      [{ port: '3306' }, 'port'],
      [{ socket: '/tmp/elsewhere.sock' }, 'socket'],
      [{ 'mysqlx-bind-address': '0.0.0.0' }, 'mysqlx-bind-address'],
      [{ innodb_buffer_pool_size: '1K' }, 'innodb-buffer-pool-size'],
      [{ max_connections: '20', 'init-file': '/tmp/x.sql' }, 'init-file'],
    ];
    for (const [options, owned] of cases) {
      const e = await refusedBefore('refused', options);
      const written = Object.keys(options).at(-1) ?? '';
      expect(e.code, written).toBe('INVALID_ARGUMENT');
      expect(e.message, written).toMatch(
        new RegExp(`^Sandbox option refused: ${written} (is|is set by|is short for) `),
      );
      expect(e.details?.owned, written).toBe(owned);
    }
    expect(await sandboxes.list()).toEqual([]);
  });

  it("refuses a buffer pool the server cannot take before any start, naming the server's limit", async () => {
    const tiny = await refusedBefore('tiny', {}, '1K');
    expect(tiny.code).toBe('INVALID_ARGUMENT');
    expect(tiny.message).toBe(
      server.flavor === 'mariadb'
        ? `Sandbox "tiny" cannot be created: a buffer pool of 1K is below MariaDB ${server.version}'s minimum innodb_buffer_pool_size of 6M: InnoDB does not start with less when its pages are 16K (the default).`
        : `Sandbox "tiny" cannot be created: a buffer pool of 1K is below MySQL ${server.version}'s minimum innodb_buffer_pool_size of 5M: the server would quietly raise a smaller size to 5M.`,
    );
    const huge = await refusedBefore('huge', {}, '999T');
    expect(huge.message).toMatch(
      /^Sandbox "huge" cannot be created: a buffer pool of 999T is more than this machine's memory \(\d+\.\dG in all\)/,
    );
  });
});
