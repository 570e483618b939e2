/**
 * The pool a traced run starts from: the server's INNODB_BUFFER_PAGE_LRU read on the control
 * connection just before bpftrace attaches (bufferpool/pool-pages.ts), kept beside the trace
 * (runs/<runId>.pagepool). The replay starts from these pages instead of an empty pool: after a
 * restart the pool already holds dictionary and system pages that a query requests too, and a hot
 * run's pool is what the runs before it left, exactly. One row per page of the pool.
 */
import { readColumnFile, writeColumnFile, type ColumnFileKind } from './column-file';

/** Pages by tablespace id and page number, from the LRU's tail to its head. */
export interface PoolPages {
  space: Uint32Array;
  page: Uint32Array;
}

const POOL_PAGES: ColumnFileKind = {
  format: 'bplab-pagepool-1',
  countKey: 'pages',
  what: 'a bplab pool page list',
};

/** A header line of JSON (the page count), then space and page as little-endian uint32 arrays. */
export function writePoolPages(path: string, pool: PoolPages): void {
  writeColumnFile(path, POOL_PAGES, pool.space.length, [pool.space, pool.page]);
}

export function readPoolPagesFile(path: string): PoolPages {
  const [space, page] = readColumnFile(path, POOL_PAGES, ['u32', 'u32']);
  return { space: space as Uint32Array, page: page as Uint32Array };
}
