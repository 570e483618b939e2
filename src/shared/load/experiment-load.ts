/**
 * OLTP load sweeps inside an experiment (posts 002 and 004): the load steps a definition holds, run in
 * each configuration of its matrix after its queries, and what each one measured, kept in the results
 * file with the settings read back from the server and the share of the sbtest data the pool could hold.
 * Apart from experiments.ts so the experiment's own schema only gains one optional field.
 */
import { z } from '../zod';
import { LoadResultSchema, LoadSweepSpecSchema, type LoadSweepSpec } from './oltp-load';

/** The schema the OLTP presets' sweeps use: sysbench's own default (they read no SSB dataset). */
export const OLTP_PRESET_SCHEMA = 'sbtest';

/** An experiment's load sweep: one step per client count, as `bplab load` runs it (a step is one client count measured: LoadStep); its schema is sysbench's "sbtest" unless said. */
export const ExperimentLoadSweepSchema = LoadSweepSpecSchema.extend({
  schema: z.string().min(1).max(64).default('sbtest'),
  /**
   * Read the tables whole into the pool before the sweep, where they exist (post 004's cached runs
   * had every table in the pool at the start): a configuration that restarted the server does not
   * start its first steps on an empty pool while another started on the pages its prepare left.
   */
  preload: z.boolean().default(true),
});
export type ExperimentLoadSweep = z.output<typeof ExperimentLoadSweepSchema>;
export type ExperimentLoadSweepInput = z.input<typeof ExperimentLoadSweepSchema>;

/** Seconds a load step takes at most: each client count's warm-up, counted time and SELECT 1 ceiling. */
export function loadSweepSeconds(
  step: Pick<LoadSweepSpec, 'clients' | 'seconds' | 'warmupSeconds' | 'ceilingSeconds'>,
): number {
  return step.clients.length * (step.seconds + step.warmupSeconds + step.ceilingSeconds);
}

/** "point-select, 8 tables × 100,000 rows, 8–256 clients" */
export function loadSweepLabel(
  step: Pick<LoadSweepSpec, 'workload' | 'tables' | 'rows' | 'clients'>,
): string {
  const lo = Math.min(...step.clients);
  const hi = Math.max(...step.clients);
  const clients = lo === hi ? `${lo} client${lo === 1 ? '' : 's'}` : `${lo}–${hi} clients`;
  const tables = `${step.tables} table${step.tables === 1 ? '' : 's'}`;
  return `${step.workload}, ${tables} × ${step.rows.toLocaleString('en-US')} rows, ${clients}`;
}

/**
 * The sweep's files in the OS page cache (the sbtest schema's and the shared tablespaces), evicted
 * after the preload so an IO-bound sweep reads from the disk where InnoDB does not bypass the cache
 * (O_DIRECT), and measured again after it: what its reads brought back. Bytes; null where not measured.
 */
export const SweepPageCacheSchema = z.object({
  files: z.number().int().min(0),
  /** Resident before the eviction, as the sweep started (after it), and as it ended. */
  beforeBytes: z.number().min(0).nullable(),
  startBytes: z.number().min(0).nullable(),
  endBytes: z.number().min(0).nullable(),
  /** Why the cache was not emptied or measured, in words; null when it was. */
  why: z.string().nullable(),
});
export type SweepPageCache = z.infer<typeof SweepPageCacheSchema>;

/** One load step's sweep in one configuration, as the results file keeps it. */
export const ExperimentLoadRecordSchema = z.object({
  /** Position in the experiment's plan. */
  planIndex: z.number().int().min(0),
  /** The configuration's key, as planExperiment names it. */
  cell: z.string(),
  /** Which of the definition's load steps. */
  step: z.number().int().min(0),
  /** Which repeat of the configuration's sweeps (the protocol's repeats, ABBA); absent: the only one. */
  repeat: z.number().int().min(1).optional(),
  /** The sweep's own file in the data folder's loads/ (its name), where `bplab compare` reads it too. */
  loadFile: z.string().nullable(),
  /**
   * The matrix's variables (and the pool's size) as the server reported them before the sweep:
   * what the configuration really ran with ("innodb_buffer_pool_instances" asked 8 may read back 1).
   */
  readBack: z.record(z.string(), z.string().nullable()),
  /** Bytes of the sweep's sbtest tables (data + indexes) and of the buffer pool, when read. */
  dataBytes: z.number().min(0).nullable(),
  poolBytes: z.number().min(0).nullable(),
  /** Seconds the tables took to read into the pool before the sweep; null when they were not read. */
  preloadSeconds: z.number().min(0).nullable().optional(),
  /** How cold the OS page cache was for the sweep (a sandbox's files); absent where not tried. */
  pageCache: SweepPageCacheSchema.optional(),
  result: LoadResultSchema,
});
export type ExperimentLoadRecord = z.infer<typeof ExperimentLoadRecordSchema>;

/** The share of the sbtest data the pool can hold (post 004: 50% and 7% in cache), capped at 1; null when unknown. */
export function cacheShare(r: Pick<ExperimentLoadRecord, 'dataBytes' | 'poolBytes'>): number | null {
  if (r.dataBytes === null || r.poolBytes === null || r.dataBytes <= 0) return null;
  return Math.min(1, r.poolBytes / r.dataBytes);
}
