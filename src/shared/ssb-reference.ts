/**
 * The 13 SSB queries' reference selectivities (fraction of lineorder rows each keeps), measured on
 * real dbgen output at SF 1 (issue 3), and the rule that judges a dataset against them. One module,
 * because verify (main) and the dataset screen (renderer) both show it.
 */

/** lineorder rows in dbgen's SF 1 output, the denominator of the reference fractions. */
export const REFERENCE_LINEORDER_ROWS = 6_001_171;

export type SsbQueryId =
  | 'Q1.1'
  | 'Q1.2'
  | 'Q1.3'
  | 'Q2.1'
  | 'Q2.2'
  | 'Q2.3'
  | 'Q3.1'
  | 'Q3.2'
  | 'Q3.3'
  | 'Q3.4'
  | 'Q4.1'
  | 'Q4.2'
  | 'Q4.3';

/**
 * A filter on a dimension that is drawn at random (customer, supplier, part), with the share of that
 * dimension's rows it keeps by the SSB specification's domains. At small scale factors these few
 * kept dimension rows, not the lineorder rows, make most of a fraction's sampling noise.
 */
export interface DimensionFilter {
  table: 'customer' | 'supplier' | 'part';
  share: number;
  what: string;
}

export interface SsbReference {
  id: SsbQueryId;
  /** Rows kept of REFERENCE_LINEORDER_ROWS. */
  keptRows: number;
  fraction: number;
  /** Allowed relative deviation at SF ≥ 1 (the rule), or null for a count range (Q3.4). */
  tolerance: number | null;
  /** Q3.4 only: the count range that passes at SF 1. */
  countRange?: [number, number];
  dimensions: DimensionFilter[];
  note?: string;
}

const region = (table: 'customer' | 'supplier'): DimensionFilter => ({
  table,
  share: 1 / 5,
  what: 'one region of 5',
});
const nation = (table: 'customer' | 'supplier'): DimensionFilter => ({
  table,
  share: 1 / 25,
  what: 'one nation of 25',
});
const twoCities = (table: 'customer' | 'supplier'): DimensionFilter => ({
  table,
  share: 2 / 250,
  what: 'two cities of 250',
});

export const SSB_REFERENCE: readonly SsbReference[] = [
  { id: 'Q1.1', keptRows: 119_142, fraction: 0.0198531, tolerance: 0.1, dimensions: [] },
  {
    id: 'Q1.2',
    keptRows: 4_287,
    fraction: 0.0007144,
    tolerance: 0.1,
    dimensions: [],
    note: 'd_yearmonthnum = 199401',
  },
  { id: 'Q1.3', keptRows: 909, fraction: 0.0001515, tolerance: 0.1, dimensions: [] },
  {
    id: 'Q2.1',
    keptRows: 44_575,
    fraction: 0.0074277,
    tolerance: 0.1,
    dimensions: [{ table: 'part', share: 1 / 25, what: 'one category of 25' }, region('supplier')],
  },
  {
    id: 'Q2.2',
    keptRows: 10_542,
    fraction: 0.0017567,
    tolerance: 0.1,
    dimensions: [{ table: 'part', share: 8 / 1000, what: 'eight brands of 1000' }, region('supplier')],
  },
  {
    id: 'Q2.3',
    keptRows: 1_234,
    fraction: 0.0002056,
    tolerance: 0.1,
    dimensions: [{ table: 'part', share: 1 / 1000, what: 'one brand of 1000' }, region('supplier')],
  },
  {
    id: 'Q3.1',
    keptRows: 246_764,
    fraction: 0.0411193,
    tolerance: 0.1,
    dimensions: [region('customer'), region('supplier')],
  },
  {
    id: 'Q3.2',
    keptRows: 8_597,
    fraction: 0.0014326,
    tolerance: 0.1,
    dimensions: [nation('customer'), nation('supplier')],
  },
  {
    id: 'Q3.3',
    keptRows: 437,
    fraction: 0.0000728,
    tolerance: 0.3,
    dimensions: [twoCities('customer'), twoCities('supplier')],
  },
  {
    id: 'Q3.4',
    keptRows: 7,
    fraction: 0.0000012,
    tolerance: null,
    countRange: [1, 25],
    dimensions: [twoCities('customer'), twoCities('supplier')],
    note: 'tiny: any count from 1 to 25 passes at SF 1',
  },
  {
    id: 'Q4.1',
    keptRows: 90_319,
    fraction: 0.0150502,
    tolerance: 0.1,
    dimensions: [
      region('customer'),
      region('supplier'),
      { table: 'part', share: 2 / 5, what: 'two MFGRs of 5' },
    ],
  },
  {
    id: 'Q4.2',
    keptRows: 21_872,
    fraction: 0.0036446,
    tolerance: 0.1,
    dimensions: [
      region('customer'),
      region('supplier'),
      { table: 'part', share: 2 / 5, what: 'two MFGRs of 5' },
    ],
  },
  {
    id: 'Q4.3',
    keptRows: 2_174,
    fraction: 0.0003623,
    tolerance: 0.1,
    dimensions: [nation('supplier'), { table: 'part', share: 1 / 25, what: 'one category of 25' }],
  },
];

