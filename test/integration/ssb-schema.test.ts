/**
 * The schema on a real server: bplab's split DDL (CREATE, load, one ALTER per table) ends in the
 * very tables the seed's DDL makes, and the variants make what they say.
 */
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/main/ssb/datasets';
import { SSB_SCHEMA_TABLES, TEXT_CHARSET, addKeysSql, createTableSql } from '../../src/main/ssb/schema';
import { testServer } from '../support/test-server';
import { SEED_DDL } from './ssb-seed-ddl';
import { connectToTestServer, scratchSchemas } from './ssb-support';

const connect = connectToTestServer();
const schemas = scratchSchemas();
let admin: Connection;

async function showCreate(schema: string, table: string): Promise<string> {
  const [rows] = await admin.query<RowDataPacket[]>(`SHOW CREATE TABLE \`${schema}\`.\`${table}\``);
  return String(rows[0]!['Create Table']);
}

async function engines(schema: string): Promise<Record<string, string>> {
  const [rows] = await admin.query<RowDataPacket[]>(
    'SELECT TABLE_NAME AS t, ENGINE AS e FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
    [schema],
  );
  return Object.fromEntries(rows.map((r) => [String(r.t), String(r.e)]));
}

async function keyColumns(schema: string, table: string): Promise<Record<string, string[]>> {
  const [rows] = await admin.query<RowDataPacket[]>(
    `SELECT INDEX_NAME AS k, COLUMN_NAME AS c FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [schema, table],
  );
  const keys: Record<string, string[]> = {};
  for (const r of rows) (keys[String(r.k)] ??= []).push(String(r.c));
  return keys;
}

/** The clustered index InnoDB built for lineorder: PRIMARY, or GEN_CLUST_INDEX when the table has no key to use. */
async function innodbIndexNames(schema: string, table: string): Promise<string[]> {
  const { flavor, version } = testServer();
  const mysql8 = flavor === 'mysql' && Number(version.split('.')[0]) >= 8;
  const sql = mysql8
    ? `SELECT i.NAME AS n FROM information_schema.INNODB_INDEXES i JOIN information_schema.INNODB_TABLES t USING (TABLE_ID) WHERE t.NAME = ?`
    : `SELECT i.NAME AS n FROM information_schema.INNODB_SYS_INDEXES i JOIN information_schema.INNODB_SYS_TABLES t USING (TABLE_ID) WHERE t.NAME = ?`;
  const [rows] = await admin.query<RowDataPacket[]>(sql, [`${schema}/${table}`]);
  return rows.map((r) => String(r.n));
}

beforeAll(async () => {
  admin = await connect();
});

afterAll(async () => {
  await schemas.dropAll(admin);
  await admin.end();
});

describe(`SSB schema on ${testServer().label}`, () => {
  it('split DDL (CREATE, then one ALTER TABLE per table) makes the same tables as the seed DDL', async () => {
    const seed = schemas.name('bplab_it_seed');
    const split = schemas.name('bplab_it_split');
    // bplab's text columns are latin1 on every flavor (dbgen writes bytes, not UTF-8: see TEXT_CHARSET),
    // so the seed's DDL runs in a latin1 schema; everything else must come out the same.
    await admin.query(`CREATE DATABASE \`${seed}\` CHARACTER SET ${TEXT_CHARSET}`);
    await admin.query(`CREATE DATABASE \`${split}\``);
    await admin.query(`USE \`${seed}\``);
    for (const stmt of SEED_DDL.split(';')
      .map((s) => s.trim())
      .filter(Boolean))
      await admin.query(stmt);
    const opts = { schema: split, engine: 'InnoDB' as const, lineorderPk: false };
    for (const t of SSB_SCHEMA_TABLES) {
      await admin.query(createTableSql(t, opts));
      const alter = addKeysSql(t, opts);
      if (alter) await admin.query(alter);
    }
    for (const t of SSB_SCHEMA_TABLES) expect(await showCreate(split, t), t).toBe(await showCreate(seed, t));
  });

  it('makes lineorder without a primary key by default, so InnoDB adds GEN_CLUST_INDEX', async () => {
    const schema = schemas.name('bplab_it_default');
    await generateDataset({ schema, sf: 0.002, seed: 3 }, { connect, bplabVersion: 'test' });
    const keys = await keyColumns(schema, 'lineorder');
    expect(keys.PRIMARY).toBeUndefined();
    expect(keys.LO_OrderKey).toEqual(['LO_OrderKey', 'LO_LineNumber']);
    expect(Object.keys(keys).sort()).toEqual(
      ['LO_CommitDateKey', 'LO_CustKey', 'LO_OrderDateKey', 'LO_OrderKey', 'LO_PartKey', 'LO_SuppKey'].sort(),
    );
    expect(await innodbIndexNames(schema, 'lineorder')).toContain('GEN_CLUST_INDEX');
    expect(Object.values(await engines(schema)).every((e) => e === 'InnoDB')).toBe(true);
  });

  it('makes lineorder with PRIMARY KEY (LO_OrderKey, LO_LineNumber) in the PK variant', async () => {
    const schema = schemas.name('bplab_it_pk');
    const out = await generateDataset(
      { schema, sf: 0.002, seed: 3, lineorderPk: true },
      { connect, bplabVersion: 'test' },
    );
    expect(out.dataset.lineorderPk).toBe(true);
    const keys = await keyColumns(schema, 'lineorder');
    expect(keys.PRIMARY).toEqual(['LO_OrderKey', 'LO_LineNumber']);
    expect(keys.LO_CustKey).toEqual(['LO_CustKey']);
    const innodb = await innodbIndexNames(schema, 'lineorder');
    expect(innodb).toContain('PRIMARY');
    expect(innodb).not.toContain('GEN_CLUST_INDEX');
  });

  it('makes every table MyISAM in the MyISAM variant, keys included', async () => {
    const schema = schemas.name('bplab_it_myisam');
    const out = await generateDataset(
      { schema, sf: 0.002, seed: 3, engine: 'MyISAM' },
      { connect, bplabVersion: 'test' },
    );
    expect(out.dataset).toMatchObject({ engine: 'MyISAM', state: 'complete' });
    const e = await engines(schema);
    for (const t of SSB_SCHEMA_TABLES) expect(e[t], t).toBe('MyISAM');
    expect(Object.keys(await keyColumns(schema, 'customer')).sort()).toEqual(
      ['PRIMARY', 'C_Name', 'C_City', 'C_Region', 'C_Phone', 'C_MktSegment'].sort(),
    );
    expect(await showCreate(schema, 'lineorder')).toMatch(/ENGINE=MyISAM/);
  });
});
