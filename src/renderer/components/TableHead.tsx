/**
 * A table's head row from its columns, so each list says which columns it has, not how a head is
 * written. A column is its words; `num(words)` right-aligns a figure's column; '' is a column with no
 * words (a row's buttons); false leaves a column out (`servers && 'Server'`).
 */
export interface HeadColumn {
  label: string;
  /** A figure's column, right-aligned as its cells are. */
  num?: boolean;
  /** Words on hover (what the column holds, when its label is short). */
  title?: string;
}

export type Column = string | HeadColumn | false;

/** A right-aligned column of figures. */
export const num = (label: string): HeadColumn => ({ label, num: true });

export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => {
          if (c === false) return null;
          const { label, num: figure, title } = typeof c === 'string' ? { label: c } : c;
          return (
            <th key={i} scope="col" className={figure ? 'num' : undefined} title={title}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
