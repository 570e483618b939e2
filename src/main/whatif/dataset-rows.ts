/**
 * The rows a query's plan walks, from the deterministic SSB generator (the dataset's SF and seed): per
 * table, in clustered-index order (the order the generator writes and the loader inserts), which rows
 * pass the query's conditions on that table and the values of its join columns.
 */
import type { GenerateOptions } from '../ssb/generator/source';
import { generatorRows, forEachLine, parseNumber, planQuery, type TblRows } from '../ssb/selectivity';
import { parseSsbQuery, type Condition } from '../ssb/query-parse';
import { SSB_COLUMNS } from '../ssb/tables';
import type { SsbTable } from '../../shared/datasets/datasets';
import type { TableRows } from '../../shared/whatif/plan-model';

/** Rows per table for one query; throws with the reason when the SQL is not an SSB query's shape. */
export async function queryRows(
  queryId: string,
  sql: string,
  opts: GenerateOptions,
  rows: TblRows = generatorRows(opts),
): Promise<Record<string, TableRows>> {
  const parsed = parseSsbQuery(sql);
  const plan = planQuery({ id: queryId, parsed });
  const named = new Set<string>();
  const collect = (c: Condition): void => {
    if (c.kind === 'and' || c.kind === 'or') c.args.forEach(collect);
    else named.add(c.column.toLowerCase());
  };
  collect(parsed.where);
  const out: Record<string, TableRows> = {};
  for (const d of plan.dims) {
    out[d.table] = await readTable(d.table, rows, [d.key], named, (values) => d.test(values));
  }
  const fks = plan.dims.map((d) => d.foreignKey);
  out.lineorder = await readTable('lineorder', rows, fks, named, (values) => plan.lineorderTest(values));
  return out;
}

async function readTable(
  table: SsbTable,
  rows: TblRows,
  joinColumns: number[],
  conditionColumns: Set<string>,
  test: (values: ReadonlyArray<number | string | undefined>) => boolean,
): Promise<TableRows> {
  const columns = SSB_COLUMNS[table];
  const kinds = columns.map((c) => c.kind);
  // Only the join columns and the ones the conditions name are converted (6M lineorder rows at SF 1).
  const wanted = columns.map((c, i) => joinColumns.includes(i) || conditionColumns.has(c.name.toLowerCase()));
  const last = wanted.lastIndexOf(true);
  const values: Array<number | string | undefined> = new Array(kinds.length).fill(undefined);
  const joinValues = joinColumns.map(() => [] as number[]);
  const pass: number[] = [];
  await forEachLine(rows(table), (buf, start, end) => {
    let field = 0;
    let fieldStart = start;
    for (let i = start; i <= end && field <= last; i++) {
      if (i < end && buf[i] !== 0x7c) continue;
      if (wanted[field])
        values[field] =
          kinds[field] === 'number' ? parseNumber(buf, fieldStart, i) : buf.toString('latin1', fieldStart, i);
      field++;
      fieldStart = i + 1;
    }
    joinColumns.forEach((c, k) => joinValues[k]!.push(values[c] as number));
    pass.push(test(values) ? 1 : 0);
  });
  const named: Record<string, Int32Array> = {};
  joinColumns.forEach((c, k) => (named[columns[c]!.name.toLowerCase()] = Int32Array.from(joinValues[k]!)));
  return { table, rows: pass.length, pass: Uint8Array.from(pass), columns: named };
}
