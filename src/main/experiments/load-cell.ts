/**
 * One load sweep of an experiment in one configuration (posts 002 and 004): what the server really runs
 * with is read back first (a restart option asked is not always what a server takes: 8 pool instances
 * read back 1 under a 1 GB pool on MySQL), with the bytes of the sbtest tables and of the pool, then the
 * sweep runs through the load service and its result is kept with them. Apart from runner.ts, which
 * only calls it, so the runner stays a query runner.
 */
import type {
  ExperimentLoadRecord,
  ExperimentLoadSweep,
  SweepPageCache,
} from '../../shared/load/experiment-load';
import type { FileEviction } from '../pagecache/os-cache';
import type { ExperimentCell, ExperimentServer } from '../../shared/experiments/experiments';
import type { LoadResult } from '../../shared/load/oltp-load';
import { AppFailure } from '../../shared/result';
import { quoteIdent } from '../ssb/schema';
import { preloadSbtest } from '../load/sbtest-preload';
import { firstRow, type ControlConnection } from './cell-settings';

/** What running a sweep needs: the load service's work, without a task of its own (the experiment is one). */
export type ExecuteLoad = (
  server: ExperimentServer,
  spec: ExperimentLoadSweep,
  ctx: { signal: AbortSignal },
) => Promise<{ result: LoadResult; file: string | null }>;

/** The variables a configuration's values are read back for: the matrix's, and the pool's size always. */
export function readBackVariables(cell: ExperimentCell): string[] {
  const names = cell.settings.filter((s) => s.kind !== 'dataset').map((s) => s.variable);
  return [...new Set(['innodb_buffer_pool_size', ...names])];
}

/** Each variable as the server reports it now (null where it has no such variable). */
export async function readBack(
  c: ControlConnection,
  variables: string[],
): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const v of variables) {
    try {
      const x = (await firstRow(c, `SELECT @@GLOBAL.${v} AS v`)).v;
      out[v] = x === null || x === undefined ? null : String(x);
    } catch {
      out[v] = null;
    }
  }
  return out;
}

/** Bytes of sbtest1..N (data + indexes) as information_schema has them now; null when none are there yet. */
async function tableBytes(c: ControlConnection, step: ExperimentLoadSweep): Promise<number | null> {
  const names = Array.from({ length: step.tables }, (_, i) => `sbtest${i + 1}`);
  // Fresh statistics (a table just prepared may not have them yet), read from the engine on MySQL 8.
  await c
    .query(`ANALYZE TABLE ${names.map((n) => `${quoteIdent(step.schema)}.${quoteIdent(n)}`).join(', ')}`)
    .catch(() => {});
  await c.query('SET SESSION information_schema_stats_expiry = 0').catch(() => {});
  const [rows] = (await c.query(
    `SELECT SUM(DATA_LENGTH + INDEX_LENGTH) AS b, COUNT(*) AS n FROM information_schema.TABLES
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME IN (${names.map(() => '?').join(', ')})`,
    [step.schema, ...names],
  )) as [Array<{ b: unknown; n: unknown }>];
  const row = rows[0];
  return row && Number(row.n) > 0 ? Number(row.b) : null;
}

/** What a sweep on a sandbox needs to empty and measure the OS page cache of its files. */
export interface SweepCacheDeps {
  /** The schema's files and the shared tablespaces out of the OS page cache (posix_fadvise DONTNEED). */
  evictDataset?(sandboxId: string, schema: string): Promise<FileEviction>;
  /** Bytes of the same files resident in the OS page cache now (fincore). */
  datasetResidentBytes?(sandboxId: string, schema: string): Promise<number>;
}

const why = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** After the preload: the sweep's files evicted, so it starts on a cold OS page cache; or why not. */
async function emptyPageCache(
  deps: SweepCacheDeps,
  sandboxId: string | undefined,
  schema: string,
): Promise<SweepPageCache | undefined> {
  if (!sandboxId || !deps.evictDataset) return undefined;
  try {
    const e = await deps.evictDataset(sandboxId, schema);
    return {
      files: e.files,
      beforeBytes: e.residentBeforeBytes,
      startBytes: e.residentAfterBytes,
      endBytes: null,
      why: null,
    };
  } catch (e) {
    return { files: 0, beforeBytes: null, startBytes: null, endBytes: null, why: why(e) };
  }
}

/**
 * Runs a load step in the configuration now in place and keeps what it measured. The sizes are read
 * after the sweep (its first step prepares missing tables); the settings before it. On a sandbox the
 * sweep's files leave the OS page cache after the preload, and what its reads brought back is measured.
 */
export async function runCellLoad(
  deps: {
    connect(server: ExperimentServer): Promise<ControlConnection>;
    executeLoad?: ExecuteLoad;
  } & SweepCacheDeps,
  at: {
    server: ExperimentServer;
    cell: ExperimentCell;
    planIndex: number;
    stepIndex: number;
    step: ExperimentLoadSweep;
    /** Which repeat of the configuration's sweeps (1 unless the protocol repeats them). */
    repeat: number;
  },
  signal: AbortSignal,
): Promise<ExperimentLoadRecord> {
  if (!deps.executeLoad)
    throw AppFailure.of('FEATURE_MISSING', 'This bplab cannot run an OLTP load inside an experiment here.');
  const c = await deps.connect(at.server);
  let values: Record<string, string | null>;
  let preloadSeconds: number | null = null;
  try {
    values = await readBack(c, readBackVariables(at.cell));
    if (at.step.preload)
      preloadSeconds = await preloadSbtest((sql) => c.query(sql), at.step.schema, at.step.tables);
  } finally {
    await c.close();
  }
  const pageCache = await emptyPageCache(deps, at.server.sandboxId, at.step.schema);
  const { result, file } = await deps.executeLoad(at.server, at.step, { signal });
  if (pageCache && !pageCache.why && deps.datasetResidentBytes)
    try {
      pageCache.endBytes = await deps.datasetResidentBytes(at.server.sandboxId!, at.step.schema);
    } catch (e) {
      pageCache.why = `measured before the sweep, not after it: ${why(e)}`;
    }
  let dataBytes: number | null = null;
  try {
    const after = await deps.connect(at.server);
    try {
      dataBytes = await tableBytes(after, at.step);
    } finally {
      await after.close();
    }
  } catch {
    // The server went away during the sweep: its result says so; the size stays unknown.
  }
  const pool = values.innodb_buffer_pool_size;
  return {
    planIndex: at.planIndex,
    cell: at.cell.key,
    step: at.stepIndex,
    ...(at.repeat > 1 ? { repeat: at.repeat } : {}),
    loadFile: file,
    readBack: values,
    dataBytes,
    poolBytes: pool === null || pool === undefined ? null : Number(pool),
    preloadSeconds,
    ...(pageCache ? { pageCache } : {}),
    result,
  };
}
