/**
 * How old pages are told from young on a server, decided by reading its LRU once: by the IS_OLD flag
 * where every page has one, else by LRU_POSITION < OLD_DATABASE_PAGES (MariaDB's IS_OLD is NULL).
 * The capability report shows this decision; runs use the same one.
 */
import type { LruOldMethod } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import type { ServerConnection } from '../db/connections';

/**
 * One pass over the LRU, joined with the pool stats so both come from the same statement: how many
 * pages, how many have no IS_OLD flag, and where IS_OLD disagrees with LRU_POSITION < OLD_DATABASE_PAGES
 * (LRU_POSITION 0 is the tail, where the old sublist ends).
 */
const LRU_AGREEMENT_SQL = `
SELECT COUNT(*) AS pages,
       COALESCE(SUM(l.IS_OLD IS NULL), 0) AS unflagged,
       COALESCE(SUM(l.IS_OLD IS NOT NULL AND (l.IS_OLD = 'YES') <> (l.LRU_POSITION < s.OLD_DATABASE_PAGES)), 0) AS mismatches
  FROM INFORMATION_SCHEMA.INNODB_BUFFER_PAGE_LRU l
  JOIN INFORMATION_SCHEMA.INNODB_BUFFER_POOL_STATS s ON s.POOL_ID = l.POOL_ID`;

/**
 * What changes the order or the old/young split of the LRU, per pool. Equal before and after the
 * page-list read means nothing moved while it was read, so IS_OLD and the LRU_POSITION rule can be
 * compared fairly. (Page gets are left out: a hit on a young page does not move it.)
 */
const POOL_FINGERPRINT_SQL = `
SELECT GROUP_CONCAT(CONCAT_WS(':', POOL_ID, DATABASE_PAGES, OLD_DATABASE_PAGES, NUMBER_PAGES_READ,
                              NUMBER_PAGES_CREATED, PAGES_MADE_YOUNG) ORDER BY POOL_ID) AS f
  FROM INFORMATION_SCHEMA.INNODB_BUFFER_POOL_STATS`;

export interface LruProbe {
  readable: boolean;
  /** Set when the read failed. */
  failure?: AppFailure;
  pages: number;
  unflagged: number;
  mismatches: number;
  /** How many times the page list was read (more than once only while the pool was changing). */
  reads: number;
  /** Whether the pool stood still during the read that is reported. */
  stable: boolean;
}

const MAX_LRU_READS = 6;
/** Pause before a repeated read, growing each time, to let a burst of activity pass. */
const LRU_REREAD_PAUSE_MS = 200;

/**
 * Reads the LRU and compares IS_OLD with LRU_POSITION < OLD_DATABASE_PAGES. The page list and the pool
 * stats are filled one after the other, so on a busy server the pool can move in between; a read is
 * trusted when the pool's fingerprint is the same before and after it, else it is repeated (at most
 * MAX_LRU_READS times) and, if the pool never stands still, the closest agreement is kept.
 */
export async function probeLru(c: ServerConnection): Promise<LruProbe> {
  type Row = { pages: unknown; unflagged: unknown; mismatches: unknown };
  let best: LruProbe | undefined;
  for (let read = 1; read <= MAX_LRU_READS; read++) {
    let row: Row | undefined;
    let stable: boolean;
    try {
      const [before] = await c.rows<{ f: unknown }>(POOL_FINGERPRINT_SQL);
      [row] = await c.rows<Row>(LRU_AGREEMENT_SQL);
      const [after] = await c.rows<{ f: unknown }>(POOL_FINGERPRINT_SQL);
      stable = String(before?.f) === String(after?.f);
    } catch (e) {
      if (!(e instanceof AppFailure) || e.error.code === 'CONNECTION_LOST') throw e;
      return {
        readable: false,
        failure: e,
        pages: 0,
        unflagged: 0,
        mismatches: 0,
        reads: read,
        stable: false,
      };
    }
    const probe: LruProbe = {
      readable: true,
      pages: Number(row?.pages ?? 0),
      unflagged: Number(row?.unflagged ?? 0),
      mismatches: Number(row?.mismatches ?? 0),
      reads: read,
      stable,
    };
    if (stable || probe.unflagged > 0) return probe;
    if (!best || probe.mismatches < best.mismatches) best = probe;
    best.reads = read;
    if (read < MAX_LRU_READS) await new Promise((resolve) => setTimeout(resolve, LRU_REREAD_PAUSE_MS * read));
  }
  return best as LruProbe;
}

export function lruOldMethod(lru: LruProbe): LruOldMethod {
  const isOldUsable = lru.readable && lru.pages > 0 && lru.unflagged === 0;
  if (!isOldUsable) return { method: 'lru-position', isOldUsable: false };
  return {
    method: 'is-old',
    isOldUsable,
    agreement: { pagesCompared: lru.pages, mismatches: lru.mismatches },
  };
}

/**
 * The same decision for a run, from one read of the LRU: IS_OLD where every page has it, else the
 * LRU position. (The capability report's repeated reads only matter for how well the two agree.)
 */
export async function oldMethodOf(c: ServerConnection): Promise<LruOldMethod['method']> {
  type Row = { pages: unknown; unflagged: unknown };
  try {
    const [row] = await c.rows<Row>(LRU_AGREEMENT_SQL);
    return lruOldMethod({
      readable: true,
      pages: Number(row?.pages ?? 0),
      unflagged: Number(row?.unflagged ?? 0),
      mismatches: 0,
      reads: 1,
      stable: true,
    }).method;
  } catch (e) {
    if (!(e instanceof AppFailure) || e.error.code === 'CONNECTION_LOST') throw e;
    return 'lru-position';
  }
}