export const SSB_QUERY_IDS: readonly SsbQueryId[] = SSB_REFERENCE.map((r) => r.id);

/** Rows of the tables a selectivity depends on, as counted in the dataset. */
export interface DatasetSize {
  lineorder: number;
  customer: number;
  supplier: number;
  part: number;
}

export interface SelectivityJudgement {
  /** Rows kept the reference fraction predicts for this dataset's lineorder. */
  expectedRows: number;
  /** The kept-row count range that passes. */
  low: number;
  high: number;
  /** The relative tolerance applied (null for Q3.4's count range). */
  tolerance: number | null;
  /** 'strict': the SF 1 rule; 'noise': a smaller dataset, where the band widens with sampling noise. */
  rule: 'strict' | 'noise';
  pass: boolean;
}

/** A dataset this close to SF 1 or larger is held to the tolerances exactly. */
export const STRICT_FROM_SCALE = 0.95;
/** Band width at small scale factors, in standard deviations. */
export const NOISE_SIGMAS = 4;

/**
 * Judges one query's kept-row count. At SF ≥ 1 the rule applies as written (±10%, Q3.3 ±30%,
 * Q3.4 a count of 1..25 scaled by SF). Below, a fraction measured on few rows is noisy: the band is
 * the larger of the tolerance and NOISE_SIGMAS relative standard errors, where the relative
 * variance adds 1/E for the lineorder rows kept and 1/(share × rows) for each random dimension filter
 * (the number of customers, suppliers or parts that survive it).
 */
export function judgeSelectivity(
  ref: SsbReference,
  keptRows: number,
  size: DatasetSize,
): SelectivityJudgement {
  const scale = size.lineorder / REFERENCE_LINEORDER_ROWS;
  // From the exact count, not the 7-digit fraction: at SF 1 the expected rows are dbgen's own.
  const expectedRows = (ref.keptRows / REFERENCE_LINEORDER_ROWS) * size.lineorder;
  const strict = scale >= STRICT_FROM_SCALE;
  const relVariance =
    (expectedRows > 0 ? 1 / expectedRows : Infinity) +
    ref.dimensions.reduce((sum, d) => sum + 1 / Math.max(d.share * size[d.table], 1e-9), 0);
  const noise = NOISE_SIGMAS * Math.sqrt(relVariance);

  if (ref.countRange) {
    const [lo, hi] = ref.countRange;
    const low = strict ? Math.max(lo, Math.floor(lo * scale)) : 0;
    const high = strict
      ? Math.ceil(hi * scale)
      : Math.ceil(hi * scale + NOISE_SIGMAS * Math.sqrt(Math.max(hi * scale, 1)));
    return {
      expectedRows,
      low,
      high,
      tolerance: null,
      rule: strict ? 'strict' : 'noise',
      pass: keptRows >= low && keptRows <= high,
    };
  }
  const tolerance = strict ? ref.tolerance! : Math.max(ref.tolerance!, noise);
  const low = Math.max(0, expectedRows * (1 - tolerance));
  const high = expectedRows * (1 + tolerance);
  return {
    expectedRows,
    low,
    high,
    tolerance,
    rule: strict ? 'strict' : 'noise',
    pass: keptRows >= low && keptRows <= high,
  };
}

/** The band a judgement allowed, in words: "±10%", "±43% (small SF)", "count 1..25". */
export function describeAllowed(
  j: Pick<SelectivityJudgement, 'tolerance' | 'low' | 'high' | 'rule'>,
): string {
  if (j.tolerance === null) return `count ${j.low}..${j.high}`;
  return `±${Math.round(j.tolerance * 100)}%${j.rule === 'noise' ? ' (small SF)' : ''}`;
}
