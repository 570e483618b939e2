// Dropping a test user that may not exist on every server: MySQL before 5.7 has no DROP USER IF EXISTS.
import type { Connection } from 'mysql2/promise';

/** DROP USER, where "no such user" (ER_CANNOT_USER, 1396) is not an error. */
export async function dropUserIfExists(admin: Connection, user: string, host: string): Promise<void> {
  try {
    await admin.query('DROP USER ?@?', [user, host]);
  } catch (e) {
    if ((e as { errno?: number }).errno !== 1396) throw e;
  }
}
