/**
 * How many rows each table gets at a scale factor. At whole scale factors these are dbgen's
 * numbers (the SSB specification's, with dbgen's two log quirks for part); below 1, where dbgen
 * has no answer, every linear count is rounded and kept at one row or more.
 */
import { AppFailure } from '../../../shared/result';
import { orderStreamOffsetRows, type DbgenLineage } from './lineage';
import { nextRand, streamValue, unifInt } from './random';

export const CUSTOMERS_PER_SF = 30_000;
export const SUPPLIERS_PER_SF = 2_000;
export const PARTS_BASE = 200_000;
export const ORDERS_PER_SF = 1_500_000;
/** One row per day, 1992-01-01 through 1998-12-31. */
export const DATE_ROWS = 2_557;
export const MAX_LINES_PER_ORDER = 7;

/** Largest scale factor accepted: lo_orderkey stays well inside a bigint and a double's exact integers. */
export const MAX_SCALE_FACTOR = 100_000;

export function validateScaleFactor(sf: number): void {
  if (!Number.isFinite(sf) || sf <= 0 || sf > MAX_SCALE_FACTOR) {
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `The scale factor must be a number above 0 and at most ${MAX_SCALE_FACTOR}.`,
      {
        hint: 'SF 1 is the posts\u2019 6 million lineorder rows; 0.01 makes a small test dataset.',
        details: { sf: String(sf) },
      },
    );
  }
}

const linear = (perSf: number, sf: number) => Math.max(1, Math.round(perSf * sf));

export const customerCount = (sf: number): number => linear(CUSTOMERS_PER_SF, sf);
export const supplierCount = (sf: number): number => linear(SUPPLIERS_PER_SF, sf);
export const orderCount = (sf: number): number => linear(ORDERS_PER_SF, sf);

/**
 * part: 200,000 × ⌊1 + log₂ SF⌋ from SF 1 up (the specification and dbgen). Below SF 1 that formula
 * reaches 0 and then goes negative, so bplab's rule there is linear like the other tables:
 * max(1, round(200,000 × SF)), which meets the first rule at SF 1.
 */
export function partCount(sf: number): number {
  if (sf >= 1) return PARTS_BASE * Math.floor(1 + Math.log2(sf));
  return linear(PARTS_BASE, sf);
}

/**
 * The largest lo_partkey. dbgen draws it from 1..200,000 × (⌊ln SF⌋ + 1), a natural log where the
 * part table uses a base-2 one, so from SF 2 up lineorder references only the first parts
 * (SF 10: keys up to 600,000 of 800,000 parts; SF 20: 600,000 of 1,000,000). bplab keeps that, so
 * its data is dbgen's and the buffer pool sees the part pages the posts' servers saw. Below SF 1,
 * every part.
 */
export function partKeyMax(sf: number): number {
  if (sf >= 1) return PARTS_BASE * (Math.floor(Math.log(sf)) + 1);
  return partCount(sf);
}

/**
 * Exactly how many lineorder rows the generator writes for (sf, seed, lineage): the sum of every
 * order's line count, replayed from the line-count stream alone (about 10 ms per SF).
 */
export function lineorderRowCount(sf: number, seed: number, lineage: DbgenLineage): number {
  const orders = orderCount(sf);
  let x = streamValue('orderLineCount', seed, orderStreamOffsetRows(lineage));
  let rows = 0;
  for (let i = 0; i < orders; i++) {
    x = nextRand(x);
    rows += unifInt(x, 1, MAX_LINES_PER_ORDER);
  }
  return rows;
}
