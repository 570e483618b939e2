/**
 * The buffer pool as SQL reads it: INNODB_BUFFER_POOL_STATS (cheap) and one walk of
 * INNODB_BUFFER_PAGE_LRU (costly: the server walks the whole LRU under the pool's mutex, and a WHERE
 * clause does not make it cheaper). One walk, grouped on the server by pool, bucket of LRU positions,
 * table and index, gives both the LRU composition and the LRU map, so few rows cross the wire and the
 * two always describe the same moment.
 */
import { performance } from 'node:perf_hooks';
import {
  NO_INDEX,
  NO_TABLE,
  noIndexPages,
  type LruComposition,
  type LruIndexPages,
  type LruMapFrame,
  type PoolStats,
} from '../../shared/runs/runs';
import { readTablespaceNames, spaceLabel, type TablespaceNames } from './tablespaces';
import { noteWalkPages, prepareWalkSession } from './walk-session';

/** What the buffer-pool reads need of a connection (ServerConnection has it). */
export interface Queryable {
  rows<T = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<T[]>;
}

export type OldMethod = LruComposition['oldMethod'];

/** One group of the walk: pages of one index within one bucket of LRU positions of one pool. */
export interface LruCell {
  poolId: number;
  /** Counted from the tail: bucket 0 holds LRU_POSITION 0 .. bucketPages-1. */
  bucketFromTail: number;
  table: string;
  index: string;
  pages: number;
  oldPages: number;
  records: number;
  dataSizeBytes: number;
  /** Highest LRU_POSITION seen in this group, to know each pool's LRU length from the same walk. */
  maxPosition: number;
}

export interface LruWalk {
  cells: LruCell[];
  /** Wall time of the statement, as this process saw it (the cost of a snapshot end to end). */
  costMs: number;
  oldMethod: OldMethod;
  bucketPages: number;
}

/**
 * The walk's SQL. MySQL flags old pages (IS_OLD); MariaDB leaves IS_OLD NULL, so there a page is old
 * when LRU_POSITION < OLD_DATABASE_PAGES of its pool (LRU_POSITION 0 is the tail, where the old
 * sublist ends).
 */
export function lruWalkSql(oldMethod: OldMethod): string {
  const old = oldMethod === 'is-old' ? "SUM(l.IS_OLD = 'YES')" : 'SUM(l.LRU_POSITION < s.OLD_DATABASE_PAGES)';
  const join =
    oldMethod === 'is-old'
      ? ''
      : '\n  JOIN INFORMATION_SCHEMA.INNODB_BUFFER_POOL_STATS s ON s.POOL_ID = l.POOL_ID';
  return `SELECT l.POOL_ID AS pool, FLOOR(l.LRU_POSITION / ?) AS bucket, l.TABLE_NAME AS tbl, l.INDEX_NAME AS idx,
       IF(l.TABLE_NAME IS NULL, l.SPACE, NULL) AS space,
       COUNT(*) AS pages, ${old} AS old, SUM(l.NUMBER_RECORDS) AS recs, SUM(l.DATA_SIZE) AS bytes,
       MAX(l.LRU_POSITION) AS maxpos
  FROM INFORMATION_SCHEMA.INNODB_BUFFER_PAGE_LRU l${join}
 GROUP BY l.POOL_ID, bucket, l.TABLE_NAME, l.INDEX_NAME, space`;
}

/** A bucket so large that the walk is grouped per table and index only (a composition, no map). */
export const WHOLE_POOL_BUCKET = 2 ** 31;

interface WalkRow {
  pool: number | string;
  bucket: number | string;
  tbl: string | null;
  idx: string | null;
  space: number | string | null;
  pages: number | string;
  old: number | string | null;
  recs: number | string | null;
  bytes: number | string | null;
  maxpos: number | string;
}

