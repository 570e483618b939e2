/** Test helpers: a generated table's bytes, and its rows split the way LOAD DATA splits them. */
import {
  createTableSource,
  nextChunk,
  type TableStreamOptions,
} from '../../../src/main/ssb/generator/stream';
import type { SsbTable } from '../../../src/shared/datasets/datasets';

export function tableBytes(table: SsbTable, opts: TableStreamOptions, chunkBytes = 64 * 1024): Buffer {
  const source = createTableSource(table, opts);
  const chunks: Buffer[] = [];
  for (let c = nextChunk(source, chunkBytes); c; c = nextChunk(source, chunkBytes))
    chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Rows as LOAD DATA ... FIELDS TERMINATED BY '|' LINES TERMINATED BY '|\n' reads them. */
export function tblRows(bytes: Buffer): string[][] {
  const text = bytes.toString('latin1');
  if (text.length === 0) return [];
  if (!text.endsWith('|\n')) throw new Error('the last row does not end with |\\n');
  return text
    .slice(0, -2)
    .split('|\n')
    .map((line) => line.split('|'));
}
