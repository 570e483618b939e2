/**
 * The `_bplab_dataset` table: one row in each dataset's schema recording how it was made and
 * whether the load finished. The loader writes 'loading' before the first row goes in and
 * 'complete' only after the last index is built, so an interrupted load never looks complete.
 */
import type { Connection, RowDataPacket } from 'mysql2/promise';
import type {
  DatasetInfo,
  DatasetState,
  DatasetVerifyReport,
  TableRowCounts,
} from '../../shared/datasets/datasets';
import { keysBuiltBy, qualified } from './schema';

export const META_TABLE = '_bplab_dataset';
const FORMAT_VERSION = 1;

export function createMetaTableSql(schema: string): string {
  return `CREATE TABLE ${qualified(schema, META_TABLE)} (
  id tinyint NOT NULL PRIMARY KEY,
  format_version int NOT NULL,
  source varchar(16) NOT NULL,
  sf double NULL,
  seed bigint NULL,
  generator_mode varchar(16) NULL,
  engine varchar(16) NOT NULL,
  keys_built varchar(32) NULL,
  lineorder_pk tinyint NOT NULL,
  state varchar(16) NOT NULL,
  expected_rows text NULL,
  loaded_rows text NULL,
  started_at varchar(32) NOT NULL,
  finished_at varchar(32) NULL,
  error text NULL,
  source_dir text NULL,
  bplab_version varchar(32) NOT NULL,
  verify_report mediumtext NULL
) ENGINE=InnoDB`;
}

/** What the record says when a load begins: DatasetInfo's own fields, the rest written as the load goes. */
export type NewDatasetRecord = Pick<
  DatasetInfo,
  | 'schema'
  | 'source'
  | 'sf'
  | 'seed'
  | 'mode'
  | 'engine'
  | 'lineorderPk'
  | 'sourceDir'
  | 'bplabVersion'
  | 'startedAt'
>;

export async function insertDatasetRecord(conn: Connection, rec: NewDatasetRecord): Promise<void> {
  await conn.query(
    `INSERT INTO ${qualified(rec.schema, META_TABLE)}
      (id, format_version, source, sf, seed, generator_mode, engine, keys_built, lineorder_pk, state, expected_rows, loaded_rows, started_at, source_dir, bplab_version)
     VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, 'loading', '{}', '{}', ?, ?, ?)`,
    [
      FORMAT_VERSION,
      rec.source,
      rec.sf,
      rec.seed,
      rec.mode,
      rec.engine,
      keysBuiltBy(rec.engine),
      rec.lineorderPk ? 1 : 0,
      rec.startedAt,
      rec.sourceDir,
      rec.bplabVersion,
    ],
  );
}

export interface DatasetRecordUpdate {
  state?: DatasetState;
  expectedRows?: TableRowCounts;
  loadedRows?: TableRowCounts;
  finishedAt?: string;
  error?: string | null;
}

export async function updateDatasetRecord(
  conn: Connection,
  schema: string,
  upd: DatasetRecordUpdate,
): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [];
  const set = (col: string, v: unknown) => {
    sets.push(`${col} = ?`);
    values.push(v);
  };
  if (upd.state !== undefined) set('state', upd.state);
  if (upd.expectedRows !== undefined) set('expected_rows', JSON.stringify(upd.expectedRows));
  if (upd.loadedRows !== undefined) set('loaded_rows', JSON.stringify(upd.loadedRows));
  if (upd.finishedAt !== undefined) set('finished_at', upd.finishedAt);
  if (upd.error !== undefined) set('error', upd.error);
  if (sets.length === 0) return;
  await conn.query(`UPDATE ${qualified(schema, META_TABLE)} SET ${sets.join(', ')} WHERE id = 1`, values);
}

/**
 * Records a verify's report with the dataset. A record written before reports were kept lacks the
 * column: it is added then (the table is bplab's own, one row).
 */
export async function recordVerifyReport(
  conn: Connection,
  schema: string,
  report: DatasetVerifyReport,
): Promise<void> {
  const sql = `UPDATE ${qualified(schema, META_TABLE)} SET verify_report = ? WHERE id = 1`;
  const json = JSON.stringify(report);
  try {
    await conn.query(sql, [json]);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ER_BAD_FIELD_ERROR') throw e;
    await conn.query(`ALTER TABLE ${qualified(schema, META_TABLE)} ADD COLUMN verify_report mediumtext NULL`);
    await conn.query(sql, [json]);
  }
}

function parseReport(text: unknown): DatasetVerifyReport | null {
  if (typeof text !== 'string' || text === '') return null;
  try {
    const parsed = JSON.parse(text) as DatasetVerifyReport;
    return parsed && typeof parsed === 'object' && Array.isArray(parsed.selectivity) ? parsed : null;
  } catch {
    return null;
  }
}

function parseCounts(text: unknown): TableRowCounts {
  if (typeof text !== 'string' || text === '') return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as TableRowCounts) : {};
  } catch {
    return {};
  }
}

const STATES: DatasetState[] = ['loading', 'complete', 'failed', 'cancelled'];

/** The dataset record of a schema, or null when the schema has no readable bplab record. */
export async function readDatasetRecord(conn: Connection, schema: string): Promise<DatasetInfo | null> {
  let rows: RowDataPacket[];
  try {
    [rows] = await conn.query<RowDataPacket[]>(`SELECT * FROM ${qualified(schema, META_TABLE)} WHERE id = 1`);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ER_NO_SUCH_TABLE' || code === 'ER_BAD_DB_ERROR') return null;
    throw e;
  }
  const r = rows[0];
  if (!r) return null;
  const state = STATES.includes(r.state as DatasetState) ? (r.state as DatasetState) : 'failed';
  return {
    schema,
    source: r.source === 'imported' ? 'imported' : 'generated',
    sf: r.sf === null ? null : Number(r.sf),
    seed: r.seed === null ? null : Number(r.seed),
    // A record written before modes existed has no generator_mode column: undefined, shown as unknown.
    mode: r.generator_mode === 'dbgen' || r.generator_mode === 'spec' ? r.generator_mode : null,
    engine: r.engine === 'MyISAM' ? 'MyISAM' : 'InnoDB',
    keysBuilt:
      r.keys_built === 'alter-add-keys' || r.keys_built === 'disable-enable-keys' ? r.keys_built : null,
    lineorderPk: Number(r.lineorder_pk) === 1,
    state,
    expectedRows: parseCounts(r.expected_rows),
    loadedRows: parseCounts(r.loaded_rows),
    startedAt: String(r.started_at),
    finishedAt: r.finished_at === null ? null : String(r.finished_at),
    error: r.error === null ? null : String(r.error),
    sourceDir: r.source_dir === null ? null : String(r.source_dir),
    bplabVersion: String(r.bplab_version),
    lastVerify: parseReport(r.verify_report),
  };
}

/** Schemas on the server holding a `_bplab_dataset` table. */
export async function datasetSchemas(conn: Connection): Promise<string[]> {
  const [rows] = await conn.query<RowDataPacket[]>(
    `SELECT TABLE_SCHEMA AS s FROM information_schema.TABLES WHERE TABLE_NAME = ? ORDER BY TABLE_SCHEMA`,
    [META_TABLE],
  );
  return rows.map((r) => String(r.s));
}
