/**
 * The pieces of a run's capture, each one statement or a few: the settings in force, the status
 * counters, the statement itself (timed around execution only, its rows hashed as they stream), EXPLAIN
 * and ANALYZE, and the stage profile from SHOW PROFILE or performance_schema.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Connection } from 'mysql2/promise';
import type { ServerIdentity } from '../../shared/models';
import {
  timedStage,
  type ExplainCapture,
  type ProfileStage,
  type RunServerSettings,
  type StageProfile,
  type StatusDelta,
} from '../../shared/runs/runs';
import type { Queryable } from '../bufferpool/lru';
import { serverErrno } from '../db/errors';
import { bufferPoolConfig, type Variables } from '../server/variables';
import { identifyServer, versionAtLeast } from '../db/server-identity';

export function serverSettings(identity: ServerIdentity, vars: Variables): RunServerSettings {
  // The pool's facts in the capability report's words, without the chunk size a run does not record.
  const { chunkSizeBytes: _chunk, ...pool } = bufferPoolConfig(vars);
  return {
    flavor: identity.flavor,
    version: identity.versionString,
    ...pool,
    // MySQL 5.7 reports NULL (empty) for its Unix default, fsync.
    flushMethod: vars.innodb_flush_method || 'fsync (default)',
    ...(vars.key_buffer_size !== undefined && { keyBufferSizeBytes: Number(vars.key_buffer_size) }),
    ...(vars.innodb_adaptive_hash_index !== undefined && {
      adaptiveHashIndex: vars.innodb_adaptive_hash_index === 'ON',
    }),
    ...(vars.innodb_lru_scan_depth !== undefined && { lruScanDepth: Number(vars.innodb_lru_scan_depth) }),
  };
}

// ---------- status counters ----------

/** The post's read counters: global, so other sessions' work counts in them. */
export const GLOBAL_COUNTERS = [
  'Innodb_buffer_pool_read_requests',
  'Innodb_buffer_pool_reads',
  'Innodb_buffer_pool_read_ahead',
  'Innodb_buffer_pool_read_ahead_evicted',
  'Innodb_buffer_pool_read_ahead_rnd',
  'Innodb_pages_read',
  'Innodb_data_read',
  'Innodb_data_reads',
  'Innodb_rows_read',
  // MyISAM's key cache (post 003): requests, reads from the index file, blocks in use and free, writes.
  'Key_read_requests',
  'Key_reads',
  'Key_blocks_used',
  'Key_blocks_unused',
  'Key_writes',
  // Seconds since the server started: which runs shared one pool since a restart (shared/trace/traced-before.ts).
  'Uptime',
] as const;

export type Counters = Map<string, number>;

export async function readGlobalCounters(conn: Queryable): Promise<Counters> {
  const names = GLOBAL_COUNTERS.map((n) => `'${n}'`).join(', ');
  const rows = await conn.rows<{ Variable_name: string; Value: string }>(
    `SHOW GLOBAL STATUS WHERE Variable_name IN (${names})`,
  );
  return countersOf(rows);
}

/** The session's Handler_read_* counters: this connection's reads only. */
export async function readSessionHandlers(conn: Queryable): Promise<Counters> {
  const rows = await conn.rows<{ Variable_name: string; Value: string }>(
    "SHOW SESSION STATUS LIKE 'Handler\\_read\\_%'",
  );
  return countersOf(rows);
}

function countersOf(rows: Array<{ Variable_name: string; Value: string }>): Counters {
  return new Map(rows.map((r) => [canonicalName(String(r.Variable_name)), Number(r.Value)]));
}

/** SHOW STATUS answers in the server's own case; name counters as the manual does. */
function canonicalName(name: string): string {
  const known = GLOBAL_COUNTERS.find((n) => n.toLowerCase() === name.toLowerCase());
  if (known) return known;
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}

export function statusDeltas(
  before: Counters,
  after: Counters | null,
  scope: StatusDelta['scope'],
): StatusDelta[] {
  return [...before.entries()].map(([name, b]) => {
    const a = after?.get(name) ?? b;
    return { name, before: b, after: a, delta: a - b, scope };
  });
}

// ---------- the statement ----------

export interface Execution {
  rows: number;
  checksum: string;
  elapsedMs: number;
}

/**
 * Runs `sql` and hashes its rows as they stream in (order-sensitive: row by row, value by value), so
 * a large result is never held in memory. The time is taken from sending the statement to its last
 * row: nothing bplab does before or after counts.
 */
