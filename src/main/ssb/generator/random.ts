/**
 * dbgen's random numbers, reproduced exactly: Park & Miller's "minimum standard" generator
 * (x ← 16807·x mod 2³¹−1), one independent stream per column, each with a fixed number of draws
 * per row ("boundary"): after a row, a stream skips the draws it did not use. So the value of
 * any column in row n is a pure function of n, which is what lets a table be produced in any
 * chunking, or in parallel blocks, with the same bytes.
 */

/** The modulus, 2³¹ − 1. */
export const MODULUS = 2147483647;
const MULTIPLIER = 16807;
const TWO_POW_31 = 2147483648;

/** One step: 16807·x mod (2³¹−1), exact in doubles (x < 2³¹, so the product < 2⁴⁶). */
export function nextRand(x: number): number {
  const p = x * MULTIPLIER;
  const hi = Math.floor(p / TWO_POW_31);
  // 2³¹ ≡ 1 (mod 2³¹−1): fold the high part onto the low part.
  const r = p - hi * TWO_POW_31 + hi;
  return r >= MODULUS ? r - MODULUS : r;
}

/** dbgen's UnifInt on an already advanced value: lo + ⌊(x / M) · (hi − lo + 1)⌋, same double rounding as C. */
export function unifInt(x: number, lo: number, hi: number): number {
  return lo + Math.floor((x / MODULUS) * (hi - lo + 1));
}

/** x · 16807ⁿ mod M: the stream value n draws later (dbgen's NthElement), in O(log n). */
export function skipAhead(x: number, n: number): number {
  if (n <= 0) return x;
  if (n < 16) {
    for (let i = 0; i < n; i++) x = nextRand(x);
    return x;
  }
  const m = BigInt(MODULUS);
  let result = BigInt(x);
  let base = BigInt(MULTIPLIER);
  let e = BigInt(n);
  while (e > 0n) {
    if (e & 1n) result = (result * base) % m;
    base = (base * base) % m;
    e >>= 1n;
  }
  return Number(result);
}

/** A column's stream as dbgen defines it: where it starts and how many draws each row reserves. */
export interface StreamDef {
  /** dbgen's name for it (from rnd.h), for reading the two side by side. */
  name: string;
  /** dbgen's initial value. */
  seed: number;
  /** Draws reserved per row (per order for lineorder's line columns). */
  perRow: number;
}

/**
 * The streams SSB's dbgen uses, with its seeds (eyalroz/ssb-dbgen's rnd.h; P_CAT_SD is the seed
 * that fork gives the part category, which older forks drew from stream 0 by an overflow).
 */
export const STREAMS = {
  partName: { name: 'P_NAME_SD', seed: 709314158, perRow: 92 },
  partMfgr: { name: 'P_MFG_SD', seed: 1, perRow: 1 },
  partCategory: { name: 'P_CAT_SD', seed: 637858759, perRow: 1 },
  partBrand: { name: 'P_BRND_SD', seed: 46831694, perRow: 1 },
  partType: { name: 'P_TYPE_SD', seed: 1841581359, perRow: 1 },
  partSize: { name: 'P_SIZE_SD', seed: 1193163244, perRow: 1 },
  partContainer: { name: 'P_CNTR_SD', seed: 727633698, perRow: 1 },
  suppAddress: { name: 'S_ADDR_SD', seed: 706178559, perRow: 9 },
  suppNation: { name: 'S_NTRG_SD', seed: 110356601, perRow: 1 },
  custAddress: { name: 'C_ADDR_SD', seed: 881155353, perRow: 9 },
  custNation: { name: 'C_NTRG_SD', seed: 1489529863, perRow: 1 },
  custSegment: { name: 'C_MSEG_SD', seed: 1140279430, perRow: 1 },
  /** Shared: supplier draws first, customer continues where supplier stopped. */
  phone: { name: 'C_PHNE_SD', seed: 1521138112, perRow: 3 },
  /** Shared like the phone stream. */
  city: { name: 'P_CITY_SD', seed: 1495190827, perRow: 1 },
  orderDate: { name: 'O_ODATE_SD', seed: 1066728069, perRow: 1 },
  orderCustKey: { name: 'O_CKEY_SD', seed: 851767375, perRow: 1 },
  orderPriority: { name: 'O_PRIO_SD', seed: 591449447, perRow: 1 },
  orderLineCount: { name: 'O_LCNT_SD', seed: 1434868289, perRow: 1 },
  linePartKey: { name: 'L_PKEY_SD', seed: 1808217256, perRow: 7 },
  lineSuppKey: { name: 'L_SKEY_SD', seed: 2095021727, perRow: 7 },
  lineQuantity: { name: 'L_QTY_SD', seed: 209208115, perRow: 7 },
  lineDiscount: { name: 'L_DCNT_SD', seed: 554590007, perRow: 7 },
  lineTax: { name: 'L_TAX_SD', seed: 721958466, perRow: 7 },
  lineCommitDate: { name: 'L_CDTE_SD', seed: 904914315, perRow: 7 },
  lineShipMode: { name: 'L_SMODE_SD', seed: 675466456, perRow: 7 },
} as const satisfies Record<string, StreamDef>;

