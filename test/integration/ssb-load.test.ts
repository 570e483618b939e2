/**
 * The SSB loader against a real server: generate → verify, the .tbl round trip, cancel, local_infile
 * off and a malformed .tbl row. Small scale factors; every schema made here is dropped after.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDataset, generateDataset, importDataset, listDatasets } from '../../src/main/ssb/datasets';
import { readDatasetRecord } from '../../src/main/ssb/dataset-meta';
import { SPACE_FACTOR, checkDiskSpace } from '../../src/main/db/disk-space';
import { DDL_BUFFER_BYTES, DDL_THREADS, tuneIndexBuilds } from '../../src/main/ssb/index-builds';
import { writeTblFiles } from '../../src/main/ssb/generator/stream';
import { SSB_TABLES, columnNames, expectedRowCount } from '../../src/main/ssb/tables';
import { verifyDataset } from '../../src/main/ssb/verify';
import { SSB_REFERENCE } from '../../src/shared/datasets/ssb-reference';
import { testServer } from '../support/test-server';
import { connectToTestServer, killLoadsNow, scratchSchemas, scalar } from './ssb-support';
import { failureOf } from '../support/failures';

const SF = 0.01;
const SEED = 7;
const connect = connectToTestServer();
const schemas = scratchSchemas();
let admin: Connection;

async function countRows(schema: string, table: string): Promise<number> {
  return Number(await scalar(admin, `SELECT COUNT(*) FROM \`${schema}\`.\`${table}\``));
}

beforeAll(async () => {
  admin = await connect();
});

afterAll(async () => {
  await schemas.dropAll(admin);
  await admin.end();
});

describe(`SSB load on ${testServer().label}`, () => {
  const generated = schemas.name('bplab_it_gen');

  it('generates a dataset whose tables hold what the generator produced, and verifies it', async () => {
    const phases = new Set<string>();
    const out = await generateDataset(
      { schema: generated, sf: SF, seed: SEED },
      { connect, bplabVersion: 'test', onProgress: (p) => phases.add(p.phase) },
    );
    expect(out.dataset.state).toBe('complete');
    expect(out.dataset).toMatchObject({
      source: 'generated',
      sf: SF,
      seed: SEED,
      engine: 'InnoDB',
      lineorderPk: false,
    });
    expect([...phases]).toEqual(
      expect.arrayContaining(['checking', 'schema', 'loading', 'indexing', 'done']),
    );
    for (const t of SSB_TABLES) expect(await countRows(generated, t)).toBe(expectedRowCount(t, SF, SEED));

    // Progress: each table's count, then the 13 queries in the reference's order, then done.
    const steps: Array<{ step: string; done: number; total: number }> = [];
    const report = await verifyDataset(admin, generated, {
      onStep: (step, done, total) => steps.push({ step, done, total }),
    });
    expect(steps.map((s) => s.done)).toEqual([...Array(19).keys()]);
    expect(new Set(steps.map((s) => s.total))).toEqual(new Set([18]));
    expect(
      steps
        .slice(0, 5)
        .map((s) => s.step)
        .sort(),
    ).toEqual(SSB_TABLES.map((t) => `rows of ${t}`).sort());
    expect(steps.slice(5).map((s) => s.step)).toEqual([...SSB_REFERENCE.map((r) => r.id), 'done']);
    expect(report.tables.every((t) => t.pass)).toBe(true);
    expect(report.selectivity.map((s) => s.id)).toHaveLength(13);
    const failed = report.selectivity
      .filter((s) => s.verdict === 'fail')
      .map((s) => `${s.id} kept ${s.keptRows}`);
    expect(failed).toEqual([]);
    // At SF 0.01 (20 suppliers) only the Q1 flight rests on enough rows to judge; the rest are said to be too small.
    expect(report.selectivity.filter((q) => q.verdict === 'pass').map((q) => q.id)).toEqual(['Q1.1', 'Q1.2']);
    expect(report.judged).toBe(2);
    expect(report.pass).toBe(true);

    // The report is recorded with the dataset, and the list shows it beside it.
    const listed = await listDatasets(admin);
    const mine = listed.find((d) => d.schema === generated);
    expect(mine?.state).toBe('complete');
    expect(mine?.mode).toBe('dbgen');
    expect(mine?.lastVerify).toEqual(report);
  });

  it('imports the generator\u2019s .tbl files into identical tables (CHECKSUM TABLE)', async () => {
    const dir = mkdtempSync(join(testServer().scratchDir, 'ssb-tbl-'));
    await writeTblFiles(dir, { sf: SF, seed: SEED });
    const imported = schemas.name('bplab_it_imp');
    const out = await importDataset({ schema: imported, dir }, { connect, bplabVersion: 'test' });
    expect(out.dataset).toMatchObject({ state: 'complete', source: 'imported', sourceDir: dir });
    for (const t of SSB_TABLES) {
      const [rows] = await admin.query<RowDataPacket[]>(
        `CHECKSUM TABLE \`${generated}\`.\`${t}\`, \`${imported}\`.\`${t}\``,
      );
      expect(rows).toHaveLength(2);
      expect(rows[0]!.Checksum).not.toBeNull();
      expect(String(rows[1]!.Checksum), t).toBe(String(rows[0]!.Checksum));
      expect(await countRows(imported, t)).toBe(expectedRowCount(t, SF, SEED));
    }
    const report = await verifyDataset(admin, imported);
    expect(report.pass).toBe(true);
  });

  it('stops a load when cancelled, and leaves the dataset marked cancelled, not complete', async () => {
    const schema = schemas.name('bplab_it_cancel');
    const sf = 0.1;
    const controller = new AbortController();
    let sawLineorder = 0;
    const failure = await failureOf(
      generateDataset(
        { schema, sf, seed: SEED },
        {
          connect,
          bplabVersion: 'test',
          signal: controller.signal,
          onProgress: (p) => {
            if (p.table === 'lineorder' && p.phase === 'loading') sawLineorder = p.rows;
            // Cancel once a good part of lineorder is on its way.
            if (p.table === 'lineorder' && p.rows > 150_000 && !controller.signal.aborted) controller.abort();
          },
        },
      ),
    );
    expect(sawLineorder).toBeGreaterThan(0);
    expect(failure.error.code).toBe('CANCELLED');
    const record = await readDatasetRecord(admin, schema);
    expect(record?.state).toBe('cancelled');
    // The load was KILLed before its end-of-file reached the server: InnoDB rolled the whole statement back.
    expect(await countRows(schema, 'lineorder')).toBe(0);
    const listed = await listDatasets(admin);
    expect(listed.find((d) => d.schema === schema)?.state).toBe('cancelled');
    // A cancelled dataset holds part of its rows: verify refuses it, in words (no "±Infinity%").
    const refused = await failureOf(verifyDataset(admin, schema));
    expect(refused.error.message).toBe(
      `${schema} cannot be verified: its load was cancelled, so it holds only part of its rows.`,
    );
    // No KILL leaks into the next statement: the server is still usable on a fresh connection.
    expect(Number(await scalar(admin, 'SELECT 1'))).toBe(1);
    await dropDataset(admin, schema);
    expect(
      await scalar(admin, 'SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [schema]),
    ).toBe(0);
  });

  it('reports a loading connection the server dropped in words, and leaves the dataset failed', async () => {
    const schema = schemas.name('bplab_it_dropped');
    let killed = 0;
    let killedAt = 0;
    // At the first lineorder progress, while the loader's feed waits here for the KILL sent from
    // another process: the server cannot have had all of lineorder yet, so LOAD DATA is running
    // (an earlier watcher that raced the load once killed the index build after it instead).
    const failure = await failureOf(
      generateDataset(
        { schema, sf: 0.1, seed: SEED },
        {
          connect,
          bplabVersion: 'test',
          onProgress: (p) => {
            if (p.table !== 'lineorder' || p.rows === 0 || killed > 0) return;
            killedAt = Date.now();
            killed = killLoadsNow('LOAD DATA%lineorder%');
          },
        },
      ),
    );
    const saidAfterMs = Date.now() - killedAt;
    expect(killed).toBe(1);
    // At once, not when the server's half-closed socket times out (about 100 s on MariaDB before).
    expect(saidAfterMs).toBeLessThan(30_000);
    expect(failure.error.code).toBe('CONNECTION_LOST');
    expect(failure.error.message).toMatch(/^bplab could not load lineorder\b.*connection/i);
    const record = await readDatasetRecord(admin, schema);
    expect(record?.state).toBe('failed');
    expect(record?.error).toBe(failure.error.message);
    expect(await countRows(schema, 'lineorder')).toBe(0);
  });

  it('refuses to start when the server has local_infile off, and says how to turn it on', async () => {
    const schema = schemas.name('bplab_it_noinfile');
    const before = Number(await scalar(admin, 'SELECT @@GLOBAL.local_infile'));
    try {
      await admin.query('SET GLOBAL local_infile = 0');
      const failure = await failureOf(
        generateDataset({ schema, sf: SF, seed: SEED }, { connect, bplabVersion: 'test' }),
      );
      expect(failure.error.code).toBe('FEATURE_MISSING');
      expect(failure.error.message).toMatch(/local_infile/);
      expect(failure.error.hint).toMatch(/SET GLOBAL local_infile = 1/);
      expect(failure.error.hint).toMatch(/sandbox/);
    } finally {
      await admin.query(`SET GLOBAL local_infile = ${before ? 1 : 0}`);
    }
    expect(Number(await scalar(admin, 'SELECT @@GLOBAL.local_infile'))).toBe(before);
    // It failed before creating anything.
    expect(
      await scalar(admin, 'SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [schema]),
    ).toBe(0);
  });

  it('reports a client that refuses LOCAL INFILE as FEATURE_MISSING, leaving the dataset failed', async () => {
    const schema = schemas.name('bplab_it_noclient');
    const s = testServer();
    const mysql = (await import('mysql2/promise')).default;
    const noLocalFiles = () =>
      mysql.createConnection({
        host: s.host,
        port: s.port,
        user: s.user,
        password: s.password,
        flags: ['-LOCAL_FILES'],
      });
    const failure = await failureOf(
      generateDataset({ schema, sf: SF, seed: SEED }, { connect: noLocalFiles, bplabVersion: 'test' }),
    );
    expect(failure.error.code).toBe('FEATURE_MISSING');
    expect(failure.error.message).toMatch(/LOAD DATA LOCAL INFILE/);
    expect((await readDatasetRecord(admin, schema))?.state).toBe('failed');
  });

  it('stops at a malformed .tbl row, naming the file, the line and the column, and leaves the dataset failed', async () => {
    const dir = mkdtempSync(join(testServer().scratchDir, 'ssb-bad-'));
    await writeTblFiles(dir, { sf: SF, seed: SEED });
    const path = join(dir, 'lineorder.tbl');
    const lines = readFileSync(path, 'latin1').split('\n');
    const badLine = 40_000;
    const fields = lines[badLine - 1]!.split('|');
    fields[8] = 'x7'; // LO_Quantity
    lines[badLine - 1] = fields.join('|');
    writeFileSync(path, lines.join('\n'), 'latin1');

    const schema = schemas.name('bplab_it_bad');
    const failure = await failureOf(importDataset({ schema, dir }, { connect, bplabVersion: 'test' }));
    expect(failure.error.code).toBe('FILE_MALFORMED');
    expect(failure.error.message).toMatch(
      new RegExp(`^lineorder\\.tbl, line ${badLine.toLocaleString('en-US')}: field 9 \\(LO_Quantity\\)`),
    );
    expect(failure.error.details).toMatchObject({ file: 'lineorder.tbl', line: badLine });
    const record = await readDatasetRecord(admin, schema);
    expect(record?.state).toBe('failed');
    expect(record?.error).toContain(`line ${badLine.toLocaleString('en-US')}`);
    expect(await countRows(schema, 'lineorder')).toBeLessThan(lines.length - 1);
  });

  it('imports text that is not UTF-8 byte for byte, and says which file and line held it', async () => {
    const dir = mkdtempSync(join(testServer().scratchDir, 'ssb-bytes-'));
    await writeTblFiles(dir, { sf: 0.002, seed: SEED });
    // As dbgen's part.tbl line 199,984 at SF 1: P_Type holds bytes left in memory.
    const path = join(dir, 'part.tbl');
    const lines = readFileSync(path, 'latin1').split('\n');
    const fields = lines[2]!.split('|');
    fields[6] = 'MED\xe9\x80\xff\x00d'; // line 3's P_Type: not UTF-8, and a NUL
    lines[2] = fields.join('|');
    writeFileSync(path, lines.join('\n'), 'latin1');
    const customer = join(dir, 'customer.tbl');
    const cust = readFileSync(customer);
    cust[cust.indexOf('Customer#')] = 0xe9; // line 1's C_Name: a latin1 "é"
    writeFileSync(customer, cust);

    const schema = schemas.name('bplab_it_bytes');
    const messages: string[] = [];
    const out = await importDataset(
      { schema, dir },
      { connect, bplabVersion: 'test', onProgress: (p) => messages.push(p.message) },
    );
    expect(out.dataset.state).toBe('complete');
    const notes = [
      'customer.tbl line 1 (C_Name) holds bytes that are not UTF-8 text; stored as they are',
      'part.tbl line 3 (P_Type) holds bytes that are not UTF-8 text; stored as they are',
    ];
    expect([...out.notes].sort()).toEqual(notes);
    for (const n of notes) expect(messages).toContain(n);
    const [rows] = await admin.query<RowDataPacket[]>(
      `SELECT HEX(P_Type) AS h, LENGTH(P_Type) AS n FROM \`${schema}\`.part WHERE P_PartKey = 3`,
    );
    expect(rows[0]).toEqual({
      h: Buffer.from('MED\xe9\x80\xff\x00d', 'latin1').toString('hex').toUpperCase(),
      n: 8,
    });
    const name = await scalar(
      admin,
      `SELECT HEX(C_Name) FROM \`${schema}\`.customer WHERE C_CustomerKey = 1`,
    );
    expect(name).toBe(Buffer.from('\xe9ustomer#000000001', 'latin1').toString('hex').toUpperCase());
    // Every other byte too: the whole table, read back as bytes (CAST AS BINARY: no conversion to the
    // connection's character set), against the file.
    for (const [table, file] of [
      ['part', path],
      ['customer', customer],
    ] as const) {
      const cols = columnNames(table).map((c) => `CAST(${c} AS BINARY)`);
      const [all] = await admin.query<RowDataPacket[]>({
        sql: `SELECT ${cols.join(', ')} FROM \`${schema}\`.\`${table}\` ORDER BY 1 + 0`,
        rowsAsArray: true,
      });
      const bar = Buffer.from('|');
      const back = Buffer.concat(
        (all as unknown as Buffer[][]).flatMap((r) => [...r.flatMap((v) => [v, bar]), Buffer.from('\n')]),
      );
      const want = readFileSync(file);
      expect(back.equals(want), table).toBe(true);
    }
  });

  it('names the file, the line and the column of a value the server refuses', async () => {
    const dir = mkdtempSync(join(testServer().scratchDir, 'ssb-range-'));
    await writeTblFiles(dir, { sf: 0.002, seed: SEED });
    const path = join(dir, 'part.tbl');
    const lines = readFileSync(path, 'latin1').split('\n');
    const fields = lines[6]!.split('|');
    fields[7] = '300'; // P_Size is a tinyint: a number the file check passes, out of the column's range
    lines[6] = fields.join('|');
    writeFileSync(path, lines.join('\n'), 'latin1');

    const schema = schemas.name('bplab_it_range');
    const failure = await failureOf(importDataset({ schema, dir }, { connect, bplabVersion: 'test' }));
    expect(failure.error.code).toBe('FILE_MALFORMED');
    expect(failure.error.message).toMatch(/^part\.tbl, line 7, column P_Size: /);
    expect(failure.error.message.match(/bplab/gi) ?? []).toEqual([]);
    expect((await readDatasetRecord(admin, schema))?.state).toBe('failed');
  });

  it('reports a bad dimension row as the failure, not the lineorder load it stopped', async () => {
    const dir = mkdtempSync(join(testServer().scratchDir, 'ssb-badpart-'));
    await writeTblFiles(dir, { sf: 0.05, seed: SEED });
    const path = join(dir, 'part.tbl');
    const lines = readFileSync(path, 'latin1').split('\n');
    lines[1999] = lines[1999]!.replace(/\|$/, '|extra|'); // line 2000: one field too many
    writeFileSync(path, lines.join('\n'), 'latin1');

    const schema = schemas.name('bplab_it_badpart');
    const failure = await failureOf(importDataset({ schema, dir }, { connect, bplabVersion: 'test' }));
    expect(failure.error.code).toBe('FILE_MALFORMED');
    expect(failure.error.message).toBe(
      'part.tbl, line 2,000: more than 9 fields (9 expected): something follows field 9 (P_Container).',
    );
    expect((await readDatasetRecord(admin, schema))?.state).toBe('failed');
    // lineorder was loading beside part: it was stopped, not left to finish and look complete.
    expect(await countRows(schema, 'lineorder')).toBeLessThan(expectedRowCount('lineorder', 0.05, SEED));
  });

  it('sets the index-build threads and memory for its own session on MySQL 8.0.27+, never globally', async () => {
    const conn = await connect();
    try {
      const version = String(await scalar(conn, 'SELECT VERSION()'));
      const [major = 0, minor = 0, patch = 0] = version.split(/[.-]/).map(Number);
      const hasDdlVars =
        !/mariadb/i.test(version) && (major > 8 || (major === 8 && (minor > 0 || patch >= 27)));
      const globalBefore = hasDdlVars ? await scalar(conn, 'SELECT @@GLOBAL.innodb_ddl_buffer_size') : null;
      expect(await tuneIndexBuilds(conn)).toBe(hasDdlVars);
      if (!hasDdlVars) return;
      expect(Number(await scalar(conn, 'SELECT @@SESSION.innodb_ddl_threads'))).toBe(DDL_THREADS);
      expect(Number(await scalar(conn, 'SELECT @@SESSION.innodb_ddl_buffer_size'))).toBe(DDL_BUFFER_BYTES);
      expect(await scalar(admin, 'SELECT @@GLOBAL.innodb_ddl_buffer_size')).toEqual(globalBefore);
      expect(Number(await scalar(admin, 'SELECT @@SESSION.innodb_ddl_buffer_size'))).not.toBe(
        DDL_BUFFER_BYTES,
      );
    } finally {
      await conn.end();
    }
  });

  it("checks the free space of the server's data directory, and refuses a dataset that cannot fit", async () => {
    const ok = await checkDiskSpace(admin, 1_000_000);
    expect(ok).toMatchObject({ checked: true, neededBytes: Math.ceil(1_000_000 * SPACE_FACTOR) });
    expect(ok.freeBytes).toBeGreaterThan(ok.neededBytes);
    const datadir = String(await scalar(admin, 'SELECT @@datadir'));
    expect(ok.datadir).toBe(datadir);
    // A petabyte of raw rows fits on no test machine.
    const failure = await failureOf(checkDiskSpace(admin, 1e15));
    expect(failure.error.code).toBe('DISK_FULL');
    expect(failure.error.message).toContain(datadir);
    expect(failure.error.message).toMatch(/needs about [\d.]+ GB .* which has [\d.]+ GB free/);
  });

  it('refuses a schema that holds tables bplab did not create', async () => {
    const schema = schemas.name('bplab_it_foreign');
    await admin.query(`CREATE DATABASE \`${schema}\``);
    await admin.query(`CREATE TABLE \`${schema}\`.keep_me (id int)`);
    const failure = await failureOf(
      generateDataset({ schema, sf: SF, seed: SEED, replace: true }, { connect, bplabVersion: 'test' }),
    );
    expect(failure.error.code).toBe('ALREADY_EXISTS');
    expect(
      await scalar(admin, `SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?`, [schema]),
    ).toBe(1);
    await expect(dropDataset(admin, schema)).rejects.toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