export function executeHashed(raw: Connection, sql: string): Promise<Execution> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let rows = 0;
    let settled = false;
    const core = (raw as unknown as { connection: CoreConnection }).connection;
    // A query without a callback does not hear of a lost connection: mysql2 tells the connection.
    const onLost = (e: unknown) => fail(e);
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      core.removeListener('error', onLost);
      reject(e);
    };
    core.on('error', onLost);
    const started = performance.now();
    const q = core.query({ sql, rowsAsArray: true, dateStrings: true });
    q.on('result', (row: unknown) => {
      if (!Array.isArray(row)) return;
      rows++;
      hash.update(rowText(row));
    });
    q.on('error', fail);
    q.on('end', () => {
      if (settled) return;
      settled = true;
      core.removeListener('error', onLost);
      resolve({ rows, checksum: hash.digest('hex'), elapsedMs: performance.now() - started });
    });
  });
}

interface CoreConnection {
  query(opts: { sql: string; rowsAsArray: boolean; dateStrings: boolean }): {
    on(event: string, listener: (arg: unknown) => void): unknown;
  };
  on(event: 'error', listener: (e: unknown) => void): unknown;
  removeListener(event: 'error', listener: (e: unknown) => void): unknown;
}

/** One row as text: values separated by U+001F, NULL distinct from the text "NULL", the row ended by U+001E. */
export function rowText(row: unknown[]): string {
  return `${row.map(valueText).join('\u001f')}\u001e`;
}

function valueText(v: unknown): string {
  if (v === null || v === undefined) return '\u0000NULL';
  if (Buffer.isBuffer(v)) return `x'${v.toString('hex')}'`;
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

// ---------- EXPLAIN and ANALYZE ----------

/**
 * MySQL 9.7 answers a plain EXPLAIN in TREE form (one text column) and EXPLAIN FORMAT=JSON in its
 * version 2 (a tree of "inputs" without query_block or nested_loop), by default: explain_format and
 * explain_json_format_version (8.3+, checked on 9.7.4: TREE and 2). bplab reads the classic table and
 * version 1, EXPLAIN FOR CONNECTION included, so a MySQL 8.3+ session asks for those. MariaDB and
 * older MySQL have neither variable and only these forms.
 */
export async function classicExplainForms(conn: Queryable, identity: ServerIdentity): Promise<void> {
  if (identity.flavor === 'mariadb' || !versionAtLeast(identity, 8, 3, 0)) return;
  await conn.rows("SET SESSION explain_format = 'TRADITIONAL', explain_json_format_version = 1");
}

/** The server of a connection, for a caller that has not read it yet. */
export async function sessionIdentity(conn: Queryable): Promise<ServerIdentity> {
  const [row] = await conn.rows<{ v: string; c: string | null }>(
    'SELECT @@version AS v, @@version_comment AS c',
  );
  return identifyServer(String(row?.v ?? ''), String(row?.c ?? ''));
}

/**
 * EXPLAIN's table, and its JSON where the server has FORMAT=JSON (MySQL 5.6.5+, MariaDB 10.1+; null on
 * 5.5), in their classic forms (classicExplainForms). Without `identity`, it is read first.
 */
export async function explainQuery(
  conn: Queryable,
  sql: string,
  identity?: ServerIdentity,
): Promise<ExplainCapture> {
  await classicExplainForms(conn, identity ?? (await sessionIdentity(conn)));
  const table = await conn.rows<Record<string, string | number | null>>(`EXPLAIN ${sql}`);
  let json: unknown = null;
  try {
    const [row] = await conn.rows<Record<string, string>>(`EXPLAIN FORMAT=JSON ${sql}`);
    json = JSON.parse(firstValue(row));
  } catch (e) {
    // 1064: a syntax error, the server has no FORMAT=JSON; anything else is a real failure.
    if (serverErrno(e) !== 1064) throw e;
  }
  return { table: table.map((r) => ({ ...r })), json };
}

/**
 * EXPLAIN ANALYZE (MySQL 8.0.18+) or ANALYZE FORMAT=JSON (MariaDB): runs the query again. On MariaDB
 * 10.11.5+ the JSON holds r_engine_stats per table; they are kept apart too. Null where the server has neither.
 */
export async function analyzeQuery(
  conn: Queryable,
  identity: ServerIdentity,
  sql: string,
): Promise<Pick<ExplainCapture, 'analyze' | 'engineStats'> | null> {
  const started = performance.now();
  if (identity.flavor === 'mariadb') {
    const [row] = await conn.rows<Record<string, string>>(`ANALYZE FORMAT=JSON ${sql}`);
    const json: unknown = JSON.parse(firstValue(row));
    const engineStats = engineStatsOf(json);
    return {
      analyze: { kind: 'analyze-json', json, durationMs: performance.now() - started },
      ...(engineStats.length > 0 && { engineStats }),
    };
  }
  if (!versionAtLeast(identity, 8, 0, 18)) return null;
  const [row] = await conn.rows<Record<string, string>>(`EXPLAIN ANALYZE ${sql}`);
  return {
    analyze: { kind: 'explain-analyze', text: firstValue(row), durationMs: performance.now() - started },
  };
}

/** Every `{ table: { table_name, r_engine_stats } }` in ANALYZE's JSON, in the order of the plan. */
export function engineStatsOf(json: unknown): NonNullable<ExplainCapture['engineStats']> {
  const found: NonNullable<ExplainCapture['engineStats']> = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (typeof o.table_name === 'string' && o.r_engine_stats && typeof o.r_engine_stats === 'object') {
      const stats: Record<string, number> = {};
      for (const [k, v] of Object.entries(o.r_engine_stats)) if (typeof v === 'number') stats[k] = v;
      found.push({ table: o.table_name, stats });
    }
    for (const v of Object.values(o)) visit(v);
  };
  visit(json);
  return found;
}

