/**
 * The comparison's "what if" as the screen asks for it and shows it: which runs of each side go to the
 * simulator (every run for the check; one run per query of the scope for the curves), where main reads
 * each from, and the answers prepared for the tables and the chart. Pure.
 */
import { queryLabel, type RunSide } from '../../../../shared/runs/run-side';
import type { RunResult } from '../../../../shared/runs/runs';
import type { LoadedResults } from './compare-view';
import { flightOf } from '../../../../shared/whatif/flight';

export interface RunRef {
  runId: string;
  file?: string;
}

export interface SideRefs {
  label: string;
  runs: RunRef[];
}

/** What the curves cover: every query of the sides, a flight's ("Q1"), or one query ("Q1.1"). */
export interface WhatIfScope {
  id: string;
  label: string;
}

export type RefsOutcome = { ok: true; sides: SideRefs[] } | { ok: false; problem: string };

/** The scopes the sides' runs offer: the whole comparison, then each flight and each query, in run order. */
export function whatIfScopes(sides: readonly RunSide[]): WhatIfScope[] {
  const flights: string[] = [];
  const queries: string[] = [];
  for (const s of sides)
    for (const r of s.runs) {
      const f = flightOf(r.queryId);
      if (!flights.includes(f)) flights.push(f);
      const q = queryLabel(r);
      if (!queries.includes(q)) queries.push(q);
    }
  const out: WhatIfScope[] = [{ id: 'all', label: `Every query (${queries.length})` }];
  if (flights.length > 1 && flights.length < queries.length)
    out.push(...flights.map((f) => ({ id: `flight:${f}`, label: `Flight ${f}` })));
  if (queries.length > 1) out.push(...queries.map((q) => ({ id: `query:${q}`, label: q })));
  return out;
}

/**
 * Where main reads each run: its results file by path, or (a run picked from the Runs list) the saved
 * runs by id. A run of a file dropped in browser mode has no path: said in words.
 */
export function runRefs(
  sides: readonly RunSide[],
  files: readonly LoadedResults[],
  pick: (side: RunSide) => RunResult[] = (s) => s.runs,
): RefsOutcome {
  const source = new Map<RunResult, LoadedResults>();
  for (const f of files) for (const r of f.experiment.results) source.set(r.run, f);
  const out: SideRefs[] = [];
  for (const side of sides) {
    const runs: RunRef[] = [];
    for (const run of pick(side)) {
      const f = source.get(run);
      if (f?.dropped)
        return {
          ok: false,
          problem: `The simulator reads the runs from the results files on disk, and ${f.file} was dropped into the page: bplab has no path to it. Open it by its path to check it against the simulator.`,
        };
      runs.push(f ? { runId: run.runId, file: f.file } : { runId: run.runId });
    }
    if (runs.length > 0) out.push({ label: side.label, runs });
  }
  return out.length > 0
    ? { ok: true, sides: out }
    : { ok: false, problem: 'No run of the sides is in this scope.' };
}

/** "0, 1000" → [0, 1000]; a word that is not a whole number from min to max is named. */
export function parseSettingList(
  text: string,
  what: string,
  min: number,
  max: number,
): { ok: true; values: number[] } | { ok: false; problem: string } {
  const parts = text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, problem: `Give at least one ${what}.` };
  if (parts.length > 4) return { ok: false, problem: `Give at most 4 values of ${what}.` };
  const values: number[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (!/^\d+$/.test(p) || n < min || n > max)
      return { ok: false, problem: `${what} takes whole numbers from ${min} to ${max}; "${p}" is not one.` };
    if (!values.includes(n)) values.push(n);
  }
  return { ok: true, values };
}
