/**
 * The 13 queries' selectivities on a small generated dataset (SF 0.05, about 300,000 lineorder rows).
 *
 * 1. Against what this dataset's own dimension tables predict. By the specification, lineorder draws
 *    the order date uniformly from 1992-01-01..1998-08-02, the customer uniformly then off multiples of
 *    3, part and supplier uniformly, quantity 1–50 and discount 0–10 uniformly, all independently.
 *    A query's WHERE is a conjunction of per-table conditions, so it keeps a row with probability
 *    a·b, a = P(order date and customer pass), b = P(part, supplier, quantity, discount pass).
 *    Lines of one order share a, so the count K is a sum over orders of A·Binomial(lines, b), whose
 *    variance is a·b(1−b)·N + a(1−a)·b²·Σ lines²: the tolerance is 4 of those standard errors.
 * 2. Against issue 3's reference fractions (dbgen, SF 1), adding the binomial noise of the few
 *    customers, suppliers and parts a query's dimension filters keep, at both sizes.
 *
 * The conditions are restated here in JavaScript, independently of the SQL files the count uses.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { customerCount, partKeyMax, supplierCount } from '../../../src/main/ssb/generator/scale';
import { baseQueries, loadSsbQueries } from '../../../src/main/ssb/queries';
import { countKeptRows, generatorRows, type KeptRows } from '../../../src/main/ssb/selectivity';
import { tableBytes, tblRows } from './generator-tbl';

const SF = 0.05;
const OPTS = { sf: SF, seed: 1 };
const Z = 4;

type Row = string[];
interface QueryModel {
  date?: (d: Row) => boolean;
  customer?: (c: Row) => boolean;
  supplier?: (s: Row) => boolean;
  part?: (p: Row) => boolean;
  line?: (quantity: number, discount: number) => boolean;
  /** Issue 3's reference fraction and the specification's share of each random dimension kept. */
  reference: number;
  shares: { customer?: number; supplier?: number; part?: number };
}

// dim_date columns: 4 year, 5 yearmonthnum, 6 yearmonth, 11 weeknuminyear.
const year = (d: Row) => Number(d[4]);
const years = (from: number, to: number) => (d: Row) => year(d) >= from && year(d) <= to;
// customer/supplier: 3 city, 4 nation, 5 region. part: 2 mfgr, 3 category, 4 brand.
const region = (r: string) => (x: Row) => x[5] === r;
const nation = (n: string) => (x: Row) => x[4] === n;
const ukCities = (x: Row) => x[3] === 'UNITED KI1' || x[3] === 'UNITED KI5';
const mfgr12 = (p: Row) => p[2] === 'MFGR#1' || p[2] === 'MFGR#2';
const between = (v: number, lo: number, hi: number) => v >= lo && v <= hi;

const MODELS: Record<string, QueryModel> = {
  'Q1.1': { date: (d) => year(d) === 1993, line: (q, d) => between(d, 1, 3) && q < 25, reference: 0.0198531, shares: {} },
  'Q1.2': { date: (d) => d[5] === '199401', line: (q, d) => between(d, 4, 6) && between(q, 26, 35), reference: 0.0007144, shares: {} },
  'Q1.3': { date: (d) => d[11] === '6' && year(d) === 1994, line: (q, d) => between(d, 5, 7) && between(q, 26, 35), reference: 0.0001515, shares: {} },
  'Q2.1': { part: (p) => p[3] === 'MFGR#12', supplier: region('AMERICA'), reference: 0.0074277, shares: { part: 1 / 25, supplier: 1 / 5 } },
  'Q2.2': { part: (p) => p[4]! >= 'MFGR#2221' && p[4]! <= 'MFGR#2228', supplier: region('ASIA'), reference: 0.0017567, shares: { part: 8 / 1000, supplier: 1 / 5 } },
  'Q2.3': { part: (p) => p[4] === 'MFGR#2239', supplier: region('EUROPE'), reference: 0.0002056, shares: { part: 1 / 1000, supplier: 1 / 5 } },
  'Q3.1': { customer: region('ASIA'), supplier: region('ASIA'), date: years(1992, 1997), reference: 0.0411193, shares: { customer: 1 / 5, supplier: 1 / 5 } },
  'Q3.2': { customer: nation('UNITED STATES'), supplier: nation('UNITED STATES'), date: years(1992, 1997), reference: 0.0014326, shares: { customer: 1 / 25, supplier: 1 / 25 } },
  'Q3.3': { customer: ukCities, supplier: ukCities, date: years(1992, 1997), reference: 0.0000728, shares: { customer: 2 / 250, supplier: 2 / 250 } },
  'Q3.4': { customer: ukCities, supplier: ukCities, date: (d) => d[6] === 'Dec1997', reference: 0.0000012, shares: { customer: 2 / 250, supplier: 2 / 250 } },
  'Q4.1': { customer: region('AMERICA'), supplier: region('AMERICA'), part: mfgr12, reference: 0.0150502, shares: { customer: 1 / 5, supplier: 1 / 5, part: 2 / 5 } },
  'Q4.2': { customer: region('AMERICA'), supplier: region('AMERICA'), part: mfgr12, date: years(1997, 1998), reference: 0.0036446, shares: { customer: 1 / 5, supplier: 1 / 5, part: 2 / 5 } },
  'Q4.3': { supplier: nation('UNITED STATES'), part: (p) => p[3] === 'MFGR#14', date: years(1997, 1998), reference: 0.0003623, shares: { supplier: 1 / 25, part: 1 / 25 } },
}; // prettier-ignore