/** The one value of a one-column row (EXPLAIN FORMAT=JSON's plan text). */
export function firstValue(row: Record<string, unknown> | undefined): string {
  const v = row ? Object.values(row)[0] : undefined;
  if (typeof v !== 'string') throw new Error('the server returned no plan');
  return v;
}

// ---------- the stage profile ----------

/** A comment that names the run's statement, so the profile and performance_schema can find it. */
export function runTag(runId: string): string {
  return `/* bplab run ${runId.replace(/[^A-Za-z0-9-]/g, '')} */`;
}

/** SHOW PROFILE ALL of the statement tagged `tag` (profiling was on for the session). */
export async function showProfileStages(conn: Queryable, tag: string): Promise<StageProfile> {
  const profiles = await conn.rows<{ Query_ID: number; Query: string }>('SHOW PROFILES');
  const mine = profiles.filter((p) => String(p.Query).startsWith(tag)).pop();
  if (!mine)
    return {
      source: 'none',
      note: 'SHOW PROFILES did not list the run’s statement (profiling_history_size too small?).',
      stages: [],
    };
  const rows = await conn.rows<Record<string, string | number | null>>(
    `SHOW PROFILE ALL FOR QUERY ${Number(mine.Query_ID)}`,
  );
  const ms = (v: unknown) => (v === null || v === undefined ? null : Number(v) * 1000);
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    source: 'show-profile',
    note: 'SHOW PROFILE ALL (session variable profiling, on for the statement only).',
    stages: rows.map((r): ProfileStage => ({
      stage: String(r.Status),
      durationMs: Number(r.Duration) * 1000,
      cpuUserMs: ms(r.CPU_user),
      cpuSystemMs: ms(r.CPU_system),
      contextVoluntary: n(r.Context_voluntary),
      contextInvoluntary: n(r.Context_involuntary),
      blockOpsIn: n(r.Block_ops_in),
      blockOpsOut: n(r.Block_ops_out),
      pageFaultsMajor: n(r.Page_faults_major),
      pageFaultsMinor: n(r.Page_faults_minor),
    })),
  };
}

/** performance_schema's stages of the statement tagged `tag` on thread `threadId` (MySQL 8). */
export async function performanceSchemaStages(
  conn: Queryable,
  threadId: number,
  tag: string,
  note: string,
): Promise<StageProfile> {
  const [statement] = await conn.rows<{ id: number }>(
    `SELECT EVENT_ID AS id FROM performance_schema.events_statements_history
      WHERE THREAD_ID = ? AND SQL_TEXT LIKE ? ORDER BY EVENT_ID DESC LIMIT 1`,
    [threadId, `${tag.replace(/[%_\\]/g, '\\$&')}%`],
  );
  if (!statement)
    return {
      source: 'none',
      note: `${note} The statement was no longer in events_statements_history (other statements of the session pushed it out).`,
      stages: [],
    };
  const rows = await conn.rows<{ name: string; wait: number | string }>(
    `SELECT EVENT_NAME AS name, TIMER_WAIT AS wait FROM performance_schema.events_stages_history_long
      WHERE THREAD_ID = ? AND NESTING_EVENT_ID = ? ORDER BY EVENT_ID`,
    [threadId, Number(statement.id)],
  );
  return {
    source: 'performance-schema',
    note,
    // TIMER_WAIT is in picoseconds.
    stages: rows.map((r) => timedStage(String(r.name).replace(/^stage\/[^/]+\//, ''), Number(r.wait) / 1e9)),
  };
}

/** The statement as it is sent: the file's text without its trailing semicolon. */
export function statementText(sql: string): string {
  return sql.trim().replace(/;\s*$/, '');
}
