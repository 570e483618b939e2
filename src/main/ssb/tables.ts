/**
 * The five SSB tables as the generator, the loader and the selectivity check agree on them: their
 * names, their .tbl files, their columns in .tbl order (the seed's DDL order), and how many rows
 * each holds at a scale factor.
 */
import { tblQuirks } from './generator/dbgen-quirks';
import { DEFAULT_LINEAGE } from './generator/lineage';
import { customerCount, lineorderRowCount, partCount, supplierCount } from './generator/scale';
import type { GenerateOptions } from './generator/source';
import type { SsbTable } from '../../shared/datasets/datasets';
import { SSB_TABLE_DEFS } from './schema';

export const SSB_TABLES = [
  'customer',
  'supplier',
  'part',
  'dim_date',
  'lineorder',
] as const satisfies readonly SsbTable[];

/** dbgen's file names: dim_date is its date.tbl. */
export const TBL_FILE_NAMES: Record<SsbTable, string> = {
  customer: 'customer.tbl',
  supplier: 'supplier.tbl',
  part: 'part.tbl',
  dim_date: 'date.tbl',
  lineorder: 'lineorder.tbl',
};

/** How a column's .tbl text reads: a number, or text compared as written. */
export type ColumnKind = 'number' | 'text';

/**
 * Columns in .tbl order, read off the seed's DDL (schema.ts), which is the one list of them:
 * dbgen writes its fields in the order the DDL declares the columns.
 */
type Column = { name: string; kind: ColumnKind };
const columnsOf = (t: SsbTable): Column[] =>
  SSB_TABLE_DEFS[t].columns.map((c) => ({ name: c.name, kind: c.kind === 'text' ? 'text' : 'number' }));

export const SSB_COLUMNS: Record<SsbTable, ReadonlyArray<Column>> = {
  customer: columnsOf('customer'),
  supplier: columnsOf('supplier'),
  part: columnsOf('part'),
  dim_date: columnsOf('dim_date'),
  lineorder: columnsOf('lineorder'),
};

export const columnNames = (table: SsbTable): string[] => SSB_COLUMNS[table].map((c) => c.name);

/**
 * Rows the generator writes into `table` at (sf, seed) in a mode and lineage. Exact for every table:
 * lineorder's count (about 6,000,000 × SF) is replayed from the line-count stream, about 10 ms per SF.
 */
export function expectedRowCount(
  table: SsbTable,
  sf: number,
  seed: number,
  { lineage = DEFAULT_LINEAGE, mode }: Pick<GenerateOptions, 'lineage' | 'mode'> = {},
): number {
  switch (table) {
    case 'customer':
      return customerCount(sf);
    case 'supplier':
      return supplierCount(sf);
    case 'part':
      return partCount(sf);
    case 'dim_date':
      return tblQuirks(mode, lineage).dateRows;
    case 'lineorder':
      return lineorderRowCount(sf, seed, lineage);
  }
}

/** Bytes a .tbl line of each table takes on average in dbgen's output (SF 1: 587 MB in all). */
export const TYPICAL_ROW_BYTES: Record<SsbTable, number> = {
  customer: 90,
  part: 82,
  supplier: 78,
  dim_date: 88,
  lineorder: 97,
};
