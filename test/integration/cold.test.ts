/**
 * A cold pass that is really cold, without root, on a real sandbox: after a restart bplab waits for
 * purge (MySQL), evicts the dataset's files from the OS page cache (fincore then shows nothing resident),
 * and a cold Q1.1 reads most of lineorder's data file from storage while the hot one reads almost
 * nothing. The LRU composition names the pages of no table by their tablespace.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compositionOf, walkLru } from '../../src/main/bufferpool/lru';
import { waitForPurge } from '../../src/main/bufferpool/purge';
import { datasetFiles } from '../../src/main/pagecache/sandbox-files';
import { evictFiles, readThroughStorage, residentBytes } from '../../src/main/pagecache/os-cache';
import { readProcessUsage } from '../../src/main/sandbox/process-io';
import { NO_TABLE } from '../../src/shared/runs/runs';
import { testServer } from '../support/test-server';
import { coldPool, LAB_SCHEMA, openRunsLab, type RunsLab } from './runs-support';

const server = testServer();
const mysql8 = server.flavor !== 'mariadb' && Number(server.version.split('.')[0]) >= 8;
let lab: RunsLab;

beforeAll(async () => {
  // A pool that holds the data, as post 003 ran InnoDB: the hot run then reads nothing from storage
  // whatever innodb_flush_method is (MariaDB 10.11 reads with O_DIRECT, around the OS page cache).
  lab = await openRunsLab('cold', { poolSize: '128M' });
}, 240_000);

afterAll(async () => {
  await lab?.close();
}, 60_000);

/** The server's read_bytes now (the test fails if this machine cannot tell). */
async function readBytes(): Promise<number> {
  const io = await readProcessUsage(lab.info.pid!);
  if (!('readBytes' in io)) throw new Error(io.unavailable);
  return io.readBytes;
}

/** A plain connection that answers rows() as bplab's reads expect. */
async function rowsConnection() {
  const c = await lab.connect();
  return {
    rows: async <T>(sql: string, values?: unknown[]) => (await c.query(sql, values))[0] as T[],
    end: () => c.end(),
  };
}

/** information_schema's DATA_LENGTH of a dataset table, after ANALYZE TABLE brings it up to date. */
async function dataLength(table: string): Promise<number> {
  const c = await lab.connect();
  try {
    await c.query(`ANALYZE TABLE \`${LAB_SCHEMA}\`.\`${table}\``);
    const [rows] = await c.query(
      'SELECT DATA_LENGTH AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
      [LAB_SCHEMA, table],
    );
    return Number((rows as Array<{ n: number }>)[0]!.n);
  } finally {
    await c.end();
  }
}

describe(`a really cold pass on ${server.label}`, () => {
  it('waits for purge after a restart that follows a load, and says how long', async () => {
    await coldPool(lab);
    const c = await rowsConnection();
    try {
      const w = await waitForPurge(c, { maxWaitMs: 60_000 });
      expect(['caught-up', 'idle']).toContain(w.outcome);
      if (w.outcome === 'caught-up') expect(w.to!).toBe(0);
      expect(w.from!).toBeGreaterThanOrEqual(w.to!);
      expect(w.words).toMatch(/purge/);
    } finally {
      await c.end();
    }
  });

  it('names the pages of no table by their tablespace', async () => {
    const c = await rowsConnection();
    try {
      const lru = compositionOf(await walkLru(c, server.flavor === 'mariadb' ? 'lru-position' : 'is-old'), 0);
      const tables = new Set(lru.indexes.map((i) => i.table));
      expect(tables.has(NO_TABLE)).toBe(false);
      expect([...tables].some((t) => /^\(tablespace \d+\)$/.test(t))).toBe(false);
      expect(tables.has('(system)')).toBe(true);
      // MySQL 8.0 fills a fresh pool with undo and temporary-tablespace pages at startup.
      if (mysql8) {
        expect([...tables].some((t) => /^\(undo \d+\)$/.test(t))).toBe(true);
        expect(tables.has('(temporary tablespace)')).toBe(true);
      }
    } finally {
      await c.end();
    }
  });

  it('evicts the dataset files: nothing resident, then a cold Q1.1 reads lineorder from storage', async () => {
    const { files, schemaFiles } = await datasetFiles(lab.info.datadir, LAB_SCHEMA);
    const lineorder = join(lab.info.datadir, LAB_SCHEMA, 'lineorder.ibd');
    expect(files).toContain(lineorder);
    expect(schemaFiles).toBeGreaterThanOrEqual(5);
    expect(files.some((f) => /ibdata1$/.test(f))).toBe(true);
    // Read once from storage first (a cold pass does, for a VM host's cache): every byte, with O_DIRECT.
    const read = await readThroughStorage(files);
    expect(read.files).toBe(files.filter((f) => existsSync(f)).length);
    expect(read.bytes).toBe(files.reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0));
    expect(read.direct).toBe(true);
    const e = await evictFiles(files);
    expect(e.residentAfterBytes).toBe(0);
    expect(await residentBytes([lineorder])).toBe(0);

    const before = await readBytes();
    const cold = await lab.service.run(lab.info.profileId, undefined, {
      queryId: 'Q1.1',
      schema: LAB_SCHEMA,
      poll: 'off',
    });
    expect(cold.error).toBeNull();
    expect(cold.state).toBe('complete');
    const coldRead = (await readBytes()) - before;
    // Lineorder's data: DATA_LENGTH is the clustered index for InnoDB (its .ibd also holds the
    // secondary indexes, which Q1.1's scan does not read) and the .MYD file for MyISAM.
    const data = await dataLength('lineorder');
    expect(data).toBeGreaterThan(0.3 * statSync(lineorder).size);
    expect(coldRead).toBeGreaterThanOrEqual(0.8 * data);
    // The run records the same, counted around the statement only.
    const recorded = cold.serverProcess!;
    expect('readBytes' in recorded && recorded.readBytes).toBeGreaterThanOrEqual(0.8 * data);
    expect('cpuMs' in recorded && recorded.cpuMs).toBeGreaterThan(0);

    const beforeHot = await readBytes();
    const hot = await lab.service.run(lab.info.profileId, undefined, {
      queryId: 'Q1.1',
      schema: LAB_SCHEMA,
      poll: 'off',
    });
    expect(hot.state).toBe('complete');
    expect((await readBytes()) - beforeHot).toBeLessThan(0.05 * data);
    const hotRecorded = hot.serverProcess!;
    expect('readBytes' in hotRecorded && hotRecorded.readBytes).toBeLessThan(0.05 * data);
  });
});
