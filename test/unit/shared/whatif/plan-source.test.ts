// The plan that ran beside the EXPLAIN taken after the run: which is recorded, and the difference in words, on hand-made plans.
import { describe, expect, it } from 'vitest';
import type { ExplainCapture, LruComposition, StatusDelta } from '../../../../src/shared/runs/runs';
import {
  afterRunWords,
  explainStepsOf,
  planSourceWords,
  recordedPlan,
  samePlan,
  type PoolAfterRun,
} from '../../../../src/shared/whatif/plan-source';

type Row = ExplainCapture['table'][number];
const row = (table: string, type: string, key: string | null, rows: number): Row => ({
  id: 1,
  select_type: 'SIMPLE',
  table,
  type,
  key,
  ref: null,
  rows,
  Extra: 'Using where',
});

// Q1.1 at SF 0.1 on MySQL 8.0: the cold run walked dim_date then lineorder by ref; the EXPLAIN after it named the lineorder scan.
const ranTable = [row('dim_date', 'ALL', null, 2556), row('lineorder', 'ref', 'LO_OrderDateKey', 234)];
const scanTable = [row('lineorder', 'ALL', null, 600_000), row('dim_date', 'eq_ref', 'PRIMARY', 1)];
const ran = explainStepsOf(ranTable);
const scan = explainStepsOf(scanTable);

function lruAfter(indexes: Array<[string, string, number]>): LruComposition {
  return {
    atMs: 900,
    costMs: 40,
    databasePages: 1000,
    oldMethod: 'is-old',
    indexes: indexes.map(([table, index, pages]) => ({
      table,
      index,
      pages,
      oldPages: 0,
      youngPages: pages,
      records: 0,
      dataSizeBytes: 0,
      poolShare: pages / 1000,
    })),
  };
}

const pool: PoolAfterRun = {
  schema: 'ssb_lab',
  lruAfter: lruAfter([
    ['ssb_lab.lineorder', 'PRIMARY', 920],
    ['ssb_lab.lineorder', 'LO_OrderDateKey', 30],
    ['ssb_lab.dim_date', 'PRIMARY', 12],
  ]),
  indexPages: [
    { table: 'lineorder', index: 'PRIMARY', leafPages: 990, sizePages: 1000 },
    { table: 'lineorder', index: 'LO_OrderDateKey', leafPages: 100, sizePages: 120 },
    { table: 'dim_date', index: 'PRIMARY', leafPages: 12, sizePages: 13 },
  ],
};

const status = (rndNext: number): StatusDelta[] => [
  { name: 'Handler_read_rnd_next', before: 10, after: 10 + rndNext, delta: rndNext, scope: 'session' },
];

