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
