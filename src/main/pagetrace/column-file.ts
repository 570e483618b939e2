/**
 * bplab's binary files of fixed-width columns (a traced run's records, the pool it started from): a
 * header line of JSON naming the format and the row count, then each column whole, little-endian,
 * one after the other. One writer and one reader for every such file.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type Column = Uint32Array | Float64Array;
export type ColumnKind = 'u32' | 'f64';

/** What a file holds, as its header says it: the format name, the key its row count is under. */
export interface ColumnFileKind {
  format: string;
  countKey: string;
  /** In words, for the error a wrong file gets: "a bplab page trace". */
  what: string;
}

const WIDTH: Record<ColumnKind, number> = { u32: 4, f64: 8 };

export function writeColumnFile(path: string, kind: ColumnFileKind, rows: number, columns: Column[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const header = Buffer.from(`${JSON.stringify({ format: kind.format, [kind.countKey]: rows })}\n`);
  writeFileSync(
    path,
    Buffer.concat([
      header,
      ...columns.map((c) => Buffer.from(c.buffer, c.byteOffset, rows * c.BYTES_PER_ELEMENT)),
    ]),
  );
}

/** The format a file's header names, or null: which version of a kind to read it as. */
export function columnFileFormat(path: string): string | null {
  const buf = readFileSync(path);
  const nl = buf.indexOf(10);
  try {
    const header = nl > 0 ? (JSON.parse(buf.subarray(0, nl).toString('utf8')) as { format?: unknown }) : {};
    return typeof header.format === 'string' ? header.format : null;
  } catch {
    return null;
  }
}

export function readColumnFile(path: string, kind: ColumnFileKind, kinds: ColumnKind[]): Column[] {
  const buf = readFileSync(path);
  const nl = buf.indexOf(10);
  let header: Record<string, unknown> = {};
  try {
    header = nl > 0 ? (JSON.parse(buf.subarray(0, nl).toString('utf8')) as Record<string, unknown>) : {};
  } catch {
    header = {};
  }
  const rows = header[kind.countKey];
  if (header.format !== kind.format || typeof rows !== 'number' || !Number.isInteger(rows) || rows < 0)
    throw new Error(`${path} is not ${kind.what}`);
  const body = buf.subarray(nl + 1);
  const rowBytes = kinds.reduce((sum, k) => sum + WIDTH[k], 0);
  if (body.length !== rows * rowBytes)
    throw new Error(`${path} is cut short: ${body.length} bytes for ${rows} ${kind.countKey}`);
  let at = 0;
  return kinds.map((k) => {
    const bytes = rows * WIDTH[k];
    const copy = body.buffer.slice(body.byteOffset + at, body.byteOffset + at + bytes);
    at += bytes;
    return k === 'u32' ? new Uint32Array(copy) : new Float64Array(copy);
  });
}