describe('afterRunWords', () => {
  it('names the scan the optimizer would choose after the run, with the share of the table the pool holds', () => {
    expect(afterRunWords(ran, scan, pool)).toBe(
      'After this run the optimizer would choose the lineorder scan: the pool now holds 92.0% of lineorder ' +
        '(EXPLAIN after the run: lineorder read in full, then dim_date by eq_ref on PRIMARY; ' +
        'the plan that ran: dim_date read in full, then lineorder by ref on LO_OrderDateKey).',
    );
  });

  it('names a secondary index by name, and says nothing of the pool when bplab did not read it', () => {
    const hashJoin = explainStepsOf([
      row('dim_date', 'ALL', null, 2556),
      row('lineorder', 'ALL', null, 600_000),
    ]);
    expect(afterRunWords(hashJoin, ran, pool)).toMatch(
      /^After this run the optimizer would choose lineorder by ref on LO_OrderDateKey: the pool now holds 25\.0% of lineorder’s index LO_OrderDateKey \(/,
    );
    expect(afterRunWords(ran, scan, { ...pool, lruAfter: null })).toMatch(
      /^After this run the optimizer would choose the lineorder scan \(EXPLAIN after the run:/,
    );
  });

  it('takes a table without a primary key by its clustered index, GEN_CLUST_INDEX', () => {
    const noPk: PoolAfterRun = {
      schema: 'ssb',
      lruAfter: lruAfter([['ssb.lineorder', 'GEN_CLUST_INDEX', 450]]),
      indexPages: [{ table: 'lineorder', index: 'GEN_CLUST_INDEX', leafPages: 990, sizePages: 1000 }],
    };
    expect(afterRunWords(ran, scan, noPk)).toMatch(/: the pool now holds 45\.0% of lineorder \(/);
  });

  it('is silent when both name the same plan, whatever their row estimates', () => {
    const again = explainStepsOf([
      row('dim_date', 'ALL', null, 2400),
      row('lineorder', 'ref', 'LO_OrderDateKey', 250),
    ]);
    expect(samePlan(ran, again)).toBe(true);
    expect(afterRunWords(ran, again, pool)).toBeNull();
  });

  it('tells a different join order, access type or index apart', () => {
    expect(samePlan(ran, [...ran].reverse())).toBe(false);
    expect(samePlan(ran, [ran[0]!, { ...ran[1]!, type: 'ALL' }])).toBe(false);
    expect(samePlan(ran, [ran[0]!, { ...ran[1]!, key: 'LO_CustKey' }])).toBe(false);
    expect(samePlan(ran, ran.slice(0, 1))).toBe(false);
  });
});

describe('recordedPlan', () => {
  const after: ExplainCapture = { table: scanTable, json: { query_block: {} } };

  it('records the plan read during the run, and keeps the after-run EXPLAIN beside it when it differs', () => {
    const plan = recordedPlan({ table: ranTable, json: null }, after, { ...pool, status: status(2557) });
    expect(plan?.source).toBe('during-run');
    expect(plan?.table).toBe(ranTable);
    expect(plan?.afterRun?.table).toBe(scanTable);
    expect(plan?.afterRunNote).toMatch(/^After this run the optimizer would choose the lineorder scan/);
    const same = recordedPlan(
      { table: ranTable, json: { during: true } },
      { table: ranTable, json: { after: true } },
      { ...pool, status: [] },
    );
    expect(same).toEqual({ table: ranTable, json: { during: true }, source: 'during-run' });
    // The statement ended between the table and its JSON: the after-run JSON of the same plan, marked so.
    const lateJson = recordedPlan(
      { table: ranTable, json: null },
      { table: ranTable, json: { after: true } },
      { ...pool, status: [] },
    );
    expect(lateJson).toEqual({
      table: ranTable,
      json: { after: true },
      source: 'during-run',
      jsonAfterRun: true,
    });
  });

  it('keeps the after-run EXPLAIN when none was read during the run, with why and plan-check’s verdict', () => {
    const plan = recordedPlan({ unavailable: 'The statement ended before its plan could be read.' }, after, {
      ...pool,
      status: status(2557),
    });
    expect(plan?.source).toBe('after-run');
    expect(plan?.sourceNote).toBe('The statement ended before its plan could be read.');
    expect(plan?.planCheck).toBe(
      "EXPLAIN recorded lineorder read in full, then dim_date by eq_ref on PRIMARY, whose full scans read 600,000 rows, but the run's scans read 2,557 (Handler_read_rnd_next): the plan that ran is not the one recorded; simulated pages read for this run are not comparable",
    );
    // A run whose scans read the table whole: no verdict against the plan.
    const fits = recordedPlan({ unavailable: 'x' }, after, { ...pool, status: status(600_010) });
    expect(fits?.planCheck).toBeUndefined();
    expect(recordedPlan({ unavailable: 'x' }, null, { ...pool, status: [] })).toBeNull();
  });
});

describe('planSourceWords', () => {
  it('says where the plan came from', () => {
    expect(planSourceWords({ table: ranTable, json: null, source: 'during-run' })).toBe(
      'The plan that ran: read from the control connection while the statement ran.',
    );
    expect(
      planSourceWords({
        table: scanTable,
        json: null,
        source: 'after-run',
        sourceNote: 'MySQL 5.6 cannot read another connection’s plan.',
        planCheck: 'EXPLAIN recorded lineorder read in full',
      }),
    ).toBe(
      'Read after the run. MySQL 5.6 cannot read another connection’s plan. EXPLAIN recorded lineorder read in full.',
    );
    expect(
      planSourceWords({ table: ranTable, json: null, source: 'after-run', sourceNote: 'Ended first.' }),
    ).toBe(
      'Read after the run. Ended first. Nothing in the run’s counters says another plan ran (Handler_read_rnd_next).',
    );
    expect(planSourceWords({ table: ranTable, json: null })).toBe(
      'Read after the run (saved before bplab read plans during the run).',
    );
  });

  it('reads a plan row whatever case the server named its columns in', () => {
    expect(explainStepsOf([{ TABLE: 't', Type: 'ref', KEY: 'k', REF: 'c', extra: 'Using index' }])).toEqual([
      { table: 't', type: 'ref', key: 'k', ref: 'c', extra: 'Using index' },
    ]);
  });
});
