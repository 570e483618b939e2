/**
 * The running statement's plan, read from the control connection while it runs: EXPLAIN FOR
 * CONNECTION on MySQL 5.7+, SHOW EXPLAIN FOR on MariaDB (with FORMAT=JSON from 10.9). Its rows have the
 * columns of the EXPLAIN taken after the run, so one reading serves both. Read once, as early as the
 * server has it: each try is one short statement on another connection.
 */
import type { ServerIdentity } from '../../shared/models';
import type { ExplainCapture } from '../../shared/runs/runs';
import type { RunningPlan } from '../../shared/whatif/plan-source';
import type { Queryable } from '../bufferpool/lru';
import { serverErrno } from '../db/errors';
import { versionAtLeast } from '../db/server-identity';
import { classicExplainForms, firstValue } from './capture';

/**
 * MariaDB's "Target is not executing an operation with a query plan" (older: "Target is not running an
 * EXPLAINable command"), and MySQL's "EXPLAIN FOR CONNECTION command is supported only for
 * SELECT/UPDATE/INSERT/DELETE/REPLACE": the statement is not there yet, or has ended. MySQL answers an
 * idle connection with no rows.
 */
const NOT_THERE_YET = new Set([1933, 3012]);

/** The pause between tries, ms: long enough to leave the server alone, short beside a statement worth watching. */
export const PLAN_READ_PAUSE_MS = 5;

/** The statements that read another connection's plan on this server, or why it has none. */
export function runningPlanStatements(
  identity: ServerIdentity,
  id: number,
): { table: string; json: string | null } | { unavailable: string } {
  if (identity.flavor === 'mariadb')
    return {
      table: `SHOW EXPLAIN FOR ${id}`,
      json: versionAtLeast(identity, 10, 9, 0) ? `SHOW EXPLAIN FORMAT=JSON FOR ${id}` : null,
    };
  if (versionAtLeast(identity, 5, 7, 2))
    return { table: `EXPLAIN FOR CONNECTION ${id}`, json: `EXPLAIN FORMAT=JSON FOR CONNECTION ${id}` };
  return {
    unavailable: `MySQL ${identity.major}.${identity.minor} cannot read another connection’s plan (EXPLAIN FOR CONNECTION came in 5.7), so the plan is the EXPLAIN taken after the run.`,
  };
}

/**
 * A plan the statement is running with. MySQL answers a statement still being optimized with one row
 * of no table whose Extra says "Plan isn't ready yet" (MySQL 5.7 did, once in ten runs of Q1.1 at SF
 * 0.1); a statement that reads no table says "No tables used".
 */
export function planReady(table: ExplainCapture['table']): boolean {
  const extra = (r: ExplainCapture['table'][number]) => String(r.Extra ?? r.extra ?? '');
  if (table.length === 0 || table.some((r) => /not ready|isn't ready/i.test(extra(r)))) return false;
  return table.some((r) => (r.table ?? '') !== '' || /no tables used/i.test(extra(r)));
}

/** A row of a plan: a server answering with no plan gives its result header instead. */
function planRows(rows: Array<Record<string, unknown>>): ExplainCapture['table'] {
  return rows
    .filter((r) => r && typeof r === 'object' && 'select_type' in r)
    .map((r) => ({ ...(r as Record<string, string | number | null>) }));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the plan of the statement running on connection `id`, trying until the server has it or
 * `running()` turns false. The tabular form first (what the tracer, the diff and the findings read),
 * then the JSON where the server has it; a JSON that cannot be read any more (the statement ended, or
 * MariaDB's SHOW EXPLAIN woke a SLEEP() and ended it) leaves json null. Never throws.
 */
export async function readRunningPlan(
  conn: Queryable,
  identity: ServerIdentity,
  id: number,
  running: () => boolean,
): Promise<RunningPlan> {
  const statements = runningPlanStatements(identity, id);
  if ('unavailable' in statements) return statements;
  try {
    await classicExplainForms(conn, identity);
  } catch (e) {
    return { unavailable: `The server would not show the running statement’s plan: ${messageOf(e)}` };
  }
  let tries = 0;
  while (running()) {
    tries++;
    try {
      const table = planRows(await conn.rows(statements.table));
      if (planReady(table)) return { table, json: await planJson(conn, statements.json) };
    } catch (e) {
      const errno = serverErrno(e);
      if (errno === undefined || !NOT_THERE_YET.has(errno))
        return { unavailable: `The server would not show the running statement’s plan: ${messageOf(e)}` };
    }
    await pause(PLAN_READ_PAUSE_MS);
  }
  return {
    unavailable: `The statement ended before its plan could be read from the control connection (${tries} ${tries === 1 ? 'try' : 'tries'}).`,
  };
}

async function planJson(conn: Queryable, sql: string | null): Promise<unknown> {
  if (sql === null) return null;
  try {
    const [row] = await conn.rows<Record<string, unknown>>(sql);
    return JSON.parse(firstValue(row));
  } catch {
    return null;
  }
}

function messageOf(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.endsWith('.') ? m : `${m}.`;
}
