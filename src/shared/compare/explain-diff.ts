/**
 * EXPLAIN side by side: one row per table of the plan, matched by table name (and occurrence),
 * with the fields that differ named, and whether the join order differs.
 */
import type { ExplainCapture } from '../runs/runs';

export interface ExplainLine {
  id: string;
  table: string;
  type: string;
  key: string;
  rows: number | null;
  extra: string;
}

export const EXPLAIN_FIELDS = ['type', 'key', 'rows', 'extra'] as const;
export type ExplainField = (typeof EXPLAIN_FIELDS)[number];

export interface ExplainRow {
  table: string;
  a: ExplainLine | null;
  b: ExplainLine | null;
  /** The fields whose values differ; every field when the table is in one plan only. */
  differs: ExplainField[];
}

export interface ExplainDiff {
  /** False when either run has no EXPLAIN. */
  available: boolean;
  rows: ExplainRow[];
  /** The tables in each plan's order, and whether that order differs. */
  orderA: string[];
  orderB: string[];
  joinOrderDiffers: boolean;
}

/** A field of an EXPLAIN row, whatever case the server used for its name. */
function field(row: Record<string, string | number | null>, name: string): string | number | null {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(row)) if (k.toLowerCase() === wanted) return v;
  return null;
}

const text = (v: string | number | null): string => (v === null || v === undefined ? '' : String(v));

export function explainLine(row: Record<string, string | number | null>): ExplainLine {
  const rows = field(row, 'rows');
  const n = rows === null || rows === '' ? null : Number(rows);
  return {
    id: text(field(row, 'id')),
    table: text(field(row, 'table')),
    type: text(field(row, 'type')),
    key: text(field(row, 'key')),
    rows: n === null || Number.isNaN(n) ? null : n,
    extra: text(field(row, 'extra')),
  };
}

function keyed(lines: ExplainLine[]): Array<[string, ExplainLine]> {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const n = (seen.get(l.table) ?? 0) + 1;
    seen.set(l.table, n);
    return [`${l.table}#${n}`, l];
  });
}

export function diffExplain(a: ExplainCapture | null, b: ExplainCapture | null): ExplainDiff {
  const la = (a?.table ?? []).map(explainLine);
  const lb = (b?.table ?? []).map(explainLine);
  const ka = keyed(la);
  const kb = new Map(keyed(lb));
  const rows: ExplainRow[] = [];
  for (const [key, line] of ka) {
    const other = kb.get(key) ?? null;
    kb.delete(key);
    rows.push({
      table: line.table,
      a: line,
      b: other,
      differs: other ? EXPLAIN_FIELDS.filter((f) => line[f] !== other[f]) : [...EXPLAIN_FIELDS],
    });
  }
  for (const line of kb.values())
    rows.push({ table: line.table, a: null, b: line, differs: [...EXPLAIN_FIELDS] });
  const orderA = la.map((l) => l.table);
  const orderB = lb.map((l) => l.table);
  return {
    available: a !== null && b !== null,
    rows,
    orderA,
    orderB,
    joinOrderDiffers: a !== null && b !== null && orderA.join('\u0000') !== orderB.join('\u0000'),
  };
}

/** The plans differ: the join order, or a table's access type or key. */
export function plansDiffer(x: ExplainDiff): boolean {
  return (
    x.available &&
    (x.joinOrderDiffers || x.rows.some((r) => r.a && r.b && (r.a.type !== r.b.type || r.a.key !== r.b.key)))
  );
}
