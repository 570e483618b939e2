/**
 * Post 003's engines on a real server: a MyISAM copy of the SSB dataset, its keys built as the post built
 * them (disabled for the load, ENABLE KEYS after), verified, giving InnoDB's 13 checksums, and a run on it
 * that captures the key cache's counters.
 */
import type { RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/main/ssb/datasets';
import { verifyDataset } from '../../src/main/ssb/verify';
import { SSB_SCHEMA_TABLES } from '../../src/main/ssb/schema';
import { SSB_QUERY_IDS } from '../../src/shared/datasets/ssb-reference';
import { testServer } from '../support/test-server';
import { LAB_SCHEMA, openRunsLab, type RunsLab } from './runs-support';

const server = testServer();
const MYISAM = 'ssb_lab_myisam';
let lab: RunsLab;

beforeAll(async () => {
  lab = await openRunsLab('myisam');
  await generateDataset(
    { schema: MYISAM, sf: 0.05, seed: 1, engine: 'MyISAM' },
    { connect: lab.connect, bplabVersion: 'test' },
  );
}, 300_000);

afterAll(async () => {
  await lab?.close();
}, 60_000);

describe(`MyISAM against InnoDB on ${server.label}`, () => {
  it('records that the keys were built by DISABLE KEYS, the load, then ENABLE KEYS, and leaves them enabled', async () => {
    const c = await lab.connect();
    try {
      const [rec] = await c.query<RowDataPacket[]>(
        `SELECT engine, keys_built FROM \`${MYISAM}\`._bplab_dataset`,
      );
      expect(rec[0]).toMatchObject({ engine: 'MyISAM', keys_built: 'disable-enable-keys' });
      const [inno] = await c.query<RowDataPacket[]>(
        `SELECT keys_built FROM \`${LAB_SCHEMA}\`._bplab_dataset`,
      );
      expect(inno[0]!.keys_built).toBe('alter-add-keys');
      for (const t of SSB_SCHEMA_TABLES) {
        const [keys] = await c.query<RowDataPacket[]>(`SHOW INDEX FROM \`${MYISAM}\`.\`${t}\``);
        // A disabled key says so in SHOW INDEX's Comment column.
        for (const k of keys) expect(String(k.Comment ?? ''), `${t}.${k.Key_name}`).not.toMatch(/disabled/i);
      }
      const [lo] = await c.query<RowDataPacket[]>(`SHOW INDEX FROM \`${MYISAM}\`.lineorder`);
      expect(new Set(lo.map((k) => k.Key_name)).size).toBeGreaterThanOrEqual(4);
    } finally {
      await c.end();
    }
  });

  it('passes ssb verify', async () => {
    const c = await lab.connect();
    try {
      const report = await verifyDataset(c, MYISAM);
      expect(report.tables.every((t) => t.pass)).toBe(true);
      expect(report.pass).toBe(true);
    } finally {
      await c.end();
    }
  });

  it("gives InnoDB's checksum for each of the 13 queries, and a MyISAM run captures the key cache", async () => {
    let keyCache = { requests: 0, reads: 0 };
    for (const queryId of SSB_QUERY_IDS) {
      const runOn = (schema: string) =>
        lab.service.run(lab.info.profileId, undefined, { queryId, schema, poll: 'off' });
      const innodb = await runOn(LAB_SCHEMA);
      const myisam = await runOn(MYISAM);
      expect(innodb.state, queryId).toBe('complete');
      expect(myisam.state, queryId).toBe('complete');
      expect(myisam.checksum, queryId).toBe(innodb.checksum);
      expect(myisam.rows, queryId).toBe(innodb.rows);
      const delta = (name: string) =>
        myisam.status.find((s) => s.name === name && s.scope === 'global')?.delta;
      expect(delta('Key_reads'), queryId).toBeLessThanOrEqual(delta('Key_read_requests')!);
      keyCache = {
        requests: keyCache.requests + delta('Key_read_requests')!,
        reads: keyCache.reads + delta('Key_reads')!,
      };
    }
    // The star joins look up the dimensions by key, through MyISAM's key cache.
    expect(keyCache.requests).toBeGreaterThan(0);
    expect(keyCache.reads).toBeLessThanOrEqual(keyCache.requests);
  });
});
