/** The simulator checked against what runs measured: its counters beside each run's, with the error, per run of a comparison. */
import type { RunResult } from '../runs/runs';
import type { SimulatedCounters } from './pool-model';

/** The counters both the simulator and a run report. */
export type CalibratedCounter = 'pagesRead' | 'readAhead' | 'madeYoung' | 'notMadeYoung' | 'evictedUnused';

export const CALIBRATED_COUNTERS: ReadonlyArray<{ key: CalibratedCounter; label: string }> = [
  { key: 'pagesRead', label: 'pages read (Innodb_buffer_pool_reads)' },
  { key: 'readAhead', label: 'read ahead' },
  { key: 'madeYoung', label: 'made young' },
  { key: 'notMadeYoung', label: 'not made young' },
  { key: 'evictedUnused', label: 'read ahead, evicted without access' },
];

export type CounterValues = Record<CalibratedCounter, number | null>;

/** One run replayed at its own settings: what the simulator reports beside what the run measured. */
export interface CalibrationRow {
  /** The comparison's side the run belongs to. */
  side: string;
  /** "Q1.1", "Q1.1 (straight)". */
  query: string;
  /** "mariadb 10.11.19". */
  server: string;
  /** Replayed after a pass of the same query (it found its pages in the pool). */
  hot: boolean;
  simulated: Record<CalibratedCounter, number>;
  measured: CounterValues;
  /** Replayed from the server's own page trace (a traced run), not one derived from its plan. */
  realTrace?: boolean;
  /**
   * Why the plan the run recorded is not the one that ran (plan-check.ts): its simulated figures trace
   * the recorded plan and are not comparable. Absent when its page requests fit the plan.
   */
  planMismatch?: string;
}

/** A run the simulator could not replay, and why, in words. */
export interface CalibrationGap {
  side: string;
  query: string;
  why: string;
}

export interface Calibration {
  rows: CalibrationRow[];
  unavailable: CalibrationGap[];
  /** What the simulator assumes, said once for all runs. */
  assumptions: string[];
}

function statusDelta(run: RunResult, name: string): number | null {
  const d = run.status.find((x) => x.name.toLowerCase() === name);
  return d ? d.delta : null;
}

/** The pools' change of one INNODB_BUFFER_POOL_STATS column over the run; null without the after reading. */
function poolDelta(
  run: RunResult,
  pick: (p: RunResult['poolStats']['before'][number]) => number,
): number | null {
  const after = run.poolStats.after;
  if (!after || after.length === 0 || run.poolStats.before.length === 0) return null;
  const sum = (list: typeof after) => list.reduce((n, p) => n + pick(p), 0);
  return sum(after) - sum(run.poolStats.before);
}

/** What the run measured: the Innodb_buffer_pool_* deltas, and made young from the pool stats. */
export function measuredCounters(run: RunResult): CounterValues {
  return {
    pagesRead: statusDelta(run, 'innodb_buffer_pool_reads'),
    readAhead: statusDelta(run, 'innodb_buffer_pool_read_ahead'),
    evictedUnused: statusDelta(run, 'innodb_buffer_pool_read_ahead_evicted'),
    madeYoung: poolDelta(run, (p) => p.pagesMadeYoung),
    notMadeYoung: poolDelta(run, (p) => p.pagesNotMadeYoung),
  };
}

/** The simulator's counters under the same names. */
export function simulatedCounters(c: SimulatedCounters): Record<CalibratedCounter, number> {
  return {
    pagesRead: c.syncReads,
    readAhead: c.readAhead,
    madeYoung: c.madeYoung,
    notMadeYoung: c.notMadeYoung,
    evictedUnused: c.readAheadEvicted,
  };
}

/** simulated / measured − 1; null when nothing was measured (or zero, where a ratio says nothing). */
export function relativeError(simulated: number, measured: number | null): number | null {
  return measured === null || measured <= 0 ? null : simulated / measured - 1;
}
