/**
 * How far a curve point at another pool size can be trusted, in words that come from measurement only:
 * bench/whatif-sizes.ts predicts workloads that are not SSB at 0.5×–8× their traced size, measures each
 * point by real untraced runs (the median of 3) and writes its table here (size-accuracy.json, with
 * the bench's date), so the words change only when the benchmark's figures do. Until it has been run
 * the words say so. The run view, the CLI, the report and the Compare headline read the curve's
 * `trust` (one CurveTrust per curve model: WhatIfReport, SideCurves) and never derive their own.
 */
import measured from './size-accuracy.json';

/** One range of the benchmark's table: the points at one multiple of the traced size, one pass. */
export interface SizeAccuracyRow {
  /** The pool over the traced size: 0.5, 1, 2, 4, 8. */
  multiple: number;
  pass: 'cold' | 'hot';
  /** Points measured here (workloads × servers), the ones where the plan changed not counted. */
  points: number;
  /** Of them, within ±10% of the median real run or inside the real runs' range. */
  within: number;
  /** The largest |predicted / measured − 1| among them, in percent. */
  worstPct: number;
  /** Points where the real runs ran another plan than the traced run (counted apart). */
  planChanged: number;
}

export interface SizeAccuracy {
  /** When the benchmark ran (ISO date), null until it has. */
  measuredOn: string | null;
  /** The command that measured it. */
  command: string | null;
  workloads: string[];
  /** "mysql 8.0.31", "mariadb 11.4.5". */
  servers: string[];
  /** The machine's load average at the benchmark's start and end. */
  loadAverage: string | null;
  rows: SizeAccuracyRow[];
}

export const SIZE_ACCURACY: SizeAccuracy = measured as SizeAccuracy;

/** A curve's trust: the benchmark's words and table, the same for every curve until it runs again. */
export interface CurveTrust {
  /** One sentence: what was checked and how close, or that it has not been. */
  words: string;
  measuredOn: string | null;
  /** The multiples of the traced size the benchmark measured (null: none). */
  checkedFrom: number | null;
  checkedTo: number | null;
  rows: SizeAccuracyRow[];
}

const times = (m: number) => `${m}×`;

/** The trust words from the benchmark's table (the table given, SIZE_ACCURACY by default). */
export function curveTrust(table: SizeAccuracy = SIZE_ACCURACY): CurveTrust {
  const rows = table.rows.filter((r) => r.points > 0);
  if (!table.measuredOn || rows.length === 0)
    return {
      words:
        "not yet checked at other sizes: at the run's own size the replay of the server's own trace was within ±2% of the pages read on 12 and 13 of 13 SSB queries (docs/whatif.md); bench/whatif-sizes.ts, which measures other sizes by real runs, has not been run yet, so how far a point at another size can be off is not known",
      measuredOn: null,
      checkedFrom: null,
      checkedTo: null,
      rows: [],
    };
  const multiples = rows.map((r) => r.multiple);
  const from = Math.min(...multiples);
  const to = Math.max(...multiples);
  const points = rows.reduce((n, r) => n + r.points, 0);
  const within = rows.reduce((n, r) => n + r.within, 0);
  const worst = Math.max(...rows.map((r) => r.worstPct));
  const changed = rows.reduce((n, r) => n + r.planChanged, 0);
  const plans = changed > 0 ? `; ${changed} point(s) where the plan changed counted apart` : '';
  return {
    words: `checked at ${times(from)}–${times(to)} of the traced size on ${table.workloads.length} workload(s) (${table.servers.join(', ')}; bench/whatif-sizes.ts, ${table.measuredOn}): ${within} of ${points} points within ±10% of the median of 3 real runs or inside their range, the worst ${worst.toFixed(0)}% off${plans}`,
    measuredOn: table.measuredOn,
    checkedFrom: from,
    checkedTo: to,
    rows,
  };
}

/**
 * A point's trust in words, at `multiple` × the traced size: the benchmark's row nearest it (on a log
 * scale) for the pass, or that the point lies outside what was measured.
 */
export function pointTrust(trust: CurveTrust, multiple: number, hot: boolean): string {
  if (trust.checkedFrom === null || trust.checkedTo === null) return 'not checked at other sizes';
  const margin = Math.SQRT2;
  if (multiple < trust.checkedFrom / margin || multiple > trust.checkedTo * margin)
    return `outside the sizes checked (${times(trust.checkedFrom)}–${times(trust.checkedTo)})`;
  const pass = hot ? 'hot' : 'cold';
  const rows = trust.rows.filter((r) => r.pass === pass);
  if (rows.length === 0) return `no ${pass} pass checked`;
  const near = rows.reduce((a, b) =>
    Math.abs(Math.log(b.multiple / multiple)) < Math.abs(Math.log(a.multiple / multiple)) ? b : a,
  );
  return `${near.within} of ${near.points} ${pass} checks at ${times(near.multiple)} within ±10% (worst ${near.worstPct.toFixed(0)}%)`;
}
