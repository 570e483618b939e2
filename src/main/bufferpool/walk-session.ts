/**
 * Keeps a walk of INNODB_BUFFER_PAGE_LRU from touching InnoDB. The server fills that table into an
 * internal temporary table with a row per page, and a row is wide (TABLE_NAME and INDEX_NAME are
 * VARCHAR(1024)): 6.9 KB per page on MySQL 8.0.31 in memory, so above 16 MB (the session's default
 * tmp_table_size and max_heap_table_size: ~2,400 pages) it goes to disk. On MySQL 5.7 and 8.0 the
 * on-disk temporary table is an InnoDB one, and closing its handle (ha_innobase::close →
 * srv_active_wake_master_thread) counts as server activity: the page cleaner then runs an LRU batch
 * on its next tick, which changes the pool being watched. Measured on 8.0.31 and 5.7.22 at a 128 MB
 * pool: every walk added 1 (8.0) or 2 (5.7) to INNODB_METRICS innodb_activity_count and one to
 * Created_tmp_disk_tables; with both limits raised for the session, none. (The other reads of the
 * poll loop, INNODB_BUFFER_POOL_STATS, INNODB_CACHED_INDEXES with INNODB_INDEXES and INNODB_TABLES,
 * INFORMATION_SCHEMA.FILES and mysql.innodb_index_stats, added none.)
 *
 * MariaDB turns the table's long VARCHARs into BLOBs, which its MEMORY engine cannot hold, so there
 * the walk goes to an Aria temporary table whatever the limits (not InnoDB: no activity, and its page
 * cleaner follows the reads anyway).
 *
 * The cost: the server holds the table in memory for the walk's length instead of writing compact
 * rows to a temporary file. That pays at small pools and not at large ones: at a 1 GB pool (65,536
 * pages, 0.45 GB in memory) the walk took 2.6 s against 1.15 s spilled (bench/runs.ts P3, MySQL 8.0.31,
 * load average 24), so above WALK_MEMORY_CAP the limits are left alone, the walk spills as before,
 * and the run's observer cost counts the LRU batches it causes.
 */

/** What the walk's session needs of a connection (lru.ts's Queryable, restated so neither imports the other). */
interface Queryable {
  rows<T = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<T[]>;
}

/** Bytes per page of the in-memory table, rounded up from 8.0.31's 6.9 KB (5.7's rows are no wider). */
export const WALK_BYTES_PER_PAGE = 8 * 1024;
/** Room beyond the pages: the server's own default, for the walk's GROUP BY table beside it. */
const WALK_MARGIN_BYTES = 16 * 1024 * 1024;
/** The most a walk is held in memory for: pools up to 14,336 pages (224 MB of 16 KB pages). */
export const WALK_MEMORY_CAP = 128 * 1024 * 1024;

/** The session limit that holds a walk of `pages` pages in memory. */
export function walkMemoryBytes(pages: number): number {
  return Math.ceil(pages) * WALK_BYTES_PER_PAGE + WALK_MARGIN_BYTES;
}

/** Pages each connection's limits were raised for (0: the raise was refused; walks may spill then). */
const prepared = new WeakMap<Queryable, number>();

/**
 * Raises the session's tmp_table_size and max_heap_table_size (never lowers them) so a walk of the
 * whole pool stays in memory: once per connection, and again after a walk found more pages than that
 * (the pool grew on a connection kept across a resize). Both are session variables, so no privilege
 * is needed; a server that refuses anyway leaves the walk as it was (it may spill to disk).
 */
export async function prepareWalkSession(conn: Queryable): Promise<void> {
  if (prepared.has(conn)) return;
  try {
    const [row] = await conn.rows<{ pages: unknown; tmp: unknown; heap: unknown }>(
      `SELECT SUM(POOL_SIZE) AS pages, @@SESSION.tmp_table_size AS tmp, @@SESSION.max_heap_table_size AS heap
         FROM INFORMATION_SCHEMA.INNODB_BUFFER_POOL_STATS`,
    );
    const pages = Number(row?.pages ?? 0);
    const bytes = walkMemoryBytes(pages);
    if (bytes > WALK_MEMORY_CAP) {
      prepared.set(conn, 0);
      return;
    }
    // Numbers, not GREATEST(@@…): MySQL 8.0 refuses an expression's type for these (1232).
    await conn.rows('SET SESSION tmp_table_size = ?, max_heap_table_size = ?', [
      Math.max(bytes, Number(row?.tmp ?? 0)),
      Math.max(bytes, Number(row?.heap ?? 0)),
    ]);
    prepared.set(conn, pages);
  } catch {
    prepared.set(conn, 0);
  }
}

/** After a walk: one that found more pages than the limits were raised for has them raised again next time. */
export function noteWalkPages(conn: Queryable, pages: number): void {
  const ready = prepared.get(conn);
  if (ready !== undefined && ready > 0 && pages > ready) prepared.delete(conn);
}
