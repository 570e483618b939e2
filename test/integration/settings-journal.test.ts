/** The settings journal against a real server: journal first, restore after, and recovery after a "crash". */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/main/app';
import { ProfileStore } from '../../src/main/profiles/profile-store';
import { SettingsJournal } from '../../src/main/server/settings-journal';
import { testServer } from '../support/test-server';

const server = testServer();
let conn: Connection;
let original: number;

async function globalValue(name: string): Promise<number> {
  const [rows] = await conn.query(`SELECT @@GLOBAL.${name} AS v`);
  return Number((rows as Array<{ v: unknown }>)[0]?.v);
}

describe(`settings journal on ${server.label}`, () => {
  beforeAll(async () => {
    conn = await createConnection({
      host: server.host,
      port: server.port,
      user: server.user,
      password: server.password,
    });
    original = await globalValue('innodb_old_blocks_time');
  });
  afterAll(async () => {
    await conn.query('SET GLOBAL innodb_old_blocks_time = ?', [original]);
    await conn.end();
  });

  it('journals the old value before the change, and restores it', async () => {
    const journal = new SettingsJournal(mkdtempSync(join(server.scratchDir, 'journal-')));
    const target = original === 0 ? 1000 : 0;
    const before = await journal.setGlobal(conn, 'p1', 'innodb_old_blocks_time', target, 'test');
    expect(Number(before)).toBe(original);
    expect(await globalValue('innodb_old_blocks_time')).toBe(target);
    const onDisk = JSON.parse(readFileSync(journal.file, 'utf8')) as Array<{
      variable: string;
      before: string;
    }>;
    expect(onDisk).toEqual([
      expect.objectContaining({ variable: 'innodb_old_blocks_time', before: String(original) }),
    ]);

    await journal.restore(conn, 'p1');
    expect(await globalValue('innodb_old_blocks_time')).toBe(original);
    expect(journal.pending()).toEqual([]);
  });

  it('a second change of the same variable still restores the first value', async () => {
    const journal = new SettingsJournal(mkdtempSync(join(server.scratchDir, 'journal-')));
    await journal.setGlobal(conn, 'p1', 'innodb_old_blocks_time', 7, 'test');
    await journal.setGlobal(conn, 'p1', 'innodb_old_blocks_time', 9, 'test');
    await journal.restore(conn, 'p1');
    expect(await globalValue('innodb_old_blocks_time')).toBe(original);
  });

  it('after a crash (a new journal over the same file), the pending change is restored', async () => {
    const dir = mkdtempSync(join(server.scratchDir, 'journal-'));
    const pctBefore = await globalValue('innodb_old_blocks_pct');
    await new SettingsJournal(dir).setGlobal(
      conn,
      'p1',
      'innodb_old_blocks_pct',
      pctBefore === 20 ? 21 : 20,
      'test',
    );
    expect(await globalValue('innodb_old_blocks_pct')).not.toBe(pctBefore);
    // the process "dies" here: nothing restored
    const reopened = new SettingsJournal(dir);
    expect(reopened.pending('p1').map((e) => e.variable)).toEqual(['innodb_old_blocks_pct']);
    await reopened.restore(conn, 'p1');
    expect(await globalValue('innodb_old_blocks_pct')).toBe(pctBefore);
  });

  it('switches INNODB_METRICS counters on journaled, and off again after a crash', async () => {
    const state = async (name: string) => {
      const [rows] = await conn.query('SELECT * FROM information_schema.INNODB_METRICS WHERE NAME = ?', [
        name,
      ]);
      const r = (rows as Array<Record<string, unknown>>)[0]!;
      return r.STATUS !== undefined ? r.STATUS === 'enabled' : Number(r.ENABLED) === 1;
    };
    const counter = 'adaptive_hash_pages_added';
    expect(await state(counter)).toBe(false);
    const dir = mkdtempSync(join(server.scratchDir, 'journal-'));
    expect(await new SettingsJournal(dir).enableMonitors(conn, 'p1', [counter], 'test')).toBe(1);
    expect(await state(counter)).toBe(true);
    // the process "dies" here: nothing restored
    const reopened = new SettingsJournal(dir);
    expect(reopened.pending('p1')).toEqual([
      expect.objectContaining({ variable: 'innodb_monitor_enable', monitors: [counter] }),
    ]);
    await reopened.restore(conn, 'p1');
    expect(await state(counter)).toBe(false);
    expect(reopened.pending()).toEqual([]);
  });

  it('after a crash, the first connection bplab opens to that server restores what it left changed', async () => {
    const dataDir = mkdtempSync(join(server.scratchDir, 'journal-app-'));
    new ProfileStore(dataDir).put({
      id: 'crashed',
      name: 'crashed',
      transport: 'tcp',
      host: server.host,
      port: server.port,
      user: server.user,
      tls: { mode: 'off' },
    });
    const target = original === 0 ? 1000 : 0;
    await new SettingsJournal(dataDir).setGlobal(
      conn,
      'crashed',
      'innodb_old_blocks_time',
      target,
      'a run that died',
    );
    // The process that made the change is gone (a live one puts its own changes back itself).
    const journalFile = join(dataDir, 'settings-journal.json');
    const dead = Number(spawnSync('sh', ['-c', 'echo $$']).stdout.toString().trim());
    writeFileSync(
      journalFile,
      JSON.stringify(JSON.parse(readFileSync(journalFile, 'utf8')).map((e: object) => ({ ...e, pid: dead }))),
    );
    expect(await globalValue('innodb_old_blocks_time')).toBe(target);

    const lines: string[] = [];
    const app = await createApp({
      dataDir,
      transport: 'browser',
      version: 'test',
      log: (l) => lines.push(l),
    });
    const result = await app.dispatch('connections/test', { profileId: 'crashed' });
    expect(result.ok).toBe(true);
    expect(await globalValue('innodb_old_blocks_time')).toBe(original);
    expect(new SettingsJournal(dataDir).pending()).toEqual([]);
    expect(lines.join('\n')).toContain(`restored innodb_old_blocks_time = ${original}`);
    await app.shutdown();
  });

  it('refuses a name that is not a variable', async () => {
    const journal = new SettingsJournal(mkdtempSync(join(server.scratchDir, 'journal-')));
    await expect(journal.setGlobal(conn, 'p1', 'x; DROP DATABASE y', 1, 'test')).rejects.toThrow(
      /not a server variable/,
    );
    expect(journal.pending()).toEqual([]);
  });
});
