/**
 * sysbench 1.0.20's key distributions, checked against what sb_rand.c's defaults promise: special
 * sends 75% of the keys into the middle 1% of the range; pareto with h = 0.2 sends 80% into the
 * first 20%; gaussian centres on the middle; every draw stays within [a, b]. Draws come from a seeded
 * generator, so each check is deterministic.
 */
import { describe, expect, it } from 'vitest';
import {
  C_TEMPLATE,
  PAD_TEMPLATE,
  keyPicker,
  seededUniform,
  writeTemplate,
} from '../../../src/main/load/sysbench-random';

const DRAWS = 100_000;
const A = 1;
const B = 1_000_000;

function draws(kind: 'uniform' | 'special' | 'pareto' | 'gaussian'): number[] {
  const pick = keyPicker(kind, seededUniform(7));
  return Array.from({ length: DRAWS }, () => pick(A, B));
}
const share = (xs: number[], test: (x: number) => boolean) => xs.filter(test).length / xs.length;

describe("sysbench's key distributions", () => {
  it('never leave [a, b], and uniform reaches both ends', () => {
    for (const kind of ['uniform', 'special', 'pareto', 'gaussian'] as const) {
      const xs = draws(kind);
      expect(Math.min(...xs), kind).toBeGreaterThanOrEqual(A);
      expect(Math.max(...xs), kind).toBeLessThanOrEqual(B);
      expect(xs.every(Number.isInteger), kind).toBe(true);
    }
    const edge = keyPicker('uniform', () => 0.9999999999);
    expect(edge(1, 10)).toBe(10);
    expect(keyPicker('uniform', () => 0)(1, 10)).toBe(1);
  });

  it('special: three keys in four fall in the middle 1% of the range (--rand-spec-res=75, --rand-spec-pct=1)', () => {
    const mid = (A + B) / 2;
    const hot = share(draws('special'), (x) => Math.abs(x - mid) <= (B - A) / 200 + 1);
    expect(hot).toBeGreaterThan(0.74);
    expect(hot).toBeLessThan(0.78);
  });

  it('pareto with h = 0.2: four keys in five fall in the first 20% of the range', () => {
    const low = share(draws('pareto'), (x) => x <= A + 0.2 * (B - A + 1));
    expect(low).toBeGreaterThan(0.79);
    expect(low).toBeLessThan(0.81);
  });

  it('gaussian (12 iterations): centred, with the spread of a mean of 12 uniforms', () => {
    const xs = draws('gaussian');
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    const range = B - A + 1;
    expect(Math.abs(mean - (A + B) / 2) / range).toBeLessThan(0.005);
    // A uniform's sd is range/sqrt(12); the mean of 12 has sd range/12.
    expect(sd / (range / 12)).toBeGreaterThan(0.97);
    expect(sd / (range / 12)).toBeLessThan(1.03);
  });
});

describe("sysbench's c and pad templates", () => {
  it('are 10 and 5 groups of 11 digits, 119 and 59 characters, and fill with digits', () => {
    expect(C_TEMPLATE).toHaveLength(119);
    expect(PAD_TEMPLATE).toHaveLength(59);
    const out = Buffer.alloc(119);
    expect(writeTemplate(out, 0, C_TEMPLATE, seededUniform(1))).toBe(119);
    expect(out.toString('latin1')).toMatch(/^(\d{11}-){9}\d{11}$/);
  });
});
