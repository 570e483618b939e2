/**
 * Post 001's table: configurations × (cold, run 1, run 2, run 3), each cell the total time of the
 * queries, with a line per SSB flight and one for all of them. The experiments runner feeds it one
 * ProtocolRun per executed query (warm-up runs left out).
 */
import type { RunResult } from '../runs/runs';

export type Repetition = 'cold' | number;

export interface ProtocolRun {
  configuration: string;
  /** 'cold' (after a restart) or the hot repetition's number, 1-based. */
  repetition: Repetition;
  queryId: string;
  /** null: the run did not complete, so the cell has no total. */
  elapsedMs: number | null;
  /** The run itself, for the figures beside its time (MiB read, hit ratio, CPU). */
  run?: RunResult;
}

export interface FlightCell {
  /** Sum over the queries; null when one of them is missing or did not complete. */
  totalMs: number | null;
  /** Queries that completed in this cell. */
  queries: number;
  /** The queries expected here (every query the configuration ran in any repetition) that did not complete. */
  missing: string[];
}

export interface FlightTable {
  repetitions: Repetition[];
  configurations: Array<{
    configuration: string;
    /** 'Flight 1'..'Flight 4', then 'Other' for queries outside the SSB catalogue; cells per repetition. */
    flights: Array<{ flight: string; cells: FlightCell[] }>;
    total: FlightCell[];
  }>;
}

/** 'Q3.4' → 'Flight 3'; anything else → 'Other'. */
export function flightOf(queryId: string): string {
  const m = /^Q(\d+)\./.exec(queryId);
  return m ? `Flight ${m[1]}` : 'Other';
}

export function repetitionLabel(r: Repetition): string {
  return r === 'cold' ? 'cold' : `run ${r}`;
}

function cell(runs: ProtocolRun[], expected: string[]): FlightCell {
  let total = 0;
  const done = new Set<string>();
  const failed = new Set<string>();
  for (const r of runs) {
    if (r.elapsedMs === null) failed.add(r.queryId);
    else {
      total += r.elapsedMs;
      done.add(r.queryId);
    }
  }
  const missing = expected.filter((q) => !done.has(q) || failed.has(q));
  return { totalMs: missing.length === 0 && done.size > 0 ? total : null, queries: done.size, missing };
}

export function buildFlightTable(runs: ProtocolRun[]): FlightTable {
  const repetitions = [...new Set(runs.map((r) => r.repetition))].sort((x, y) =>
    x === 'cold' ? -1 : y === 'cold' ? 1 : x - y,
  );
  const configurations = [...new Set(runs.map((r) => r.configuration))];
  return {
    repetitions,
    configurations: configurations.map((configuration) => {
      const mine = runs.filter((r) => r.configuration === configuration);
      const queries = [...new Set(mine.map((r) => r.queryId))];
      const flights = [...new Set(queries.map(flightOf))].sort((x, y) =>
        x === 'Other' ? 1 : y === 'Other' ? -1 : x.localeCompare(y, 'en', { numeric: true }),
      );
      const at = (rep: Repetition, q: string[]) =>
        cell(
          mine.filter((r) => r.repetition === rep && q.includes(r.queryId)),
          q,
        );
      return {
        configuration,
        flights: flights.map((flight) => {
          const inFlight = queries.filter((q) => flightOf(q) === flight);
          return { flight, cells: repetitions.map((rep) => at(rep, inFlight)) };
        }),
        total: repetitions.map((rep) => at(rep, queries)),
      };
    }),
  };
}
