/**
 * A traced run's records on disk, beside the run (runs/<runId>.pagetrace): a header line of JSON
 * (the record count) then space, page and count as little-endian uint32 arrays and each record's
 * time as float64 ms since the trace's first request.
 */
import { readColumnFile, writeColumnFile, type ColumnFileKind } from './column-file';
import type { RawPageTrace } from './trace-output';

export interface StoredPageTrace {
  space: Uint32Array;
  page: Uint32Array;
  count: Uint32Array;
  atMs: Float64Array;
  /** 1 for a record of latched adaptive-hash hits (tracer.ts); absent from a trace kept before them. */
  latched?: Uint8Array;
}

export function storedOf(raw: RawPageTrace): StoredPageTrace {
  const n = raw.space.length;
  const t0 = n > 0 ? raw.atNs[0]! : 0n;
  const atMs = new Float64Array(n);
  for (let i = 0; i < n; i++) atMs[i] = Number(raw.atNs[i]! - t0) / 1e6;
  return {
    space: raw.space,
    page: raw.page,
    count: raw.count,
    atMs,
    ...(raw.latched ? { latched: raw.latched } : {}),
  };
}

/** The first traces: no latched column. Still read. */
const PAGE_TRACE_1: ColumnFileKind = {
  format: 'bplab-pagetrace-1',
  countKey: 'records',
  what: 'a bplab page trace',
};

const PAGE_TRACE: ColumnFileKind = { ...PAGE_TRACE_1, format: 'bplab-pagetrace-2' };

/** Space, page, count, time, then whether each record is of latched adaptive-hash hits (0 or 1, uint32). */
export function writePageTrace(path: string, t: StoredPageTrace): void {
  const n = t.space.length;
  const latched = new Uint32Array(n);
  if (t.latched) latched.set(t.latched);
  writeColumnFile(path, PAGE_TRACE, n, [t.space, t.page, t.count, t.atMs, latched]);
}

export function readPageTrace(path: string): StoredPageTrace {
  const { columns } = readColumnFile(path, [
    { kind: PAGE_TRACE, columns: ['u32', 'u32', 'u32', 'f64', 'u32'] },
    { kind: PAGE_TRACE_1, columns: ['u32', 'u32', 'u32', 'f64'] },
  ]);
  const [space, page, count, atMs, latched] = columns;
  return {
    space: space as Uint32Array,
    page: page as Uint32Array,
    count: count as Uint32Array,
    atMs: atMs as Float64Array,
    ...(latched && (latched as Uint32Array).some((l) => l !== 0)
      ? { latched: Uint8Array.from(latched as Uint32Array) }
      : {}),
  };
}
