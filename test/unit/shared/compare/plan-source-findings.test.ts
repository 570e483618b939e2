// Where each side's plan came from, in a comparison: said in words when one side's plan was read after the run, and
// the EXPLAIN diff, the plan findings, the join order and the what-if trace all read the plan that ran, never the
// EXPLAIN taken after it. Plans and notes are hand-made (MySQL 8.0's SF 1 Q1.2 case: the run walked dim_date then
// lineorder by ref; the EXPLAIN after it named the lineorder scan).
import { describe, expect, it } from 'vitest';
import { explainSteps } from '../../../../src/main/whatif/run-trace';
import { diffExplain, plansDiffer } from '../../../../src/shared/compare/explain-diff';
import { findFindings } from '../../../../src/shared/compare/findings';
import { explainRule } from '../../../../src/shared/compare/rules-differences';
import { planSourceRule } from '../../../../src/shared/compare/rules-plan-source';
import { explainTable } from '../../../../src/shared/compare/tables';
import { compareSides } from '../../../../src/shared/compare/comparison';
import type { ExplainCapture, RunResult } from '../../../../src/shared/runs/runs';
import { runResult } from '../../../support/run-fixture';
import { pair, texts } from './findings-pairs';

type Row = ExplainCapture['table'][number];
const row = (table: string, type: string, key: string | null, rows: number): Row => ({
  id: 1,
  select_type: 'SIMPLE',
  table,
  type,
  key,
  rows,
  Extra: 'Using where',
});
const REF_WALK = [row('dim_date', 'ALL', null, 2556), row('lineorder', 'ref', 'LO_OrderDateKey', 2837)];
const SCAN = [row('lineorder', 'ALL', null, 5_996_539), row('dim_date', 'eq_ref', 'PRIMARY', 1)];
const AFTER_NOTE =
  'After this run the optimizer would choose the lineorder scan: the pool now holds 21.0% of lineorder ' +
  '(EXPLAIN after the run: lineorder read in full, then dim_date by eq_ref on PRIMARY; the plan that ran: ' +
  'dim_date read in full, then lineorder by ref on LO_OrderDateKey).';
const FIVE_SIX =
  'MySQL 5.6 cannot read another connection’s plan (EXPLAIN FOR CONNECTION came in 5.7), so the plan is the EXPLAIN taken after the run.';
const CHECK =
  "EXPLAIN recorded lineorder read in full, then dim_date by eq_ref on PRIMARY, whose full scans read 5,996,539 rows, but the run's scans read 2,557 (Handler_read_rnd_next): the plan that ran is not the one recorded; simulated pages read for this run are not comparable";

const withPlan = (explain: ExplainCapture): RunResult => runResult({ explain });
/** A run whose plan was read while it ran, with the EXPLAIN taken after it naming the lineorder scan. */
const ranRefWalk = () =>
  withPlan({
    table: REF_WALK,
    json: null,
    source: 'during-run',
    afterRun: { table: SCAN, json: null },
    afterRunNote: AFTER_NOTE,
  });
const duringRun = (table = REF_WALK) => withPlan({ table, json: null, source: 'during-run' });
const afterRun = (over: Partial<ExplainCapture> = {}) =>
  withPlan({ table: REF_WALK, json: null, source: 'after-run', sourceNote: FIVE_SIX, ...over });

