/**
 * A comparison says where each side's plan came from when that matters to reading it: one side's plan
 * was read while the statement ran (the plan that ran) and the other's after the run (MySQL 5.5/5.6, a
 * statement that ended first, a run saved before bplab read plans during the run); a plan read after
 * the run whose own counters say it did not run; and a side whose EXPLAIN taken after the run names
 * another plan than the one that ran, where the comparison's EXPLAIN and plan findings use the one that ran.
 */
import type { ExplainCapture } from '../runs/runs';
import { pairTableId } from './anchors';
import type { PairSide } from './comparison';
import { ev, type Finding, type PairRule } from './finding';

const readAfter = (e: ExplainCapture) => e.source !== 'during-run';

/** Why a side's plan was read after the run, as one sentence. */
const whyAfter = (e: ExplainCapture) =>
  e.sourceNote ?? (e.source === undefined ? 'It was saved before bplab read plans during the run.' : '');

/** What the side's own counters say of a plan read after the run. */
const countersOnPlan = (side: PairSide, e: ExplainCapture) =>
  e.planCheck
    ? `${side.label}’s counters say that is not the plan that ran: ${e.planCheck}.`
    : `Nothing in ${side.label}’s counters says another plan ran (Handler_read_rnd_next).`;

const sourceWords = (e: ExplainCapture) => (readAfter(e) ? 'after the run' : 'while it ran');

export const planSourceRule: PairRule = (pair) => {
  const [a, b] = [pair.a.run.explain, pair.b.run.explain];
  if (!a || !b) return [];
  const found: Finding[] = [];
  const evidence = [
    ev(`plan read, ${pair.a.label}`, sourceWords(a)),
    ev(`plan read, ${pair.b.label}`, sourceWords(b)),
  ];
  const tableId = pairTableId(pair.id, 'explain');
  const sides: Array<[PairSide, ExplainCapture]> = [
    [pair.a, a],
    [pair.b, b],
  ];
  const after = sides.filter(([, e]) => readAfter(e));
  if (after.length === 1) {
    const [[late, e]] = after as [[PairSide, ExplainCapture]];
    const ran = late === pair.a ? pair.b : pair.a;
    const why = whyAfter(e);
    found.push({
      rule: 'plan-read-after-run',
      kind: e.planCheck ? 'warning' : 'explanation',
      text:
        `${ran.label}’s plan was read while it ran (the plan that ran); ${late.label}’s was read after the run, ` +
        `so it is the plan EXPLAIN named once the statement had ended.${why ? ` ${why}` : ''} ${countersOnPlan(late, e)}`,
      evidence: [...evidence, ...(e.planCheck ? [ev(`plan check, ${late.label}`, e.planCheck)] : [])],
      tableId,
      weight: e.planCheck ? 85 : 50,
    });
  } else
    for (const [side, e] of after.filter(([, x]) => x.planCheck))
      found.push({
        rule: 'plan-read-after-run',
        kind: 'warning',
        text: `${side.label}’s plan was read after the run, and ${countersOnPlan(side, e).replace(`${side.label}’s counters`, 'its counters')}`,
        evidence: [...evidence, ev(`plan check, ${side.label}`, e.planCheck!)],
        tableId,
        weight: 85,
      });
  for (const [side, e] of sides)
    if (!readAfter(e) && e.afterRunNote)
      found.push({
        rule: 'plan-after-run-differs',
        kind: 'explanation',
        text: `This comparison uses the plan ${side.label} ran, read while it ran; the EXPLAIN taken after it names another. ${e.afterRunNote}`,
        evidence,
        tableId,
        weight: 55,
      });
  return found;
};
