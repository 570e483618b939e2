/**
 * `sysbench prepare`, done the SSB loader's way: each missing sbtest table is created, its rows
 * streamed into LOAD DATA LOCAL INFILE (nothing written to disk), then its k_N index built, two tables
 * at a time; tables already there with the asked rows are reused as they are. Cancel KILLs the
 * statement running; a killed load rolls back, leaving an empty table the next prepare fills.
 */
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { AppFailure } from '../../shared/result';
import { formatCount } from '../../shared/format';
import { CancellableConnection } from '../db/cancellable';
import { sqlFailure } from '../db/errors';
import { countLines, feed, runInfile, socketOf } from '../ssb/infile-feed';
import { checkLocalInfile } from '../ssb/dataset-load-schema';
import { quoteIdent, validateSchemaName } from '../ssb/schema';
import { createKIndexSql, createSbtestSql, loadSbtestSql, tableName } from './sbtest-schema';
import { sbtestRows } from './sbtest-rows';

export interface PrepareProgress {
  /** Rows loaded so far over the tables being prepared, and their total. */
  rows: number;
  totalRows: number;
  message: string;
}

export interface PrepareOutcome {
  prepared: string[];
  reused: string[];
  seconds: number;
}

/** What one sbtest table holds now. */
type TableState = { kind: 'missing' } | { kind: 'empty' } | { kind: 'ready'; hasK: boolean };

/** Tables loaded at once: a 2-core machine's server takes two LOAD DATA streams well. */
const LANES = 2;

export async function prepareSbtest(
  connect: () => Promise<Connection>,
  plan: { schema: string; tables: number; rows: number },
  onProgress: (p: PrepareProgress) => void,
  signal?: AbortSignal,
): Promise<PrepareOutcome> {
  validateSchemaName(plan.schema);
  const started = performance.now();
  const opened: Connection[] = [];
  const open = async () => {
    try {
      const c = await connect();
      opened.push(c);
      return c;
    } catch (e) {
      throw sqlFailure(e, 'connect to the server');
    }
  };
  try {
    const control = await open();
    await run(control, `CREATE DATABASE IF NOT EXISTS ${quoteIdent(plan.schema)}`, 'create the schema');
    const todo: Array<{ n: number; state: TableState }> = [];
    const reused: string[] = [];
    for (let n = 1; n <= plan.tables; n++) {
      const state = await tableState(control, plan.schema, n, plan.rows);
      if (state.kind === 'ready' && state.hasK) reused.push(tableName(n));
      else todo.push({ n, state });
    }
    const loading = todo.filter((t) => t.state.kind !== 'ready');
    if (loading.length > 0) await checkLocalInfile(control);
    const totalRows = loading.length * plan.rows;
    const done = new Map<number, number>();
    const report = (message: string) => {
      let rows = 0;
      for (const r of done.values()) rows += r;
      onProgress({ rows, totalRows, message });
    };
    report(
      todo.length === 0
        ? `sbtest1..${plan.tables} are in place (${formatCount(plan.rows)} rows each)`
        : `preparing ${todo.length} of ${plan.tables} tables (${formatCount(plan.rows)} rows each)`,
    );
    const queue = [...todo];
    const stop = new AbortController();
    const onCancel = () => stop.abort();
    signal?.addEventListener('abort', onCancel, { once: true });
    if (signal?.aborted) stop.abort();
    let firstError: unknown;
    const lane = async () => {
      const conn = await open();
      const cancellable = await CancellableConnection.of(conn, { connection: control });
      try {
        for (let next = queue.shift(); next; next = queue.shift()) {
          if (stop.signal.aborted) return;
          const { n, state } = next;
          if (state.kind === 'missing') await run(conn, createSbtestSql(plan.schema, n), `create sbtest${n}`);
          if (state.kind !== 'ready') {
            await loadTable(cancellable, plan, n, stop.signal, (rows) => {
              done.set(n, rows);
              report(`loading sbtest${n}`);
            });
          }
          if (stop.signal.aborted) return;
          report(`building k_${n} on sbtest${n}`);
          await cancellable.run((c) => run(c, createKIndexSql(plan.schema, n), `index sbtest${n}`), {
            signal: stop.signal,
          });
          // Statistics of the loaded rows (MySQL recalculates them later, in the background): the
          // datasets list and an experiment's pool-to-data share read the table's size from them.
          await run(
            conn,
            `ANALYZE TABLE ${quoteIdent(plan.schema)}.${quoteIdent(tableName(n))}`,
            `analyze sbtest${n}`,
          );
        }
      } catch (e) {
        firstError ??= e;
        stop.abort();
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(LANES, todo.length) }, lane));
    } finally {
      signal?.removeEventListener('abort', onCancel);
    }
    if (signal?.aborted)
      throw AppFailure.of('CANCELLED', `Preparing the sbtest tables of ${plan.schema} was cancelled.`, {
        hint: 'The tables already complete are kept and reused next time; a table cut short is left empty and filled next time.',
      });
    if (firstError !== undefined) throw firstError;
    return {
      prepared: todo.map((t) => tableName(t.n)),
      reused,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await Promise.allSettled(opened.map((c) => c.end()));
  }
}

