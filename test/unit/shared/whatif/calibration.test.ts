// The simulator against a comparison's runs: measured counters read off a run, the narrow tables and the finding in words.
import { describe, expect, it } from 'vitest';
import {
  measuredCounters,
  relativeError,
  type Calibration,
  type CalibrationRow,
} from '../../../../src/shared/whatif/calibration';
import {
  calibrationFindings,
  calibrationTables,
  signedPercent,
} from '../../../../src/shared/compare/whatif-tables';
import { poolStats, runResult } from '../../../support/run-fixture';

const zeros = { readAhead: 0, madeYoung: 0, notMadeYoung: 0, evictedUnused: 0 };

function row(
  query: string,
  simulated: number,
  measured: number | null,
  over: Partial<CalibrationRow> = {},
): CalibrationRow {
  return {
    side: 'B',
    query,
    server: 'mariadb 10.11.19',
    hot: true,
    simulated: { pagesRead: simulated, ...zeros },
    measured: {
      pagesRead: measured,
      readAhead: null,
      madeYoung: null,
      notMadeYoung: null,
      evictedUnused: null,
    },
    ...over,
  };
}

describe('measuredCounters', () => {
  it('reads the Innodb_buffer_pool_* deltas and made young from the pool stats, after less before', () => {
    const run = runResult({
      status: [
        { name: 'Innodb_buffer_pool_reads', before: 20, after: 570, delta: 550, scope: 'global' },
        { name: 'Innodb_buffer_pool_read_ahead', before: 5, after: 105, delta: 100, scope: 'global' },
      ],
      poolStats: {
        before: [
          poolStats({ pagesMadeYoung: 10, pagesNotMadeYoung: 1000 }),
          poolStats({ poolId: 1, pagesMadeYoung: 5 }),
        ],
        after: [
          poolStats({ pagesMadeYoung: 40, pagesNotMadeYoung: 3000 }),
          poolStats({ poolId: 1, pagesMadeYoung: 25 }),
        ],
      },
    });
    // made young: (40 + 25) − (10 + 5) = 50; not made young: 3000 − 1000 (+0) = 2000.
    expect(measuredCounters(run)).toEqual({
      pagesRead: 550,
      readAhead: 100,
      evictedUnused: null,
      madeYoung: 50,
      notMadeYoung: 2000,
    });
    expect(
      measuredCounters(runResult({ poolStats: { before: [poolStats()], after: null } })).madeYoung,
    ).toBeNull();
  });

  it('gives an error only against something measured', () => {
    expect(relativeError(112, 100)).toBeCloseTo(0.12, 10);
    expect(relativeError(5, 0)).toBeNull();
    expect(relativeError(5, null)).toBeNull();
    expect(signedPercent(0.12)).toBe('+12.0%');
    expect(signedPercent(-0.035)).toBe('−3.5%');
  });
});

describe('calibrationTables', () => {
  it('puts one row per run for pages read, and the other counters a run measured (not both zero) in a narrow table', () => {
    const cal: Calibration = {
      rows: [
        row('Q4.1', 1120, 1000),
        row('Q1.1', 950, 1000, {
          side: 'A',
          hot: false,
          simulated: { pagesRead: 950, readAhead: 0, madeYoung: 30, notMadeYoung: 0, evictedUnused: 0 },
          measured: { pagesRead: 1000, readAhead: 0, madeYoung: 40, notMadeYoung: null, evictedUnused: 0 },
        }),
      ],
      unavailable: [],
      assumptions: [],
    };
    const [pages, counters] = calibrationTables(cal);
    expect(pages!.columns.map((c) => c.label)).toEqual([
      'Side',
      'Query',
      'Replayed',
      'Simulated',
      'Measured',
      'Error',
    ]);
    expect(pages!.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['B', 'Q4.1', 'hot', '1,120', '1,000', '+12.0%'],
      ['A', 'Q1.1', 'cold', '950', '1,000', '−5.0%'],
    ]);
    // Read ahead and evicted unused are 0 on both sides, not made young was not measured: made young alone.
    expect(counters!.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['A', 'Q1.1, cold', 'made young', '30', '40', '−25.0%'],
    ]);
    expect(counters!.columns.length).toBe(6);
  });
});

