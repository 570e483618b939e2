/**
 * bench/whatif-sizes.ts's points: one prediction beside the real runs measured at one pool size, the
 * verdict on it, the table printed, and the accuracy table the product's trust words are read from
 * (src/shared/whatif/size-accuracy.json) made from them.
 */
import type { SizeAccuracy, SizeAccuracyRow } from '../../src/shared/whatif/size-accuracy';

export interface SizePoint {
  workload: string;
  /** "mysql 8.0.31". */
  server: string;
  pass: 'cold' | 'hot';
  /** The pool over the traced size asked (0.5, 1, 2, 4, 8). */
  multiple: number;
  /** The pool the real runs had, read back from the server (bytes). */
  poolBytes: number;
  unit: string;
  /** What the what-if predicted at poolBytes; null when it could not (with why in `note`). */
  predicted: number | null;
  /** Each real run's figure (3 by default). */
  measured: number[];
  /** A real run ran another plan than the traced run (counted apart). */
  planChanged: string | null;
  /** The what-if said another plan may be chosen here (report.plan). */
  planRisk: boolean;
  note?: string;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** predicted / median − 1, in percent; null when nothing was predicted or the median is 0. */
export function errorPct(p: SizePoint): number | null {
  if (p.predicted === null || p.measured.length === 0) return null;
  const m = median(p.measured);
  if (m === 0) return p.predicted === 0 ? 0 : null;
  return (p.predicted / m - 1) * 100;
}

/**
 * Within: ±10% of the median real run, or inside the real runs' range, or (hot) both the prediction
 * and the median under 1% of the cold pass's median at the same size: a working set that fits.
 */
export function within(p: SizePoint, coldMedian: number | null): boolean {
  if (p.predicted === null || p.measured.length === 0) return false;
  const m = median(p.measured);
  const lo = Math.min(...p.measured);
  const hi = Math.max(...p.measured);
  if (p.predicted >= lo && p.predicted <= hi) return true;
  if (m > 0 && Math.abs(p.predicted / m - 1) <= 0.1) return true;
  const fits = coldMedian !== null && coldMedian > 0 ? 0.01 * coldMedian : 0;
  return p.pass === 'hot' && p.predicted <= fits && m <= fits;
}

/** The cold pass's median at the same workload, server and size (what a hot point's "fits" is measured by). */
export function coldMedianOf(points: readonly SizePoint[], p: SizePoint): number | null {
  const cold = points.find(
    (c) =>
      c.pass === 'cold' && c.workload === p.workload && c.server === p.server && c.multiple === p.multiple,
  );
  return cold && cold.measured.length > 0 ? median(cold.measured) : null;
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The table, one line per point; the points where the plan changed after the others, apart. */
export function printPoints(points: readonly SizePoint[], print: (line: string) => void): void {
  print(
    '| workload | server | pass | × | pool MiB (read back) | predicted | measured median [min–max] | error | within | plan at this size |',
  );
  print('|---|---|---|---|---|---|---|---|---|---|');
  const line = (p: SizePoint) => {
    const err = errorPct(p);
    const m = p.measured;
    const said = p.planRisk ? 'the what-if said it may change' : 'the what-if did not say so';
    const plan = p.planChanged ? `${p.planChanged}; ${said}` : p.planRisk ? `same (${said})` : 'same';
    print(
      `| ${p.workload} | ${p.server} | ${p.pass} | ${p.multiple}× | ${(p.poolBytes / 1048576).toFixed(0)} | ${p.predicted === null ? `- (${p.note ?? 'not predicted'})` : fmt(p.predicted)} | ${m.length ? `${fmt(median(m))} [${fmt(Math.min(...m))}–${fmt(Math.max(...m))}]` : '-'} ${p.unit} | ${err === null ? '-' : `${err >= 0 ? '+' : ''}${err.toFixed(1)}%`} | ${within(p, coldMedianOf(points, p)) ? 'yes' : 'NO'} | ${plan} |`,
    );
  };
  for (const p of points) if (!p.planChanged) line(p);
  const changed = points.filter((p) => p.planChanged);
  if (changed.length > 0) {
    print('');
    print(`Points where a real run ran another plan than the traced run (${changed.length}, counted apart):`);
    for (const p of changed) line(p);
  }
}

/** The accuracy table by multiple and pass, from every point measured. */
export function accuracyRows(points: readonly SizePoint[]): SizeAccuracyRow[] {
  const rows = new Map<string, SizeAccuracyRow>();
  for (const p of points) {
    if (p.predicted === null || p.measured.length === 0) continue;
    const key = `${p.multiple}|${p.pass}`;
    const row = rows.get(key) ?? {
      multiple: p.multiple,
      pass: p.pass,
      points: 0,
      within: 0,
      worstPct: 0,
      planChanged: 0,
    };
    if (p.planChanged) row.planChanged++;
    else {
      row.points++;
      if (within(p, coldMedianOf(points, p))) row.within++;
      const err = errorPct(p);
      if (err !== null) row.worstPct = Math.max(row.worstPct, Math.abs(err));
    }
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.multiple - b.multiple || a.pass.localeCompare(b.pass));
}

/** The product's accuracy table from this benchmark's points. */
export function accuracyOf(
  points: readonly SizePoint[],
  meta: { command: string; loadAverage: string; measuredOn: string },
): SizeAccuracy {
  return {
    measuredOn: meta.measuredOn,
    command: meta.command,
    workloads: [...new Set(points.map((p) => p.workload.split(' / ')[0]!))],
    servers: [...new Set(points.map((p) => p.server))],
    loadAverage: meta.loadAverage,
    rows: accuracyRows(points),
  };
}
