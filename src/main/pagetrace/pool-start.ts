/**
 * The pool a traced run starts from: the server's INNODB_BUFFER_PAGE_LRU read on the control
 * connection just before bpftrace attaches (bufferpool/pool-pages.ts), kept beside the trace
 * (runs/<runId>.pagepool). The replay starts from these pages instead of an empty pool: after a
 * restart the pool already holds dictionary and system pages that a query requests too, and a hot
 * run's pool is what the runs before it left, exactly. One row per page of the pool.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Pages by tablespace id and page number, from the LRU's tail to its head. */
export interface PoolPages {
  space: Uint32Array;
  page: Uint32Array;
}

const FORMAT = 'bplab-pagepool-1';

/** A header line of JSON (the page count), then space and page as little-endian uint32 arrays. */
export function writePoolPages(path: string, pool: PoolPages): void {
  const n = pool.space.length;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from(`${JSON.stringify({ format: FORMAT, pages: n })}\n`),
      Buffer.from(pool.space.buffer, pool.space.byteOffset, n * 4),
      Buffer.from(pool.page.buffer, pool.page.byteOffset, n * 4),
    ]),
  );
}

export function readPoolPagesFile(path: string): PoolPages {
  const buf = readFileSync(path);
  const nl = buf.indexOf(10);
  const header = JSON.parse(buf.subarray(0, nl).toString('utf8')) as { format?: string; pages?: number };
  if (header.format !== FORMAT || typeof header.pages !== 'number')
    throw new Error(`${path} is not a bplab pool page list`);
  const n = header.pages;
  const body = buf.subarray(nl + 1);
  if (body.length !== n * 8) throw new Error(`${path} is cut short: ${body.length} bytes for ${n} pages`);
  const copy = (from: number) => body.buffer.slice(body.byteOffset + from, body.byteOffset + from + n * 4);
  return { space: new Uint32Array(copy(0)), page: new Uint32Array(copy(n * 4)) };
}
