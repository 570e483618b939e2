// Letting purge finish before a sandbox restarts, so that the pages it reads are not in the "cold" pool after.
import { waitForPurge, type PurgeWait } from '../bufferpool/purge';
import { withAdminConnection } from './server-args';

/**
 * MariaDB (10.3+) purges inserted rows too (it resets their DB_TRX_ID), so a restart right after rows
 * were written would find purge reading those rows' pages into the fresh pool: on MariaDB 11.4.5 all
 * 76 pages of a 5,000-row table came back after a restart. Waiting while the old process runs lets the
 * restart drop them. Bounded: after `maxWaitMs` the restart goes ahead. null when the server is unreachable.
 * MariaDB only: MySQL discards insert undo at commit, and its history list need not reach 0 when idle
 * (on 8.0.31 the wait ran to its limit).
 */
export async function purgeBeforeRestart(port: number, maxWaitMs = 30_000): Promise<PurgeWait | null> {
  try {
    return await withAdminConnection(port, 5000, (c) => {
      const reader = { rows: async <T>(sql: string): Promise<T[]> => (await c.query(sql))[0] as T[] };
      return waitForPurge(reader, { nearZero: 0, maxWaitMs });
    });
  } catch {
    return null;
  }
}
