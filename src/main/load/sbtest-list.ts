/**
 * The OLTP datasets on a server, for the datasets list: each schema holding sysbench 1.0's tables
 * sbtest1..N (id, k, c, pad), with each table's rows and bytes. The rows are the largest id: sysbench
 * numbers its rows 1..N, and reading that off the primary key is instant where COUNT(*) scans.
 */
import type { Connection, RowDataPacket } from 'mysql2/promise';
import type { OltpDataset } from '../../shared/datasets/datasets';
import { quoteIdent } from '../ssb/schema';

export async function listSbtestDatasets(c: Connection): Promise<OltpDataset[]> {
  // MySQL 8 caches table sizes for a day: a table just prepared would show none.
  await c.query('SET SESSION information_schema_stats_expiry = 0').catch(() => {});
  const [tables] = await c.query<RowDataPacket[]>(
    `SELECT t.TABLE_SCHEMA AS s, t.TABLE_NAME AS n, t.DATA_LENGTH + t.INDEX_LENGTH AS b
       FROM information_schema.TABLES t
      WHERE t.TABLE_TYPE = 'BASE TABLE' AND t.TABLE_NAME REGEXP '^sbtest[0-9]+$'
        AND (SELECT COUNT(*) FROM information_schema.COLUMNS x
              WHERE x.TABLE_SCHEMA = t.TABLE_SCHEMA AND x.TABLE_NAME = t.TABLE_NAME
                AND x.COLUMN_NAME IN ('id', 'k', 'c', 'pad')) = 4`,
  );
  const bySchema = new Map<string, OltpDataset>();
  for (const t of tables) {
    const schema = String(t.s);
    const name = String(t.n);
    const [[max]] = (await c.query<RowDataPacket[]>(
      `SELECT COALESCE(MAX(id), 0) AS m FROM ${quoteIdent(schema)}.${quoteIdent(name)}`,
    )) as unknown as [[{ m: number | string }]];
    const d = bySchema.get(schema) ?? { kind: 'oltp' as const, schema, tables: [], rows: 0, bytes: 0 };
    const rows = Number(max?.m ?? 0);
    const bytes = Number(t.b ?? 0);
    d.tables.push({ name, rows, bytes });
    d.rows += rows;
    d.bytes += bytes;
    bySchema.set(schema, d);
  }
  const ordinal = (name: string) => Number(name.slice('sbtest'.length));
  return [...bySchema.values()]
    .map((d) => ({ ...d, tables: d.tables.sort((a, b) => ordinal(a.name) - ordinal(b.name)) }))
    .sort((a, b) => a.schema.localeCompare(b.schema));
}
