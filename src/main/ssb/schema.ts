/**
 * The SSB schema as the posts used it (the seed's DDL), split the way the posts loaded it:
 * CREATE TABLE with only the primary key, the rows, then one ALTER TABLE per table adding
 * every secondary key. Running the CREATE and the ALTER ends in the same table as the seed's
 * one-statement DDL (same columns, same auto-generated key names).
 */
import { AppFailure } from '../../shared/result';
import type { DatasetEngine, KeysBuilt, SsbTable } from '../../shared/datasets/datasets';

/** The five tables in the seed's order; dim_date is the SSB `date` table (dbgen's date.tbl). */
export const SSB_SCHEMA_TABLES: readonly SsbTable[] = [
  'customer',
  'part',
  'supplier',
  'dim_date',
  'lineorder',
];

export interface ColumnDef {
  name: string;
  /** The SQL type exactly as the seed writes it. */
  type: string;
  notNull?: boolean;
  /** `int primary key` in the seed. */
  primaryKey?: boolean;
  /** What a .tbl field must look like: a number, a yyyymmdd date key, or any text. */
  kind: 'integer' | 'decimal' | 'datekey' | 'text';
}

export interface TableDef {
  name: SsbTable;
  columns: ColumnDef[];
  /** Secondary keys in the seed's order; each is a list of columns. */
  keys: string[][];
}

const int = (name: string, type = 'int', extra: Partial<ColumnDef> = {}): ColumnDef => ({
  name,
  type,
  kind: 'integer',
  ...extra,
});
const text = (name: string, type: string): ColumnDef => ({ name, type, kind: 'text' });

/** The seed's DDL (post 001), column by column. */
export const SSB_TABLE_DEFS: Record<SsbTable, TableDef> = {
  customer: {
    name: 'customer',
    columns: [
      int('C_CustomerKey', 'int', { primaryKey: true }),
      text('C_Name', 'varchar(25)'),
      text('C_Address', 'varchar(25)'),
      text('C_City', 'varchar(10)'),
      text('C_Nation', 'varchar(15)'),
      text('C_Region', 'varchar(12)'),
      text('C_Phone', 'varchar(15)'),
      text('C_MktSegment', 'varchar(10)'),
    ],
    keys: [['C_Name'], ['C_City'], ['C_Region'], ['C_Phone'], ['C_MktSegment']],
  },
  part: {
    name: 'part',
    columns: [
      int('P_PartKey', 'int', { primaryKey: true }),
      text('P_Name', 'varchar(25)'),
      text('P_MFGR', 'varchar(10)'),
      text('P_Category', 'varchar(10)'),
      text('P_Brand', 'varchar(15)'),
      text('P_Colour', 'varchar(15)'),
      text('P_Type', 'varchar(25)'),
      int('P_Size', 'tinyint'),
      text('P_Container', 'char(10)'),
    ],
    keys: [['P_Name'], ['P_MFGR'], ['P_Category'], ['P_Brand']],
  },
  supplier: {
    name: 'supplier',
    columns: [
      int('S_SuppKey', 'int', { primaryKey: true }),
      text('S_Name', 'char(25)'),
      text('S_Address', 'varchar(25)'),
      text('S_City', 'char(10)'),
      text('S_Nation', 'char(15)'),
      text('S_Region', 'char(12)'),
      text('S_Phone', 'char(15)'),
    ],
    keys: [['S_City'], ['S_Name'], ['S_Phone']],
  },
  dim_date: {
    name: 'dim_date',
    columns: [
      { name: 'D_DateKey', type: 'int', primaryKey: true, kind: 'datekey' },
      text('D_Date', 'char(18)'),
      text('D_DayOfWeek', 'char(9)'),
      text('D_Month', 'char(9)'),
      int('D_Year', 'smallint'),
      int('D_YearMonthNum'),
      text('D_YearMonth', 'char(7)'),
      int('D_DayNumInWeek', 'tinyint'),
      int('D_DayNumInMonth', 'tinyint'),
      int('D_DayNumInYear', 'smallint'),
      int('D_MonthNumInYear', 'tinyint'),
      int('D_WeekNumInYear', 'tinyint'),
      text('D_SellingSeason', 'char(12)'),
      int('D_LastDayInWeekFl', 'tinyint'),
      int('D_LastDayInMonthFl', 'tinyint'),
      int('D_HolidayFl', 'tinyint'),
      int('D_WeekDayFl', 'tinyint'),
    ],
    keys: [],
  },
  lineorder: {
    name: 'lineorder',
    columns: [
      int('LO_OrderKey', 'bigint', { notNull: true }),
      int('LO_LineNumber', 'tinyint', { notNull: true }),
      int('LO_CustKey', 'int', { notNull: true }),
      int('LO_PartKey', 'int', { notNull: true }),
      int('LO_SuppKey', 'int', { notNull: true }),
      { name: 'LO_OrderDateKey', type: 'int', notNull: true, kind: 'datekey' },
      text('LO_OrderPriority', 'varchar(15)'),
      text('LO_ShipPriority', 'char(1)'),
      int('LO_Quantity', 'tinyint'),
      { name: 'LO_ExtendedPrice', type: 'decimal', kind: 'decimal' },
      { name: 'LO_OrdTotalPrice', type: 'decimal', kind: 'decimal' },
      { name: 'LO_Discount', type: 'decimal', kind: 'decimal' },
      { name: 'LO_Revenue', type: 'decimal', kind: 'decimal' },
      { name: 'LO_SupplyCost', type: 'decimal', kind: 'decimal' },
      int('LO_Tax', 'tinyint'),
      { name: 'LO_CommitDateKey', type: 'int', notNull: true, kind: 'datekey' },
      text('LO_ShipMode', 'varchar(10)'),
    ],
    keys: [
      ['LO_OrderKey', 'LO_LineNumber'],
      ['LO_CustKey'],
      ['LO_SuppKey'],
      ['LO_PartKey'],
      ['LO_OrderDateKey'],
      ['LO_CommitDateKey'],
    ],
  },
};

