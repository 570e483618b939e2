import { formatBytes, formatMs } from '../format';
import type { RunResult } from './runs';

/**
 * What a run read, said one way on every screen, in the CLI and in the reports. Two figures that
 * are easily taken for one another:
 * - the pages InnoDB read into its buffer pool (Innodb_pages_read, read-ahead included): each came
 *   from storage, or from the OS page cache when the server reads without O_DIRECT;
 * - the bytes the server process read from storage, as the OS counts them (/proc/PID/io read_bytes):
 *   what the OS page cache did not hold.
 * A Q3.1 on a 32 MB pool read 92,751 pages (1.42 GiB) into the pool and 82.4 MiB from storage: nearly
 * every page came from the OS page cache.
 */

/** The status counter behind PAGES_READ. */
export const PAGES_READ_COUNTER = 'Innodb_pages_read';

/** Inside a sentence: "B read 2.0× the pages into the pool". */
export const PAGES_READ = 'pages read into the pool';
/** A row's label. */
export const PAGES_READ_LABEL = 'Pages read into the pool';

/** The server process's reads, as the OS counts them: inside a sentence, and as a row's label. */
export const BYTES_READ = 'bytes read from storage';
export const BYTES_READ_LABEL = 'Bytes read from storage';

/** The server process's reads from storage or its CPU during the statement, or why bplab could not see them. */
export function serverProcessWords(r: Pick<RunResult, 'serverProcess'>, what: 'read' | 'cpu'): string {
  const u = r.serverProcess;
  if (!u) return '— (not recorded: a run saved before bplab recorded it)';
  if ('unavailable' in u) return `— (${u.unavailable})`;
  return what === 'read' ? formatBytes(u.readBytes) : formatMs(u.cpuMs);
}
