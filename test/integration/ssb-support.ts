/** Helpers shared by the SSB integration tests: connections to the test server and throwaway schema names. */
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
