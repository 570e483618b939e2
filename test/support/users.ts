/** Dropping a test user that may not exist, on every flavor: MySQL 5.5 and 5.6 have no DROP USER IF EXISTS. */
import type { Connection } from 'mysql2/promise';

export async function dropUserIfExists(conn: Connection, user: string, host: string): Promise<void> {
  try {
    await conn.query('DROP USER ?@?', [user, host]);
  } catch (e) {
    // 1396: ER_CANNOT_USER, there was no such user.
    if ((e as { errno?: number }).errno !== 1396) throw e;
  }
}
