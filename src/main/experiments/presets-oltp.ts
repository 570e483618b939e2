/**
 * The OLTP presets of posts 002 and 004, at a scale a 2-core machine holds: sysbench's read-only
 * transaction with performance_schema on and off at 1 and 64 clients, and point selects on 1 table and
 * on 8, cached and IO-bound. They read no SSB dataset: their load steps prepare sysbench's tables in
 * "sbtest" when missing and reuse them after.
 */
import {
  ExperimentDefinitionSchema,
  SERVER_OWN_VALUE,
  type ExperimentDefinition,
  type ExperimentServer,
} from '../../shared/experiments/experiments';
import { OLTP_PRESET_SCHEMA } from '../../shared/load/experiment-load';
import { post002Figures, post004Figures } from '../../shared/published/published-figures-load';

/** Rows per sbtest table in the presets (the posts used 1,000,000 and 16,000,000: too much for 2 shared cores). */
export const OLTP_PRESET_ROWS = 250_000;

/**
 * Bytes an sbtest row takes in InnoDB with its k index: sysbench 1.0's 1,000,000-row table is about
 * 240 MB. Only to size the pools before the tables exist: each sweep records the bytes it really had.
 */
export const SBTEST_BYTES_PER_ROW = 240;

const MB = 1024 * 1024;

/** A pool of `share` of `tables` sbtest tables of `rows` rows, in whole MB (never under 8M). */
export function poolForShare(tables: number, rows: number, share: number): string {
  return `${Math.max(8, Math.round((tables * rows * SBTEST_BYTES_PER_ROW * share) / MB))}M`;
}

export interface OltpPreset {
  id: 'post002-performance-schema' | 'post004-point-selects';
  title: string;
  source: string;
  build(args: { servers: ExperimentServer[] }): ExperimentDefinition;
  /** It reads no SSB dataset: the service does not size anything from one. */
  oltp: true;
}

