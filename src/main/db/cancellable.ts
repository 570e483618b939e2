/**
 * A connection whose running statement can be stopped: it remembers its CONNECTION_ID(), and cancel
 * sends KILL QUERY <id> from a control connection (a statement blocked in the server cannot be
 * stopped from its own connection). The loader's lanes, verify, and the runs all stop this way.
 */
import type { Connection, RowDataPacket } from 'mysql2/promise';

/** Where KILL QUERY is sent from: an open control connection, or a way to open one for the KILL. */
export type KillChannel =
  { connection: Connection } | { open: () => Promise<{ raw: Connection; close(): Promise<void> }> };

/** The server's id of a connection, for KILL QUERY from another one. */
export async function connectionId(conn: Connection): Promise<number> {
  const [rows] = await conn.query<RowDataPacket[]>('SELECT CONNECTION_ID() AS id');
  return Number(rows[0]?.id);
}

/** KILL QUERY on another connection; a statement that already ended is not an error. */
export async function killQuery(control: Connection, id: number): Promise<void> {
  if (!Number.isSafeInteger(id) || id <= 0) return;
  try {
    await control.query(`KILL QUERY ${id}`);
  } catch (e) {
    // The statement may have finished on its own between the cancel and the KILL: nothing to stop.
    if ((e as { errno?: number }).errno !== 1094) throw e;
  }
}

interface Statement {
  killing?: Promise<void>;
  afterKill?: () => void;
}

export class CancellableConnection {
  private current?: Statement;

  private constructor(
    readonly conn: Connection,
    /** The server's id of `conn`. */
    readonly id: number,
    private readonly channel: KillChannel,
  ) {}

  /** Reads the connection's id once, so a cancel needs no round trip on the busy connection. */
  static async of(conn: Connection, channel: KillChannel): Promise<CancellableConnection> {
    return new CancellableConnection(conn, await connectionId(conn), channel);
  }

  /**
   * Runs `work` (one statement, or several in a row) on the connection. When `signal` aborts while it
   * runs, the statement running then is KILLed once; `afterKill` runs after the KILL was sent (the
   * loader ends its LOAD DATA feed only then, so the server never commits a cut-short file). Returns
   * or throws only once the KILL, if any, has settled.
   */
  async run<T>(
    work: (conn: Connection) => Promise<T>,
    opts: { signal?: AbortSignal; afterKill?: () => void } = {},
  ): Promise<T> {
    const statement: Statement = { afterKill: opts.afterKill };
    this.current = statement;
    const onAbort = () => void this.cancel();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (opts.signal?.aborted) onAbort();
    try {
      return await work(this.conn);
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
      await statement.killing;
      if (this.current === statement) this.current = undefined;
    }
  }

  /**
   * KILLs the statement running in run() now (once per run). A KILL that cannot be sent (the control
   * connection is gone too) is not an error here: the caller's signal still stops what comes next.
   */
  cancel(): Promise<void> {
    const statement = this.current;
    if (!statement) return Promise.resolve();
    statement.killing ??= this.sendKill()
      .catch(() => undefined)
      .finally(() => statement.afterKill?.());
    return statement.killing;
  }

  private async sendKill(): Promise<void> {
    if ('connection' in this.channel) return killQuery(this.channel.connection, this.id);
    const control = await this.channel.open();
    try {
      await killQuery(control.raw, this.id);
    } finally {
      await control.close();
    }
  }
}
