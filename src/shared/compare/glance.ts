/**
 * The answer first: sides named A, B, C... once (so findings and table headers stay short), a one-line
 * headline per side against the baseline with its main ratio and what the page counts say about it,
 * and each finding's evidence as a small table. Pure; the screen, the reports and the CLI read it.
 */
import { formatBytes, formatRatio } from '../format';
import { PAGES_READ, PAGES_READ_COUNTER } from '../runs/read-words';
import type { RunResult } from '../runs/runs';
import type { RunSide } from '../runs/run-side';
import { readPathDiffers, type Comparison, type PairComparison } from './comparison';
import { enginesDiffer } from './engine-findings';
import { plansDiffer } from './explain-diff';
import { counterOf, type Evidence } from './finding';
import type { ProtocolRun } from './flights';

export interface SideName {
  /** "A", "B"... */
  letter: string;
  /** What the side is: "innodb_old_blocks_time=1000", "q11.bplab: MariaDB 10.11". */
  label: string;
}

/** "A".."Z", then "S27", "S28"... */
export const sideLetter = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : `S${i + 1}`);

/** "A = innodb_old_blocks_time=1000 · B = innodb_old_blocks_time=0". */
export const legendText = (legend: readonly SideName[]): string =>
  legend.map((s) => `${s.letter} = ${s.label}`).join(' · ');

/** The same sides and protocol runs, each named by its letter in side order; the legend says which is which. */
export function letterSides(chosen: { sides: RunSide[]; protocol: ProtocolRun[] }): {
  sides: RunSide[];
  protocol: ProtocolRun[];
  legend: SideName[];
} {
  const legend = chosen.sides.map((s, i) => ({ letter: sideLetter(i), label: s.label }));
  const letterOf = new Map(legend.map((s) => [s.label, s.letter]));
  return {
    sides: chosen.sides.map((s, i) => ({ ...s, label: legend[i]!.letter })),
    protocol: chosen.protocol.map((p) => ({
      ...p,
      configuration: letterOf.get(p.configuration) ?? p.configuration,
    })),
    legend,
  };
}

/** Within 5% either way reads as "the same". */
const SAME = 1.05;

const quantity = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Both runs of a pair completed: a figure that sums queries counts no failed or cancelled one. */
const bothComplete = (p: PairComparison) => p.a.run.state === 'complete' && p.b.run.state === 'complete';

/** A figure summed over a side's pairs with the baseline: [baseline, side], null when a run lacks it. */
function summed(
  pairs: readonly PairComparison[],
  of: (p: PairComparison) => [number | null, number | null],
): [number, number] | null {
  let a = 0;
  let b = 0;
  for (const p of pairs) {
    const [x, y] = of(p);
    if (x === null || y === null) return null;
    a += x;
    b += y;
  }
  return pairs.length > 0 ? [a, b] : null;
}

const pagesOf = (p: PairComparison): [number | null, number | null] => {
  const [x, y] = counterOf(p, PAGES_READ_COUNTER, 'pagesRead');
  return [x, y];
};

const storageBytes = (r: RunResult): number | null =>
  r.serverProcess && 'readBytes' in r.serverProcess ? r.serverProcess.readBytes : null;

/** The answer's heading when the sides ask no question of their own: "B against A", "B, C against A"; '' for one side. */
export function answerTitle(legend: readonly SideName[]): string {
  const [a, ...rest] = legend;
  return a && rest.length > 0 ? `${rest.map((s) => s.label).join(', ')} against ${a.label}` : '';
}

/** "B's time over A's": the one way every ratio on a comparison is read, said once beside the legend. */
export function ratioWords(legend: readonly SideName[]): string {
  if (legend.length < 2) return '';
  const [a, ...rest] = legend;
  return rest.length === 1
    ? `Every ratio is ${rest[0]!.letter}'s time over ${a!.letter}'s.`
    : `Every ratio is a side's time over ${a!.letter}'s.`;
}

/**
 * One line per side after the baseline: "innodb_old_blocks_time=1000 is 1.22× slower than
 * innodb_old_blocks_time=0 over 2 queries; same pages read into the pool → the time is inside the
 * server". Every ratio is the side's time over the baseline's, a faster side's too ("is faster than A:
 * 0.82× the time"), as the charts and the published figures read them. The pages are summed over the
 * queries both runs completed, as the time is; a pair that reads them another way (innodb_flush_method)
 * says what came from storage instead. `names` are the sides' full names in side order (the
 * comparison's own labels when absent).
 */
