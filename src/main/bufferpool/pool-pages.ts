/**
 * The pool's pages one by one, tail first: what a traced run's replay starts from (pagetrace/pool-start.ts
 * keeps them). Reading INNODB_BUFFER_PAGE_LRU reads no page and moves none: on MariaDB 11.4.5 and
 * MySQL 8.0.31 a second read right after finds the same pages.
 */
import type { PoolPages } from '../pagetrace/pool-start';
import type { Queryable } from './lru';
import { prepareWalkSession } from './walk-session';

/**
 * LRU_POSITION 0 is an instance's tail on every flavor (lru.ts, lruWalkSql); instances are interleaved
 * by position, which keeps each instance's own order (the simulator places a page by its id).
 * ACCESS_TIME is 0 for a page never accessed since it was read (a page read ahead and not yet used:
 * its first access will try read-ahead, and evicted unused it counts in Innodb_buffer_pool_read_ahead_evicted).
 * Old as lru.ts's walk reads it: IS_OLD where the server fills it (MySQL), else (MariaDB leaves it NULL)
 * LRU_POSITION < OLD_DATABASE_PAGES of its pool.
 */
export const POOL_PAGES_SQL = `SELECT l.SPACE AS s, l.PAGE_NUMBER AS p, l.ACCESS_TIME AS a, l.FREE_PAGE_CLOCK AS c,
       COALESCE(l.IS_OLD = 'YES', l.LRU_POSITION < s.OLD_DATABASE_PAGES) AS o
  FROM INFORMATION_SCHEMA.INNODB_BUFFER_PAGE_LRU l
  JOIN INFORMATION_SCHEMA.INNODB_BUFFER_POOL_STATS s ON s.POOL_ID = l.POOL_ID
 ORDER BY l.LRU_POSITION, l.POOL_ID`;

/** The pool's pages now, tail first; held in memory as a walk is (walk-session.ts says why). */
export async function readPoolPages(conn: Queryable): Promise<PoolPages> {
  await prepareWalkSession(conn);
  const rows = await conn.rows<{
    s: number | string;
    p: number | string;
    a: number | string;
    o: number | string | null;
    c: number | string;
  }>(POOL_PAGES_SQL);
  const space = new Uint32Array(rows.length);
  const page = new Uint32Array(rows.length);
  const accessTime = new Float64Array(rows.length);
  const old = new Uint32Array(rows.length);
  const freePageClock = new Float64Array(rows.length);
  rows.forEach((r, i) => {
    space[i] = Number(r.s);
    page[i] = Number(r.p);
    accessTime[i] = Number(r.a);
    old[i] = Number(r.o) === 1 ? 1 : 0;
    freePageClock[i] = Number(r.c);
  });
  return { space, page, state: { accessTime, old, freePageClock } };
}
