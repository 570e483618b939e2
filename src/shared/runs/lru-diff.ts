/** The LRU composition after each run, per table and index: pages, old, young and share of the pool, A against B. */
import { NO_INDEX, NO_TABLE, type LruComposition, type LruIndexPages } from './runs';

export interface LruFigures {
  pages: number;
  oldPages: number;
  youngPages: number;
  records: number;
  /** pages / the pool's database pages, 0..1 */
  poolShare: number;
}

export interface LruRow {
  table: string;
  index: string;
  /** null: the index held no page after that run (or the run has no composition). */
  a: LruFigures | null;
  b: LruFigures | null;
  /** b − a in pages (a missing index holds 0). */
  pagesDiff: number;
}

const figures = (p: LruIndexPages): LruFigures => ({
  pages: p.pages,
  oldPages: p.oldPages,
  youngPages: p.youngPages,
  records: p.records,
  poolShare: p.poolShare,
});

/** "lineorder" from "ssb_sf1.lineorder" (or from "`ssb`.`lineorder`"): what a reader calls the table. */
export function shortTable(table: string): string {
  // A tablespace's label ("(undo 1)", "(tablespace ssb_sf1.lineorder)") keeps its words, schema dropped.
  if (table.startsWith('(')) return table.replace(/[^\s.()`]+\.([^\s.()`]+)/, '$1');
  const last = table.split('.').pop() ?? table;
  return last.replace(/`/g, '');
}

/** What the pages of no table (system, undo, change buffer pages) are called wherever a reader sees them. */
export const NO_TABLE_WORDS = 'pages of no table (system, undo)';

/**
 * An index as a reader names it: "lineorder GEN_CLUST_INDEX"; pages that belong to no table are named in
 * words ("pages of no table (system, undo)"), not by the poller's markers ("(no table) (none)").
 */
export function indexName(table: string, index: string): string {
  const noIndex = index === NO_INDEX || index === '';
  if (table === NO_TABLE) return noIndex ? NO_TABLE_WORDS : `${NO_TABLE_WORDS}, index ${index}`;
  return noIndex ? shortTable(table) : `${shortTable(table)} ${index}`;
}

/** Evidence's words for an index's pages: "lineorder PRIMARY pages", or "pages of no table (system, undo)". */
export function pagesOfIndex(table: string, index: string): string {
  return table === NO_TABLE ? indexName(table, index) : `${indexName(table, index)} pages`;
}

/** Rows sorted by the larger side's pages, most first (the post's order). */
export function diffLru(a: LruComposition | null, b: LruComposition | null): LruRow[] {
  const rows = new Map<string, LruRow>();
  const key = (p: LruIndexPages) => `${p.table}\u0000${p.index}`;
  for (const p of a?.indexes ?? [])
    rows.set(key(p), { table: p.table, index: p.index, a: figures(p), b: null, pagesDiff: -p.pages });
  for (const p of b?.indexes ?? []) {
    const row = rows.get(key(p));
    if (row) {
      row.b = figures(p);
      row.pagesDiff = p.pages - (row.a?.pages ?? 0);
    } else rows.set(key(p), { table: p.table, index: p.index, a: null, b: figures(p), pagesDiff: p.pages });
  }
  const most = (r: LruRow) => Math.max(r.a?.pages ?? 0, r.b?.pages ?? 0);
  return [...rows.values()].sort(
    (x, y) => most(y) - most(x) || x.table.localeCompare(y.table) || x.index.localeCompare(y.index),
  );
}
