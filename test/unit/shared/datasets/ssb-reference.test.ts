/**
 * The verify judgement: a binomial (Wilson score) band at 99.9% around the expected count, widened by
 * the few dimension rows a filter keeps, never narrower than the reference's tolerance; a count the
 * band cannot tell from 0 is 'too small to judge'. Expected figures below are worked by hand from
 * the formula in the comments, not read off the code.
 */
import { describe, expect, it } from 'vitest';
import { verifyVerdict, type DatasetVerifyReport } from '../../../../src/shared/datasets/datasets';
import {
  REFERENCE_LINEORDER_ROWS,
  SSB_REFERENCE,
  describeAllowed,
  judgeSelectivity,
} from '../../../../src/shared/datasets/ssb-reference';

const ref = (id: string) => SSB_REFERENCE.find((r) => r.id === id)!;
const scaled = (sf: number) => ({
  lineorder: Math.round(REFERENCE_LINEORDER_ROWS * sf),
  customer: Math.max(1, Math.round(30_000 * sf)),
  supplier: Math.max(1, Math.round(2_000 * sf)),
  part: Math.max(1, Math.round(200_000 * sf)),
});
const sf1 = scaled(1);

describe('judgeSelectivity: the band from the sampling statistics', () => {
  it('passes dbgen’s own counts at SF 1 for every query large enough to judge, and says which are not', () => {
    const verdicts = SSB_REFERENCE.map((r) => [r.id, judgeSelectivity(r, r.keptRows, sf1).verdict]);
    // Q3.4 keeps 7 rows resting on 16 suppliers: 3.29 × √(1/7 + 1/240 + 1/16) = 1.5 > 1.
    expect(verdicts.filter(([, v]) => v !== 'pass')).toEqual([['Q3.4', 'too-small']]);
  });

  it('holds a query on lineorder alone to the reference’s ±10% when the statistics are narrower', () => {
    const q = ref('Q1.1'); // 119,142 rows: 3.29 × √(1/119,142) = 1% < 10%
    expect(judgeSelectivity(q, 131_056, sf1)).toMatchObject({
      verdict: 'pass',
      rule: 'tolerance',
      tolerance: 0.1,
    });
    expect(judgeSelectivity(q, 131_060, sf1).verdict).toBe('fail');
    expect(describeAllowed(judgeSelectivity(q, 119_142, sf1))).toBe('±10%');
  });

  it('widens the band by the dimension rows a filter keeps: Q2.3 at SF 1 rests on 200 parts and 400 suppliers', () => {
    // 3.29 × √(1/1,234 + 1/200 + 1/400) = 0.300
    const j = judgeSelectivity(ref('Q2.3'), 1_234, sf1);
    expect(j.rule).toBe('binomial');
    expect(j.tolerance).toBeCloseTo(0.3, 2);
    expect(describeAllowed(j)).toBe('±30% (binomial, 99.9%)');
    expect(judgeSelectivity(ref('Q2.3'), 1_580, sf1).verdict).toBe('pass');
    expect(judgeSelectivity(ref('Q2.3'), 1_700, sf1).verdict).toBe('fail');
  });

  it('still fails a fraction far outside the noise at a small scale factor', () => {
    const q11 = ref('Q1.1'); // ~11,914 expected at SF 0.1
    const small = scaled(0.1);
    expect(judgeSelectivity(q11, 11_914, small).verdict).toBe('pass');
    expect(judgeSelectivity(q11, 14_000, small).verdict).toBe('fail');
    expect(judgeSelectivity(q11, 0, small).verdict).toBe('fail');
  });
});

describe('what cannot be judged is said, not passed (issue 7)', () => {
  it('Q3.3 keeping 0 rows where about 44 were expected (SF 0.1) is too small to judge, not a pass at ±332%', () => {
    // 2 cities of 250 among 200 suppliers: 1.6 suppliers; 3.29 × √(1/44 + 1/24 + 1/1.6) = 2.7
    const j = judgeSelectivity(ref('Q3.3'), 0, scaled(0.1));
    expect(j.expectedRows).toBeCloseTo(43.7, 0);
    expect(j.verdict).toBe('too-small');
    expect(j.pass).toBe(false);
    expect(describeAllowed(j)).toBe('too small to judge');
  });

  it('SF 0.0000001 (3 lineorder rows) judges no query at all', () => {
    const tiny = { lineorder: 3, customer: 1, supplier: 1, part: 1 };
    const all = SSB_REFERENCE.map((r) => judgeSelectivity(r, 0, tiny));
    expect(all.map((j) => j.verdict)).toEqual(SSB_REFERENCE.map(() => 'too-small'));
    expect(all.every((j) => Number.isFinite(j.high))).toBe(true);
    const report: DatasetVerifyReport = {
      schema: 'ssb_tiny',
      checkedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 10,
      state: 'complete',
      tables: [{ table: 'lineorder', expectedRows: 3, actualRows: 3, pass: true }],
      selectivity: all.map((j, i) => ({
        ...j,
        id: SSB_REFERENCE[i]!.id,
        keptRows: 0,
        fraction: 0,
        referenceFraction: SSB_REFERENCE[i]!.fraction,
        ratio: 0,
        durationMs: 1,
      })),
      scale: 3 / REFERENCE_LINEORDER_ROWS,
      judged: 0,
      pass: false,
    };
    expect(verifyVerdict(report)).toEqual({
      word: 'NOT JUDGED',
      words:
        '0 of 13 queries judged; Q1.1, Q1.2, Q1.3, Q2.1, Q2.2, Q2.3, Q3.1, Q3.2, Q3.3, Q3.4, Q4.1, Q4.2, Q4.3 too small to judge at this scale',
    });
  });

  it('an empty lineorder (a failed load) gives no infinite band', () => {
    const empty = { lineorder: 0, customer: 0, supplier: 0, part: 0 };
    const j = judgeSelectivity(ref('Q1.1'), 0, empty);
    expect(j.verdict).toBe('too-small');
    expect(describeAllowed(j)).toBe('too small to judge');
  });
});
