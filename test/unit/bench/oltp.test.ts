/**
 * bench/oltp.ts's check that its two sides sent the same load: the server's counters a query, side by
 * side. Loads that differ the ways issue 41 item 6 asked about (text instead of prepared statements,
 * BEGIN/COMMIT around each select, more rows a query) are named; identical ones, and figures that are
 * not the load's (the server's CPU, its connects), are not. And its reference, sysbench alone, runs the
 * engine's command line with only the script changed.
 */
import { describe, expect, it } from 'vitest';
import { referenceArgs } from '../../../bench/lib/oltp-alone';
import { LOAD_COUNTERS, sameLoadTable, type Counters } from '../../../bench/lib/oltp-counters';
import { sysbenchArgs } from '../../../src/main/load/sysbench-step';

/** Counters over `queries` point selects sent as prepared statements by sysbench (libmariadb). */
function pointSelects(queries: number, change: Partial<Record<keyof Counters, number>> = {}): Counters {
  const perQuery: Partial<Record<keyof Counters, number>> = {
    Questions: 1,
    Com_select: 1,
    Com_stmt_execute: 1,
    Handler_read_key: 1,
    Rows_read: 1,
    Innodb_buffer_pool_read_requests: 3,
    Bytes_received: 24,
    Bytes_sent: 150,
    cpuUser: 14e-6,
    cpuSystem: 12e-6,
    ...change,
  };
  const out = {} as Counters;
  for (const [name] of LOAD_COUNTERS) out[name] = (perQuery[name] ?? 0) * queries;
  out.Innodb_rows_read = Number.NaN; // MariaDB has no such counter
  out.cpuUser = perQuery.cpuUser! * queries;
  out.cpuSystem = perQuery.cpuSystem! * queries;
  return out;
}

const side = (name: string, counters: Counters) => ({ name, counters });

describe("bench/oltp.ts's same-load check", () => {
  it('finds nothing apart between two sides that sent the same statements, whatever their CPU', () => {
    const { lines, differ } = sameLoadTable([
      side('engine', pointSelects(600_000, { cpuUser: 9e-6, cpuSystem: 8e-6 })),
      side('alone', pointSelects(450_000)),
    ]);
    expect(differ).toEqual([]);
    expect(lines.join('\n')).not.toContain('DIFFERS');
    // Figures a SELECT the server counted, side by side; a counter the server does not have is left out.
    expect(lines[0]).toMatch(/^a SELECT +\| +engine \| +alone$/);
    expect(lines.find((l) => l.startsWith('Com_stmt_execute'))).toMatch(/\|\s+1\.00 \|\s+1\.00$/);
    expect(lines.find((l) => l.startsWith('server CPU µs, user'))).toMatch(/\|\s+9\.00 \|\s+14\.00$/);
    expect(lines.some((l) => l.startsWith('Innodb_rows_read'))).toBe(false);
  });

  it('names text statements in place of prepared ones', () => {
    const text = pointSelects(1000, { Com_stmt_execute: 0, Bytes_received: 45 });
    const { differ } = sameLoadTable([side('engine', text), side('alone', pointSelects(1000))]);
    expect(differ).toEqual(['Com_stmt_execute (prepared executes)', 'Bytes_received (bytes in)']);
  });

  it('names a BEGIN and COMMIT around each select', () => {
    const trx = pointSelects(1000, { Questions: 3, Com_begin: 1, Com_commit: 1, Bytes_received: 46 });
    const { differ, lines } = sameLoadTable([side('engine', trx), side('alone', pointSelects(1000))]);
    expect(differ).toEqual([
      'Questions (statements)',
      'Com_begin (BEGINs)',
      'Com_commit (COMMITs)',
      'Bytes_received (bytes in)',
    ]);
    expect(lines.find((l) => l.startsWith('Com_begin'))).toMatch(/DIFFERS$/);
  });

  it('names more rows and pages a query (another table size or key distribution)', () => {
    const wider = pointSelects(1000, { Innodb_buffer_pool_read_requests: 4, Bytes_sent: 150 });
    const { differ } = sameLoadTable([side('engine', wider), side('alone', pointSelects(1000))]);
    expect(differ).toEqual(['Innodb_buffer_pool_read_requests (page requests)']);
  });

  it('compares only the first two sides (the third, bplab’s own engine, is shown beside them)', () => {
    const mysql2 = pointSelects(1000, { Bytes_received: 26, Bytes_sent: 198 });
    const { differ, lines } = sameLoadTable([
      side('engine', pointSelects(1000)),
      side('alone', pointSelects(1000)),
      side("bplab's own", mysql2),
    ]);
    expect(differ).toEqual([]);
    expect(lines.find((l) => l.startsWith('Bytes_sent'))).toMatch(/150 \|\s+150 \|\s+198$/);
  });
});

describe("bench/oltp.ts's reference: sysbench alone", () => {
  const req = {
    sysbench: { path: '/usr/bin/sysbench', version: '1.0.20' },
    connection: { host: '127.0.0.1', port: 3307, user: 'bench', password: '', database: 'sbtest' },
    mix: {
      mix: 'point-select' as const,
      tables: 4,
      rows: 100_000,
      distribution: 'special' as const,
      rangeSize: 100,
    },
    protocol: 'prepared' as const,
    clients: 16,
    warmupSeconds: 2,
    seconds: 10,
  };

  it("runs the engine's command line, config file included, with sysbench's own script in place of bplab's", () => {
    const engine = sysbenchArgs('/tmp/s/bplab-oltp.lua', req, 12, '/tmp/s/bplab-sysbench.cnf');
    const alone = referenceArgs(req, 12, '/tmp/s/bplab-sysbench.cnf');
    expect(alone[0]).toBe('oltp_point_select');
    expect(alone.slice(1)).toEqual(engine.slice(1));
    expect(alone).toContain('--db-ps-mode=auto');
    expect(alone).toContain('--rand-type=special');
    expect(referenceArgs({ ...req, mix: { ...req.mix, mix: 'read-only' } }, 12, 'c')[0]).toBe(
      'oltp_read_only',
    );
  });
});
