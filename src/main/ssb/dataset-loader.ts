/**
 * Loads an SSB dataset the way the posts did (tables first, secondary keys after), as fast as the
 * server allows: each table's rows stream from their source (the generator or a .tbl file) straight
 * into LOAD DATA LOCAL INFILE through mysql2's infileStreamFactory, so producing and loading overlap
 * and nothing is written to disk on the way. The same loader serves generation and import: the
 * caller injects where connections and rows come from.
 */
import type { Readable } from 'node:stream';
import type { Connection } from 'mysql2/promise';
import type {
  DatasetInfo,
  DatasetSource,
  GeneratorMode,
  SsbTable,
  TableRowCounts,
} from '../../shared/datasets/datasets';
import { AppFailure } from '../../shared/result';
import { CancellableConnection } from '../db/cancellable';
import { checkDiskSpace, type DiskCheck } from '../db/disk-space';
import { LOCAL_INFILE_REFUSED_ERRNOS, serverMessage, sqlFailure } from '../db/errors';
import { insertDatasetRecord, readDatasetRecord, updateDatasetRecord } from './dataset-meta';
import { runIndexBuild, tuneIndexBuilds } from './index-builds';
import { checkLoaded, countLines, feed, loadDataSql, loadFailure, runInfile, socketOf } from './infile-feed';
import { ProgressMeter, type DatasetLoadPhase, type DatasetLoadProgress } from './dataset-load-progress';
import { checkLocalInfile, prepareSchema, recordFailure, run } from './dataset-load-schema';
import {
  SSB_SCHEMA_TABLES,
  addKeysSql,
  createTableSql,
  disableKeysSql,
  qualified,
  validateSchemaName,
  type SchemaOptions,
} from './schema';

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
  onProgress?: (p: DatasetLoadProgress) => void;
  bplabVersion: string;
}

export interface DatasetLoadPlan extends SchemaOptions {
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

export interface DatasetLoadOutcome {
  dataset: DatasetInfo;
  disk: DiskCheck;
  elapsedSec: number;
  /** The sources' notes, in words: "part.tbl line 199,984 (P_Type) holds bytes that are not UTF-8 text; ...". */
  notes: string[];
}

/** The dimension tables, loaded one after the other beside lineorder. */
export const DIMENSION_TABLES: readonly SsbTable[] = ['dim_date', 'supplier', 'customer', 'part'];

const nowIso = () => new Date().toISOString();

/** A connection that runs loads and ALTERs, stopped by KILL QUERY from the control connection. */
type Lane = CancellableConnection;

export class SsbLoader {
  constructor(private readonly deps: LoaderDeps) {}

  /**
   * Creates the schema and loads every table; resolves with the complete dataset, or throws an
   * AppFailure. lineorder (97% of the rows) loads on one connection while the four dimension tables
   * load and get their keys on another, so the small tables cost no time of their own.
   */
  async load(plan: DatasetLoadPlan, signal?: AbortSignal): Promise<DatasetLoadOutcome> {
    validateSchemaName(plan.schema);
    const meter = new ProgressMeter((p) => this.deps.onProgress?.(p));
    for (const t of SSB_SCHEMA_TABLES) meter.expect(t, plan.expectedRows[t], addKeysSql(t, plan) !== null);
    const report = (phase: DatasetLoadPhase, table: SsbTable | null, message: string) =>
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
      await checkLocalInfile(main.conn);
      const disk = await checkDiskSpace(main.conn, plan.rawBytes);
      report('checking', null, disk.note);
      throwIfCancelled(signal);

      report('schema', null, `Creating schema ${plan.schema}`);
      await prepareSchema(main.conn, plan);
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

      if (plan.engine === 'InnoDB') {
        // Persistent statistics counted on the loaded tables: the page counts per index
        // (mysql.innodb_index_stats n_leaf_pages, size) that a run records for the what-if simulator.
        // Without this, tables small at their first count (dim_date) keep the figures of an empty table.
        const names = SSB_SCHEMA_TABLES.map((t) => qualified(plan.schema, t)).join(', ');
        await control.query(`ANALYZE TABLE ${names}`);
      }
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
        await recordFailure(
          this.deps.connect,
          control,
          plan.schema,
          failure,
          loadedRows,
          signal?.aborted === true,
        );
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

  /** Streams one table into the server; returns the rows sent, checked against the rows the server took. */
  private async loadTable(
    lane: Lane,
    plan: DatasetLoadPlan,
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
    const { result, error: loadError } = await runInfile(
      lane,
      loadDataSql(plan.schema, table),
      stream,
      signal,
      stopper,
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
    await checkLoaded(lane.conn, table, source.label, rows, result!, plan.source);
    for (const note of source.notes?.() ?? []) {
      notes.push(note);
      meter.report('loading', table, note, true);
    }
    return rows;
  }
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw AppFailure.of('CANCELLED', 'cancelled');
}
