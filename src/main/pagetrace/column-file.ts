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

/** One version of a kind of file: its header, and the columns it holds in order. */
export interface ColumnFileVersion {
  kind: ColumnFileKind;
  columns: ColumnKind[];
}

/**
 * Reads a file as whichever of `versions` its header names (read once); a header naming none of them,
 * or a body of another length than its row count gives, is refused in words.
 */
export function readColumnFile(
  path: string,
  versions: ColumnFileVersion[],
): { format: string; columns: Column[] } {
  const buf = readFileSync(path);
  const nl = buf.indexOf(10);
  let header: Record<string, unknown> = {};
  try {
    header = nl > 0 ? (JSON.parse(buf.subarray(0, nl).toString('utf8')) as Record<string, unknown>) : {};
  } catch {
    header = {};
  }
  const version = versions.find((v) => v.kind.format === header.format);
  const rows = version ? header[version.kind.countKey] : undefined;
  if (!version || typeof rows !== 'number' || !Number.isInteger(rows) || rows < 0)
    throw new Error(`${path} is not ${versions[0]!.kind.what}`);
  const body = buf.subarray(nl + 1);
  const rowBytes = version.columns.reduce((sum, k) => sum + WIDTH[k], 0);
  if (body.length !== rows * rowBytes)
    throw new Error(`${path} is cut short: ${body.length} bytes for ${rows} ${version.kind.countKey}`);
  let at = 0;
  const columns = version.columns.map((k) => {
    const bytes = rows * WIDTH[k];
    const copy = body.buffer.slice(body.byteOffset + at, body.byteOffset + at + bytes);
    at += bytes;
    return k === 'u32' ? new Uint32Array(copy) : new Float64Array(copy);
  });
  return { format: version.kind.format, columns };
}
