/**
 * The real page layout of the tablespaces a trace touched, read from the sandbox's own files: each
 * file's space id (FIL_PAGE_SPACE_ID on page 0), and per page its B-tree neighbours (FIL_PAGE_PREV,
 * FIL_PAGE_NEXT) and index (PAGE_INDEX_ID on an index page), which linear read-ahead follows
 * (fil0types.h, page0types.h). A page the files hold stale (not yet flushed) keeps its old links.
 */
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { NO_PAGE, type SpaceLayout } from '../../shared/whatif/trace';

/** fil0types.h offsets in a page's header. */
const FIL_PAGE_PREV = 8;
const FIL_PAGE_NEXT = 12;
const FIL_PAGE_TYPE = 24;
const FIL_PAGE_SPACE_ID = 34;
/** FIL_PAGE_DATA (38) + PAGE_INDEX_ID (28), page0types.h. */
const PAGE_INDEX_ID = 66;
const FIL_PAGE_INDEX = 0x45bf;
const FIL_NULL = 0xffffffff;

const SPACE_FILE = /\.ibd$|^ibdata\d+$|^undo_?\d+$/i;

/** Space id → file, for every InnoDB file in the data folder and its schema folders. */
export async function spaceFiles(datadir: string, pageSize: number): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const consider = async (path: string) => {
    const f = await open(path, 'r');
    try {
      const head = Buffer.alloc(FIL_PAGE_SPACE_ID + 4);
      await f.read(head, 0, head.length, 0);
      // The system tablespace's page 0 holds 0 there; every other file its own id.
      out.set(head.readUInt32BE(FIL_PAGE_SPACE_ID), path);
    } finally {
      await f.close();
    }
  };
  for (const e of await readdir(datadir, { withFileTypes: true })) {
    const path = join(datadir, e.name);
    if (e.isFile() && SPACE_FILE.test(e.name) && (await stat(path)).size >= pageSize) await consider(path);
    else if (e.isDirectory() && !e.name.startsWith('#'))
      for (const f of await readdir(path))
        if (/\.ibd$/i.test(f) && (await stat(join(path, f))).size >= pageSize) await consider(join(path, f));
  }
  return out;
}

/** One file's pages: size, links and index ids (index ids as given by `indexOrdinal`). */
export async function readSpaceLayout(
  path: string,
  spaceId: number,
  pageSize: number,
  indexOrdinal: (indexId: bigint) => number,
): Promise<SpaceLayout> {
  const size = Math.floor((await stat(path)).size / pageSize);
  const indexOf = new Int32Array(size).fill(NO_PAGE);
  const prev = new Int32Array(size).fill(NO_PAGE);
  const next = new Int32Array(size).fill(NO_PAGE);
  const f = await open(path, 'r');
  try {
    const chunkPages = Math.max(1, Math.floor((8 << 20) / pageSize));
    const buf = Buffer.alloc(chunkPages * pageSize);
    for (let first = 0; first < size; first += chunkPages) {
      const { bytesRead } = await f.read(buf, 0, buf.length, first * pageSize);
      for (let i = 0; i * pageSize < bytesRead && first + i < size; i++) {
        const o = i * pageSize;
        if (buf.readUInt16BE(o + FIL_PAGE_TYPE) !== FIL_PAGE_INDEX) continue;
        const pg = first + i;
        const p = buf.readUInt32BE(o + FIL_PAGE_PREV);
        const n = buf.readUInt32BE(o + FIL_PAGE_NEXT);
        prev[pg] = p === FIL_NULL ? NO_PAGE : p;
        next[pg] = n === FIL_NULL ? NO_PAGE : n;
        indexOf[pg] = indexOrdinal(buf.readBigUInt64BE(o + PAGE_INDEX_ID));
      }
    }
  } finally {
    await f.close();
  }
  return { spaceId, sizePages: size, indexOf, prev, next };
}
