/** The pages per index of a schema as the server counts them (persistent statistics): the what-if simulator's page layout. */
import type { IndexPageCount } from '../../shared/runs/runs';
import type { Queryable } from './lru';

/**
 * n_leaf_pages and size per index from mysql.innodb_index_stats (MySQL 5.6+, MariaDB 10.0+). The
 * loader runs ANALYZE TABLE after building the keys, so a dataset's figures count its loaded rows.
 */
export async function readIndexPages(conn: Queryable, schema: string): Promise<IndexPageCount[]> {
  const rows = await conn.rows<{
    table_name: string;
    index_name: string;
    stat_name: string;
    stat_value: unknown;
  }>(
    `SELECT table_name, index_name, stat_name, stat_value FROM mysql.innodb_index_stats
      WHERE database_name = ? AND stat_name IN ('n_leaf_pages', 'size') ORDER BY table_name, index_name`,
    [schema],
  );
  const byIndex = new Map<string, IndexPageCount>();
  for (const r of rows) {
    const key = `${r.table_name}/${r.index_name}`;
    const p = byIndex.get(key) ?? { table: r.table_name, index: r.index_name, leafPages: 0, sizePages: 0 };
    if (r.stat_name === 'n_leaf_pages') p.leafPages = Number(r.stat_value);
    else p.sizePages = Number(r.stat_value);
    byIndex.set(key, p);
  }
  return [...byIndex.values()];
}
