/**
 * The simulator against the runs of a comparison, as the screen and the report show it: the
 * simulated-against-measured tables (narrow: one row per run, or per run and counter) and the finding
 * in words that says where they differ most.
 */
import {
  CALIBRATED_COUNTERS,
  relativeError,
  type Calibration,
  type CalibrationRow,
} from '../whatif/calibration';
import { count, none, num, text, txt, type ReportCell, type ReportTable } from './report-table';

export const CALIBRATION_IDS = { pagesRead: 'whatif-calibration', counters: 'whatif-counters' } as const;

/** Within this share of the measured figure a run counts as matched (the issue's goal: ±10%). */
export const CALIBRATION_TOLERANCE = 0.1;

/** The other counters' finding weighs only counts at least this large. */
export const MIN_COUNTED = 1000;

/** +12.0%, −3.5%: an error as a signed share. */
export function signedPercent(e: number): string {
  const pct = Math.abs(e * 100).toFixed(1);
  return `${e > 0 ? '+' : e < 0 && pct !== '0.0' ? '−' : ''}${pct}%`;
}

const errorCell = (simulated: number, measured: number | null): ReportCell => {
  const e = relativeError(simulated, measured);
  return e === null ? none : { text: signedPercent(e), value: Math.round(e * 10000) / 10000 };
};

const replayedAs = (r: CalibrationRow) => (r.hot ? 'hot' : 'cold');
/** The pages-read table's "Replayed" cell: a run whose recorded plan is not the one that ran says so. */
const replayedCell = (r: CalibrationRow) =>
  r.planMismatch ? `${replayedAs(r)}, not the plan that ran (not comparable)` : replayedAs(r);

/** Pages read per run, simulated beside measured, then every other counter the run measured too. */
export function calibrationTables(cal: Calibration): ReportTable[] {
  const pages: ReportTable = {
    id: CALIBRATION_IDS.pagesRead,
    title: 'Pages read: the simulator against the runs',
    note: "Each run replayed through the simulated LRU at its own settings, beside its Innodb_buffer_pool_reads. Error: simulated ÷ measured − 1. A run whose page requests are another plan's than its EXPLAIN's is marked: its error is not the simulator's.",
    columns: [txt('Side'), txt('Query'), txt('Replayed'), num('Simulated'), num('Measured'), num('Error')],
    rows: cal.rows.map((r) => [
      text(r.side),
      text(r.query),
      text(replayedCell(r)),
      count(r.simulated.pagesRead),
      count(r.measured.pagesRead),
      errorCell(r.simulated.pagesRead, r.measured.pagesRead),
    ]),
  };
  const rows: ReportCell[][] = [];
  for (const r of cal.rows)
    for (const c of CALIBRATED_COUNTERS) {
      const measured = r.measured[c.key];
      // Nothing measured, or nothing on either side (read-ahead on a scan that never triggers it): no row.
      if (c.key === 'pagesRead' || measured === null || (measured === 0 && r.simulated[c.key] === 0))
        continue;
      rows.push([
        text(r.side),
        text(`${r.query}, ${replayedAs(r)}`),
        text(c.label),
        count(r.simulated[c.key]),
        count(r.measured[c.key]),
        errorCell(r.simulated[c.key], r.measured[c.key]),
      ]);
    }
  const counters: ReportTable = {
    id: CALIBRATION_IDS.counters,
    title: 'The other counters: the simulator against the runs',
    note: 'Read ahead and evicted without access from the Innodb_buffer_pool_* counters; made young and not made young from INNODB_BUFFER_POOL_STATS, after the run less before. Error: simulated ÷ measured − 1 (— where the run measured none).',
    columns: [txt('Side'), txt('Run'), txt('Counter'), num('Simulated'), num('Measured'), num('Error')],
    rows,
  };
  return rows.length > 0 ? [pages, counters] : [pages];
}

const runName = (r: CalibrationRow) => `${r.query} measured on ${r.side} (${r.server}, ${replayedAs(r)})`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Where the simulator and the runs differ most, in words: one sentence on pages read, one on runs it could not replay. */
export function calibrationFindings(cal: Calibration): string[] {
  const out: string[] = [];
  const comparable = cal.rows.filter((r) => !r.planMismatch);
  const checked = comparable
    .map((r) => ({ r, e: relativeError(r.simulated.pagesRead, r.measured.pagesRead) }))
    .filter((x): x is { r: CalibrationRow; e: number } => x.e !== null);
  if (checked.length === 0) {
    if (comparable.length > 0)
      out.push(
        'No replayed run measured Innodb_buffer_pool_reads, so the simulator has nothing to be checked against.',
      );
  } else {
    const worst = checked.reduce((w, x) => (Math.abs(x.e) > Math.abs(w.e) ? x : w));
    const others = checked.filter((x) => x !== worst);
    const off = others.filter((x) => Math.abs(x.e) > CALIBRATION_TOLERANCE).length;
    const rest =
      others.length === 0
        ? ''
        : off === 0
          ? `; the other ${plural(others.length, 'run is', 'runs are')} within ±10%`
          : `; ${off} of the other ${plural(others.length, 'run')} ${off === 1 ? 'differs' : 'differ'} by more than ±10% too`;
    if (Math.abs(worst.e) <= CALIBRATION_TOLERANCE)
      out.push(
        `The simulator's pages read are within ±10% of all ${plural(checked.length, 'run')} measured; the largest difference is ${runName(worst.r)}: ${signedPercent(worst.e)}.`,
      );
    else
      out.push(
        `The simulator reads ${Math.round(Math.abs(worst.e) * 100)}% ${worst.e > 0 ? 'more' : 'fewer'} pages than ${runName(worst.r)}${rest}.`,
      );
  }
  const counters = comparable.flatMap((r) =>
    CALIBRATED_COUNTERS.filter((c) => c.key !== 'pagesRead').flatMap((c) => {
      const e = relativeError(r.simulated[c.key], r.measured[c.key]);
      const measured = r.measured[c.key];
      // A few pages made young (18 measured, 137 simulated) make a large share and say little.
      return e === null || measured === null || measured < MIN_COUNTED ? [] : [{ r, label: c.label, e }];
    }),
  );
  if (counters.length > 0) {
    const worst = counters.reduce((w, x) => (Math.abs(x.e) > Math.abs(w.e) ? x : w));
    if (Math.abs(worst.e) > CALIBRATION_TOLERANCE)
      out.push(
        `Of the other counters, ${worst.label} differs most: ${signedPercent(worst.e)} on ${runName(worst.r)}.`,
      );
  }
  const mismatched = cal.rows.filter((r) => r.planMismatch);
  const firstMismatch = mismatched[0];
  if (firstMismatch)
    out.push(
      `${plural(mismatched.length, 'run')} did not run the plan ${mismatched.length === 1 ? 'it' : 'they'} recorded, so ${mismatched.length === 1 ? 'its' : 'their'} simulated pages read are left out of the check: ${runName(firstMismatch)}: ${firstMismatch.planMismatch}${mismatched.length > 1 ? ` (also ${mismatched.slice(1).map(runName).join('; ')})` : ''}.`,
    );
  if (cal.unavailable.length > 0) {
    const first = cal.unavailable[0]!;
    out.push(
      `${plural(cal.unavailable.length, 'run')} could not be replayed: ${first.query} on ${first.side}, because ${first.why}${cal.unavailable.length > 1 ? ' (the others are listed with their reasons)' : ''}.`,
    );
  }
  return out;
}
