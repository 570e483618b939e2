/**
 * Building a dataset's secondary keys after its rows are in, the way the posts did: the statement's
 * lock clause where the server has one, and MySQL 8's sort threads and memory for the session.
 */
import type { Connection } from 'mysql2/promise';
import { sqlFailure } from '../db/errors';
import { run } from './dataset-load-schema';

/**
 * An index build with its LOCK clause, or without it on a server that has no online DDL syntax
 * (MySQL 5.5 answers 1064 to LOCK=SHARED; its fast index creation builds the same keys).
 */
export async function runIndexBuild(
  conn: Connection,
  stmt: string,
  plain: string,
  doing: string,
): Promise<void> {
  try {
    await conn.query(stmt);
  } catch (e) {
    if (stmt === plain || (e as { errno?: number }).errno !== 1064) throw sqlFailure(e, doing);
    await run(conn, plain, doing);
  }
}

/** Threads and total sort memory for one ALTER TABLE ... ADD KEY on MySQL 8.0.27+, for this session only. */
export const DDL_THREADS = 4;
export const DDL_BUFFER_BYTES = 256 * 1024 * 1024;

/**
 * MySQL 8.0.27+ builds secondary keys with innodb_ddl_threads sort threads sharing
 * innodb_ddl_buffer_size of memory (defaults: 4 threads, 1 MB, so lineorder's keys at SF 1 are
 * sorted in many small runs and merged again and again). Both are session variables: set on the
 * lane's own connection, no global changes, gone when it closes. MariaDB and MySQL 5.7 lack them
 * (unknown variable): nothing to do there.
 */
export async function tuneIndexBuilds(conn: Connection): Promise<boolean> {
  try {
    await conn.query('SET SESSION innodb_ddl_threads = ?, innodb_ddl_buffer_size = ?', [
      DDL_THREADS,
      DDL_BUFFER_BYTES,
    ]);
    return true;
  } catch (e) {
    if ((e as { errno?: number }).errno === 1193) return false; // ER_UNKNOWN_SYSTEM_VARIABLE
    throw sqlFailure(e, 'set the session’s index build threads and memory');
  }
}