/** P(final customer key = k): uniform draw, then dbgen's nudge off multiples of 3 (+1, or −1 at the top). */
function customerKeyWeights(customers: number): Float64Array {
  const w = new Float64Array(customers + 1);
  for (let k = 1; k <= customers; k++) {
    let key = k;
    let delta = 1;
    while (key % 3 === 0) {
      key = Math.min(key + delta, customers);
      delta = -delta;
    }
    w[key]! += 1 / customers;
  }
  return w;
}

const mean = (rows: Row[], ok: ((r: Row) => boolean) | undefined) =>
  ok ? rows.filter(ok).length / rows.length : 1;

let kept: KeptRows;
let sumLinesSquared = 0;
/** lineorder's rows as the generator writes them, counted while reading them once (not again in a test). */
let generatedLineorderRows = 0;
let dims: { dates: Row[]; customers: Row[]; suppliers: Row[]; parts: Row[] };
let custWeights: Float64Array;

beforeAll(async () => {
  kept = await countKeptRows(baseQueries(loadSsbQueries()), generatorRows(OPTS));
  const lines = new Map<string, number>();
  for (const r of tblRows(tableBytes('lineorder', OPTS))) {
    lines.set(r[0]!, (lines.get(r[0]!) ?? 0) + 1);
    generatedLineorderRows++;
  }
  for (const n of lines.values()) sumLinesSquared += n * n;
  dims = {
    // Order dates run to 1998-08-02 (day 2405), uniformly.
    dates: tblRows(tableBytes('dim_date', OPTS)).filter((d) => d[0]! <= '19980802'),
    customers: tblRows(tableBytes('customer', OPTS)),
    suppliers: tblRows(tableBytes('supplier', OPTS)),
    parts: tblRows(tableBytes('part', OPTS)).slice(0, partKeyMax(SF)),
  };
  custWeights = customerKeyWeights(customerCount(SF));
});

/** a, b and the variance of the kept count given this dataset's dimension tables. */
function predict(m: QueryModel) {
  const pDate = mean(dims.dates, m.date);
  const pCust = m.customer
    ? dims.customers.reduce((s, c) => s + (m.customer!(c) ? custWeights[Number(c[0])]! : 0), 0)
    : 1;
  let lineCombos = 0;
  for (let q = 1; q <= 50; q++) for (let d = 0; d <= 10; d++) if (!m.line || m.line(q, d)) lineCombos++;
  const a = pDate * pCust;
  const b = mean(dims.suppliers, m.supplier) * mean(dims.parts, m.part) * (lineCombos / 550);
  const n = kept.lineorderRows;
  return { expected: a * b * n, variance: a * b * (1 - b) * n + a * (1 - a) * b * b * sumLinesSquared };
}

describe(`selectivities at SF ${SF}`, () => {
  it('counts every lineorder row once', () => {
    expect(generatedLineorderRows).toBeGreaterThan(0);
    expect(kept.lineorderRows).toBe(generatedLineorderRows);
    expect(Object.keys(kept.kept).sort()).toEqual(Object.keys(MODELS).sort());
  });

  it.each(Object.keys(MODELS))(
    '%s keeps what its dimension tables predict, within 4 standard errors',
    (id) => {
      const { expected, variance } = predict(MODELS[id]!);
      const se = Math.sqrt(variance);
      expect(
        Math.abs(kept.kept[id]! - expected),
        `${id}: kept ${kept.kept[id]}, predicted ${expected.toFixed(1)} ± ${se.toFixed(1)}`,
      ).toBeLessThanOrEqual(Z * se);
    },
  );

  it.each(Object.keys(MODELS))('%s is within sampling noise of the dbgen SF 1 reference fraction', (id) => {
    const m = MODELS[id]!;
    const { expected, variance } = predict(m);
    // Kish's effective size of the customer sample, 1/Σw²: keys ≡ 1 mod 3 carry twice the orders (0.6 × n).
    const kish = 1 / (customerCount(SF) * custWeights.reduce((s, w) => s + w * w, 0));
    const effective = {
      customer: (n: number) => n * kish,
      supplier: (n: number) => n,
      part: (n: number) => n,
    };
    const sizes = { customer: customerCount(SF), supplier: supplierCount(SF), part: partKeyMax(SF) };
    const refSizes = { customer: 30_000, supplier: 2_000, part: 200_000 };
    let relVariance = expected > 0 ? variance / (expected * expected) : 0;
    for (const [table, share] of Object.entries(m.shares) as Array<[keyof typeof sizes, number]>) {
      relVariance += (1 - share) / (share * effective[table](sizes[table]));
      relVariance += (1 - share) / (share * effective[table](refSizes[table]));
    }
    const fraction = kept.kept[id]! / kept.lineorderRows;
    const tolerance = Z * Math.sqrt(relVariance) * m.reference;
    expect(
      Math.abs(fraction - m.reference),
      `${id}: ${fraction.toFixed(7)} vs ${m.reference} ± ${tolerance.toFixed(7)}`,
    ).toBeLessThanOrEqual(tolerance);
  });
});
