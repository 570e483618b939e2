/**
 * A traced run's records on disk, beside the run (runs/<runId>.pagetrace): a header line of JSON
 * (the record count) then space, page and count as little-endian uint32 arrays and each record's
 * time as float64 ms since the trace's first request.
 */
import { readColumnFile, writeColumnFile, type ColumnFileKind } from './column-file';
import type { RawPageTrace } from './tracer';

export interface StoredPageTrace {
  space: Uint32Array;
  page: Uint32Array;
  count: Uint32Array;
  atMs: Float64Array;
}

export function storedOf(raw: RawPageTrace): StoredPageTrace {
  const n = raw.space.length;
  const t0 = n > 0 ? raw.atNs[0]! : 0n;
  const atMs = new Float64Array(n);
  for (let i = 0; i < n; i++) atMs[i] = Number(raw.atNs[i]! - t0) / 1e6;
  return { space: raw.space, page: raw.page, count: raw.count, atMs };
}

const PAGE_TRACE: ColumnFileKind = {
  format: 'bplab-pagetrace-1',
  countKey: 'records',
  what: 'a bplab page trace',
};

export function writePageTrace(path: string, t: StoredPageTrace): void {
  writeColumnFile(path, PAGE_TRACE, t.space.length, [t.space, t.page, t.count, t.atMs]);
}

export function readPageTrace(path: string): StoredPageTrace {
  const [space, page, count, atMs] = readColumnFile(path, PAGE_TRACE, ['u32', 'u32', 'u32', 'f64']);
  return {
    space: space as Uint32Array,
    page: page as Uint32Array,
    count: count as Uint32Array,
    atMs: atMs as Float64Array,
  };
}
