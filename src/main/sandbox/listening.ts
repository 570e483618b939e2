/**
 * Where a sandbox's server really listens, read back from the running server after each start
 * (the variables it reports, not the options bplab passed), and kept beside its pid so that any
 * bplab process lists the same truth.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Connection } from 'mysql2/promise';
import type { SandboxListening } from '../../shared/models';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * The address MySQL 5.5 (which has no @@bind_address) says it bound in its error log at its latest
 * start: "Server socket created on IP: '127.0.0.1'." The last such line is this start's.
 */
export function boundAddressInLog(logText: string): string | undefined {
  const all = [...logText.matchAll(/Server socket created on IP: '([^']*)'/g)];
  return all.at(-1)?.[1];
}

/**
 * Reads @@bind_address, @@port and, where the X Plugin runs, @@mysqlx_bind_address and @@mysqlx_port.
 * A server without @@bind_address (MySQL 5.5) is taken at its error log's word (`logText`).
 */
export async function readListening(conn: Connection, logText = ''): Promise<SandboxListening> {
  const [rows] = await conn.query(
    "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('bind_address', 'port', 'mysqlx_bind_address', 'mysqlx_port')",
  );
  const v = new Map(
    (rows as { Variable_name: string; Value: string }[]).map((r) => [r.Variable_name, r.Value]),
  );
  const mysqlxAddress = v.get('mysqlx_bind_address');
  return {
    // MariaDB reports an empty bind_address when none was given (every interface).
    bindAddress: (v.has('bind_address') ? v.get('bind_address') : boundAddressInLog(logText)) || '*',
    port: Number(v.get('port')),
    mysqlx:
      mysqlxAddress !== undefined
        ? { bindAddress: mysqlxAddress || '*', port: Number(v.get('mysqlx_port')) }
        : null,
  };
}

/** Why this is not loopback only, or null when every address is a loopback one. */
export function notLoopback(listening: SandboxListening): string | null {
  if (!LOOPBACK.has(listening.bindAddress))
    return `it listens on ${listening.bindAddress}, not on 127.0.0.1 only`;
  if (listening.mysqlx && !LOOPBACK.has(listening.mysqlx.bindAddress))
    return `its X Protocol listens on ${listening.mysqlx.bindAddress}, not on 127.0.0.1 only`;
  return null;
}

interface Recorded extends SandboxListening {
  pid: number;
}

export function recordListening(path: string, pid: number, listening: SandboxListening): void {
  writeFileSync(path, JSON.stringify({ pid, ...listening }, null, 2));
}

/** What was read back from the server with this pid, or undefined (another server, or never read). */
export function recordedListening(path: string, pid: number): SandboxListening | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const { pid: at, ...listening } = JSON.parse(readFileSync(path, 'utf8')) as Recorded;
    return at === pid ? listening : undefined;
  } catch {
    return undefined;
  }
}
