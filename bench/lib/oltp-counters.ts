/**
 * What bench/oltp.ts checks to be the same load on both sides of a pair: the server's own counters over each
 * side's counted time, per SELECT the server counted, side by side. Same statements, same protocol and the
 * same rows touched give the same figures a query whoever sends them; a side whose figures differ (text
 * instead of prepared statements, a BEGIN/COMMIT around each select, more rows read a query) is not the
 * same load. The server's CPU a query is beside them, split into user and system time.
 */
import { readFileSync } from 'node:fs';
import type { Connection, RowDataPacket } from 'mysql2/promise';

/** The counters read, with what each says in a word. */
export const LOAD_COUNTERS = [
  ['Questions', 'statements'],
  ['Com_select', 'SELECTs'],
  ['Com_stmt_execute', 'prepared executes'],
  ['Com_stmt_prepare', 'prepares'],
  ['Com_begin', 'BEGINs'],
  ['Com_commit', 'COMMITs'],
  ['Com_set_option', 'SETs'],
  ['Handler_read_key', 'index lookups'],
  ['Handler_read_next', 'index rows next'],
  ['Innodb_rows_read', 'rows read, MySQL'],
  ['Rows_read', 'rows read, MariaDB'],
  ['Innodb_buffer_pool_read_requests', 'page requests'],
  ['Bytes_received', 'bytes in'],
  ['Bytes_sent', 'bytes out'],
  ['Connections', 'connects'],
] as const;

export type CounterName = (typeof LOAD_COUNTERS)[number][0];
export type Counters = Record<CounterName, number> & { cpuUser: number; cpuSystem: number };

/** CPU seconds a process has used, user and system, from /proc (in ticks of 1/100 s). */
export function processCpu(pid: number): { user: number; system: number } {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(f[11]) / 100, system: Number(f[12]) / 100 };
}

/** The server's counters and its CPU now. */
export async function readCounters(admin: Connection, pid: number): Promise<Counters> {
  const names = LOAD_COUNTERS.map(([n]) => n);
  const [rows] = await admin.query<RowDataPacket[]>(
    `SHOW GLOBAL STATUS WHERE Variable_name IN (${names.map(() => '?').join(', ')})`,
    names,
  );
  const cpu = processCpu(pid);
  const out = { cpuUser: cpu.user, cpuSystem: cpu.system } as Counters;
  for (const n of names) {
    const row = rows.find((r) => String(r.Variable_name).toLowerCase() === n.toLowerCase());
    out[n] = row ? Number(row.Value) : Number.NaN;
  }
  return out;
}

export function counterDelta(before: Counters, after: Counters): Counters {
  const out = {} as Counters;
  for (const k of Object.keys(before) as Array<keyof Counters>) out[k] = after[k] - before[k];
  return out;
}

/**
 * The server's counters and CPU over a side's counted time: open() when its warm-up ends (the step's
 * atCounted), close() once it has ended.
 */
export function countedWindow(admin: Connection, pid: number) {
  let before: Counters | null = null;
  return {
    open: async (): Promise<void> => void (before = await readCounters(admin, pid)),
    close: async () => {
      if (!before) throw new Error('the counted time never began');
      const counters = counterDelta(before, await readCounters(admin, pid));
      return {
        counters,
        serverCpu: counters.cpuUser + counters.cpuSystem,
        serverSelects: counters.Com_select,
      };
    },
  };
}

export function addCounters(a: Counters | undefined, b: Counters): Counters {
  if (!a) return { ...b };
  const out = {} as Counters;
  for (const k of Object.keys(b) as Array<keyof Counters>) out[k] = a[k] + b[k];
  return out;
}

const fmt = (n: number): string =>
  !Number.isFinite(n)
    ? 'n/a'
    : n === 0
      ? '0'
      : n >= 100
        ? n.toFixed(0)
        : n >= 1
          ? n.toFixed(2)
          : n.toFixed(3);

/**
 * Side by side, per SELECT the server counted (Com_select over the side's counted time, so the counted
 * window's edges cancel out), the counters of the sides given (their sums over a client count's pairs),
 * and whether the first two agree: within `tolerance` (relative) or 0.01, whichever is larger.
 */
export function sameLoadTable(
  sides: ReadonlyArray<{ name: string; counters: Counters }>,
  tolerance = 0.02,
): { lines: string[]; differ: string[] } {
  const per = (c: Counters, k: keyof Counters) => c[k] / c.Com_select;
  const rows: Array<[string, Array<keyof Counters>]> = [
    ...LOAD_COUNTERS.filter(([n]) => n !== 'Com_select').map(([n, what]): [string, Array<keyof Counters>] => [
      `${n} (${what})`,
      [n],
    ]),
    ['server CPU µs, user', ['cpuUser']],
    ['server CPU µs, system', ['cpuSystem']],
  ];
  const differ: string[] = [];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = [`${'a SELECT'.padEnd(width)} | ${sides.map((s) => s.name.padStart(12)).join(' | ')}`];
  for (const [label, keys] of rows) {
    const scale = keys[0]!.startsWith('cpu') ? 1e6 : 1;
    const vals = sides.map((s) => per(s.counters, keys[0]!) * scale);
    // A counter this server does not have (Rows_read is MariaDB's, Innodb_rows_read MySQL's).
    if (vals.every((v) => Number.isNaN(v))) continue;
    const [a, b] = vals;
    const checked = !keys[0]!.startsWith('cpu') && keys[0] !== 'Connections';
    const apart =
      checked &&
      a !== undefined &&
      b !== undefined &&
      Math.abs(a - b) > Math.max(0.01, tolerance * Math.max(a, b));
    if (apart) differ.push(label);
    lines.push(
      `${label.padEnd(width)} | ${vals.map((v) => fmt(v).padStart(12)).join(' | ')}${apart ? '  DIFFERS' : ''}`,
    );
  }
  return { lines, differ };
}