/** The lineorder-PK variant's primary key (post 001's lineorder has none, so InnoDB adds GEN_CLUST_INDEX). */
export const LINEORDER_PK = ['LO_OrderKey', 'LO_LineNumber'];

export interface SchemaOptions {
  /** The database the dataset lives in. */
  schema: string;
  engine: DatasetEngine;
  /** lineorder gets PRIMARY KEY (LO_OrderKey, LO_LineNumber) instead of the hidden GEN_CLUST_INDEX. */
  lineorderPk: boolean;
}

/** Schemas a dataset must never be created in or dropped from. */
const SYSTEM_SCHEMAS = new Set(['mysql', 'information_schema', 'performance_schema', 'sys']);

/**
 * Checks a schema name the user typed. MySQL and MariaDB accept almost any character in a quoted
 * name, but not NUL, not more than 64 characters, and not a trailing space.
 */
export function validateSchemaName(name: string): string {
  const chars = [...name];
  if (chars.length === 0)
    throw AppFailure.of('INVALID_ARGUMENT', 'The schema name is empty.', {
      hint: 'Type a name such as ssb_sf1.',
    });
  if (chars.length > 64)
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `The schema name is ${chars.length} characters long; MySQL allows 64.`,
      {
        hint: 'Choose a shorter name.',
      },
    );
  if (name.includes('\0'))
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      'The schema name contains a NUL character, which MySQL does not allow.',
    );
  if (/\s$/.test(name))
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      'The schema name ends with a space, which MySQL does not allow.',
      {
        hint: 'Remove the trailing space.',
      },
    );
  if (chars.some((c) => c.codePointAt(0)! > 0xffff))
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      'The schema name contains a character outside the Basic Multilingual Plane (an emoji?), which MySQL does not allow in names.',
    );
  if (SYSTEM_SCHEMAS.has(name.toLowerCase()))
    throw AppFailure.of('INVALID_ARGUMENT', `"${name}" is a system schema; a dataset cannot live there.`, {
      hint: 'Choose another name, such as ssb_sf1.',
    });
  return name;
}

/** A name quoted with backticks, inner backticks doubled: safe to splice into SQL. */
export function quoteIdent(name: string): string {
  return '`' + name.replaceAll('`', '``') + '`';
}