export type StreamId = keyof typeof STREAMS;

/**
 * The seed that reproduces dbgen: with it, the generator writes byte for byte what
 * `ssb-dbgen -s SF` writes (at whole scale factors). It is also the dataset default.
 */
export const DBGEN_SEED = 1;

/** splitmix64's finalizer on 32-bit halves: spreads (seed, stream) over the whole state space. */
function mix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The first value of a stream for a dataset seed. DBGEN_SEED keeps dbgen's own value; any other
 * seed moves every stream to an unrelated point of the cycle (never 0, which the generator
 * cannot leave), so a different seed is a different but equally distributed dataset.
 */
export function initialValue(id: StreamId, seed: number): number {
  const def = STREAMS[id];
  if (seed === DBGEN_SEED) return def.seed;
  const salt = mix32(mix32(seed >>> 0) ^ Math.imul(def.seed, 0x9e3779b1));
  const spread = mix32(salt ^ 0x5bd1e995) * 2 + (salt & 1);
  return 1 + (spread % (MODULUS - 1));
}

/** A stream's value after `draws` draws from its start. */
export function streamValue(id: StreamId, seed: number, draws: number): number {
  return skipAhead(initialValue(id, seed), draws);
}

/**
 * A stream used row by row. Only for the dimension tables' generators, where a few objects per row
 * cost nothing; lineorder keeps its streams in local variables.
 */
export class RowStream {
  private used = 0;
  private value: number;
  private readonly perRow: number;

  /** Starts `skipDraws` draws into stream `id`; each row reserves `perRow` draws (dbgen's boundary). */
  constructor(id: StreamId, seed: number, skipDraws = 0, perRow: number = STREAMS[id].perRow) {
    this.value = streamValue(id, seed, skipDraws);
    this.perRow = perRow;
  }

  /** The next raw value, 1..M−1. */
  next(): number {
    this.used++;
    this.value = nextRand(this.value);
    return this.value;
  }

  /** UnifInt(lo, hi): a uniform integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return unifInt(this.next(), lo, hi);
  }

  /**
   * dbgen's permute(): resets `perm` to 0..n−1, then swaps each position with one drawn from the
   * whole list (n draws). Kept here so the draws stay in local variables.
   */
  shuffle(perm: Int32Array): void {
    const n = perm.length;
    for (let i = 0; i < n; i++) perm[i] = i;
    let x = this.value;
    for (let i = 0; i < n; i++) {
      x = nextRand(x);
      const j = Math.floor((x / MODULUS) * n);
      const t = perm[j]!;
      perm[j] = perm[i]!;
      perm[i] = t;
    }
    this.value = x;
    this.used += n;
  }

  /** End of row: skip the draws this row did not use, as dbgen's row_stop does. */
  rowDone(): void {
    if (this.used < this.perRow) this.value = skipAhead(this.value, this.perRow - this.used);
    this.used = 0;
  }
}
