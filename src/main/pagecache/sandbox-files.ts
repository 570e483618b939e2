/**
 * Which files hold a dataset on a sandbox: its schema's .ibd, .MYD and .MYI, and the shared InnoDB
 * tablespaces it reads through (system, undo). These are what a really cold pass must evict.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

const DATA_FILE = /\.(ibd|myd|myi)$/i;
/** ibdata1 (system), undo_001 (MySQL 8), undo001 (MariaDB, 5.7 with undo tablespaces). */
const SHARED_FILE = /^(ibdata\d+|undo_?\d+)$/i;

async function list(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** The dataset's files in `datadir` (the schema folder as mysqld names it: plain names map as they are). */
export async function datasetFiles(
  datadir: string,
  schema: string,
): Promise<{ files: string[]; schemaFiles: number }> {
  const own = (await list(join(datadir, schema)))
    .filter((f) => DATA_FILE.test(f))
    .map((f) => join(datadir, schema, f));
  const shared = (await list(datadir)).filter((f) => SHARED_FILE.test(f)).map((f) => join(datadir, f));
  return { files: [...own, ...shared].sort(), schemaFiles: own.length };
}
