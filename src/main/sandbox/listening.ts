/**
 * Where a sandbox's server really listens, read back from the running server after each start
 * (the variables it reports, not the options bplab passed), and kept beside its pid so that any
 * bplab process lists the same truth.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Connection } from 'mysql2/promise';
import type { SandboxListening } from '../../shared/models';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** Reads @@bind_address, @@port and, where the X Plugin runs, @@mysqlx_bind_address and @@mysqlx_port. */
export async function readListening(conn: Connection): Promise<SandboxListening> {
  const [rows] = await conn.query(
    "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('bind_address', 'port', 'mysqlx_bind_address', 'mysqlx_port')",
  );
  const v = new Map(
    (rows as { Variable_name: string; Value: string }[]).map((r) => [r.Variable_name, r.Value]),
  );
  const mysqlxAddress = v.get('mysqlx_bind_address');
  const port = Number(v.get('port'));
  // MySQL 5.5 has no bind_address variable: the kernel's table of listening sockets says instead.
  const bound = v.has('bind_address') ? v.get('bind_address') : listeningAddresses(port)?.join(',');
  return {
    // MariaDB reports an empty bind_address when none was given (every interface).
    bindAddress: bound || '*',
    port,
    mysqlx:
      mysqlxAddress !== undefined
        ? { bindAddress: mysqlxAddress || '*', port: Number(v.get('mysqlx_port')) }
        : null,
  };
}

/**
 * The addresses a TCP port listens on, from /proc/net/tcp and tcp6 (Linux): "127.0.0.1", "::1", or "*"
 * for every interface; null where the kernel cannot be asked or nothing listens there.
 */
export function listeningAddresses(port: number, procNet = '/proc/net'): string[] | null {
  const found: string[] = [];
  for (const file of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = readFileSync(`${procNet}/${file}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local) continue; // 0A: TCP_LISTEN
      const [addr, hexPort] = local.split(':');
      if (parseInt(hexPort ?? '', 16) !== port || !addr) continue;
      found.push(addressOf(addr));
    }
  }
  return found.length ? [...new Set(found)] : null;
}

/** A /proc/net address (hex, each 32-bit word in host order: little-endian here) in words. */
function addressOf(hex: string): string {
  if (/^0+$/.test(hex)) return '*';
  if (hex.length === 8) {
    const b = hex
      .match(/../g)!
      .map((x) => parseInt(x, 16))
      .reverse();
    return b.join('.');
  }
  if (hex === '00000000000000000000000001000000') return '::1';
  if (hex.startsWith('0000000000000000FFFF0000')) return addressOf(hex.slice(24));
  return hex;
}

/** Why this is not loopback only, or null when every address is a loopback one. */
export function notLoopback(listening: SandboxListening): string | null {
  if (!listening.bindAddress.split(',').every((a) => LOOPBACK.has(a)))
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