export function headlines(c: Comparison, names: readonly string[] = c.sides.map((s) => s.label)): string[] {
  const baseName = names[0] ?? c.sides[0]?.label ?? 'A';
  if (c.sides.length < 2) return [];
  return c.sides.slice(1).map((side, i) => {
    const k = i + 1;
    const name = names[k] ?? side.label;
    // Totals over the queries both this side and the baseline completed: like against like.
    const both = c.queries.filter((q) => q.times[0]?.elapsedMs != null && q.times[k]?.elapsedMs != null);
    const base = both.reduce((sum, q) => sum + (q.times[0]?.elapsedMs ?? 0), 0);
    const t = both.reduce((sum, q) => sum + (q.times[k]?.elapsedMs ?? 0), 0);
    if (both.length === 0 || base <= 0 || t <= 0)
      return `${name} and ${baseName} completed no query in common: nothing to compare yet`;
    const ratio = t / base;
    const over = `over ${quantity(both.length, 'query', 'queries')}`;
    const time =
      ratio >= SAME
        ? `${name} is ${formatRatio(ratio)} slower than ${baseName} ${over}`
        : ratio * SAME <= 1
          ? `${name} is faster than ${baseName}: ${formatRatio(ratio)} the time ${over}`
          : `${name} and ${baseName} take the same time ${over} (${formatRatio(ratio)})`;
    const pairs = c.pairs.filter((p) => p.b.label === side.label);
    const clauses: string[] = [];
    const plans = pairs.filter((p) => plansDiffer(p.explain)).length;
    if (plans > 0)
      clauses.push(
        pairs.length > 1 ? `the plans differ in ${plans} of ${pairs.length} queries` : 'the plans differ',
      );
    // One engine's pages only: a MyISAM side reads none into InnoDB's pool (its findings say what it read).
    const complete = pairs.filter(bothComplete);
    const pages = pairs.some(enginesDiffer) ? null : summed(complete, pagesOf);
    if (pages && Math.max(...pages) > 0) {
      const [pa, pb] = pages;
      const timeDiffers = ratio >= SAME || ratio * SAME <= 1;
      const path = complete.map((p) => readPathDiffers(p.a.run, p.b.run)).find(Boolean);
      if (Math.max(pa, pb) <= Math.min(pa, pb) * SAME) {
        if (path) {
          // The pages travel another way: what came from storage, not the pool, tells them apart.
          const bytes = summed(complete, (p) => [storageBytes(p.a.run), storageBytes(p.b.run)]);
          clauses.push(
            `same ${PAGES_READ}, by another path (${path})${
              bytes ? `: ${formatBytes(bytes[1])} read from storage against ${formatBytes(bytes[0])}` : ''
            }`,
          );
        } else
          clauses.push(
            timeDiffers ? `same ${PAGES_READ} → the time is inside the server` : `same ${PAGES_READ}`,
          );
      } else {
        const [more, less, x, y] = pb > pa ? [name, baseName, pb, pa] : [baseName, name, pa, pb];
        clauses.push(
          y > 0
            ? `${more} read ${formatRatio(x / y)} as many pages into the pool`
            : `${more} read pages into the pool, ${less} none`,
        );
      }
    }
    return [time, ...clauses].join('; ');
  });
}

export interface EvidenceTable {
  /** "what", then one column per side the evidence names (A, B...), or "value" when it names none. */
  columns: string[];
  /** One value per side column; a single value when the figure is of no one side (it spans them). */
  rows: Array<{ label: string; values: string[] }>;
}

/**
 * A finding's evidence as a small table: labels "time, A" and "time, B" become one row "time" with a
 * column per side. Evidence that names no side (or a side's figure alone) keeps its own row.
 */
export function evidenceTable(evidence: readonly Evidence[], letters: readonly string[]): EvidenceTable {
  const split = evidence.map((e) => {
    const at = e.label.lastIndexOf(', ');
    const side = at >= 0 ? e.label.slice(at + 2) : '';
    return letters.includes(side)
      ? { what: e.label.slice(0, at), side, value: e.value }
      : { what: e.label, side: null, value: e.value };
  });
  const sides = letters.filter((l) => split.some((s) => s.side === l));
  if (sides.length === 0)
    return { columns: ['what', 'value'], rows: split.map((s) => ({ label: s.what, values: [s.value] })) };
  const rows: EvidenceTable['rows'] = [];
  const byWhat = new Map<string, string[]>();
  for (const s of split) {
    if (s.side === null) {
      // A figure of no one side (a setting, a preset's name) spans the sides' columns.
      rows.push({ label: s.what, values: [s.value] });
      continue;
    }
    let values = byWhat.get(s.what);
    if (!values) {
      values = sides.map(() => '');
      byWhat.set(s.what, values);
      rows.push({ label: s.what, values });
    }
    values[sides.indexOf(s.side)] = s.value;
  }
  return { columns: ['what', ...sides], rows };
}
