import { describe, expect, it } from 'vitest';
import {
  REFERENCE_LINEORDER_ROWS,
  SSB_REFERENCE,
  describeAllowed,
  judgeSelectivity,
} from '../../src/shared/ssb-reference';

const ref = (id: string) => SSB_REFERENCE.find((r) => r.id === id)!;
const sf1 = { lineorder: REFERENCE_LINEORDER_ROWS, customer: 30_000, supplier: 2_000, part: 200_000 };
const scaled = (sf: number) => ({
  lineorder: Math.round(REFERENCE_LINEORDER_ROWS * sf),
  customer: Math.round(30_000 * sf),
  supplier: Math.round(2_000 * sf),
  part: Math.round(200_000 * sf),
});

describe('judgeSelectivity at SF 1: the issue’s rule as written', () => {
  it('passes dbgen’s own counts for all 13 queries', () => {
    for (const r of SSB_REFERENCE) expect(judgeSelectivity(r, r.keptRows, sf1).pass, r.id).toBe(true);
  });

  it('holds most queries to ±10%', () => {
    const q = ref('Q2.3'); // 1,234 rows kept
    expect(judgeSelectivity(q, 1_357, sf1)).toMatchObject({ pass: true, rule: 'strict', tolerance: 0.1 });
    expect(judgeSelectivity(q, 1_360, sf1).pass).toBe(false);
    expect(judgeSelectivity(q, 1_111, sf1).pass).toBe(true);
    expect(judgeSelectivity(q, 1_108, sf1).pass).toBe(false);
  });

  it('allows Q3.3 ±30% and Q3.4 any count from 1 to 25', () => {
    expect(judgeSelectivity(ref('Q3.3'), 568, sf1).pass).toBe(true);
    expect(judgeSelectivity(ref('Q3.3'), 569, sf1).pass).toBe(false);
    const q34 = ref('Q3.4');
    expect([0, 1, 25, 26].map((n) => judgeSelectivity(q34, n, sf1).pass)).toEqual([false, true, true, false]);
    expect(describeAllowed(judgeSelectivity(q34, 7, sf1))).toBe('count 1..25');
  });

  it('scales Q3.4’s count range with the data at SF 10', () => {
    const j = judgeSelectivity(ref('Q3.4'), 70, scaled(10));
    expect(j).toMatchObject({ low: 10, high: 250, pass: true });
  });
});

describe('judgeSelectivity below SF 1: the band widens with the sampling noise', () => {
  it('widens a query resting on few parts and suppliers far more than one resting on lineorder alone', () => {
    const small = scaled(0.01);
    const q11 = judgeSelectivity(ref('Q1.1'), 1_191, small); // ~1,191 rows, no random dimension
    const q23 = judgeSelectivity(ref('Q2.3'), 12, small); // one brand of 1000 among 2,000 parts: ~2 parts
    expect(q11.rule).toBe('noise');
    expect(q11.tolerance!).toBeLessThan(0.15);
    expect(q23.tolerance!).toBeGreaterThan(2);
    expect(describeAllowed(q23)).toMatch(/^±\d+% \(small SF\)$/);
  });

  it('still fails a fraction far outside the noise', () => {
    const small = scaled(0.1);
    const q11 = ref('Q1.1'); // ~11,914 expected: 4 sigma is about 3.7%, so the 10% applies
    expect(judgeSelectivity(q11, 11_914, small).pass).toBe(true);
    expect(judgeSelectivity(q11, 14_000, small).pass).toBe(false);
    expect(judgeSelectivity(q11, 0, small).pass).toBe(false);
  });

  it('lets Q3.4 keep no row at all on a tiny dataset', () => {
    expect(judgeSelectivity(ref('Q3.4'), 0, scaled(0.01)).pass).toBe(true);
  });
});