export const qualified = (schema: string, table: string): string =>
  `${quoteIdent(schema)}.${quoteIdent(table)}`;

const keyList = (cols: string[]): string => `(${cols.join(', ')})`;

/** The keys ALTER TABLE adds after the load; in the PK variant the key that duplicates the PK is dropped. */
export function secondaryKeys(table: SsbTable, opts: Pick<SchemaOptions, 'lineorderPk'>): string[][] {
  const keys = SSB_TABLE_DEFS[table].keys;
  if (table !== 'lineorder' || !opts.lineorderPk) return keys;
  return keys.filter((k) => k.join(',') !== LINEORDER_PK.join(','));
}

/**
 * The text columns' character set: latin1, on every flavor. dbgen writes bytes, not text (part.tbl
 * line 199,984 at SF 1 holds bytes that are not UTF-8), and latin1 holds every byte 0x00-0xFF as one
 * character, so a load with CHARACTER SET binary stores each byte as it is and reads it back the
 * same. Not VARBINARY/BINARY: those change the seed's types, and BINARY(n) pads with 0x00 where
 * CHAR(n) pads with spaces. latin1 with its default collation (latin1_swedish_ci) is what MariaDB
 * 10.11 and MySQL 5.7 gave these tables by default already; MySQL 8.0 (utf8mb4 by default) now gets
 * the same, so the three flavors hold the same bytes in the same page layout. dbgen's values are
 * ASCII upper case, digits, spaces and '#', which compare and sort the same in latin1 and utf8mb4,
 * so the 13 queries keep the same rows, groups and order.
 */
export const TEXT_CHARSET = 'latin1';

/**
 * CREATE TABLE with the columns and the primary key; InnoDB's secondary keys come after the load
 * (ALTER TABLE ... ADD KEY, a merge sort). A MyISAM table is created with its keys, which the load then
 * leaves disabled and ENABLE KEYS builds by sort afterwards, as post 003 built them.
 */
export function createTableSql(table: SsbTable, opts: SchemaOptions): string {
  const def = SSB_TABLE_DEFS[table];
  const lines = def.columns.map(
    (c) => `  ${c.name} ${c.type}${c.notNull ? ' not null' : ''}${c.primaryKey ? ' primary key' : ''}`,
  );
  if (table === 'lineorder' && opts.lineorderPk) lines.push(`  PRIMARY KEY ${keyList(LINEORDER_PK)}`);
  if (opts.engine === 'MyISAM') for (const k of secondaryKeys(table, opts)) lines.push(`  KEY ${keyList(k)}`);
  return `CREATE TABLE ${qualified(opts.schema, table)} (\n${lines.join(',\n')}\n) ENGINE=${opts.engine} DEFAULT CHARSET=${TEXT_CHARSET}`;
}

/**
 * The statement that builds the table's secondary keys after the load, or null when it has none
 * (dim_date): one ALTER TABLE adding them all (InnoDB), or ENABLE KEYS (MyISAM: a repair by sort).
 */
export function addKeysSql(table: SsbTable, opts: SchemaOptions): string | null {
  const keys = secondaryKeys(table, opts);
  if (keys.length === 0) return null;
  if (opts.engine === 'MyISAM') return `ALTER TABLE ${qualified(opts.schema, table)} ENABLE KEYS`;
  return `ALTER TABLE ${qualified(opts.schema, table)} ${keys.map((k) => `ADD KEY ${keyList(k)}`).join(', ')}`;
}

/** MyISAM only: stop maintaining the non-unique keys during the load (ENABLE KEYS rebuilds them). */
export function disableKeysSql(table: SsbTable, opts: SchemaOptions): string | null {
  if (opts.engine !== 'MyISAM' || secondaryKeys(table, opts).length === 0) return null;
  return `ALTER TABLE ${qualified(opts.schema, table)} DISABLE KEYS`;
}

/** How a dataset's secondary keys are built, as its record says it. */
export const keysBuiltBy = (engine: SchemaOptions['engine']): KeysBuilt =>
  engine === 'MyISAM' ? 'disable-enable-keys' : 'alter-add-keys';

export function createDatabaseSql(schema: string): string {
  return `CREATE DATABASE ${quoteIdent(schema)}`;
}
