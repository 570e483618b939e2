/**
 * Posts 002 and 004's own figures, as their OLTP presets carry them: sysbench read-only QPS with
 * performance_schema on and off, and point selects scaling with clients, cached and IO-bound. Copied
 * from the posts' text (/work/shared/seeds 002 and 004); each ratio's two figures stay in its note.
 */
import type { ReferenceFigureInput } from './reference-figures';

const POST002_WHERE = 'its text on the sysbench read-only runs, 1 and 64 threads';

/** Post 002: performance_schema's cost on 5.6.10 (OFF over ON), and 5.5.30 over 5.6.10 with it on and off. */
export function post002Figures(): ReferenceFigureInput[] {
  const cost = (clients: number, value: number) => ({
    id: `post002-ps-cost-${clients}`,
    label: `performance_schema's cost at ${clients} thread${clients === 1 ? '' : 's'}: QPS with it OFF over ON`,
    value,
    unit: '%' as const,
    measure: { kind: 'load-qps' as const, step: 0, clients },
    sides: [{ settings: { performance_schema: 'OFF' } }, { settings: { performance_schema: 'ON' } }],
    citation: { source: 'post 002', where: POST002_WHERE },
    note: `MySQL 5.6.10, 1 table of 1,000,000 rows: "Performance Schema itself is responsible for ${value}% overhead" (${clients === 1 ? '1 thread' : '64 threads'}).`,
  });
  const v55 = (clients: number, ps: 'ON' | 'OFF', value: number) => ({
    id: `post002-55-over-56-ps-${ps.toLowerCase()}-${clients}`,
    label: `5.5 over 5.6 with performance_schema ${ps} at ${clients} thread${clients === 1 ? '' : 's'}`,
    value,
    unit: '%' as const,
    measure: { kind: 'load-qps' as const, step: 0, clients },
    sides: [
      { version: '5.5.', settings: { performance_schema: 'OFF' } },
      { version: '5.6.', settings: { performance_schema: ps } },
    ],
    citation: { source: 'post 002', where: POST002_WHERE },
    note: `"MySQL 5.5 is ${value}% faster" than 5.6.10 with performance_schema ${ps} (5.5's own default is OFF).`,
  });
  return [
    cost(1, 7.5),
    cost(64, 13),
    v55(1, 'ON', 11),
    v55(64, 'ON', 26),
    v55(1, 'OFF', 3),
    v55(64, 'OFF', 11),
  ];
}

const POST004_QPS = {
  io: { one: { 1: 3224, 4: 12705, 32: 92301 }, eight: { 8: 22676, 256: 78269 } },
  cached: { one: { 1: 5005, 32: 154852 }, eight: { 8: 39895, 16: 76498, 256: 244313 } },
  io40: { one: { 4: 13418, 32: 10184 } },
  cached40: { eight: { 16: 101307, 256: 75500 } },
} as const;

/**
 * Post 004's shape: 5.6.11 scaling with clients, cached and IO-bound, cached over IO-bound, and 4.0.30
 * collapsing past a few clients (measured only where a 4.0 server is among the experiment's).
 */
export function post004Figures(cachedPool: string, ioPool: string): ReferenceFigureInput[] {
  const cached = { innodb_buffer_pool_size: cachedPool };
  const io = { innodb_buffer_pool_size: ioPool };
  const where = (what: string) => ({ source: 'post 004', where: `table “QPS, ${what}”` });
  const scaling = (
    id: string,
    label: string,
    settings: Record<string, string>,
    step: number,
    hi: number,
    lo: number,
    qps: { hi: number; lo: number },
    table: string,
    version?: string,
  ): ReferenceFigureInput => ({
    id,
    label,
    value: qps.hi / qps.lo,
    unit: 'ratio',
    measure: { kind: 'load-qps', step, clients: lo },
    sides: [
      { ...(version && { version }), settings, clients: hi },
      { ...(version && { version }), settings, clients: lo },
    ],
    citation: where(table),
    note: `${version ? 'MySQL 4.0.30' : 'MySQL 5.6.11'}: ${qps.hi.toLocaleString('en-US')} QPS at ${hi} clients, ${qps.lo.toLocaleString('en-US')} at ${lo}.`,
  });
  return [
    scaling(
      'post004-io-1table-scaling',
      'IO-bound, 1 table: QPS at 32 clients over 1',
      io,
      0,
      32,
      1,
      { hi: POST004_QPS.io.one[32], lo: POST004_QPS.io.one[1] },
      '1-table, IO bound',
    ),
    scaling(
      'post004-io-8tables-scaling',
      'IO-bound, 8 tables: QPS at 256 clients over 8',
      io,
      1,
      256,
      8,
      { hi: POST004_QPS.io.eight[256], lo: POST004_QPS.io.eight[8] },
      '8-tables, IO bound',
    ),
    scaling(
      'post004-cached-1table-scaling',
      'Cached, 1 table: QPS at 32 clients over 1',
      cached,
      0,
      32,
      1,
      { hi: POST004_QPS.cached.one[32], lo: POST004_QPS.cached.one[1] },
      '1-table, cached',
    ),
    scaling(
      'post004-cached-8tables-scaling',
      'Cached, 8 tables: QPS at 256 clients over 8',
      cached,
      1,
      256,
      8,
      { hi: POST004_QPS.cached.eight[256], lo: POST004_QPS.cached.eight[8] },
      '8-tables, cached',
    ),
    {
      id: 'post004-cached-over-io-8tables',
      label: '8 tables at 256 clients: cached QPS over IO-bound',
      value: POST004_QPS.cached.eight[256] / POST004_QPS.io.eight[256],
      unit: 'ratio',
      measure: { kind: 'load-qps', step: 1, clients: 256 },
      sides: [{ settings: cached }, { settings: io }],
      citation: where('8-tables, cached and IO bound'),
      note: `MySQL 5.6.11: ${POST004_QPS.cached.eight[256].toLocaleString('en-US')} QPS cached, ${POST004_QPS.io.eight[256].toLocaleString('en-US')} IO-bound (2 GB pool, O_DIRECT).`,
    },
    scaling(
      'post004-40-io-collapse',
      'MySQL 4.0, IO-bound, 1 table: QPS at 32 clients over 4 (it collapses)',
      io,
      0,
      32,
      4,
      { hi: POST004_QPS.io40.one[32], lo: POST004_QPS.io40.one[4] },
      '1-table, IO bound',
      '4.0.',
    ),
    scaling(
      'post004-40-cached-collapse',
      'MySQL 4.0, cached, 8 tables: QPS at 256 clients over 16 (it collapses)',
      cached,
      1,
      256,
      16,
      { hi: POST004_QPS.cached40.eight[256], lo: POST004_QPS.cached40.eight[16] },
      '8-tables, cached',
      '4.0.',
    ),
  ];
}
