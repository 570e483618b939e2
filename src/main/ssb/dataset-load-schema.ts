/**
 * Where a load writes: the server's local_infile checked, the schema created (never over one bplab
 * did not make), and the dataset's record marked failed or cancelled when the load does not finish.
 */
import type { Connection, RowDataPacket } from 'mysql2/promise';
import type { TableRowCounts } from '../../shared/datasets/datasets';
import { AppFailure } from '../../shared/result';
import { LOCAL_INFILE_HINT, sqlFailure } from '../db/errors';
import { createMetaTableSql, META_TABLE, readDatasetRecord, updateDatasetRecord } from './dataset-meta';
import { createDatabaseSql, quoteIdent } from './schema';

export async function checkLocalInfile(conn: Connection): Promise<void> {
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
export async function prepareSchema(
  conn: Connection,
  plan: { schema: string; replace?: boolean },
): Promise<void> {
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
    if (names.length === 0) return createMetaTable(conn, plan.schema);
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
  await createMetaTable(conn, plan.schema);
}

async function createMetaTable(conn: Connection, schema: string): Promise<void> {
  await run(conn, createMetaTableSql(schema), `create bplab's dataset record in ${schema}`);
}

/** Marks the dataset failed or cancelled, on a fresh connection if the control one is gone. */
export async function recordFailure(
  connect: () => Promise<Connection>,
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
    const fresh = await connect().catch(() => undefined);
    if (!fresh) return;
    await updateDatasetRecord(fresh, schema, update).catch(() => undefined);
    await fresh.end().catch(() => undefined);
  }
}

/** A statement whose failure is said in words: `doing` names what it was for. */
export async function run(conn: Connection, sql: string, doing: string): Promise<void> {
  try {
    await conn.query(sql);
  } catch (e) {
    throw sqlFailure(e, doing);
  }
}

const nowIso = () => new Date().toISOString();
