/**
 * Counts, in JavaScript, the lineorder rows each SSB query keeps: its JOINs and WHERE evaluated
 * over .tbl rows (the generator's, or dbgen's files), without a server. The conditions come from
 * the same parsed query files the server runs (queries.ts), so the two counts can only differ if
 * the data or the server differ. The dimension tables are reduced to one bitmap per query and
 * table (which keys pass); lineorder is streamed once for all queries.
 *
 * Comparisons follow MySQL's rules for these queries: text compares case-insensitively and
 * ignores trailing spaces (the default collations, PAD SPACE); text against a number compares as
 * the number its leading digits make (so the seed's `d_yearmonth = 199401` keeps nothing, as on
 * the server).
 */
import type { Readable } from 'node:stream';
import { createTableStream } from './generator/stream';
import type { GenerateOptions } from './generator/source';
import type { Condition, Literal, ParsedQuery } from './query-parse';
import { SSB_COLUMNS, SSB_TABLES, type ColumnKind } from './tables';
import type { SsbTable } from '../../shared/datasets/datasets';

/** Where rows come from: one .tbl byte stream per table. */
export type TblRows = (table: SsbTable) => Readable;

export const generatorRows =
  (opts: GenerateOptions): TblRows =>
  (table) =>
    createTableStream(table, opts);

export interface CountedQuery {
  id: string;
  parsed: ParsedQuery;
}

export interface KeptRows {
  lineorderRows: number;
  /** Rows kept, by query id. */
  kept: Record<string, number>;
}

interface ColumnRef {
  table: SsbTable;
  index: number;
  kind: ColumnKind;
}

type RowValues = ReadonlyArray<number | string | undefined>;
export type RowTest = (row: RowValues) => boolean;

const COLUMNS = new Map<string, ColumnRef>(
  SSB_TABLES.flatMap((table) =>
    SSB_COLUMNS[table].map((c, index) => [c.name.toLowerCase(), { table, index, kind: c.kind }] as const),
  ),
);

function column(name: string, query: string): ColumnRef {
  const ref = COLUMNS.get(name);
  if (!ref) throw new Error(`${query}: no SSB table has a column named ${name}`);
  return ref;
}

/** MySQL's string-to-number conversion: the leading number, or 0. */
const asNumber = (v: number | string): number => (typeof v === 'number' ? v : parseFloat(v) || 0);
const asText = (v: number | string): string => String(v).replace(/ +$/, '').toUpperCase();

function compareValues(a: number | string, b: Literal): number {
  if (typeof a === 'number' || typeof b === 'number') return asNumber(a) - asNumber(b);
  const x = asText(a);
  const y = asText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function tablesOf(c: Condition, query: string, into = new Set<SsbTable>()): Set<SsbTable> {
  if (c.kind === 'and' || c.kind === 'or') c.args.forEach((a) => tablesOf(a, query, into));
  else into.add(column(c.column, query).table);
  return into;
}

/** A condition on one table's row (values by column index). */
function compile(c: Condition, query: string): RowTest {
  if (c.kind === 'and' || c.kind === 'or') {
    const parts = c.args.map((a) => compile(a, query));
    return c.kind === 'and' ? (r) => parts.every((p) => p(r)) : (r) => parts.some((p) => p(r));
  }
  const { index } = column(c.column, query);
  if (c.kind === 'between') {
    const { low, high } = c;
    return (r) => {
      const v = r[index];
      return v !== undefined && compareValues(v, low) >= 0 && compareValues(v, high) <= 0;
    };
  }
  const { op, value } = c;
  const holds: (d: number) => boolean =
    op === '='
      ? (d) => d === 0
      : op === '<>'
        ? (d) => d !== 0
        : op === '<'
          ? (d) => d < 0
          : op === '<='
            ? (d) => d <= 0
            : op === '>'
              ? (d) => d > 0
              : (d) => d >= 0;
  return (r) => {
    const v = r[index];
    return v !== undefined && holds(compareValues(v, value));
  };
}

export interface DimensionUse {
  table: SsbTable;
  /** lineorder's foreign key column. */
  foreignKey: number;
  /** The dimension column it joins to. */
  key: number;
  test: RowTest;
}

export interface QueryPlan {
  id: string;
  dims: DimensionUse[];
  lineorderTest: RowTest;
}

/** Splits the WHERE into per-table tests and the JOINs into lineorder → dimension links. */
export function planQuery({ id, parsed }: CountedQuery): QueryPlan {
  const tables = parsed.tables as SsbTable[];
  for (const t of tables) if (!SSB_TABLES.includes(t)) throw new Error(`${id}: ${t} is not an SSB table`);
  if (!tables.includes('lineorder')) throw new Error(`${id}: the query does not read lineorder`);
  const conjuncts = parsed.where.kind === 'and' ? parsed.where.args : [parsed.where];
  const byTable = new Map<SsbTable, Condition[]>();
  for (const c of conjuncts) {
    const ts = [...tablesOf(c, id)];
    if (ts.length !== 1) throw new Error(`${id}: a condition mixes the tables ${ts.join(', ')}`);
    if (!tables.includes(ts[0]!))
      throw new Error(`${id}: a condition uses ${ts[0]}, which the query does not join`);
    byTable.set(ts[0]!, [...(byTable.get(ts[0]!) ?? []), c]);
  }
  const testFor = (t: SsbTable): RowTest => {
    const cs = byTable.get(t);
    return cs ? compile(cs.length === 1 ? cs[0]! : { kind: 'and', args: cs }, id) : () => true;
  };
  const dims = tables
    .filter((t) => t !== 'lineorder')
    .map((table): DimensionUse => {
      const link = parsed.joins
        .map((j) => [column(j.left, id), column(j.right, id)] as const)
        .map(([a, b]) => (a.table === 'lineorder' ? ([a, b] as const) : ([b, a] as const)))
        .find(([lo, dim]) => lo.table === 'lineorder' && dim.table === table);
      if (!link) throw new Error(`${id}: ${table} is not joined to lineorder`);
      return { table, foreignKey: link[0].index, key: link[1].index, test: testFor(table) };
    });
  return { id, dims, lineorderTest: testFor('lineorder') };
}

/** Calls onLine with each complete line (without its '\n') of a .tbl stream. */
export async function forEachLine(
  stream: Readable,
  onLine: (chunk: Buffer, start: number, end: number) => void,
) {
  let carry: Buffer | null = null;
  for await (const raw of stream) {
    let chunk = raw as Buffer;
    if (carry) {
      chunk = Buffer.concat([carry, chunk]);
      carry = null;
    }
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      onLine(chunk, start, nl);
      start = nl + 1;
    }
    if (start < chunk.length) carry = Buffer.from(chunk.subarray(start));
  }
  if (carry && carry.length > 0) onLine(carry, 0, carry.length);
}