describe('a comparison says where each side’s plan came from', () => {
  it('says when one side’s plan was read while it ran and the other’s after the run, and why', () => {
    const [f, ...rest] = planSourceRule(pair(duringRun(), afterRun()));
    expect(rest).toEqual([]);
    expect(f?.rule).toBe('plan-read-after-run');
    expect(f?.kind).toBe('explanation');
    expect(f?.text).toBe(
      `A’s plan was read while it ran (the plan that ran); B’s was read after the run, so it is the plan EXPLAIN named once the statement had ended. ${FIVE_SIX} Nothing in B’s counters says another plan ran (Handler_read_rnd_next).`,
    );
    expect(f?.tableId).toBe('p1-explain');
    expect(f?.evidence).toEqual([
      { label: 'plan read, A', value: 'while it ran' },
      { label: 'plan read, B', value: 'after the run' },
    ]);
  });

  it('warns when the side read after the run did not run the plan it recorded, by its own counters', () => {
    const [f] = planSourceRule(pair(afterRun({ table: SCAN, planCheck: CHECK }), duringRun()));
    expect(f?.kind).toBe('warning');
    expect(f?.text).toMatch(
      /^B’s plan was read while it ran \(the plan that ran\); A’s was read after the run,/,
    );
    expect(f?.text).toContain(`A’s counters say that is not the plan that ran: ${CHECK}.`);
  });

  it('names a run saved before bplab read plans during the run as read after it', () => {
    const [f] = planSourceRule(pair(duringRun(), withPlan({ table: REF_WALK, json: null })));
    expect(f?.text).toContain('It was saved before bplab read plans during the run.');
  });

  it('warns of a plan read after the run that did not run, even when both sides were read after it', () => {
    const found = planSourceRule(pair(afterRun(), afterRun({ table: SCAN, planCheck: CHECK })));
    expect(texts(found)).toEqual([
      `B’s plan was read after the run, and its counters say that is not the plan that ran: ${CHECK}.`,
    ]);
    expect(found[0]?.kind).toBe('warning');
  });

  it('says which plan it uses when a side’s EXPLAIN after the run names another', () => {
    const found = planSourceRule(pair(ranRefWalk(), duringRun()));
    expect(found).toHaveLength(1);
    expect(found[0]?.rule).toBe('plan-after-run-differs');
    expect(found[0]?.text).toBe(
      `This comparison uses the plan A ran, read while it ran; the EXPLAIN taken after it names another. ${AFTER_NOTE}`,
    );
  });

  it('stays quiet when both plans were read while they ran, or both after the run with counters that fit', () => {
    expect(planSourceRule(pair(duringRun(), duringRun(SCAN)))).toEqual([]);
    expect(planSourceRule(pair(afterRun(), afterRun({ table: SCAN })))).toEqual([]);
    expect(planSourceRule(pair(duringRun(), runResult({ explain: null })))).toEqual([]);
  });

  it('is among the comparison’s findings (the screen, the report and bplab compare read them)', () => {
    const c = compareSides([
      { label: 'MySQL 8.0', runs: [duringRun()] },
      { label: 'MySQL 5.6', runs: [afterRun()] },
    ]);
    expect(texts(findFindings(c).summary)).toContain(
      `MySQL 8.0’s plan was read while it ran (the plan that ran); MySQL 5.6’s was read after the run, so it is the plan EXPLAIN named once the statement had ended. ${FIVE_SIX} Nothing in MySQL 5.6’s counters says another plan ran (Handler_read_rnd_next).`,
    );
  });
});

describe('the comparison reads the plan that ran, not the EXPLAIN taken after it', () => {
  // A ran dim_date → lineorder by ref (its after-run EXPLAIN names the lineorder scan); B ran the same plan.
  const p = () => pair(ranRefWalk(), duringRun());

  it('the EXPLAIN diff and its table: the same plan on both sides, in the order that ran', () => {
    const x = diffExplain(ranRefWalk().explain, duringRun().explain);
    expect(x.orderA).toEqual(['dim_date', 'lineorder']);
    expect(x.joinOrderDiffers).toBe(false);
    expect(plansDiffer(x)).toBe(false);
    expect(explainTable(p()).note).toBe('Same join order; differing fields are marked.');
  });

  it('the plan finding and the join order: none between two runs that ran one plan', () => {
    expect(explainRule(p())).toEqual([]);
    const c = compareSides([
      { label: 'A', runs: [ranRefWalk()] },
      { label: 'B', runs: [duringRun()] },
    ]);
    const rules = Object.values(findFindings(c).byPair).flatMap((fs) => fs.map((f) => f.rule));
    expect(rules).not.toContain('plan-differs');
    expect(rules).toContain('plan-after-run-differs');
    // Against a run that really scanned lineorder, the join order named is the one A ran.
    expect(texts(explainRule(pair(ranRefWalk(), duringRun(SCAN))))).toEqual([
      'The plans differ: A joins dim_date → lineorder, B lineorder → dim_date; 2 tables read another way',
    ]);
  });

  it('the what-if trace walks the plan that ran', () => {
    expect(explainSteps(ranRefWalk()).map((s) => `${s.table} ${s.type} ${s.key ?? ''}`.trim())).toEqual([
      'dim_date ALL',
      'lineorder ref LO_OrderDateKey',
    ]);
  });
});
