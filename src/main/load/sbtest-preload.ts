// Reads sysbench's tables whole into the buffer pool, so that a load (or a side of the mixed preset) starts on a pool that holds them.
import { quoteIdent } from '../ssb/schema';

/**
 * Reads sbtest1..N of `schema` that exist whole into the pool (the clustered index by a scan that must
 * read every row, then the k index); the seconds it took, or null when none exists yet.
 */
export async function preloadSbtest(
  query: (sql: string) => Promise<unknown>,
  schema: string,
  tables: number,
): Promise<number | null> {
  const started = performance.now();
  let read = 0;
  for (let n = 1; n <= tables; n++) {
    const t = `${quoteIdent(schema)}.${quoteIdent(`sbtest${n}`)}`;
    try {
      await query(`SELECT COUNT(*) FROM ${t} FORCE INDEX (PRIMARY) WHERE pad <> ''`);
      await query(`SELECT COUNT(*) FROM ${t} FORCE INDEX (k_${n}) WHERE k >= 0`);
      read++;
    } catch {
      // Not there yet (or not whole): a sweep prepares it, and a prepared table's pages are in the pool.
    }
  }
  return read > 0 ? (performance.now() - started) / 1000 : null;
}
