/** What a finding is (words, the figures they came from, the table holding them, a weight), and how findings are ranked. */
import { formatCount } from '../format';
import { pairTableId } from './anchors';
import type { PairComparison, PairSide } from './comparison';
import { POOL_FIELDS, poolRow } from './pool-diff';
import { statusRow } from './status-diff';

export interface Evidence {
  label: string;
  value: string;
}

export interface Finding {
  /** The rule that fired, e.g. 'pages-from-disk'. */
  rule: string;
  kind: 'warning' | 'explanation' | 'difference';
  text: string;
  evidence: Evidence[];
  /** The table holding the evidence (an anchor id). */
  tableId: string;
  /** How large the difference is; the summary shows the largest. */
  weight: number;
}

export type PairRule = (pair: PairComparison) => Finding[];

export const ev = (label: string, value: number | string | null): Evidence => ({
  label,
  value: value === null ? '—' : typeof value === 'number' ? formatCount(value) : value,
});

/** The larger of two figures first: [big side, its value, small side, its value]. */
export function ordered(pair: PairComparison, a: number, b: number): [PairSide, number, PairSide, number] {
  return b >= a ? [pair.b, b, pair.a, a] : [pair.a, a, pair.b, b];
}

/**
 * A difference's weight: how much the rule's subject matters (time and disk reads first), plus how far
 * apart the two figures are (log2 of their ratio, capped, so a 0 against 3 does not outweigh everything).
 */
export const weightOf = (importance: number, big: number, small: number) =>
  importance + Math.min(Math.log2((big + 1) / (small + 1)), 6) / 3;

const KIND_ORDER = { warning: 0, explanation: 1, difference: 2 } as const;

export function sortFindings(list: Finding[]): Finding[] {
  return [...list].sort((x, y) => KIND_ORDER[x.kind] - KIND_ORDER[y.kind] || y.weight - x.weight);
}

/**
 * A counter's change during each run, from the status table when both runs have it, else from the
 * pool's stats: [A, B, the counter's name, the table holding it].
 */
export function counterOf(
  pair: PairComparison,
  status: string,
  pool: Parameters<typeof poolRow>[1],
): [number | null, number | null, string, string] {
  const s = statusRow(pair.status, status);
  if (s && s.a !== null && s.b !== null) return [s.a, s.b, status, pairTableId(pair.id, 'status')];
  const p = poolRow(pair.pool, pool);
  const column = POOL_FIELDS.find((f) => f.field === pool)!.column;
  return [p?.aDelta ?? null, p?.bDelta ?? null, column, pairTableId(pair.id, 'pool')];
}
