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
  /** Each page's INNODB_BUFFER_PAGE_LRU ACCESS_TIME, IS_OLD (1) and FREE_PAGE_CLOCK; absent from a file kept before them. */
  state?: { accessTime: Float64Array; old: Uint32Array; freePageClock: Float64Array };
}

/** The first files: space and page only. Still read. */
const POOL_PAGES_1: ColumnFileKind = {
  format: 'bplab-pagepool-1',
  countKey: 'pages',
  what: 'a bplab pool page list',
};

const POOL_PAGES: ColumnFileKind = { ...POOL_PAGES_1, format: 'bplab-pagepool-2' };

/** A header line of JSON (the page count), then space, page, access time, old flag and page clock, little-endian. */
export function writePoolPages(path: string, pool: PoolPages): void {
  const n = pool.space.length;
  const state = pool.state ?? {
    accessTime: new Float64Array(n),
    old: new Uint32Array(n),
    freePageClock: new Float64Array(n),
  };
  writeColumnFile(path, POOL_PAGES, n, [
    pool.space,
    pool.page,
    state.accessTime,
    state.old,
    state.freePageClock,
  ]);
}

export function readPoolPagesFile(path: string): PoolPages {
  const { format, columns } = readColumnFile(path, [
    { kind: POOL_PAGES, columns: ['u32', 'u32', 'f64', 'u32', 'f64'] },
    { kind: POOL_PAGES_1, columns: ['u32', 'u32'] },
  ]);
  const [space, page, accessTime, old, freePageClock] = columns;
  if (format === POOL_PAGES_1.format) return { space: space as Uint32Array, page: page as Uint32Array };
  return {
    space: space as Uint32Array,
    page: page as Uint32Array,
    state: {
      accessTime: accessTime as Float64Array,
      old: old as Uint32Array,
      freePageClock: freePageClock as Float64Array,
    },
  };
}
