/**
 * Several runs' traces as one (a flight, or a whole experiment's queries one after the other), so one
 * miss-ratio curve answers for them all: their page layouts merged table by table, and the estimated
 * time at each pool size from what the runs measured per page read.
 */
import { NO_PAGE, type PageLayout, type PageTrace, type SpaceLayout } from './trace';
import type { CurveTrust } from './size-accuracy';
import type { WhatIfCurve } from './what-if';
import type { CurveVariant } from './mrc';
import type { RunResult } from '../runs/runs';
import { queryLabel, type RunSide } from '../runs/run-side';

export interface TracePart {
  layout: PageLayout;
  trace: PageTrace;
}

/** The table a space holds, from the index of its first owned page ("lineorder/PRIMARY" → "lineorder"). */
function tableOf(space: SpaceLayout, indexNames: string[]): string {
  for (const i of space.indexOf) if (i !== NO_PAGE) return (indexNames[i] ?? '').split('/')[0] ?? '';
  return '';
}

/**
 * The parts' traces one after the other over one layout: a table that several parts touch is one
 * space (the same table of the same size is the same file), its pages shared, so a page one query
 * left in the pool is a hit for the next.
 */
export function concatParts(parts: readonly TracePart[]): TracePart {
  const indexNames: string[] = [];
  const indexOrdinal = new Map<string, number>();
  const spaces: SpaceLayout[] = [];
  const spaceOrdinal = new Map<string, number>();
  const spaceMaps = parts.map((part) =>
    part.layout.spaces.map((s) => {
      const key = `${tableOf(s, part.layout.indexNames)}|${s.sizePages}`;
      const known = spaceOrdinal.get(key);
      if (known !== undefined) return known;
      const indexOf = s.indexOf.map((i) => {
        if (i === NO_PAGE) return NO_PAGE;
        const name = part.layout.indexNames[i] ?? '';
        let o = indexOrdinal.get(name);
        if (o === undefined) {
          o = indexNames.length;
          indexNames.push(name);
          indexOrdinal.set(name, o);
        }
        return o;
      });
      spaces.push({
        spaceId: spaces.length + 1,
        sizePages: s.sizePages,
        indexOf,
        prev: s.prev,
        next: s.next,
      });
      spaceOrdinal.set(key, spaces.length - 1);
      return spaces.length - 1;
    }),
  );
  const n = parts.reduce((sum, p) => sum + p.trace.length, 0);
  const space = new Uint32Array(n);
  const page = new Uint32Array(n);
  const atMs = new Float64Array(n);
  let at = 0;
  let shift = 0;
  parts.forEach((p, k) => {
    const map = spaceMaps[k]!;
    for (let i = 0; i < p.trace.length; i++) {
      space[at + i] = map[p.trace.space[i]!]!;
      page[at + i] = p.trace.page[i]!;
      atMs[at + i] = p.trace.atMs[i]! + shift;
    }
    at += p.trace.length;
    shift = p.trace.length > 0 ? atMs[at - 1]! : shift;
  });
  return { layout: { indexNames, spaces }, trace: { space, page, atMs, length: n } };
}

/** What the runs measured, to turn pages read into time: ms = baseMs + msPerRead × pages read. */
export interface TimeModel {
  baseMs: number;
  msPerRead: number;
  /** How the figures were had, in words. */
  how: string;
}

export interface MeasuredRun {
  elapsedMs: number;
  pagesRead: number | null;
  /** The server's CPU time over the run, where bplab could read it. */
  cpuMs: number | null;
}

/**
 * The runs' measured cost per page read: the time not spent on the server's CPU, over the pages read
 * (the CPU time stays as it is, whatever the pool); without the CPU time, all the time is put on the
 * reads (an upper bound). Null when the runs read nothing from disk (nothing to scale).
 */
export function timeModel(runs: readonly MeasuredRun[]): TimeModel | null {
  const reads = runs.reduce((n, r) => n + (r.pagesRead ?? 0), 0);
  if (reads <= 0 || runs.some((r) => r.pagesRead === null)) return null;
  const elapsed = runs.reduce((n, r) => n + r.elapsedMs, 0);
  if (runs.every((r) => r.cpuMs !== null)) {
    const cpu = Math.min(
      elapsed,
      runs.reduce((n, r) => n + (r.cpuMs ?? 0), 0),
    );
    return {
      baseMs: cpu,
      msPerRead: (elapsed - cpu) / reads,
      how: `the server's CPU time measured (${Math.round(cpu)} ms) stays; the rest of the measured time, ${Math.round(elapsed - cpu)} ms over ${reads} pages read, is the cost of each read`,
    };
  }
  return {
    baseMs: 0,
    msPerRead: elapsed / reads,
    how: `the server's CPU time was not measured, so all the measured time (${Math.round(elapsed)} ms over ${reads} pages read) is put on the reads: an upper bound`,
  };
}

export const estimatedMs = (model: TimeModel, pagesRead: number): number =>
  model.baseMs + model.msPerRead * pagesRead;

/** One side's runs as one curve per old-blocks setting asked. */
export interface SideCurves {
  side: string;
  /** The queries concatenated, in order. */
  queries: string[];
  pageSizeBytes: number;
  /** The pool the runs had, in pages: where the curve meets what was measured. */
  ownPoolPages: number;
  /** The runs' own old-blocks settings: the curve of these meets what they measured. */
  ownVariant: CurveVariant;
  /** What the runs measured at that pool (their Innodb_buffer_pool_reads summed); null when one did not. */
  measuredPagesRead: number | null;
  hot: boolean;
  curves: WhatIfCurve[];
  /** Pages read → ms, from what the runs measured; null when they read nothing. */
  time: TimeModel | null;
  assumptions: string[];
  /** Which traces the curves replay, in words (the runs' own page traces or derived ones); absent before. */
  traces?: string;
  /**
   * How far a point at another size can be trusted, from bench/whatif-sizes.ts's measurements (the
   * same words as a run's report; the Compare headline reads them here). Absent in curves saved before.
   */
  trust?: CurveTrust;
}

/** "Q1.1" → "Q1": the flight a query belongs to. */
export const flightOf = (queryId: string) => queryId.split('.')[0] ?? queryId;

/** A scope: 'all', 'flight:Q1' or 'query:Q1.1' (a query's label, with its variant). */
const inScope = (run: RunResult, scope: string): boolean =>
  scope === 'all' ||
  (scope.startsWith('flight:') && flightOf(run.queryId) === scope.slice(7)) ||
  (scope.startsWith('query:') && queryLabel(run) === scope.slice(6));

/**
 * One run per query in the scope, in the order the side ran them: the side's last complete run of it
 * (the warmest, as the comparison's pairs take), else its last.
 */
export function curveRuns(side: RunSide, scope: string): RunResult[] {
  const byQuery = new Map<string, RunResult>();
  for (const run of side.runs) {
    if (!inScope(run, scope)) continue;
    const q = queryLabel(run);
    const had = byQuery.get(q);
    if (!had || run.state === 'complete' || had.state !== 'complete') byQuery.set(q, run);
  }
  return [...byQuery.values()];
}
