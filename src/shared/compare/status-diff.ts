/** Status counter deltas side by side: one row per counter either run captured. */
import type { StatusDelta } from '../runs/runs';

export interface StatusRow {
  name: string;
  scope: 'global' | 'session';
  /** The counter's change during each run; null where that run did not capture it. */
  a: number | null;
  b: number | null;
  /** b − a, and b / a (null when a is 0 or either is missing). */
  diff: number | null;
  ratio: number | null;
}

export function diffStatus(a: StatusDelta[], b: StatusDelta[]): StatusRow[] {
  const names: string[] = [];
  for (const d of [...a, ...b]) if (!names.includes(d.name)) names.push(d.name);
  return names.map((name) => {
    const da = a.find((d) => d.name === name);
    const db = b.find((d) => d.name === name);
    const va = da?.delta ?? null;
    const vb = db?.delta ?? null;
    return {
      name,
      scope: (da ?? db)?.scope ?? 'global',
      a: va,
      b: vb,
      diff: va !== null && vb !== null ? vb - va : null,
      ratio: va !== null && vb !== null && va !== 0 ? vb / va : null,
    };
  });
}

/** A counter's row by name, case-insensitive (servers spell them differently). */
export function statusRow(rows: StatusRow[], name: string): StatusRow | undefined {
  const wanted = name.toLowerCase();
  return rows.find((r) => r.name.toLowerCase() === wanted);
}