export async function walkLru(
  conn: Queryable,
  oldMethod: OldMethod,
  bucketPages = WHOLE_POOL_BUCKET,
): Promise<LruWalk> {
  // Held in memory, so the walk opens no InnoDB temporary table (walk-session.ts says why).
  await prepareWalkSession(conn);
  const started = performance.now();
  const rows = await conn.rows<WalkRow>(lruWalkSql(oldMethod), [bucketPages]);
  const costMs = performance.now() - started;
  noteWalkPages(
    conn,
    rows.reduce((n, r) => n + Number(r.pages), 0),
  );
  const spaces = await spaceNamesFor(conn, rows);
  return {
    cells: rows.map((r) => ({
      poolId: Number(r.pool),
      bucketFromTail: Number(r.bucket),
      table: r.tbl ? tableLabel(r.tbl) : spaceLabel(spaces, r.space === null ? null : Number(r.space)),
      index: r.idx ?? NO_INDEX,
      pages: Number(r.pages),
      oldPages: Number(r.old ?? 0),
      records: Number(r.recs ?? 0),
      dataSizeBytes: Number(r.bytes ?? 0),
      maxPosition: Number(r.maxpos),
    })),
    costMs,
    oldMethod,
    bucketPages,
  };
}

/** Tablespace names per connection, read at its first walk and again when a walk meets a new space. */
const spaceNamesCache = new WeakMap<Queryable, { names: Map<number, string>; asked: Set<number> }>();

async function spaceNamesFor(conn: Queryable, rows: WalkRow[]): Promise<TablespaceNames> {
  const spaces = rows.filter((r) => !r.tbl && r.space !== null).map((r) => Number(r.space));
  let known = spaceNamesCache.get(conn);
  // Asked once per space: one the server cannot name (dropped since) does not cost a lookup per walk.
  if (!known || spaces.some((s) => !known!.asked.has(s))) {
    const names = await readTablespaceNames(conn);
    known = { names, asked: new Set([...names.keys(), ...spaces, ...(known?.asked ?? [])]) };
    spaceNamesCache.set(conn, known);
  }
  return known.names;
}

/**
 * "`ssb_sf1`.`lineorder`" → "ssb_sf1.lineorder" (as the result and the live view name tables); MySQL 5.5
 * writes "ssb_sf1/lineorder", and its own dictionary tables bare ("SYS_TABLES").
 */
const labels = new Map<string, string>();
const LABELS_KEPT = 10_000;

export function tableLabel(raw: string | null): string {
  if (raw === null || raw === '') return NO_TABLE;
  // A walk names the same few tables on thousands of rows: each name is unquoted once.
  let label = labels.get(raw);
  if (label === undefined) {
    if (labels.size >= LABELS_KEPT) labels.clear();
    label = unquotedTable(raw);
    labels.set(raw, label);
  }
  return label;
}

