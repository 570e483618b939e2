/**
 * The rows of one table on their way into LOAD DATA LOCAL INFILE: the statement, the stream mysql2
 * sends (bounded by the socket's backpressure, in pieces any server takes), and what the server's
 * answer means: a refused line in words, and every row sent checked to be stored unchanged.
 */
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import type { Connection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { DatasetSource, SsbTable } from '../../shared/datasets/datasets';
import { AppFailure } from '../../shared/result';
import type { CancellableConnection } from '../db/cancellable';
import { serverMessage, sqlFailure } from '../db/errors';
import { qualified } from './schema';
import { columnNames } from './tables';

/**
 * The load statement; the name after INFILE only tells mysql2 which stream to open. Every byte goes
 * in unconverted (CHARACTER SET binary) into the latin1 text columns (schema.ts), which hold any
 * byte: the generator's ASCII and dbgen's files alike are stored exactly as written.
 */
export function loadDataSql(schema: string, table: SsbTable): string {
  return (
    `LOAD DATA LOCAL INFILE 'ssb-${table}' INTO TABLE ${qualified(schema, table)} CHARACTER SET binary ` +
    `FIELDS TERMINATED BY '|' LINES TERMINATED BY '|\\n' (${columnNames(table).join(', ')})`
  );
}

/** Counts '\n' bytes: one per row. */
export function countLines(chunk: Buffer): number {
  let n = 0;
  let i = chunk.indexOf(10);
  while (i !== -1) {
    n++;
    i = chunk.indexOf(10, i + 1);
  }
  return n;
}

/** The socket under a mysql2 promise connection, to follow its backpressure (mysql2 does not). */
export function socketOf(conn: Connection): Writable | undefined {
  const core = (conn as unknown as { connection?: { stream?: Writable } }).connection;
  return core?.stream;
}

/** The largest piece of a load sent as one packet: well under any server's max_allowed_packet. */
const INFILE_PIECE_BYTES = 64 * 1024;

/**
 * The stream mysql2 sends to the server. mysql2 writes each chunk to the socket without waiting,
 * so this waits for the socket to drain: memory stays bounded however fast the source is. A source
 * error is reported through onSourceError (which KILLs the load first) and the feed then ends
 * quietly: ending with an error would make mysql2 send end-of-file, and the server would commit
 * the rows it had. Aborting `stop` ends the feed early (cancel) and destroys the source. (No
 * Promise.race against a promise that lives for the whole load: each race would leave a reaction
 * on it holding its chunk, and the load would keep every chunk in memory.)
 */
export function feed(
  source: Readable,
  socket: Writable | undefined,
  stop: AbortSignal,
  onChunk: (chunk: Buffer) => void,
  onSourceError: (e: unknown) => Promise<void>,
): Readable {
  // The server hung up mid-load (KILL CONNECTION, a crash): end our side at once. Otherwise the
  // socket waits with its unsent rows for a window that never opens (MariaDB 10.11 and 11.4 kept it
  // half-closed for about 100 s), and the load could not say the connection was lost until then.
  const gone = Object.assign(new Error('Connection lost: the server closed the connection.'), {
    code: 'PROTOCOL_CONNECTION_LOST',
    fatal: true,
  });
  const hungUp = () => socket?.destroy(gone);
  async function* chunks(): AsyncGenerator<Buffer> {
    // Listened to only while the rows flow: the finally below always removes it.
    socket?.once('end', hungUp);
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (stop.aborted) return;
        onChunk(chunk);
        // mysql2 sends each chunk as one packet; a server refuses one larger than its
        // max_allowed_packet (1 MB by default on MySQL 5.5), so no piece is larger than 64 KB.
        for (let at = 0; at < chunk.length; at += INFILE_PIECE_BYTES) {
          yield chunk.subarray(at, at + INFILE_PIECE_BYTES);
          if (socket?.writableNeedDrain) await once(socket, 'drain', { signal: stop });
        }
      }
    } catch (e) {
      if (e !== gone && !stop.aborted) await onSourceError(e);
    } finally {
      socket?.off('end', hungUp);
      source.destroy();
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
}

/**
 * A LOAD DATA the server refused, in words that name the file, the line and the column: the
 * server's "at row N" is line N of the file (one statement per table). Without a row in the
 * server's words, the general mapping (connection lost, disk full...) applies.
 */
export function loadFailure(e: unknown, table: SsbTable, label: string): AppFailure {
  if (e instanceof AppFailure) return e;
  const words = serverMessage(e);
  const row = /\b(?:at|in) (?:row|line) (\d+)/i.exec(words)?.[1];
  if (row === undefined) return sqlFailure(e, `load ${table} from ${label}`);
  const line = Number(row);
  const column = /\bcolumn [`'"]?([A-Za-z_]+)/i.exec(words)?.[1] ?? null;
  return AppFailure.of(
    'FILE_MALFORMED',
    `${label}, line ${line.toLocaleString('en-US')}${column ? `, column ${column}` : ''}: the server refused the row (${words}).`,
    {
      hint: 'Fix or regenerate that line; nothing of this table was kept.',
      details: { file: label, line, column, errno: (e as { errno?: number }).errno ?? null },
    },
  );
}

/** Every row sent must be in the table, unchanged: LOAD DATA LOCAL only warns when it skips or truncates. */
export async function checkLoaded(
  conn: Connection,
  table: SsbTable,
  label: string,
  sent: number,
  result: ResultSetHeader,
  source: DatasetSource,
): Promise<void> {
  if (result.affectedRows === sent && result.warningStatus === 0) return;
  let warnings = '';
  let where = '';
  if (result.warningStatus > 0) {
    const [w] = await conn.query<RowDataPacket[]>('SHOW WARNINGS LIMIT 3');
    warnings = w.map((r) => String(r.Message)).join('; ');
    // "... for column 'P_Size' at row 7": row 7 of the statement is line 7 of the file.
    const first = String(w[0]?.Message ?? '');
    const row = /\bat row (\d+)/i.exec(first)?.[1];
    const column = /\bcolumn [`'"]?([A-Za-z_]+)/i.exec(first)?.[1];
    if (row !== undefined)
      where = `${label}, line ${Number(row).toLocaleString('en-US')}${column ? `, column ${column}` : ''}: `;
  }
  const what =
    result.affectedRows !== sent
      ? `${label} has ${sent} rows but the server stored ${result.affectedRows}`
      : `the server changed some of ${label}'s values while loading ${table}`;
  throw AppFailure.of(
    source === 'imported' ? 'FILE_MALFORMED' : 'INTERNAL',
    `${where}${what}${warnings ? ` (${result.warningStatus} warning(s), first: ${warnings})` : ''}.`,
    {
      hint:
        source === 'imported'
          ? 'Check the file: LOAD DATA skips duplicate keys and clips numbers out of their column’s range.'
          : "This is a bug in bplab's generator; please report it with the scale factor and seed.",
      details: { table, sent, stored: result.affectedRows, warnings: result.warningStatus },
    },
  );
}

/**
 * Runs one LOAD DATA LOCAL INFILE statement fed by `stream` on a cancellable lane (a cancel KILLs the
 * statement, then ends the feed through `stopper`); answers the server's result or the error it gave,
 * for the caller to word (the SSB loader and the sbtest prepare share it).
 */
export async function runInfile(
  lane: CancellableConnection,
  sql: string,
  stream: Readable,
  signal: AbortSignal,
  stopper: AbortController,
): Promise<{ result?: ResultSetHeader; error?: unknown }> {
  const out: { result?: ResultSetHeader; error?: unknown } = {};
  await lane.run(
    async (conn) => {
      try {
        [out.result] = await conn.query<ResultSetHeader>({ sql, infileStreamFactory: () => stream });
      } catch (e) {
        out.error = e;
      } finally {
        stream.destroy();
      }
    },
    { signal, afterKill: () => stopper.abort() },
  );
  return out;
}
