/**
 * The five SSB tables as the generator, the loader and the selectivity check agree on them: their
 * names, their .tbl files, their columns in .tbl order (the seed's DDL order), and how many rows
 * each holds at a scale factor.
 */
import { DEFAULT_LINEAGE, type DbgenLineage } from './generator/lineage';
import { DATE_ROWS, customerCount, lineorderRowCount, partCount, supplierCount } from './generator/scale';

export const SSB_TABLES = ['customer', 'supplier', 'part', 'dim_date', 'lineorder'] as const;
export type SsbTable = (typeof SSB_TABLES)[number];

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

const num = (name: string) => ({ name, kind: 'number' as const });
const text = (name: string) => ({ name, kind: 'text' as const });

/** Columns in .tbl order, spelled as the seed's DDL spells them. */
export const SSB_COLUMNS: Record<SsbTable, ReadonlyArray<{ name: string; kind: ColumnKind }>> = {
  customer: [
    num('C_CustomerKey'),
    text('C_Name'),
    text('C_Address'),
    text('C_City'),
    text('C_Nation'),
    text('C_Region'),
    text('C_Phone'),
    text('C_MktSegment'),
  ],
  supplier: [
    num('S_SuppKey'),
    text('S_Name'),
    text('S_Address'),
    text('S_City'),
    text('S_Nation'),
    text('S_Region'),
    text('S_Phone'),
  ],
  part: [
    num('P_PartKey'),
    text('P_Name'),
    text('P_MFGR'),
    text('P_Category'),
    text('P_Brand'),
    text('P_Colour'),
    text('P_Type'),
    num('P_Size'),
    text('P_Container'),
  ],
  dim_date: [
    num('D_DateKey'),
    text('D_Date'),
    text('D_DayOfWeek'),
    text('D_Month'),
    num('D_Year'),
    num('D_YearMonthNum'),
    text('D_YearMonth'),
    num('D_DayNumInWeek'),
    num('D_DayNumInMonth'),
    num('D_DayNumInYear'),
    num('D_MonthNumInYear'),
    num('D_WeekNumInYear'),
    text('D_SellingSeason'),
    num('D_LastDayInWeekFl'),
    num('D_LastDayInMonthFl'),
    num('D_HolidayFl'),
    num('D_WeekDayFl'),
  ],
  lineorder: [
    num('LO_OrderKey'),
    num('LO_LineNumber'),
    num('LO_CustKey'),
    num('LO_PartKey'),
    num('LO_SuppKey'),
    num('LO_OrderDateKey'),
    text('LO_OrderPriority'),
    text('LO_ShipPriority'),
    num('LO_Quantity'),
    num('LO_ExtendedPrice'),
    num('LO_OrdTotalPrice'),
    num('LO_Discount'),
    num('LO_Revenue'),
    num('LO_SupplyCost'),
    num('LO_Tax'),
    num('LO_CommitDateKey'),
    text('LO_ShipMode'),
  ],
};

export const columnNames = (table: SsbTable): string[] => SSB_COLUMNS[table].map((c) => c.name);

/**
 * Rows the generator writes into `table` at (sf, seed). Exact for every table: lineorder's count
 * (about 6,000,000 × SF) is replayed from the line-count stream, which takes about 10 ms per SF.
 */
export function expectedRowCount(
  table: SsbTable,
  sf: number,
  seed: number,
  lineage: DbgenLineage = DEFAULT_LINEAGE,
): number {
  switch (table) {
    case 'customer':
      return customerCount(sf);
    case 'supplier':
      return supplierCount(sf);
    case 'part':
      return partCount(sf);
    case 'dim_date':
      return DATE_ROWS;
    case 'lineorder':
      return lineorderRowCount(sf, seed, lineage);
  }
}
