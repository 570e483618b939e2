/**
 * How a configuration's settings reach its server: what a cell changes (startup options, globals, the
 * pool size), the online pool resize and when it cannot happen online, and values as SET GLOBAL takes them.
 */
import { SIZE_WORDS, isByteSize, parseByteSize } from '../../shared/byte-size';
import {
  isServerOwn,
  type ExperimentCell,
  type ExperimentServer,
} from '../../shared/experiments/experiments';
import { AppFailure } from '../../shared/result';
import { serverErrno } from '../db/errors';
import type { GlobalsConnection } from '../server/settings-journal';

/** What the runner needs of a server connection: statements, and closing. */
export interface ControlConnection extends GlobalsConnection {
  query(sql: string, values?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

/** The settings journal's one call a configuration needs: a global set, journaled first. */
export interface GlobalSetter {
  setGlobal(
    conn: GlobalsConnection,
    profileId: string,
    variable: string,
    value: string | number,
    reason: string,
  ): Promise<string | null>;
}

/** What a resize needs of the runner's services: the journal, a clock, and how long to wait. */
interface ResizeDeps {
  journal: GlobalSetter;
  now?: () => number;
  resizeTimeoutMs?: number;
}

/** What a configuration changes on its server, by how it is changed. */
export function cellChanges(cell: ExperimentCell) {
  const startup: Record<string, string> = {};
  const globals: Array<{ variable: string; value: string }> = [];
  let poolSize: string | null = null;
  for (const s of cell.settings) {
    // "default": the server's own value, so the option is left out (a paired dimension's other side).
    if (s.kind === 'startup') {
      if (!isServerOwn(s.value)) startup[s.variable] = s.value;
    } else if (s.kind === 'global') globals.push({ variable: s.variable, value: s.value });
    else if (s.kind === 'buffer-pool-size') poolSize = s.value;
    // 'dataset' changes nothing on the server: the runs read another schema (cellSchema).
  }
  return { startup, globals, poolSize };
}

/**
 * The pool cannot change online here: MySQL before 5.7.5 has no online resize (1238, a read-only
 * variable), MySQL 5.7 refuses a size under chunk size × instances (1231, "can't be set to the value",
 * e.g. a pool started at 1 GB with 8 instances asked for 128 MB) and MySQL 8.0 refuses it in the
 * background ("Failed to validate requested buffer pool size"). A sandbox is restarted with the size instead.
 */
export function cannotResizeOnline(e: unknown): boolean {
  const errno = serverErrno(e);
  if (errno === 1238 || errno === 1231) return true;
  return e instanceof AppFailure && e.error.details?.resize === 'cannot-online';
}

/** "128M" → bytes, as the server reads a size (the one size parser is shared/byte-size.ts). */
export function sizeBytes(value: string): number {
  if (!isByteSize(value))
    throw AppFailure.of('INVALID_ARGUMENT', `"${value}" is not a size: write ${SIZE_WORDS}.`);
  return parseByteSize(value);
}

export const firstRow = async (c: ControlConnection, sql: string): Promise<Record<string, unknown>> => {
  const [rows] = (await c.query(sql)) as [Array<Record<string, unknown>>];
  return rows[0] ?? {};
};

/**
 * Whether a sandbox restarted with a pool size starts at exactly that size: MySQL 5.7+, whose sandbox
 * starts with innodb_buffer_pool_chunk_size = size ÷ instances (serverArgs), where an online resize
 * rounds to multiples of the chunk size it started with (83M asked of a pool in 128M chunks stays 128M).
 * MariaDB and MySQL 5.5/5.6 keep the size an online resize gave.
 */
export async function restartGivesExactPool(c: ControlConnection): Promise<boolean> {
  const v = String((await firstRow(c, 'SELECT VERSION() AS v')).v ?? '');
  const m = /^(\d+)\.(\d+)\./.exec(v);
  return !!m && !/mariadb/i.test(v) && Number(m[1]) * 100 + Number(m[2]) >= 507;
}

/**
 * Resizes the buffer pool online and waits until the server has finished: MariaDB resizes within the
 * statement; MySQL resizes in the background, in chunk multiples, and says so in
 * Innodb_buffer_pool_resize_status. Returns the size the server settled on.
 */
export async function resizePool(
  c: ControlConnection,
  deps: ResizeDeps,
  server: ExperimentServer,
  value: string,
): Promise<number> {
  const now = deps.now ?? Date.now;
  const status = async () => {
    const row = await firstRow(c, "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_resize_status'");
    return String(row.Value ?? row.VALUE ?? '');
  };
  const before = await status();
  await deps.journal.setGlobal(
    c,
    server.profileId,
    'innodb_buffer_pool_size',
    sizeBytes(value),
    'experiment: buffer pool size',
  );
  const setAt = now();
  const deadline = setAt + (deps.resizeTimeoutMs ?? 120_000);
  for (;;) {
    const s = await status();
    const fresh = s !== before;
    if (fresh && /fail|error/i.test(s))
      throw AppFailure.of(
        'SERVER_ERROR',
        `${server.label} could not resize its buffer pool to ${value}: ${s}`,
        {
          hint: 'Pick a size the server can take (MySQL resizes in multiples of innodb_buffer_pool_chunk_size × innodb_buffer_pool_instances); its error log says why it refused.',
          details: { resize: /validat/i.test(s) ? 'cannot-online' : 'failed' },
        },
      );
    if (fresh && /complet|nothing to do|did not change/i.test(s)) break;
    // No new word from the server (MariaDB resizes within the statement; or the same text again): done
    // once nothing says a resize is under way.
    if (
      !fresh &&
      !/resiz|withdraw|allocat|progress/i.test(s.replace(/^completed resizing.*/i, '')) &&
      now() - setAt > 3000
    )
      break;
    if (now() > deadline)
      throw AppFailure.of(
        'TIMEOUT',
        `${server.label} did not finish resizing its buffer pool to ${value} in time (last status: ${s || 'none'}).`,
        {
          hint: 'A resize waits for the pages in use to be freed: start the experiment again when nothing else uses the server.',
        },
      );
    await new Promise((r) => setTimeout(r, 100));
  }
  return Number((await firstRow(c, 'SELECT @@GLOBAL.innodb_buffer_pool_size AS s')).s);
}

/** A number as a number, a size ("8M", as key_buffer_size is written) in bytes: SET GLOBAL takes no quoted size. */
export function numeric(value: string): string | number {
  if (/^-?\d+$/.test(value)) return Number(value);
  return isByteSize(value) ? parseByteSize(value) : value;
}
