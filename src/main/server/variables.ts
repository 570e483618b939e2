/**
 * The server variables bplab reads in one statement, for the capability report and for the settings
 * a run records, and the buffer pool's configuration read off them.
 */
import type { BufferPoolConfig } from '../../shared/models';
import type { ServerConnection } from '../db/connections';

const VARIABLES = [
  'version',
  'version_comment',
  'innodb_buffer_pool_size',
  'innodb_buffer_pool_instances',
  'innodb_buffer_pool_chunk_size',
  'innodb_page_size',
  'innodb_old_blocks_time',
  'innodb_old_blocks_pct',
  'innodb_read_ahead_threshold',
  'innodb_flush_method',
  'innodb_adaptive_hash_index',
  'innodb_lru_scan_depth',
  'key_buffer_size',
  'local_infile',
  'performance_schema',
  'have_profiling',
] as const;
export type VariableName = (typeof VARIABLES)[number];
export type Variables = Partial<Record<VariableName, string>>;

/** The server variables bplab reports (the capability report, a run's settings in force). */
export async function readVariables(c: ServerConnection): Promise<Variables> {
  // SHOW VARIABLES, unlike SELECT @@x, does not fail for a variable this server lacks (MariaDB has no pool instances).
  const names = VARIABLES.map((v) => `'${v}'`).join(', ');
  const rows = await c.rows<{ Variable_name: string; Value: string }>(
    `SHOW GLOBAL VARIABLES WHERE Variable_name IN (${names})`,
  );
  const vars: Variables = {};
  for (const row of rows) vars[row.Variable_name.toLowerCase() as VariableName] = String(row.Value ?? '');
  return vars;
}

export function bufferPoolConfig(vars: Variables): BufferPoolConfig {
  const chunk = Number(vars.innodb_buffer_pool_chunk_size ?? 0);
  return {
    bufferPoolSizeBytes: Number(vars.innodb_buffer_pool_size ?? 0),
    // MariaDB ≥10.5 has one pool and no innodb_buffer_pool_instances variable.
    bufferPoolInstances:
      vars.innodb_buffer_pool_instances === undefined ? 1 : Number(vars.innodb_buffer_pool_instances),
    // 0 on MariaDB ≥10.8 means "sized automatically", i.e. no fixed chunk size.
    chunkSizeBytes: chunk > 0 ? chunk : null,
    pageSizeBytes: Number(vars.innodb_page_size ?? 16384),
    oldBlocksTimeMs: Number(vars.innodb_old_blocks_time ?? 0),
    oldBlocksPct: Number(vars.innodb_old_blocks_pct ?? 0),
    readAheadThreshold: Number(vars.innodb_read_ahead_threshold ?? 0),
  };
}
