/**
 * The server's global counters read at a moment on bpftrace's clock: a trace's records carry the
 * kernel's monotonic time (bpftrace's nsecs), and process.hrtime is the same CLOCK_MONOTONIC, so the
 * requests traced between two readings are set against the counters' difference over the same window
 * (a traced run's check, a load step's measured point and its trace).
 */

/** What a reading needs of a connection. */
export interface RowsReader {
  rows<T = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<T[]>;
}

/** Counters by their lower-case names, and when the server read them. */
export interface CounterReading {
  values: Record<string, number>;
  atNs: bigint;
}

/**
 * The server's global status variables `names` (lower case), read in one SHOW, which asks InnoDB for
 * no page; each NaN when the server has none by that name.
 */
export async function readCountersAt(c: RowsReader, names: readonly string[]): Promise<CounterReading> {
  const sent = process.hrtime.bigint();
  const rows = await c.rows<{
    Variable_name?: string;
    VARIABLE_NAME?: string;
    Value?: string;
    VALUE?: string;
  }>(`SHOW GLOBAL STATUS WHERE Variable_name IN (${names.map(() => '?').join(', ')})`, [...names]);
  // The server read them between the statement's going and its answer's coming: the middle.
  const atNs = (sent + process.hrtime.bigint()) / 2n;
  const values: Record<string, number> = {};
  for (const n of names) values[n] = NaN;
  for (const r of rows) {
    const name = String(r.Variable_name ?? r.VARIABLE_NAME ?? '').toLowerCase();
    if (name in values) values[name] = Number(r.Value ?? r.VALUE ?? NaN);
  }
  return { values, atNs };
}

/** The difference of one counter between two readings, or null when either lacks it. */
export function counterDelta(from: CounterReading, to: CounterReading, name: string): number | null {
  const d = (to.values[name] ?? NaN) - (from.values[name] ?? NaN);
  return Number.isFinite(d) ? d : null;
}