/** Which keys pass: a bitmap over [min, max]. */
interface KeyBitmap {
  min: number;
  bits: Uint8Array;
}

async function dimensionBitmaps(table: SsbTable, uses: DimensionUse[], rows: TblRows): Promise<KeyBitmap[]> {
  const kinds = SSB_COLUMNS[table].map((c) => c.kind);
  const passing: number[][] = uses.map(() => []);
  let min = Infinity;
  let max = -Infinity;
  await forEachLine(rows(table), (buf, start, end) => {
    const fields = buf.toString('latin1', start, end).split('|');
    const values = kinds.map((k, i) => (k === 'number' ? Number(fields[i]) : fields[i]));
    uses.forEach((u, i) => {
      const key = values[u.key] as number;
      min = Math.min(min, key);
      max = Math.max(max, key);
      if (u.test(values)) passing[i]!.push(key);
    });
  });
  return passing.map((keys) => {
    const bits = new Uint8Array(Number.isFinite(min) ? max - min + 1 : 0);
    for (const k of keys) bits[k - min] = 1;
    return { min, bits };
  });
}

/** The kept-row count of each query over the same rows. */
export async function countKeptRows(queries: readonly CountedQuery[], rows: TblRows): Promise<KeptRows> {
  const plans = queries.map(planQuery);
  const bitmaps = new Map<DimensionUse, KeyBitmap>();
  for (const table of SSB_TABLES) {
    const uses = plans.flatMap((p) => p.dims.filter((d) => d.table === table));
    if (uses.length === 0) continue;
    const maps = await dimensionBitmaps(table, uses, rows);
    uses.forEach((u, i) => bitmaps.set(u, maps[i]!));
  }

  // lineorder: parse only the columns some query reads (all of them numbers or text).
  const loKinds = SSB_COLUMNS.lineorder.map((c) => c.kind);
  const wanted = new Array<boolean>(loKinds.length).fill(false);
  for (const p of plans) for (const d of p.dims) wanted[d.foreignKey] = true;
  const loColumns = (c: Condition): void => {
    if (c.kind === 'and' || c.kind === 'or') c.args.forEach(loColumns);
    else if (COLUMNS.get(c.column)?.table === 'lineorder') wanted[COLUMNS.get(c.column)!.index] = true;
  };
  queries.forEach((q) => loColumns(q.parsed.where));

  const checks = plans.map((p) => ({
    test: p.lineorderTest,
    dims: p.dims.map((d) => ({ slot: d.foreignKey, map: bitmaps.get(d)! })),
    kept: 0,
  }));
  const values: Array<number | string | undefined> = new Array(loKinds.length).fill(undefined);
  let lineorderRows = 0;
  await forEachLine(rows('lineorder'), (buf, start, end) => {
    lineorderRows++;
    let field = 0;
    let fieldStart = start;
    for (let i = start; i < end && field < loKinds.length; i++) {
      if (buf[i] !== 0x7c) continue;
      if (wanted[field]) {
        values[field] =
          loKinds[field] === 'number'
            ? parseNumber(buf, fieldStart, i)
            : buf.toString('latin1', fieldStart, i);
      }
      field++;
      fieldStart = i + 1;
    }
    for (const c of checks) {
      let pass = true;
      for (const d of c.dims) {
        const k = values[d.slot] as number;
        if (d.map.bits[k - d.map.min] !== 1) {
          pass = false;
          break;
        }
      }
      if (pass && c.test(values)) c.kept++;
    }
  });
  return { lineorderRows, kept: Object.fromEntries(checks.map((c, i) => [plans[i]!.id, c.kept])) };
}

/** A decimal number written in ASCII (digits, optional '-' and '.'). */
export function parseNumber(buf: Buffer, start: number, end: number): number {
  let n = 0;
  let i = start;
  const negative = buf[i] === 0x2d;
  if (negative) i++;
  for (; i < end; i++) {
    const c = buf[i]!;
    if (c === 0x2e)
      return (negative ? -1 : 1) * Number(buf.toString('latin1', start + (negative ? 1 : 0), end));
    n = n * 10 + (c - 48);
  }
  return negative ? -n : n;
}
