/**
 * sysbench 1.0.20's random numbers (src/sb_rand.c): the four key distributions of --rand-type with
 * their default parameters, and the '#'-template strings of its c and pad columns. The same keys a
 * sysbench run would ask for, so a bplab load and a sysbench load stress the same pages.
 */
import type { KeyDistribution } from '../../shared/load/oltp-load';

/** A uniform double in [0, 1). */
export type UniformSource = () => number;

/** sysbench's defaults: --rand-spec-iter=12, --rand-spec-pct=1, --rand-spec-res=75, --rand-pareto-h=0.2. */
const RAND_ITER = 12;
const RAND_PCT = 1;
const RAND_RES = 75;
const PARETO_H = 0.2;
const ITER_MULT = 1 / RAND_ITER;
const PCT_MULT = RAND_PCT / 100;
const PCT_2_MULT = RAND_PCT / 200;
const RES_MULT = 100 / (100 - RAND_RES);
const PARETO_POWER = Math.log(PARETO_H) / Math.log(1 - PARETO_H);

/** An integer in [a, b] drawn as sysbench's sb_rand_<distribution>(a, b) draws it. */
export type KeyPicker = (a: number, b: number) => number;

export function keyPicker(distribution: KeyDistribution, rnd: UniformSource = Math.random): KeyPicker {
  switch (distribution) {
    case 'uniform':
      return (a, b) => a + Math.floor(rnd() * (b - a + 1));
    case 'gaussian':
      return (a, b) => {
        const t = b - a + 1;
        let sum = 0;
        for (let i = 0; i < RAND_ITER; i++) sum += rnd() * t;
        return a + Math.floor(sum * ITER_MULT);
      };
    case 'pareto':
      return (a, b) => a + Math.floor((b - a + 1) * Math.pow(rnd(), PARETO_POWER));
    case 'special':
      return (a, b) => {
        // (100 - res)% of the values: a gaussian over the whole range; the others: uniform within
        // pct% of the range, around its middle (the "hot" keys).
        const t = b - a;
        const r = rnd();
        if (r * t * RES_MULT < t) {
          let sum = 0;
          for (let i = 0; i < RAND_ITER; i++) sum += rnd();
          return a + Math.floor(sum * t * ITER_MULT);
        }
        const d = t * PCT_MULT;
        return a + Math.floor(r * (d + 1) + t / 2 - t * PCT_2_MULT);
      };
  }
}

/**
 * A small fast generator (sfc32) for the rows bplab prepares: seeded, so a prepare is repeatable,
 * and cheap enough to make a million rows' 180 random digits each in about a second.
 */
export function seededUniform(seed: number): UniformSource {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed | 0;
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** sysbench's c value template: 10 groups of 11 digits, 119 characters. */
export const C_TEMPLATE = Array.from({ length: 10 }, () => '#'.repeat(11)).join('-');
/** sysbench's pad value template: 5 groups of 11 digits, 59 characters. */
export const PAD_TEMPLATE = Array.from({ length: 5 }, () => '#'.repeat(11)).join('-');

const DIGIT_0 = 48;
const DASH = 45;

/** Writes `template` into `out` at `at` with each '#' a random digit (sb_rand_str); returns the end. */
export function writeTemplate(out: Buffer, at: number, template: string, rnd: UniformSource): number {
  for (let i = 0; i < template.length; i++) {
    out[at++] = template.charCodeAt(i) === 35 ? DIGIT_0 + Math.floor(rnd() * 10) : DASH;
  }
  return at;
}
