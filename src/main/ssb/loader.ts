/**
 * Loads an SSB dataset the way the posts did (tables first, secondary keys after), as fast as the
 * server allows: each table's rows stream from their source (the generator or a .tbl file) straight
 * into LOAD DATA LOCAL INFILE through mysql2's infileStreamFactory, so producing and loading overlap
 * and nothing is written to disk on the way. The same loader serves generation and import: the
 * caller injects where connections and rows come from.
 */
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import type { Connection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type {
  DatasetInfo,
  DatasetSource,
  GeneratorMode,
  SsbTable,
  TableRowCounts,
} from '../../shared/datasets';
import { AppFailure } from '../../shared/result';
import {
  createMetaTableSql,
  insertDatasetRecord,
  readDatasetRecord,
  updateDatasetRecord,
  META_TABLE,
} from './dataset-meta';
import { checkDiskSpace, type DiskCheck } from '../db/disk-space';
import { ProgressMeter, type LoadPhase, type LoadProgress } from './load-progress';
import {
  SSB_SCHEMA_TABLES,
  addKeysSql,
  createDatabaseSql,
  createTableSql,
  disableKeysSql,
  qualified,
  quoteIdent,
  validateSchemaName,
  type SchemaOptions,
} from './schema';
import { columnNames } from './tables';
import { CancellableConnection } from '../db/cancellable';
import { LOCAL_INFILE_HINT, LOCAL_INFILE_REFUSED_ERRNOS, serverMessage, sqlFailure } from '../db/errors';

/** One table's rows in dbgen .tbl format (`|`-separated, trailing `|`, `\n` line ends). */
export interface RowSource {
  stream: Readable;
  /** Where the rows come from, for messages: "customer.tbl", "the generator". */
  label: string;
  /** Rows it will produce, when known beforehand (progress only; the loader counts what it sends). */
  expectedRows?: number;
  /** What the load should say about the rows once they are in (an import: where text was not UTF-8). */
  notes?: () => string[];
}

export interface LoaderDeps {
  /** Opens a new connection to the target server; the loader closes what it opens. */
  connect: () => Promise<Connection>;
  /** Opened lazily, when the table's turn comes. */
  rows: (table: SsbTable) => RowSource;
  onProgress?: (p: LoadProgress) => void;
  bplabVersion: string;
}

export interface LoadPlan extends SchemaOptions {
  source: DatasetSource;
  sf: number | null;
  seed: number | null;
  /** How the generator writes its rows; null for an import. */
  mode: GeneratorMode | null;
  sourceDir: string | null;
  /** Drop an existing bplab dataset of the same name first; a schema bplab did not create is never touched. */
  replace: boolean;
  /** Rows each table should get, for progress before its source is read. */
  expectedRows: Record<SsbTable, number>;
  /** Raw .tbl bytes of the whole dataset (estimated for the generator, file sizes for an import). */
  rawBytes: number;
}

export interface LoadOutcome {
  dataset: DatasetInfo;
  disk: DiskCheck;
  elapsedSec: number;
  /** The sources' notes, in words: "part.tbl line 199,984 (P_Type) holds bytes that are not UTF-8 text; ...". */
  notes: string[];
}

/** The dimension tables, loaded one after the other beside lineorder. */
export const DIMENSION_TABLES: readonly SsbTable[] = ['dim_date', 'supplier', 'customer', 'part'];

const nowIso = () => new Date().toISOString();

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
function countLines(chunk: Buffer): number {
  let n = 0;
  let i = chunk.indexOf(10);
  while (i !== -1) {
    n++;
    i = chunk.indexOf(10, i + 1);
  }
  return n;
}

/** The socket under a mysql2 promise connection, to follow its backpressure (mysql2 does not). */
function socketOf(conn: Connection): Writable | undefined {
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
function feed(
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

/** A connection that runs loads and ALTERs, stopped by KILL QUERY from the control connection. */
type Lane = CancellableConnection;

export class SsbLoader {
  constructor(private readonly deps: LoaderDeps) {}

  /**
   * Creates the schema and loads every table; resolves with the complete dataset, or throws an
   * AppFailure. lineorder (97% of the rows) loads on one connection while the four dimension tables
   * load and get their keys on another, so the small tables cost no time of their own.
   */
  async load(plan: LoadPlan, signal?: AbortSignal): Promise<LoadOutcome> {
    validateSchemaName(plan.schema);
    const meter = new ProgressMeter((p) => this.deps.onProgress?.(p));
    for (const t of SSB_SCHEMA_TABLES) meter.expect(t, plan.expectedRows[t], addKeysSql(t, plan) !== null);
    const report = (phase: LoadPhase, table: SsbTable | null, message: string) =>
      meter.report(phase, table, message, true);
    const started = performance.now();
    const notes: string[] = [];

    const opened: Connection[] = [];
    const open = async (): Promise<Connection> => {
      const c = await this.connectOrFail();
      opened.push(c);
      return c;
    };
    let control: Connection | undefined;
    let recordWritten = false;
    const loadedRows: TableRowCounts = {};
    const expectedRows: TableRowCounts = {};
    try {
      const mainConn = await open();
      control = await open();
      const main = await this.lane(mainConn, control);

      report('checking', null, 'Checking local_infile and free disk space');
      await this.checkLocalInfile(main.conn);
      const disk = await checkDiskSpace(main.conn, plan.rawBytes);
      report('checking', null, disk.note);
      throwIfCancelled(signal);

      report('schema', null, `Creating schema ${plan.schema}`);
      await this.prepareSchema(main.conn, plan);
      await insertDatasetRecord(main.conn, {
        schema: plan.schema,
        source: plan.source,
        sf: plan.sf,
        seed: plan.seed,
        mode: plan.mode,
        engine: plan.engine,
        lineorderPk: plan.lineorderPk,
        sourceDir: plan.sourceDir,
        bplabVersion: this.deps.bplabVersion,
        startedAt: nowIso(),
      });
      recordWritten = true;
      for (const t of SSB_SCHEMA_TABLES) {
        await run(main.conn, createTableSql(t, plan), `create table ${t}`);
        const disable = disableKeysSql(t, plan);
        if (disable) await run(main.conn, disable, `disable the keys of ${t}`);
      }
      // No SET unique_checks = 0: on MariaDB it switches an empty InnoDB table to bulk-insert
      // mode, which sorts the rows at commit and made lineorder's load (already in key order) slower.
      const side = await this.lane(await open(), control);

      // Stops both lanes: the user cancelled, or the other lane failed.
      const stop = new AbortController();
      const onCancel = () => stop.abort();
      signal?.addEventListener('abort', onCancel, { once: true });
      if (signal?.aborted) stop.abort();
      let firstError: unknown;
      const runLane = async (lane: Lane, tables: readonly SsbTable[], quiet: boolean) => {
        try {
          for (const table of tables) {
            throwIfCancelled(stop.signal);
            const rows = await this.loadTable(lane, plan, table, meter, stop.signal, quiet, notes);
            loadedRows[table] = rows;
            expectedRows[table] = rows;
            await updateDatasetRecord(control!, plan.schema, { loadedRows, expectedRows });
          }
          for (const table of tables) {
            throwIfCancelled(stop.signal);
            const sql = addKeysSql(table, plan);
            if (!sql) continue;
            if (!quiet) report('indexing', table, `Building the secondary keys of ${table}`);
            // LOCK=SHARED: nobody writes to a dataset being loaded, and without online DDL's row log
            // and snapshot reads the ALTER was 3-17% faster in paired runs on MariaDB 10.11. Same keys.
            // (MyISAM's ENABLE KEYS locks the table itself and takes no LOCK clause.)
            const stmt = plan.engine === 'MyISAM' ? sql : `${sql}, LOCK=SHARED`;
            await lane.run((conn) => runIndexBuild(conn, stmt, sql, `index ${table}`), {
              signal: stop.signal,
            });
            meter.tableIndexed(table);
          }
        } catch (e) {
          firstError ??= e;
          stop.abort();
        }
      };
      try {
        await Promise.all([runLane(main, ['lineorder'], false), runLane(side, DIMENSION_TABLES, true)]);
      } finally {
        signal?.removeEventListener('abort', onCancel);
      }
      throwIfCancelled(signal);
      if (firstError !== undefined) throw firstError;

      report('finishing', null, 'Recording the dataset as complete');
      await updateDatasetRecord(control, plan.schema, {
        state: 'complete',
        finishedAt: nowIso(),
        error: null,
      });
      const dataset = await readDatasetRecord(control, plan.schema);
      if (!dataset)
        throw AppFailure.of('INTERNAL', `The dataset record of ${plan.schema} vanished during the load.`);
      const elapsedSec = (performance.now() - started) / 1000;
      report('done', null, `${plan.schema} is complete`);
      return { dataset, disk, elapsedSec, notes };
    } catch (e) {
      const failure = signal?.aborted
        ? AppFailure.of(
            'CANCELLED',
            `The load of ${plan.schema} was cancelled; the dataset is marked cancelled, not complete.`,
            {
              hint: 'Drop it, or create it again.',
            },
          )
        : e instanceof AppFailure
          ? e
          : sqlFailure(e, `load the dataset ${plan.schema}`);
      if (recordWritten)
        await this.recordFailure(control, plan.schema, failure, loadedRows, signal?.aborted === true);
      throw failure;
    } finally {
      await Promise.allSettled(opened.map((c) => c.end()));
    }
  }

  private async lane(conn: Connection, control: Connection): Promise<Lane> {
    await tuneIndexBuilds(conn);
    return CancellableConnection.of(conn, { connection: control });
  }

  private async connectOrFail(): Promise<Connection> {
    try {
      return await this.deps.connect();
    } catch (e) {
      throw sqlFailure(e, 'connect to the server');
    }
  }

  private async checkLocalInfile(conn: Connection): Promise<void> {
    const [rows] = await conn.query<RowDataPacket[]>('SELECT @@GLOBAL.local_infile AS v');
    const v = rows[0]?.v;
    if (Number(v) !== 1 && String(v).toUpperCase() !== 'ON') {
      throw AppFailure.of(
        'FEATURE_MISSING',
        'The server has local_infile off, so it refuses LOAD DATA LOCAL INFILE, which bplab uses to load the rows.',
        { hint: LOCAL_INFILE_HINT, details: { variable: 'local_infile' } },
      );
    }
  }

  /** Creates the schema, refusing to touch one that holds tables bplab did not put there. */
  private async prepareSchema(conn: Connection, plan: LoadPlan): Promise<void> {
    const [schemas] = await conn.query<RowDataPacket[]>(
      'SELECT SCHEMA_NAME AS s FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
      [plan.schema],
    );
    if (schemas.length > 0) {
      const [tables] = await conn.query<RowDataPacket[]>(
        'SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
        [plan.schema],
      );
      const names = tables.map((r) => String(r.t));
      if (names.length === 0) return this.createMetaTable(conn, plan.schema);
      const isDataset = names.includes(META_TABLE);
      if (isDataset && plan.replace) {
        await run(conn, `DROP DATABASE ${quoteIdent(plan.schema)}`, `drop the old dataset ${plan.schema}`);
      } else if (isDataset) {
        const old = await readDatasetRecord(conn, plan.schema);
        throw AppFailure.of(
          'ALREADY_EXISTS',
          `A dataset named ${plan.schema} already exists${old ? ` (${old.state})` : ''}.`,
          {
            hint: 'Drop it first, ask to replace it, or choose another schema name.',
            details: { schema: plan.schema },
          },
        );
      } else {
        throw AppFailure.of(
          'ALREADY_EXISTS',
          `The schema ${plan.schema} already exists and holds ${names.length} table(s) bplab did not create; bplab will not touch it.`,
          { hint: 'Choose another schema name.', details: { schema: plan.schema } },
        );
      }
    }
    await run(conn, createDatabaseSql(plan.schema), `create the schema ${plan.schema}`);
    await this.createMetaTable(conn, plan.schema);
  }

  private async createMetaTable(conn: Connection, schema: string): Promise<void> {
    await run(conn, createMetaTableSql(schema), `create bplab's dataset record in ${schema}`);
  }

  /** Streams one table into the server; returns the rows sent, checked against the rows the server took. */
  private async loadTable(
    lane: Lane,
    plan: LoadPlan,
    table: SsbTable,
    meter: ProgressMeter,
    signal: AbortSignal,
    quiet: boolean,
    notes: string[],
  ): Promise<number> {
    const source = this.deps.rows(table);
    // A source may fail before the server asks for its rows (a file read ahead and found bad):
    // the error is kept by the stream and rethrown when the feed reads it, not left unhandled.
    source.stream.on('error', () => {});
    if (source.expectedRows !== undefined)
      meter.expect(table, source.expectedRows, addKeysSql(table, plan) !== null);
    let rows = 0;
    let sourceError: unknown;
    // KILL first, end the feed after: an end-of-file reaching the server before the KILL would commit the rows.
    const stopper = new AbortController();
    const stream = feed(
      source.stream,
      socketOf(lane.conn),
      stopper.signal,
      (chunk) => {
        rows += countLines(chunk);
        meter.rowsLoaded(table, rows);
        if (!quiet) meter.report('loading', table, `Loading ${table} from ${source.label}`);
      },
      async (e) => {
        sourceError = e;
        await lane.cancel();
      },
    );
    if (!quiet) meter.report('loading', table, `Loading ${table} from ${source.label}`, true);
    let result: ResultSetHeader | undefined;
    let loadError: unknown;
    await lane.run(
      async (conn) => {
        try {
          [result] = await conn.query<ResultSetHeader>({
            sql: loadDataSql(plan.schema, table),
            infileStreamFactory: () => stream,
          });
        } catch (e) {
          loadError = e;
        } finally {
          stream.destroy();
        }
      },
      { signal, afterKill: () => stopper.abort() },
    );
    if (sourceError !== undefined) {
      throw sourceError instanceof AppFailure
        ? sourceError
        : AppFailure.of(
            'FILE_MALFORMED',
            `bplab could not read ${source.label}: ${serverMessage(sourceError)}`,
          );
    }
    if (signal.aborted) throw AppFailure.of('CANCELLED', 'cancelled');
    if (loadError !== undefined) {
      const errno = (loadError as { errno?: number }).errno;
      if (errno !== undefined && LOCAL_INFILE_REFUSED_ERRNOS.has(errno)) {
        // local_infile was on when checked, so it is this connection that may not send a local file.
        throw AppFailure.of(
          'FEATURE_MISSING',
          `The server refused LOAD DATA LOCAL INFILE on bplab's connection although local_infile is on: ${serverMessage(loadError)}`,
          {
            hint: 'The connection must allow LOCAL INFILE (a proxy or a client option may strip it): connect to the server directly, or load into a bplab sandbox.',
            details: { errno },
          },
        );
      }
      throw loadFailure(loadError, table, source.label);
    }
    meter.rowsLoaded(table, rows);
    await this.checkLoaded(lane.conn, table, source.label, rows, result!, plan.source);
    for (const note of source.notes?.() ?? []) {
      notes.push(note);
      meter.report('loading', table, note, true);
    }
    return rows;
  }

  /** Every row sent must be in the table, unchanged: LOAD DATA LOCAL only warns when it skips or truncates. */
  private async checkLoaded(
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

  /** Marks the dataset failed or cancelled, on a fresh connection if the control one is gone. */
  private async recordFailure(
    control: Connection | undefined,
    schema: string,
    failure: AppFailure,
    loadedRows: TableRowCounts,
    cancelled: boolean,
  ): Promise<void> {
    const update = {
      state: cancelled ? ('cancelled' as const) : ('failed' as const),
      finishedAt: nowIso(),
      error: cancelled ? 'cancelled by the user' : failure.error.message,
      loadedRows,
    };
    try {
      if (!control) throw new Error('no control connection');
      await updateDatasetRecord(control, schema, update);
    } catch {
      const fresh = await this.deps.connect().catch(() => undefined);
      if (!fresh) return;
      await updateDatasetRecord(fresh, schema, update).catch(() => undefined);
      await fresh.end().catch(() => undefined);
    }
  }
}

/**
 * An index build with its LOCK clause, or without it on a server that has no online DDL syntax
 * (MySQL 5.5 answers 1064 to LOCK=SHARED; its fast index creation builds the same keys).
 */
async function runIndexBuild(conn: Connection, stmt: string, plain: string, doing: string): Promise<void> {
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

async function run(conn: Connection, sql: string, doing: string): Promise<void> {
  try {
    await conn.query(sql);
  } catch (e) {
    throw sqlFailure(e, doing);
  }
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw AppFailure.of('CANCELLED', 'cancelled');
}
