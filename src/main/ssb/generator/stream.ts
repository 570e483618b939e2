/**
 * The generator's public face: a table as a Readable of .tbl bytes, and the five tables written as
 * dbgen's files. A stream makes one chunk each time its reader asks for more, so memory stays at a
 * chunk or two whatever the scale factor, and a slow reader (the server) slows the generator down.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TBL_FILE_NAMES, SSB_TABLES } from '../tables';
import { CustomerTableSource } from './customer-table';
import { DateTableSource } from './date-table';
import { LineorderTableSource, type OrderRange } from './lineorder-table';
import { PartTableSource } from './part-table';
import { validateScaleFactor } from './scale';
import type { GenerateOptions, TableSource } from './source';
import { SupplierTableSource } from './supplier-table';
import type { SsbTable } from '../../../shared/datasets/datasets';

/** Bytes per chunk: large enough that per-chunk costs vanish, small enough for a socket buffer. */
export const DEFAULT_CHUNK_BYTES = 256 * 1024;

export interface TableStreamOptions extends GenerateOptions {
  chunkBytes?: number;
  /** lineorder only: write just these orders (a worker's block, or a test's sample). */
  orders?: OrderRange;
}

export function createTableSource(table: SsbTable, opts: TableStreamOptions): TableSource {
  validateScaleFactor(opts.sf);
  switch (table) {
    case 'customer':
      return new CustomerTableSource(opts);
    case 'supplier':
      return new SupplierTableSource(opts);
    case 'part':
      return new PartTableSource(opts);
    case 'dim_date':
      return new DateTableSource(opts);
    case 'lineorder':
      return new LineorderTableSource(opts, opts.orders);
  }
}

/** Fills one chunk; null when the source is done. */
export function nextChunk(source: TableSource, chunkBytes: number): Buffer | null {
  if (source.done) return null;
  const size = Math.max(chunkBytes, source.maxChunkBytes);
  const buf = Buffer.allocUnsafe(size);
  const used = source.fill(buf, 0, size);
  return buf.subarray(0, used);
}

/**
 * One table as a stream of Buffers in dbgen's .tbl format (`|` after every field, `\n` after every
 * row), ready for `LOAD DATA LOCAL INFILE ... FIELDS TERMINATED BY '|' LINES TERMINATED BY '|\n'`.
 * The same options give the same bytes, however the stream is read.
 */
export function createTableStream(table: SsbTable, opts: TableStreamOptions): Readable {
  const source = createTableSource(table, opts);
  const chunkBytes = opts.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  return new Readable({
    highWaterMark: chunkBytes,
    read() {
      try {
        this.push(nextChunk(source, chunkBytes));
      } catch (e) {
        this.destroy(e instanceof Error ? e : new Error(String(e)));
      }
    },
  });
}

/** Writes customer.tbl, part.tbl, supplier.tbl, date.tbl and lineorder.tbl into `dir`, as dbgen names them. */
export async function writeTblFiles(dir: string, opts: GenerateOptions): Promise<Record<SsbTable, string>> {
  validateScaleFactor(opts.sf);
  await mkdir(dir, { recursive: true });
  const paths = {} as Record<SsbTable, string>;
  for (const table of SSB_TABLES) {
    const path = join(dir, TBL_FILE_NAMES[table]);
    await pipeline(createTableStream(table, opts), createWriteStream(path));
    paths[table] = path;
  }
  return paths;
}