describe('calibrationFindings', () => {
  it('names the run the simulator misses most and says the others are within ±10%', () => {
    const others = Array.from({ length: 12 }, (_, i) => row(`Q${i}`, 1000 + i * 5, 1000));
    const cal: Calibration = {
      rows: [...others.slice(0, 5), row('Q4.1', 1120, 1000), ...others.slice(5)],
      unavailable: [],
      assumptions: [],
    };
    expect(calibrationFindings(cal)).toEqual([
      'The simulator reads 12% more pages than Q4.1 measured on B (mariadb 10.11.19, hot); the other 12 runs are within ±10%.',
    ]);
  });

  it('counts the other runs off by more than ±10%, says fewer when it reads fewer, and names the runs it could not replay', () => {
    const cal: Calibration = {
      rows: [row('Q1.1', 700, 1000), row('Q2.1', 850, 1000), row('Q3.1', 1000, 1000)],
      unavailable: [
        { side: 'A', query: 'Q3.3', why: 'the plan cannot be traced: a hash join' },
        { side: 'B', query: 'Q3.3', why: 'the plan cannot be traced: a hash join' },
      ],
      assumptions: [],
    };
    expect(calibrationFindings(cal)).toEqual([
      'The simulator reads 30% fewer pages than Q1.1 measured on B (mariadb 10.11.19, hot); 1 of the other 2 runs differs by more than ±10% too.',
      '2 runs could not be replayed: Q3.3 on A, because the plan cannot be traced: a hash join (the others are listed with their reasons).',
    ]);
  });

  it('says all runs are within ±10% naming the largest, and the other counter that differs most', () => {
    const cal: Calibration = {
      rows: [
        row('Q1.1', 1050, 1000, {
          // Made young: 2000 measured, 1000 simulated (−50%); not made young, 137 against 18 (+661%),
          // is too few pages to weigh.
          measured: {
            pagesRead: 1000,
            readAhead: null,
            madeYoung: 2000,
            notMadeYoung: 18,
            evictedUnused: null,
          },
          simulated: { pagesRead: 1050, readAhead: 0, madeYoung: 1000, notMadeYoung: 137, evictedUnused: 0 },
        }),
        row('Q2.1', 980, 1000),
      ],
      unavailable: [],
      assumptions: [],
    };
    expect(calibrationFindings(cal)).toEqual([
      "The simulator's pages read are within ±10% of all 2 runs measured; the largest difference is Q1.1 measured on B (mariadb 10.11.19, hot): +5.0%.",
      'Of the other counters, made young differs most: −50.0% on Q1.1 measured on B (mariadb 10.11.19, hot).',
    ]);
    expect(calibrationFindings({ rows: [row('Q1.1', 10, null)], unavailable: [], assumptions: [] })).toEqual([
      'No replayed run measured Innodb_buffer_pool_reads, so the simulator has nothing to be checked against.',
    ]);
  });

  it("names a run that did not run its recorded plan with the reason, and leaves it out of the simulator's check", () => {
    const why =
      'EXPLAIN recorded dim_date read in full, then lineorder by ref on LO_OrderDateKey, which makes 314,314 to 316,870 page requests, but the run made 6.43 million, as a full scan of lineorder would (6.00 million rows): the plan that ran is not the one recorded; simulated pages read for this run are not comparable';
    const cal: Calibration = {
      rows: [
        row('Q1.1', 1020, 1000),
        row('Q1.2', 16_400, 6609, { hot: false, planMismatch: why }),
        row('Q1.3', 990, 1000),
      ],
      unavailable: [],
      assumptions: [],
    };
    expect(calibrationFindings(cal)).toEqual([
      "The simulator's pages read are within ±10% of all 2 runs measured; the largest difference is Q1.1 measured on B (mariadb 10.11.19, hot): +2.0%.",
      `1 run did not run the plan it recorded, so its simulated pages read are left out of the check: Q1.2 measured on B (mariadb 10.11.19, cold): ${why}.`,
    ]);
    const [pages] = calibrationTables(cal);
    expect(pages!.rows.map((r) => r[2]!.text)).toEqual([
      'hot',
      'cold, not the plan that ran (not comparable)',
      'hot',
    ]);
    // Two such runs: the first with its reason, the other named.
    const two: Calibration = {
      ...cal,
      rows: [...cal.rows, row('Q1.2', 16_400, 6738, { planMismatch: why })],
    };
    expect(calibrationFindings(two)[1]).toMatch(
      /^2 runs did not run the plan they recorded, so their simulated pages read are left out of the check: Q1\.2 measured on B \(mariadb 10\.11\.19, cold\): EXPLAIN recorded .* \(also Q1\.2 measured on B \(mariadb 10\.11\.19, hot\)\)\.$/,
    );
  });
});
