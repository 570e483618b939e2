/** EXPLAIN's tabular form as screens show it (the Queries preview and a run's result). */

/** Columns in the server's order (the union over rows, first seen first). */
export function explainColumns(rows: ReadonlyArray<Record<string, unknown>>): string[] {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return columns;
}

/** A cell as the mysql client prints it: NULL for null. */
export function explainCell(v: string | number | null | undefined): string {
  return v === null || v === undefined ? 'NULL' : String(v);
}

/**
 * The columns a plan is read by, in this order when the server has them; every other column
 * (select_type, possible_keys, key_len, ref, partitions...) goes into one wrapped "other columns"
 * cell of its row, so that the table fits its card at 1024 px instead of hiding rows and Extra.
 */
const MAIN_COLUMNS = ['id', 'table', 'type', 'key', 'rows', 'filtered', 'extra'];

export interface ExplainTableView {
  columns: string[];
  /** The columns folded into each row's last cell, in the server's order. */
  otherColumns: string[];
  rows: Array<{ cells: string[]; other: string }>;
}

export function explainTableView(rows: ReadonlyArray<Record<string, unknown>>): ExplainTableView {
  const all = explainColumns(rows);
  const rank = (c: string) => MAIN_COLUMNS.indexOf(c.toLowerCase());
  const columns = all.filter((c) => rank(c) >= 0).sort((x, y) => rank(x) - rank(y));
  const otherColumns = all.filter((c) => rank(c) < 0);
  const cell = (v: unknown) => explainCell(v as string | number | null | undefined);
  return {
    columns,
    otherColumns,
    rows: rows.map((row) => ({
      cells: columns.map((c) => cell(row[c])),
      other: otherColumns
        .filter((c) => row[c] !== null && row[c] !== undefined)
        .map((c) => `${c} ${cell(row[c])}`)
        .join(' · '),
    })),
  };
}
