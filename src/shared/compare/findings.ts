/**
 * Findings: the few largest differences between runs, in words, each with the figures it came from
 * and the id of the table that holds them. Every rule is a small pure function that fires only when
 * the figures show what it says; the thresholds are in the rules, so a test can show each firing and
 * not firing. Explanations (counters that look wrong) and warnings always come first.
 */
import type { Comparison, PairComparison } from './comparison';
import { queryLabel } from '../runs/run-side';
import { sortFindings, type Finding, type PairRule } from './finding';
import { engineCacheRule, innodbOnly } from './engine-findings';
import { checksumRule, incompleteRule } from './rules-warnings';
import { watchedDifferentlyRule } from './rules-observer';
import { planSourceRule } from './rules-plan-source';
import { pageCleanerRule } from './rules-page-cleaner';
import { heldBlocksRule } from './rules-pool-blocks';
import { adaptiveHashRule, globalCountersRule, neverEvictedRule, sameReadsRule } from './rules-explanations';
import {
  elapsedRule,
  explainRule,
  madeYoungRule,
  notMadeYoungRule,
  pagesFromDiskRule,
  pushedOutRule,
  readAheadRule,
  stageRule,
  totalTimeRule,
  youngPagesRule,
} from './rules-differences';

/** InnoDB's pool rules fire on pairs of one engine only; engineCacheRule speaks for a pair of two. */
export const PAIR_RULES: readonly PairRule[] = [
  checksumRule,
  incompleteRule,
  watchedDifferentlyRule,
  planSourceRule,
  innodbOnly(neverEvictedRule),
  innodbOnly(pageCleanerRule),
  innodbOnly(heldBlocksRule),
  globalCountersRule,
  innodbOnly(sameReadsRule),
  innodbOnly(adaptiveHashRule),
  elapsedRule,
  engineCacheRule,
  innodbOnly(pagesFromDiskRule),
  innodbOnly(readAheadRule),
  innodbOnly(notMadeYoungRule),
  innodbOnly(madeYoungRule),
  innodbOnly(youngPagesRule),
  innodbOnly(pushedOutRule),
  explainRule,
  stageRule,
];

export interface Findings {
  /** Above the tables: up to `limit` warnings and explanations, then the `limit` largest differences. */
  summary: Finding[];
  /** Findings left out of the summary (each is still in its pair's list). */
  notInSummary: number;
  /** Every finding of each pair, by pair id. */
  byPair: Record<string, Finding[]>;
}

/**
 * Runs every rule. With more than one pair, a pair's findings in the summary start with its title.
 * `across`: findings drawn from more than one pair (post 003's cold/hot crossover), ranked with the rest.
 */
/** Which pair a summary finding is about: the query alone when two sides are compared, else the pair's title. */
function prefix(c: Comparison, pair: PairComparison): string {
  const [qa, qb] = [queryLabel(pair.a.run), queryLabel(pair.b.run)];
  return c.sides.length === 2 && qa === qb ? qa : pair.title;
}

/**
 * An explanation that holds for many queries (a pool that never evicted, in each) is said once in the
 * summary, with how many more queries it holds for; each stays whole in its pair's list.
 */
function onceEach(explanations: Finding[]): Array<{ finding: Finding; covers: number }> {
  const byRule = new Map<string, Finding[]>();
  for (const f of explanations) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  return [...byRule.values()].map(([first, ...more]) => ({
    finding:
      more.length === 0
        ? first!
        : {
            ...first!,
            text: `${first!.text} (and ${more.length} more like it)`,
          },
    covers: 1 + more.length,
  }));
}

export function findFindings(
  c: Comparison,
  limit = 6,
  rules: readonly PairRule[] = PAIR_RULES,
  across: readonly Finding[] = [],
): Findings {
  const byPair: Record<string, Finding[]> = {};
  const all: Finding[] = [...totalTimeRule(c), ...across];
  for (const pair of c.pairs) {
    const found = sortFindings(rules.flatMap((rule) => rule(pair)));
    byPair[pair.id] = found;
    all.push(
      ...(c.pairs.length > 1 ? found.map((f) => ({ ...f, text: `${prefix(c, pair)}: ${f.text}` })) : found),
    );
  }
  const sorted = sortFindings(all);
  const merged = onceEach(sorted.filter((f) => f.kind === 'explanation'));
  const notes = sortFindings([
    ...sorted.filter((f) => f.kind === 'warning'),
    ...merged.map((m) => m.finding),
  ]).slice(0, limit);
  const said = notes.reduce((n, f) => n + (merged.find((m) => m.finding === f)?.covers ?? 1), 0);
  const differences = sorted.filter((f) => f.kind === 'difference').slice(0, limit);
  return {
    summary: [...notes, ...differences],
    notInSummary: all.length - said - differences.length,
    byPair,
  };
}
