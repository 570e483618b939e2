/**
 * The stage profile diff, as post 001 joined p1 and p2: stages matched by name and occurrence (a
 * stage such as "checking permissions" can appear twice), each with its duration, CPU, context
 * switches, block ops and page faults for A and B, sorted by the largest difference in duration.
 */
import type { ProfileStage } from '../runs/runs';

export interface StageFigures {
  durationMs: number;
  /** user + system; null from performance_schema, which does not measure it. */
  cpuMs: number | null;
  cpuUserMs: number | null;
  cpuSystemMs: number | null;
  /** voluntary + involuntary */
  contextSwitches: number | null;
  /** in + out */
  blockOps: number | null;
  /** major + minor */
  pageFaults: number | null;
}

export interface StageRow {
  stage: string;
  /** 1 for the first stage of this name, 2 for the second... */
  occurrence: number;
  a: StageFigures | null;
  b: StageFigures | null;
  /** b − a in duration (a missing stage counts as 0 ms). */
  durationDiffMs: number;
}

const sum = (x: number | null, y: number | null): number | null => (x === null || y === null ? null : x + y);

export function stageFigures(s: ProfileStage): StageFigures {
  return {
    durationMs: s.durationMs,
    cpuMs: sum(s.cpuUserMs, s.cpuSystemMs),
    cpuUserMs: s.cpuUserMs,
    cpuSystemMs: s.cpuSystemMs,
    contextSwitches: sum(s.contextVoluntary, s.contextInvoluntary),
    blockOps: sum(s.blockOpsIn, s.blockOpsOut),
    pageFaults: sum(s.pageFaultsMajor, s.pageFaultsMinor),
  };
}

function keyed(
  stages: ProfileStage[],
): Map<string, { stage: string; occurrence: number; figures: StageFigures }> {
  const seen = new Map<string, number>();
  const out = new Map<string, { stage: string; occurrence: number; figures: StageFigures }>();
  for (const s of stages) {
    const occurrence = (seen.get(s.stage) ?? 0) + 1;
    seen.set(s.stage, occurrence);
    out.set(`${s.stage}#${occurrence}`, { stage: s.stage, occurrence, figures: stageFigures(s) });
  }
  return out;
}

export function diffStages(a: ProfileStage[], b: ProfileStage[]): StageRow[] {
  const ka = keyed(a);
  const kb = keyed(b);
  const keys = [...ka.keys(), ...[...kb.keys()].filter((k) => !ka.has(k))];
  return keys
    .map((key) => {
      const sa = ka.get(key);
      const sb = kb.get(key);
      const head = (sa ?? sb) as { stage: string; occurrence: number };
      return {
        stage: head.stage,
        occurrence: head.occurrence,
        a: sa?.figures ?? null,
        b: sb?.figures ?? null,
        durationDiffMs: (sb?.figures.durationMs ?? 0) - (sa?.figures.durationMs ?? 0),
      };
    })
    .sort((x, y) => Math.abs(y.durationDiffMs) - Math.abs(x.durationDiffMs));
}