function unquotedTable(raw: string): string {
  // 5.5 writes characters a file name cannot hold as @hhhh ("ssb@002d1" for "ssb-1").
  if (!raw.includes('`'))
    return raw
      .replace('/', '.')
      .replace(/@([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return raw.replace(/`((?:[^`]|``)*)`/g, (_, name: string) => name.replaceAll('``', '`'));
}

/** The walk summed per table and index, most pages first (the post's composition table). */
export function compositionOf(walk: LruWalk, atMs: number): LruComposition {
  // Per table, per index: no key string built per cell.
  const byTable = new Map<string, Map<string, LruIndexPages>>();
  let databasePages = 0;
  for (const c of walk.cells) {
    databasePages += c.pages;
    let ofTable = byTable.get(c.table);
    if (!ofTable) byTable.set(c.table, (ofTable = new Map()));
    let entry = ofTable.get(c.index);
    if (!entry) {
      entry = noIndexPages(c.table, c.index);
      ofTable.set(c.index, entry);
    }
    entry.pages += c.pages;
    entry.oldPages += c.oldPages;
    entry.records += c.records;
    entry.dataSizeBytes += c.dataSizeBytes;
  }
  const indexes = [...byTable.values()]
    .flatMap((m) => [...m.values()])
    .map((e) => ({
      ...e,
      youngPages: e.pages - e.oldPages,
      poolShare: databasePages > 0 ? e.pages / databasePages : 0,
    }))
    // Ties in code-point order: localeCompare's collator cost 25 ms on a poller's first snapshot.
    .sort((a, b) => b.pages - a.pages || byCodePoint(a.table, b.table) || byCodePoint(a.index, b.index));
  return { atMs, costMs: round2(walk.costMs), databasePages, oldMethod: walk.oldMethod, indexes };
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Stable ordinals for "table/index" names over a whole run, so the live view's colours do not jump. */
export class LruLegend {
  readonly names: string[] = [];
  /** Per table, per index (no name built per cell: a walk has thousands of cells and a few names). */
  private readonly ordinals = new Map<string, Map<string, number>>();

  ordinal(table: string, index: string): number {
    let ofTable = this.ordinals.get(table);
    if (!ofTable) this.ordinals.set(table, (ofTable = new Map()));
    let n = ofTable.get(index);
    if (n === undefined) {
      n = this.names.length;
      this.names.push(`${table}/${index}`);
      ofTable.set(index, n);
    }
    return n;
  }
}

/**
 * The walk laid out from head to tail per pool. Buckets are counted from the tail on the server (so
 * the query needs no pool length); here they are turned around so buckets[0] is the head.
 */
export function mapFrameOf(walk: LruWalk, legend: LruLegend, atMs: number): LruMapFrame {
  const pools = new Map<number, { lruLength: number; oldLength: number; cells: LruCell[] }>();
  for (const c of walk.cells) {
    const p = pools.get(c.poolId) ?? { lruLength: 0, oldLength: 0, cells: [] };
    p.lruLength = Math.max(p.lruLength, c.maxPosition + 1);
    p.oldLength += c.oldPages;
    p.cells.push(c);
    pools.set(c.poolId, p);
  }
  const laidOut = [...pools.entries()]
    .sort(([a], [b]) => a - b)
    .map(([poolId, p]) => {
      const count = Math.max(1, Math.ceil(p.lruLength / walk.bucketPages));
      const buckets: LruMapFrame['pools'][number]['buckets'] = Array.from({ length: count }, () => []);
      for (const c of p.cells) {
        const at = count - 1 - c.bucketFromTail;
        buckets[Math.max(0, at)]!.push([legend.ordinal(c.table, c.index), c.pages, c.oldPages]);
      }
      for (const b of buckets) b.sort((x, y) => x[0] - y[0]);
      return { poolId, lruLength: p.lruLength, oldLength: p.oldLength, buckets };
    });
  // A copy: the legend grows during the run, a frame names what it used.
  return {
    atMs,
    costMs: round2(walk.costMs),
    bucketPages: walk.bucketPages,
    legend: [...legend.names],
    pools: laidOut,
  };
}

/** LRU positions per bucket for a pool of this many pages: about `buckets` buckets per pool. */
export function bucketPagesFor(poolPages: number, buckets = 512): number {
  return Math.max(1, Math.ceil(poolPages / buckets));
}

// ---------- INNODB_BUFFER_POOL_STATS ----------

export const POOL_STATS_SQL = 'SELECT * FROM INFORMATION_SCHEMA.INNODB_BUFFER_POOL_STATS ORDER BY POOL_ID';

export async function readPoolStats(conn: Queryable): Promise<PoolStats[]> {
  const rows = await conn.rows<Record<string, unknown>>(POOL_STATS_SQL);
  return rows.map(poolStatsOf);
}

export function poolStatsOf(row: Record<string, unknown>): PoolStats {
  const raw: PoolStats['raw'] = {};
  for (const [k, v] of Object.entries(row)) {
    const key = k.toUpperCase();
    raw[key] = v === null || v === undefined ? null : typeof v === 'number' ? v : numericOrText(String(v));
  }
  const n = (name: string) => Number(raw[name] ?? 0);
  return {
    poolId: n('POOL_ID'),
    poolSize: n('POOL_SIZE'),
    freeBuffers: n('FREE_BUFFERS'),
    databasePages: n('DATABASE_PAGES'),
    oldDatabasePages: n('OLD_DATABASE_PAGES'),
    modifiedDatabasePages: n('MODIFIED_DATABASE_PAGES'),
    pendingReads: n('PENDING_READS'),
    pagesMadeYoung: n('PAGES_MADE_YOUNG'),
    pagesNotMadeYoung: n('PAGES_NOT_MADE_YOUNG'),
    pagesRead: n('NUMBER_PAGES_READ'),
    pagesCreated: n('NUMBER_PAGES_CREATED'),
    pagesWritten: n('NUMBER_PAGES_WRITTEN'),
    pagesGet: n('NUMBER_PAGES_GET'),
    readAhead: n('NUMBER_PAGES_READ_AHEAD'),
    readAheadEvicted: n('NUMBER_READ_AHEAD_EVICTED'),
    raw,
  };
}

function numericOrText(v: string): number | string {
  return /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(v) ? Number(v) : v;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