export const OLTP_PRESETS: OltpPreset[] = [
  {
    id: 'post002-performance-schema',
    title: 'Post 002: performance_schema on/off, read-only at 1 and 64 clients',
    source: `Post 002: sysbench's read-only OLTP transaction on 1 table of 1,000,000 rows at 1 and 64 threads, MySQL 5.6 with performance_schema on and off (it cost 7.5% at 1 thread and 13% at 64). Here 1 table of ${OLTP_PRESET_ROWS.toLocaleString('en-US')} rows (about ${Math.round((OLTP_PRESET_ROWS * SBTEST_BYTES_PER_ROW) / MB)} MB, in a 128 MB pool), 20 s per step after a 5 s warm-up; the sandbox restarts for each setting, ON, OFF, OFF, ON, so neither always runs first on a noisy machine, and the comparison takes the median of each setting's two runs.`,
    oltp: true,
    build: (a) =>
      ExperimentDefinitionSchema.parse({
        name: 'Post 002: performance_schema on/off, read-only at 1 and 64 clients',
        description: `Post 002 at this machine's scale: oltp_read_only on 1 table × ${OLTP_PRESET_ROWS.toLocaleString('en-US')} rows (the post: 1,000,000) in a 128 MB pool that holds it, 1 and 64 clients, 20 s counted after a 5 s warm-up each; the sandbox restarted with performance_schema ON, OFF, then OFF, ON again (each setting twice, alternating, so neither always runs earlier on a noisy machine), the value each took read back from the server; the comparison takes each setting's median and says when its two runs differ by more than ON and OFF do.`,
        schema: OLTP_PRESET_SCHEMA,
        queries: [],
        servers: a.servers,
        matrix: [
          { kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['128M'] },
          { kind: 'startup', variable: 'performance_schema', values: ['ON', 'OFF'] },
        ],
        protocol: { cold: false, hotRuns: 1, repeats: 2 },
        references: post002Figures(),
        loads: [
          {
            schema: OLTP_PRESET_SCHEMA,
            workload: 'read-only',
            tables: 1,
            rows: OLTP_PRESET_ROWS,
            clients: [1, 64],
            seconds: 20,
            warmupSeconds: 5,
          },
        ],
      }),
  },
  {
    id: 'post004-point-selects',
    title: 'Post 004: point selects 1–32 clients on 1 table and 8–256 on 8 tables, cached and IO-bound',
    source: `Post 004: sysbench point selects by primary key, 1-32 clients on 1 table and 8-256 on 8 tables, with a pool that holds everything (cached) and one of 50% of one table, so 7% of eight (IO-bound). Here ${OLTP_PRESET_ROWS.toLocaleString('en-US')} rows per table (about ${Math.round((OLTP_PRESET_ROWS * SBTEST_BYTES_PER_ROW) / MB)} MB each; the post: 16,000,000, 4 GB), pools of ${poolForShare(8, OLTP_PRESET_ROWS, 1.25)} and ${poolForShare(1, OLTP_PRESET_ROWS, 0.5)} (the IO-bound one with innodb_flush_method=O_DIRECT, as the post read from disk), 10 s per step after a 5 s warm-up, with the client's SELECT 1 ceiling.`,
    oltp: true,
    build: (a) =>
      ExperimentDefinitionSchema.parse({
        name: 'Post 004: point selects, 1 table and 8 tables, cached and IO-bound',
        description: `Post 004 at this machine's scale: oltp_point_select on sbtest tables of ${OLTP_PRESET_ROWS.toLocaleString('en-US')} rows (the post: 16,000,000), 1, 2, 4 … 32 clients on 1 table, then 8, 16 … 256 on 8 tables; a pool of ${poolForShare(8, OLTP_PRESET_ROWS, 1.25)} holds all eight (cached), one of ${poolForShare(1, OLTP_PRESET_ROWS, 0.5)} half of one table, so about 7% of eight (IO-bound), as the post's 2 GB did of 4 GB and 32 GB; the IO-bound server restarted with innodb_flush_method=O_DIRECT so its reads go to the disk, not the OS page cache, and the sbtest files evicted from that cache before each sweep (what stayed in it before and after is kept). 10 s counted after a 5 s warm-up per step, then 3 s of SELECT 1 at the same clients (the client's own ceiling); max_connections raised to 300 for 256 clients. Each sweep records the pool and table bytes it really had.`,
        schema: OLTP_PRESET_SCHEMA,
        queries: [],
        servers: a.servers,
        matrix: [
          {
            kind: 'buffer-pool-size',
            variable: 'innodb_buffer_pool_size',
            values: [poolForShare(8, OLTP_PRESET_ROWS, 1.25), poolForShare(1, OLTP_PRESET_ROWS, 0.5)],
          },
          // The IO-bound pool reads from the disk, not the OS page cache, as the post's did: O_DIRECT
          // (MariaDB's default from 10.6; MySQL's is fsync); the cached configuration stays as it is.
          {
            kind: 'startup',
            variable: 'innodb_flush_method',
            values: [SERVER_OWN_VALUE, 'O_DIRECT'],
            pairedWith: 'innodb_buffer_pool_size',
          },
          { kind: 'global', variable: 'max_connections', values: ['300'] },
        ],
        protocol: { cold: false, hotRuns: 1 },
        references: post004Figures(
          poolForShare(8, OLTP_PRESET_ROWS, 1.25),
          poolForShare(1, OLTP_PRESET_ROWS, 0.5),
        ),
        loads: [1, 8].map((tables) => ({
          schema: OLTP_PRESET_SCHEMA,
          workload: 'point-select',
          tables,
          rows: OLTP_PRESET_ROWS,
          clients: tables === 1 ? [1, 2, 4, 8, 16, 32] : [8, 16, 32, 64, 128, 256],
          seconds: 10,
          warmupSeconds: 5,
          ceilingSeconds: 3,
        })),
      }),
  },
];
