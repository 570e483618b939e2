// What the integration tests read of a server beside bplab, the same way in every file: the stage instruments a run may switch on, and a statement seen running.
import type { Connection, RowDataPacket } from 'mysql2/promise';

/**
 * performance_schema's stage instruments and the consumers, as rows: taken before and after, they
 * say whether bplab put back what it switched on.
 */
export async function stageSetup(conn: Connection): Promise<unknown[]> {
  const [instruments] = await conn.query<RowDataPacket[]>(
    "SELECT NAME, ENABLED, TIMED FROM performance_schema.setup_instruments WHERE NAME LIKE 'stage/%' ORDER BY NAME",
  );
  const [consumers] = await conn.query<RowDataPacket[]>(
    'SELECT NAME, ENABLED FROM performance_schema.setup_consumers ORDER BY NAME',
  );
  return [instruments, consumers];
}

/** Waits (bounded) until the server shows a statement LIKE `like` running on another connection. */
export async function waitForStatement(conn: Connection, like: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [rows] = await conn.query<RowDataPacket[]>(
      "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE ? AND COMMAND = 'Query' AND ID <> CONNECTION_ID()",
      [like],
    );
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no statement like ${like} ever ran`);
}
