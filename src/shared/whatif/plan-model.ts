/** The shapes the plan tracer works on: a table's rows, an index's pages, EXPLAIN's steps and the walk's steps. */

/** One table's rows in clustered-index order: which pass the query's own conditions, and join columns. */
export interface TableRows {
  table: string;
  rows: number;
  pass: Uint8Array;
  /** Join columns' values by lower-case column name. */
  columns: Record<string, Int32Array>;
}

/** One row of the run's tabular EXPLAIN, the fields the tracer reads. */
export interface ExplainStep {
  table: string;
  type: string;
  key: string | null;
  /** "schema.table.column" for ref / eq_ref. */
  ref: string | null;
  extra: string;
}

export interface IndexModel {
  space: number;
  root: number;
  level1: number;
  level1Pages: number;
  firstLeaf: number;
  leafPages: number;
  entries: number;
}

/** Values → rows, sorted by (value, row): an index's entries in key order (a counting sort). */
export interface KeyedRows {
  min: number;
  offsets: Int32Array;
  rows: Int32Array;
}

export interface Step {
  table: TableRows;
  /** const: a ref on a constant (the rows passing the table's conditions, read through `index`). */
  kind: 'scan' | 'lookup' | 'hash' | 'const';
  clustered: IndexModel;
  /** lookup: the index searched, the column it is on, where the value comes from. */
  index?: IndexModel;
  keyed?: KeyedRows;
  unique?: boolean;
  /** The index holds every column the query reads from this table: no clustered lookups. */
  covering?: boolean;
  source?: { step: number; column: Int32Array };
  /** hash: this table's column and the earlier step's column it equals. */
  probe?: { column: Int32Array; earlier: Int32Array; earlierStep: number };
}
