/**
 * The capability report against this run's real server: identity and buffer pool figures equal what
 * the server says, the old/young method fits the flavor (and on MySQL both ways agree), and a user
 * missing privileges gets a report that says so instead of an error.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapabilityService } from '../../src/main/server/capabilities';
import { ConnectionService } from '../../src/main/db/connections';
import { ProfileStore } from '../../src/main/profiles/profile-store';
import { SessionSecretStore } from '../../src/main/profiles/secrets';
import type { CapabilityId, CapabilityReport, PrivilegeId } from '../../src/shared/models';
import { testServer } from '../support/test-server';
import { stageSetup } from '../support/server-watch';
import { dropUserIfExists } from '../support/users';

const server = testServer();
const SCHEMA = 'bplab_it_caps';
const LOW_USER = 'bplab_it_low';
const PROCESS_USER = 'bplab_it_proc';
const PW = 'It-caps-9vQ!w4';

const dataDir = mkdtempSync(join(server.scratchDir, 'capabilities-'));
const profiles = new ProfileStore(dataDir);
const secrets = new SessionSecretStore({});
const connections = new ConnectionService({ profiles, secrets });
const capabilities = new CapabilityService({ connections });
let admin: Connection;
let clientHost: string;

async function adminRows<T>(sql: string, values?: unknown[]): Promise<T[]> {
  const [rows] = await admin.query(sql, values);
  return rows as T[];
}

async function variable(name: string): Promise<string | undefined> {
  const rows = await adminRows<{ Value: string }>('SHOW GLOBAL VARIABLES LIKE ?', [name]);
  return rows[0]?.Value;
}

function profileFor(user: string, password: string, database?: string): string {
  const p = profiles.save({
    name: `caps ${user}`,
    transport: 'tcp',
    host: server.host,
    port: server.port,
    user,
    database,
  });
  secrets.set(p.id, password, false);
  return p.id;
}

const capability = (r: CapabilityReport, id: CapabilityId) => {
  const c = r.capabilities.find((x) => x.id === id);
  if (!c) throw new Error(`no capability ${id} in the report`);
  return c;
};
const privilege = (r: CapabilityReport, id: PrivilegeId) => r.privileges.find((p) => p.id === id)?.present;

async function stageState(): Promise<unknown[]> {
  return (await variable('performance_schema')) === 'ON' ? stageSetup(admin) : [];
}

beforeAll(async () => {
  admin = await createConnection({
    host: server.host,
    port: server.port,
    user: server.user,
    password: server.password,
  });
  const [me] = await adminRows<{ host: string }>("SELECT SUBSTRING_INDEX(USER(), '@', -1) AS host");
  clientHost = me?.host ?? 'localhost';
  for (const user of [LOW_USER, PROCESS_USER]) {
    await dropUserIfExists(admin, user, clientHost);
    await admin.query('CREATE USER ?@? IDENTIFIED BY ?', [user, clientHost, PW]);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await admin.query(`CREATE DATABASE ${SCHEMA}`);
  await admin.query(`GRANT SELECT, INSERT ON ${SCHEMA}.* TO ?@?`, [LOW_USER, clientHost]);
  await admin.query('GRANT PROCESS ON *.* TO ?@?', [PROCESS_USER, clientHost]);
  if (server.flavor !== 'mariadb' && Number(server.version.split('.')[0]) >= 8) {
    await admin.query('GRANT SYSTEM_VARIABLES_ADMIN ON *.* TO ?@?', [PROCESS_USER, clientHost]);
  }
});

afterAll(async () => {
  if (!admin) return;
  for (const user of [LOW_USER, PROCESS_USER]) await dropUserIfExists(admin, user, clientHost);
  await admin.query(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await admin.end();
});

describe('capability report for an administrator', () => {
  let report: CapabilityReport;
  let stagesBefore: unknown[];

  beforeAll(async () => {
    stagesBefore = await stageState();
    report = await capabilities.report(profileFor(server.user, server.password));
  });

  it('names the flavor and version the server reports', async () => {
    const [v] = await adminRows<{ version: string; comment: string; user: string }>(
      'SELECT @@version AS version, @@version_comment AS comment, CURRENT_USER() AS user',
    );
    expect(report.server.flavor).toBe(server.flavor);
    expect(report.server.version).toBe(server.version);
    expect(report.server.versionString).toBe(v?.version);
    expect(report.server.versionComment).toBe(v?.comment);
    expect(report.currentUser).toBe(v?.user);
    expect(new Date(report.checkedAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('reports the buffer pool figures exactly as SELECT @@... says', async () => {
    const [v] = await adminRows<Record<string, string | number>>(
      `SELECT @@innodb_buffer_pool_size AS size, @@innodb_old_blocks_time AS oldTime, @@innodb_old_blocks_pct AS oldPct,
              @@innodb_read_ahead_threshold AS readAhead`,
    );
    // innodb_page_size came in MySQL 5.6 and innodb_buffer_pool_chunk_size in 5.7: older servers lack them.
    const chunk = await variable('innodb_buffer_pool_chunk_size');
    const page = await variable('innodb_page_size');
    expect(report.bufferPool.bufferPoolSizeBytes).toBe(Number(v?.size));
    expect(report.bufferPool.pageSizeBytes).toBe(page === undefined ? 16384 : Number(page));
    expect(report.bufferPool.oldBlocksTimeMs).toBe(Number(v?.oldTime));
    expect(report.bufferPool.oldBlocksPct).toBe(Number(v?.oldPct));
    expect(report.bufferPool.readAheadThreshold).toBe(Number(v?.readAhead));
    // MariaDB ≥10.8 reports 0: the chunk size follows the pool size, there is no fixed one.
    expect(report.bufferPool.chunkSizeBytes).toBe(
      chunk === undefined || Number(chunk) === 0 ? null : Number(chunk),
    );
    if (server.flavor === 'mariadb') {
      // MariaDB ≥10.5 has one pool and no such variable at all.
      await expect(admin.query('SELECT @@innodb_buffer_pool_instances')).rejects.toMatchObject({
        errno: 1193,
      });
      expect(report.bufferPool.bufferPoolInstances).toBe(1);
    } else {
      const [i] = await adminRows<{ n: number }>('SELECT @@innodb_buffer_pool_instances AS n');
      expect(report.bufferPool.bufferPoolInstances).toBe(Number(i?.n));
    }
  });

  it('uses LRU_POSITION on MariaDB, and on MySQL proves IS_OLD agrees with it', () => {
    if (server.flavor === 'mariadb') {
      expect(report.lruOld).toEqual({ method: 'lru-position', isOldUsable: false });
      expect(capability(report, 'lru-is-old').status).toBe('no');
    } else {
      expect(report.lruOld.method).toBe('is-old');
      expect(report.lruOld.isOldUsable).toBe(true);
      expect(report.lruOld.agreement?.pagesCompared).toBeGreaterThan(0);
      expect(report.lruOld.agreement?.mismatches).toBe(0);
      expect(capability(report, 'lru-is-old').status).toBe('yes');
    }
    expect(capability(report, 'lru-table').status).toBe('yes');
  });

  it('holds every privilege bplab uses', () => {
    expect(report.privileges.map((p) => p.id).sort()).toEqual(
      ['CREATE_DROP', 'FILE', 'PROCESS', 'SELECT', 'SET_GLOBAL', 'SHUTDOWN'].sort(),
    );
    for (const p of report.privileges) {
      expect(p.present, p.id).toBe(true);
      expect(p.blocks, p.id).toBe('');
    }
  });

  it('knows the flavor differences of SHOW PROFILE and EXPLAIN ANALYZE', () => {
    // MySQL 5.6.8+ warns 1287 that @@profiling is deprecated; MariaDB and MySQL 5.5 do not.
    const [ma = 0, mi = 0, pa = 0] = server.version.split('.').map(Number);
    const deprecated =
      server.flavor !== 'mariadb' && (ma > 5 || (ma === 5 && (mi > 6 || (mi === 6 && pa >= 8))));
    expect(capability(report, 'show-profile').status).toBe(deprecated ? 'partial' : 'yes');
    const explain = capability(report, 'explain-analyze');
    const [major = 0, minor = 0, patch = 0] = server.version.split('.').map(Number);
    const hasExplainAnalyze =
      server.flavor === 'mariadb' || major > 8 || (major === 8 && (minor > 0 || patch >= 18));
    expect(explain.status).toBe(hasExplainAnalyze ? 'yes' : 'no');
    expect(explain.blocks === '').toBe(explain.status === 'yes');
  });

  it('reports local_infile and performance_schema stages as the server has them, and changes neither', async () => {
    const localInfile = await variable('local_infile');
    expect(capability(report, 'local-infile').status).toBe(localInfile === 'ON' ? 'yes' : 'no');
    const stages = capability(report, 'perf-schema-stages');
    if ((await variable('performance_schema')) !== 'ON') {
      expect(stages.status).toBe('no');
      expect(stages.detail).toMatch(/performance_schema is OFF/);
    } else {
      // An administrator may switch them on, so it is never "no" here.
      expect(['yes', 'partial']).toContain(stages.status);
    }
    expect(await stageState()).toEqual(stagesBefore);
  });
});

describe('capability report for users missing privileges', () => {
  it('marks PROCESS, SET GLOBAL, FILE, CREATE/DROP and SHUTDOWN missing, and the page list unreadable', async () => {
    // The server's own answer first: without PROCESS the LRU table is refused with error 1227.
    const low = await createConnection({
      host: server.host,
      port: server.port,
      user: LOW_USER,
      password: PW,
    });
    try {
      await expect(
        low.query('SELECT COUNT(*) FROM INFORMATION_SCHEMA.INNODB_BUFFER_PAGE_LRU'),
      ).rejects.toMatchObject({
        errno: 1227,
      });
    } finally {
      await low.end();
    }

    const report = await capabilities.report(profileFor(LOW_USER, PW, SCHEMA));
    expect(report.currentUser).toBe(`${LOW_USER}@${clientHost}`);
    for (const id of ['PROCESS', 'SET_GLOBAL', 'FILE', 'CREATE_DROP', 'SHUTDOWN'] as const) {
      const p = report.privileges.find((x) => x.id === id);
      expect(p?.present, id).toBe(false);
      expect(p?.blocks.length, id).toBeGreaterThan(10);
    }
    expect(privilege(report, 'SELECT')).toBe(true);
    expect(capability(report, 'lru-table')).toMatchObject({
      status: 'no',
      detail: expect.stringMatching(/PROCESS/),
    });
    expect(capability(report, 'lru-is-old').status).toBe('no');
    expect(report.lruOld).toEqual({ method: 'lru-position', isOldUsable: false });
    expect(capability(report, 'perf-schema-stages').status).toBe('no');
    expect(report.server.flavor).toBe(server.flavor);
    expect(report.bufferPool.bufferPoolSizeBytes).toBe(Number(await variable('innodb_buffer_pool_size')));
  });

  it('derives SELECT from the profile database: missing where the user has no grant', async () => {
    const report = await capabilities.report(profileFor(LOW_USER, PW));
    expect(privilege(report, 'SELECT')).toBe(false);
    expect(report.privileges.find((p) => p.id === 'SELECT')?.blocks).toContain(SCHEMA);
  });

  it('finds PROCESS alone enough to read the page list, and SYSTEM_VARIABLES_ADMIN enough for SET GLOBAL on MySQL 8', async () => {
    const report = await capabilities.report(profileFor(PROCESS_USER, PW));
    expect(privilege(report, 'PROCESS')).toBe(true);
    expect(capability(report, 'lru-table').status).toBe('yes');
    expect(report.lruOld.method).toBe(server.flavor === 'mariadb' ? 'lru-position' : 'is-old');
    expect(privilege(report, 'SET_GLOBAL')).toBe(
      server.flavor !== 'mariadb' && Number(server.version.split('.')[0]) >= 8,
    );
    expect(privilege(report, 'SHUTDOWN')).toBe(false);
  });
});
