/**
 * A traced run's records on disk, beside the run (runs/<runId>.pagetrace): a header line of JSON
 * (the record count) then space, page and count as little-endian uint32 arrays and each record's
 * time as float64 ms since the trace's first request.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
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

export function writePageTrace(path: string, t: StoredPageTrace): void {
  const n = t.space.length;
  mkdirSync(dirname(path), { recursive: true });
  const header = Buffer.from(`${JSON.stringify({ format: 'bplab-pagetrace-1', records: n })}\n`);
  writeFileSync(
    path,
    Buffer.concat([
      header,
      Buffer.from(t.space.buffer, t.space.byteOffset, n * 4),
      Buffer.from(t.page.buffer, t.page.byteOffset, n * 4),
      Buffer.from(t.count.buffer, t.count.byteOffset, n * 4),
      Buffer.from(t.atMs.buffer, t.atMs.byteOffset, n * 8),
    ]),
  );
}

export function readPageTrace(path: string): StoredPageTrace {
  const buf = readFileSync(path);
  const nl = buf.indexOf(10);
  const header = JSON.parse(buf.subarray(0, nl).toString('utf8')) as { format?: string; records?: number };
  if (header.format !== 'bplab-pagetrace-1' || typeof header.records !== 'number')
    throw new Error(`${path} is not a bplab page trace`);
  const n = header.records;
  const body = buf.subarray(nl + 1);
  if (body.length !== n * 20) throw new Error(`${path} is cut short: ${body.length} bytes for ${n} records`);
  const copy = (from: number, bytes: number) =>
    body.buffer.slice(body.byteOffset + from, body.byteOffset + from + bytes);
  return {
    space: new Uint32Array(copy(0, n * 4)),
    page: new Uint32Array(copy(n * 4, n * 4)),
    count: new Uint32Array(copy(n * 8, n * 4)),
    atMs: new Float64Array(copy(n * 12, n * 8)),
  };
}
