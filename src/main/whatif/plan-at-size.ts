/**
 * The plan at another pool size, checked on the server itself (issue 40): a curve replays the run's
 * recorded plan at every size, and report.plan (shared/whatif/plan-at-sizes.ts) says where the
 * optimizer may choose another (MySQL 8.0 weighs each index's cached share; MySQL 5.6+ considers
 * Multi-Range Read only for a table whose data is at least the pool). Where the run's server is a
 * sandbox, this asks the server: at each size, a cold restart with that pool, the runs since the
 * server's start before the run replayed (their statements, so the pool holds what it would), then
 * EXPLAIN of the run's statement, set against the recorded plan (each step's table, access type and
 * index, and whether it reads with MRR). How the server is restarted and put back is the caller's
 * (dependencies passed in: a sandbox restarted with the size for that start only, which bplab records
 * and puts back should it die).
 */
import type { RunResult } from '../../shared/runs/runs';
import { AppFailure } from '../../shared/result';
import { planWords, usesMrr } from '../../shared/whatif/plan-at-sizes';
import { explainStepsOf, samePlan } from '../../shared/whatif/plan-source';
import type { ExplainStep } from '../../shared/whatif/plan-model';
import type { Queryable } from '../bufferpool/lru';
import { explainQuery, statementText } from '../runs/capture';

export interface PlanAtSizeDeps {
  /** Restarts the server cold with a pool of `bytes`; answers the pool read back (bytes). */
  restartAt(bytes: number): Promise<number>;
  /** A connection to the server, closed by the caller of the work. */
  use<T>(work: (c: Queryable) => Promise<T>): Promise<T>;
  /** Puts the server back on its own pool, whatever happened (called once, at the end). */
  restore(): Promise<void>;
}

export interface PlanAtSizeCheck {
  /** The pool the server had, read back. */
  poolBytes: number;
  /** The plan EXPLAIN names there, in words. */
  plan: string;
  /** The same plan as the run recorded, MRR included. */
  same: boolean;
}

/** Two plans are one when they read the same tables the same way, each with MRR or without. */
export function samePlanWithMrr(a: ExplainStep[], b: ExplainStep[]): boolean {
  return samePlan(a, b) && a.every((s, i) => usesMrr(s) === usesMrr(b[i]!));
}

/**
 * The recorded plan of `run` against EXPLAIN at each pool size, after `before` (the runs since the
 * server's start before it, oldest first: their statements run again on the same schema).
 */
export async function checkPlansAtSizes(
  run: Pick<RunResult, 'sql' | 'schema' | 'explain'>,
  before: ReadonlyArray<Pick<RunResult, 'sql' | 'schema'>>,
  sizes: readonly number[],
  deps: PlanAtSizeDeps,
  progress: (message: string) => void = () => {},
): Promise<PlanAtSizeCheck[]> {
  const recorded = explainStepsOf(run.explain?.table ?? []);
  if (recorded.length === 0)
    throw AppFailure.of('FEATURE_MISSING', 'The run holds no EXPLAIN: there is no recorded plan to check.');
  const out: PlanAtSizeCheck[] = [];
  try {
    for (const bytes of sizes) {
      progress(`restarting with a ${Math.round(bytes / 1048576)} MiB pool`);
      const poolBytes = await deps.restartAt(bytes);
      const steps = await deps.use(async (c) => {
        for (const [i, b] of before.entries()) {
          progress(`running again what ran before the run (${i + 1} of ${before.length})`);
          await c.rows(`USE \`${b.schema.replace(/`/g, '``')}\``);
          await c.rows(statementText(b.sql));
        }
        await c.rows(`USE \`${run.schema.replace(/`/g, '``')}\``);
        // explainQuery asks MySQL 8.3+ for the classic table (9.7 answers a plain EXPLAIN as a tree).
        return explainStepsOf((await explainQuery(c, statementText(run.sql))).table);
      });
      out.push({ poolBytes, plan: planWords(steps), same: samePlanWithMrr(recorded, steps) });
    }
  } finally {
    await deps.restore();
  }
  return out;
}