/** Whether sbtestN is there, with sysbench's columns and 1..rows ids, and its k index. */
async function tableState(conn: Connection, schema: string, n: number, rows: number): Promise<TableState> {
  const [columns] = await conn.query<RowDataPacket[]>(
    'SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
    [schema, tableName(n)],
  );
  if (columns.length === 0) return { kind: 'missing' };
  const names = columns.map((c) => String(c.name).toLowerCase()).join(',');
  if (names !== 'id,k,c,pad')
    throw AppFailure.of(
      'ALREADY_EXISTS',
      `${schema}.${tableName(n)} exists but is not a sysbench table (its columns are ${names}); bplab will not touch it.`,
      { hint: 'Choose another schema (--schema NAME), or drop that table.' },
    );
  const [stats] = await conn.query<RowDataPacket[]>(
    `SELECT MAX(id) AS maxId, MIN(id) AS minId FROM ${quoteIdent(schema)}.${tableName(n)}`,
  );
  const maxId = stats[0]?.maxId === null ? 0 : Number(stats[0]?.maxId);
  if (maxId === 0) return { kind: 'empty' };
  if (maxId !== rows || Number(stats[0]?.minId) !== 1)
    throw AppFailure.of(
      'ALREADY_EXISTS',
      `${schema}.${tableName(n)} already holds ids ${formatCount(Number(stats[0]?.minId))} to ${formatCount(maxId)}, not 1 to ${formatCount(rows)}.`,
      {
        hint: `Load with --rows ${maxId} to reuse it, choose another schema (--schema NAME), or drop the sbtest tables.`,
      },
    );
  const [keys] = await conn.query<RowDataPacket[]>(
    'SELECT 1 FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME = ?',
    [schema, tableName(n), `k_${n}`],
  );
  return { kind: 'ready', hasK: keys.length > 0 };
}

async function loadTable(
  lane: CancellableConnection,
  plan: { schema: string; rows: number },
  n: number,
  signal: AbortSignal,
  onRows: (rows: number) => void,
): Promise<void> {
  let rows = 0;
  const stopper = new AbortController();
  const stream = feed(
    sbtestRows(plan.rows, n),
    socketOf(lane.conn),
    stopper.signal,
    (chunk) => onRows((rows += countLines(chunk))),
    async () => void (await lane.cancel()),
  );
  const { result, error: loadError } = await runInfile(
    lane,
    loadSbtestSql(plan.schema, n),
    stream,
    signal,
    stopper,
  );
  if (signal.aborted) return;
  if (loadError !== undefined) throw sqlFailure(loadError, `load sbtest${n}`);
  if (result?.affectedRows !== plan.rows)
    throw AppFailure.of(
      'INTERNAL',
      `sbtest${n}: bplab sent ${formatCount(plan.rows)} rows and the server stored ${formatCount(result?.affectedRows ?? 0)}.`,
    );
}

async function run(conn: Connection, sql: string, doing: string): Promise<void> {
  try {
    await conn.query(sql);
  } catch (e) {
    throw sqlFailure(e, doing);
  }
}
