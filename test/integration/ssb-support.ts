/** Helpers shared by the SSB integration tests: connections to the test server and throwaway schema names. */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import mysql, { type Connection, type RowDataPacket } from 'mysql2/promise';
import { testServer } from '../support/test-server';

/** A connection factory for the loader: each call opens a new connection to the test server. */
export function connectToTestServer(): () => Promise<Connection> {
  const s = testServer();
  return () => mysql.createConnection({ host: s.host, port: s.port, user: s.user, password: s.password });
}

/** A schema name no other test (or engineer) uses: prefix + random suffix. */
export function scratchSchema(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** The throwaway schemas one test file makes: each named as scratchSchema names it, all dropped at its end. */
export function scratchSchemas(): { name(prefix: string): string; dropAll(conn: Connection): Promise<void> } {
  const made: string[] = [];
  return {
    name: (prefix) => {
      const s = scratchSchema(prefix);
      made.push(s);
      return s;
    },
    dropAll: (conn) => dropSchemas(conn, made),
  };
}

export async function dropSchemas(conn: Connection, schemas: string[]): Promise<void> {
  for (const s of schemas) await conn.query(`DROP DATABASE IF EXISTS \`${s.replaceAll('`', '``')}\``);
}

export async function scalar(conn: Connection, sql: string, values: unknown[] = []): Promise<unknown> {
  const [rows] = await conn.query<RowDataPacket[]>({ sql, rowsAsArray: true }, values);
  return (rows[0] as unknown as unknown[] | undefined)?.[0];
}

/**
 * KILL CONNECTION of each statement LIKE `like`, from a child process, this process waiting: whatever
 * this process would send meanwhile waits too. How many were killed.
 */
export function killLoadsNow(like: string): number {
  const script = `const mysql = require('mysql2/promise');
    (async () => {
      const c = await mysql.createConnection(JSON.parse(process.env.BPLAB_IT_SERVER));
      const [rows] = await c.query('SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE ?', [process.env.BPLAB_IT_LIKE]);
      for (const r of rows) await c.query('KILL CONNECTION ' + Number(r.ID));
      await c.end();
      console.log(rows.length);
    })().catch((e) => { console.error(e.message); process.exit(1); });`;
  const { host, port, user, password } = testServer();
  const child = spawnSync(process.execPath, ['-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
    env: {
      ...process.env,
      BPLAB_IT_SERVER: JSON.stringify({ host, port, user, password }),
      BPLAB_IT_LIKE: like,
    },
  });
  if (child.status !== 0) throw new Error(`the KILL did not run: ${child.stderr}`);
  return Number(child.stdout.trim());
}
