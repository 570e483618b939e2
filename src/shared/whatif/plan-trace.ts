/**
 * A query's page touches derived from its plan (the run's EXPLAIN: join order, access type, key and
 * ref per table), the data (which rows pass each table's conditions, and the join columns' values, in
 * clustered-index order) and each index's page counts: full scans in page order, index ranges in key
 * order, lookups by key with the non-leaf pages on the way down. A plan shape it cannot follow is an
 * error in words, never an approximation.
 */
import type { PageLayout } from './trace';
import { NO_PAGE, TraceBuilder } from './trace';
import { Walker } from './plan-walker';
import type { ExplainStep, IndexModel, KeyedRows, Step, TableRows } from './plan-model';
import type { IndexPageCount } from '../runs/runs';

export type { ExplainStep, TableRows } from './plan-model';

export type PlanTraceResult =
  | { ok: true; layout: PageLayout; builder: TraceBuilder; assumptions: string[] }
  | { ok: false; reason: string };

/**
 * Node pointers per non-leaf page, assumed from the record sizes (a 4-byte key or a 6-byte row id,
 * the 4-byte child page number and a 5-byte header, in 15/16 of a 16 KB page): only the few non-leaf
 * pages on the way down depend on it.
 */
const FANOUT = 700;

function keyRows(values: Int32Array): KeyedRows {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (values.length === 0) return { min: 0, offsets: new Int32Array(1), rows: new Int32Array(0) };
  const offsets = new Int32Array(max - min + 2);
  for (const v of values) offsets[v - min + 1]!++;
  for (let i = 1; i < offsets.length; i++) offsets[i]! += offsets[i - 1]!;
  const fill = offsets.slice(0, -1);
  const rows = new Int32Array(values.length);
  for (let r = 0; r < values.length; r++) rows[fill[values[r]! - min]!++] = r;
  return { min, offsets, rows };
}

const CLUSTERED = new Set(['PRIMARY', 'GEN_CLUST_INDEX']);

/** A segment's first pages are single fragment pages (fsp0fsp.cc, FSEG_FRAG_ARR_N_SLOTS = 32), then whole extents. */
const FSEG_FRAG_PAGES = 32;

/**
 * An index's leaf pages. MariaDB (10.11, dict0stats.cc, dict_stats_analyze_index) scans a small index
 * whole (fewer leaf pages than innodb_stats_persistent_sample_pages × its unique columns) and then stores
 * the in-memory n_leaf_pages it had before (1 for a table analyzed while empty) instead of the count it
 * just took: SF 0.1's dim_date, 17 leaf pages in the pool, is recorded as 1 leaf page of 18. While a
 * tree's segments hold only fragment pages, `size` counts each page it uses, so a multi-page tree recorded
 * with one leaf page has size − 1 leaves under its root.
 */
export function leafPagesOf(p: IndexPageCount): number {
  const recorded = Math.max(1, p.leafPages);
  if (recorded > 1 || p.sizePages <= 2 || p.sizePages > FSEG_FRAG_PAGES + 1) return recorded;
  return p.sizePages - 1;
}

/** Builds the trace, or says in words which part of the plan it cannot follow. */
export function tracePlan(
  explain: ExplainStep[],
  data: Record<string, TableRows>,
  pages: IndexPageCount[],
): PlanTraceResult {
  const assumptions = [
    `non-leaf pages: one root over the leaves, or a level of ${FANOUT}-child pages under it`,
    'leaf pages hold the same number of entries each and lie in key order',
    'a ref on a constant, or a range on the first table, reads the rows its table keeps, in primary-key order, from the start of the index',
  ];
  const indexNames: string[] = [];
  const spaces: PageLayout['spaces'] = [];
  const models = new Map<string, IndexModel>();
  const tables = [...new Set(explain.map((e) => e.table))];
  for (const table of tables) {
    const rows = data[table];
    if (!rows) return { ok: false, reason: `no data for the table ${table}` };
    const own = pages.filter((p) => p.table === table);
    if (own.length === 0) return { ok: false, reason: `no page counts for the table ${table}` };
    const spaceOrdinal = spaces.length;
    let next = 3;
    const indexOfPages: number[] = [];
    for (const p of own) {
      const ordinal = indexNames.length;
      indexNames.push(`${table}/${p.index}`);
      const leaves = leafPagesOf(p);
      if (leaves !== Math.max(1, p.leafPages))
        assumptions.push(
          `${table}.${p.index}: recorded with 1 leaf page of ${p.sizePages}, as MariaDB's statistics keep a small index's stale count; taken as ${leaves}`,
        );
      const level1Pages = leaves > FANOUT ? Math.ceil(leaves / FANOUT) : 0;
      const root = next;
      const model: IndexModel = {
        space: spaceOrdinal,
        root,
        level1: root + 1,
        level1Pages,
        firstLeaf: leaves === 1 ? root : root + 1 + level1Pages,
        leafPages: leaves,
        entries: rows.rows,
      };
      const end = model.firstLeaf + leaves;
      for (let pg = next; pg < end; pg++) indexOfPages[pg] = ordinal;
      next = end;
      models.set(`${table}/${p.index}`, model);
    }
    const size = next;
    const indexOf = new Int32Array(size).fill(NO_PAGE);
    const prev = new Int32Array(size).fill(NO_PAGE);
    const nextLink = new Int32Array(size).fill(NO_PAGE);
    indexOfPages.forEach((v, pg) => (indexOf[pg] = v));
    for (const m of models.values()) {
      if (m.space !== spaceOrdinal || m.leafPages === 1) continue;
      for (let i = 0; i < m.leafPages; i++) {
        const pg = m.firstLeaf + i;
        prev[pg] = i > 0 ? pg - 1 : NO_PAGE;
        nextLink[pg] = i + 1 < m.leafPages ? pg + 1 : NO_PAGE;
      }
    }
    spaces.push({ spaceId: spaceOrdinal + 1, sizePages: size, indexOf, prev, next: nextLink });
  }
  const steps: Step[] = [];
  for (const [i, e] of explain.entries()) {
    const step = stepOf(e, i, explain, data, models);
    if (typeof step === 'string') return { ok: false, reason: step };
    steps.push(step);
  }
  const builder = new TraceBuilder();
  new Walker(steps, builder).run();
  return { ok: true, layout: { indexNames, spaces }, builder, assumptions };
}

