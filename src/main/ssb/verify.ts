/**
 * Verifies a dataset: every table holds the rows its source produced (as the dataset record says),
 * and the 13 queries keep the share of lineorder the benchmark is built around (the reference
 * fractions from dbgen at SF 1, judged by src/shared/datasets/ssb-reference.ts). Counts come from the
 * queries' own count form (SELECT COUNT(*) over the same joins and WHERE), so what is checked is
 * what the runs will execute.
 */
import type { Connection, RowDataPacket } from 'mysql2/promise';
import type { DatasetVerifyReport, SelectivityCheck, TableCountCheck } from '../../shared/datasets/datasets';
import { AppFailure } from '../../shared/result';
import {
  SSB_REFERENCE,
  judgeSelectivity,
  REFERENCE_LINEORDER_ROWS,
  type DatasetSize,
} from '../../shared/datasets/ssb-reference';
import { readDatasetRecord, recordVerifyReport } from './dataset-meta';
import { baseQueries, loadSsbQueries, type SsbQuery } from './queries';
import { SSB_SCHEMA_TABLES, qualified, quoteIdent } from './schema';
import { sqlFailure } from '../db/errors';

async function count(conn: Connection, sql: string, doing: string): Promise<number> {
  try {
    const [rows] = await conn.query<RowDataPacket[]>({ sql, rowsAsArray: true });
    return Number((rows[0] as unknown as unknown[])[0]);
  } catch (e) {
    throw sqlFailure(e, doing);
  }
}

export interface VerifyOptions {
  /** The query set (defaults to queries/ssb); tests and the CLI may pass their own folder's. */
  queries?: readonly SsbQuery[];
  /** Called before each count: what it counts, how many are done, of how many. */
  onStep?: (step: string, done: number, total: number) => void;
}

export async function verifyDataset(
  conn: Connection,
  schema: string,
  opts: VerifyOptions = {},
): Promise<DatasetVerifyReport> {
  const started = performance.now();
  const info = await readDatasetRecord(conn, schema).catch((e) => {
    throw sqlFailure(e, `read the dataset record of ${schema}`);
  });
  if (!info)
    throw AppFailure.of('NOT_FOUND', `${schema} is not a bplab dataset (it has no _bplab_dataset table).`, {
      hint: 'Pick a schema from the dataset list.',
    });

  refuseUnverifiable(schema, info.state, info.error);

  const total = SSB_SCHEMA_TABLES.length + SSB_REFERENCE.length;
  const tables: TableCountCheck[] = [];
  for (const [index, table] of SSB_SCHEMA_TABLES.entries()) {
    opts.onStep?.(`rows of ${table}`, index, total);
    const actualRows = await count(
      conn,
      `SELECT COUNT(*) FROM ${qualified(schema, table)}`,
      `count the rows of ${table}`,
    );
    const expectedRows = info.expectedRows[table] ?? null;
    tables.push({
      table,
      expectedRows,
      actualRows,
      pass: expectedRows !== null && actualRows === expectedRows,
    });
  }
  const rowsOf = (t: string) => tables.find((c) => c.table === t)?.actualRows ?? 0;
  const size: DatasetSize = {
    lineorder: rowsOf('lineorder'),
    customer: rowsOf('customer'),
    supplier: rowsOf('supplier'),
    part: rowsOf('part'),
  };

  const queries = baseQueries(opts.queries ?? loadSsbQueries());
  await conn.query(`USE ${quoteIdent(schema)}`);
  const selectivity: SelectivityCheck[] = [];
  for (const [index, ref] of SSB_REFERENCE.entries()) {
    const query = queries.find((q) => q.id === ref.id);
    if (!query) throw AppFailure.of('NOT_FOUND', `The SSB query file for ${ref.id} is missing.`);
    opts.onStep?.(ref.id, SSB_SCHEMA_TABLES.length + index, total);
    const t0 = performance.now();
    const keptRows = await count(conn, query.countSql, `count the rows ${ref.id} keeps`);
    const fraction = size.lineorder > 0 ? keptRows / size.lineorder : 0;
    selectivity.push({
      id: ref.id,
      keptRows,
      fraction,
      referenceFraction: ref.fraction,
      ratio: fraction / ref.fraction,
      durationMs: Math.round(performance.now() - t0),
      ...judgeSelectivity(ref, keptRows, size),
    });
  }

  opts.onStep?.('done', total, total);
  const judged = selectivity.filter((q) => q.verdict !== 'too-small').length;
  const report: DatasetVerifyReport = {
    schema,
    checkedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
    state: info.state,
    tables,
    selectivity,
    scale: size.lineorder / REFERENCE_LINEORDER_ROWS,
    judged,
    // A query too small to judge neither passes nor fails; with none judged, nothing was shown.
    pass:
      info.state === 'complete' &&
      tables.every((t) => t.pass) &&
      judged > 0 &&
      selectivity.every((q) => q.verdict !== 'fail'),
  };
  await recordVerifyReport(conn, schema, report).catch((e) => {
    throw sqlFailure(e, `record the verify report in ${schema}`);
  });
  return report;
}

/**
 * Only a complete dataset can be verified: a failed, cancelled or interrupted load holds some rows
 * and no promise about them, and a loading one is still changing.
 */
function refuseUnverifiable(schema: string, state: string, error: string | null): void {
  if (state === 'complete') return;
  if (state === 'loading')
    throw AppFailure.of('BUSY', `${schema} is still loading, so it cannot be verified yet.`, {
      hint: 'Verify it once the load is complete.',
      details: { schema, state },
    });
  const why =
    state === 'failed'
      ? `its load failed${error ? ` (${error})` : ''}`
      : state === 'cancelled'
        ? 'its load was cancelled'
        : state === 'interrupted'
          ? 'its load was interrupted (the process loading it is gone)'
          : `its state is ${state}`;
  throw AppFailure.of(
    'INVALID_ARGUMENT',
    `${schema} cannot be verified: ${why}, so it holds only part of its rows.`,
    { hint: 'Drop it and load it again.', details: { schema, state } },
  );
}