function clusteredOf(table: string, models: Map<string, IndexModel>): IndexModel | undefined {
  for (const name of CLUSTERED) {
    const m = models.get(`${table}/${name}`);
    if (m) return m;
  }
  return undefined;
}

function stepOf(
  e: ExplainStep,
  i: number,
  explain: ExplainStep[],
  data: Record<string, TableRows>,
  models: Map<string, IndexModel>,
): Step | string {
  const table = data[e.table]!;
  const clustered = clusteredOf(e.table, models);
  if (!clustered) return `no page counts for ${e.table}'s clustered index`;
  const type = e.type.toLowerCase();
  // "Using index" (not "Using index condition"): the index covers the query, no clustered lookups.
  const covering = /using index(?! condition)/i.test(e.extra);
  if ((type === 'all' || (type === 'range' && e.key)) && i > 0 && /hash join/i.test(e.extra)) {
    // MySQL 8's hash join: the earlier tables are the build input; this table is read once and probed,
    // in full, or (a range) the rows its conditions keep through its index.
    const link = linkToEarlier(e.table, null, explain, data, i);
    if (typeof link === 'string') return link;
    const index = type === 'range' ? models.get(`${e.table}/${e.key}`) : undefined;
    if (type === 'range' && !index) return `no page counts for the index ${e.table}.${e.key}`;
    return {
      table,
      kind: 'hash',
      clustered,
      ...(index ? { index, covering } : {}),
      probe: { column: link.own, earlier: link.earlier, earlierStep: link.earlierStep },
    };
  }
  if (type === 'all') {
    if (i === 0) return { table, kind: 'scan', clustered };
    // A full read after other tables is traced only as a hash join's probe side (above).
    return `${e.table} is read in full for each row before it (${e.extra || 'no join buffer'}): not traced`;
  }
  if (type === 'range' && i === 0 && e.key) {
    // A range on the first table (Q3.3's two cities): its entries are the rows the table's conditions
    // keep, read as a constant ref's are.
    const index = models.get(`${e.table}/${e.key}`);
    if (!index) return `no page counts for the index ${e.table}.${e.key}`;
    return { table, kind: 'const', clustered, index, covering };
  }
  if (type !== 'eq_ref' && type !== 'ref') return `${e.table}'s access type ${e.type} is not traced`;
  if (!e.key) return `${e.table} is read by ${e.type} without a key`;
  const index = models.get(`${e.table}/${e.key}`);
  if (!index) return `no page counts for the index ${e.table}.${e.key}`;
  if (e.ref?.toLowerCase() === 'const') {
    // The key's entries for the constant are the rows the table's conditions keep (SSB's conditions
    // on a table with a const ref are that one equality); where they sit among the other keys'
    // entries is not known: they are read from the index's start.
    if (i !== 0) return `${e.table} is read by a constant ref after other tables: not traced`;
    return { table, kind: 'const', clustered, index, covering };
  }
  const ref = (e.ref ?? '').split('.');
  const sourceTable = ref.length >= 2 ? ref[ref.length - 2]! : '';
  const sourceColumn = (ref[ref.length - 1] ?? '').toLowerCase();
  const sourceStep = explain.findIndex((x, j) => j < i && x.table === sourceTable);
  const source = data[sourceTable]?.columns[sourceColumn];
  if (sourceStep < 0 || !source)
    return `${e.table}'s ref "${e.ref ?? ''}" names no earlier table's join column`;
  const link = linkToEarlier(e.table, sourceColumn, explain, data, i);
  if (typeof link === 'string') return link;
  return {
    table,
    kind: 'lookup',
    clustered,
    index,
    keyed: keyRows(link.own),
    unique: type === 'eq_ref',
    source: { step: sourceStep, column: source },
  };
}

/** The join column pair between this table and an earlier one (the column named by ref, when given). */
function linkToEarlier(
  table: string,
  sourceColumn: string | null,
  explain: ExplainStep[],
  data: Record<string, TableRows>,
  i: number,
): { own: Int32Array; earlier: Int32Array; earlierStep: number } | string {
  const own = data[table]!;
  for (let j = 0; j < i; j++) {
    const other = data[explain[j]!.table]!;
    for (const [col, values] of Object.entries(own.columns)) {
      for (const [ocol, ovalues] of Object.entries(other.columns)) {
        if (sourceColumn !== null && ocol !== sourceColumn) continue;
        if (col.split('_')[1] === ocol.split('_')[1] || joinsAs(col, ocol))
          return { own: values, earlier: ovalues, earlierStep: j };
      }
    }
  }
  return `${table} is joined to no table before it`;
}

/** SSB's join columns pair up by name: lo_custkey = c_customerkey, lo_orderdatekey = d_datekey. */
function joinsAs(a: string, b: string): boolean {
  const pairs: Array<[string, string]> = [
    ['lo_custkey', 'c_customerkey'],
    ['lo_suppkey', 's_suppkey'],
    ['lo_partkey', 'p_partkey'],
    ['lo_orderdatekey', 'd_datekey'],
  ];
  return pairs.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
}
