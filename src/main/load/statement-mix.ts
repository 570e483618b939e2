/**
 * What one sysbench event sends, statement by statement: oltp_point_select's one point select;
 * oltp_read_only's BEGIN, 10 point selects on one table, a simple, sum, order and distinct range
 * (each on a table of its own draw), COMMIT; and SELECT 1 for the client's own ceiling. Tables are
 * drawn uniformly (get_table_num), keys by the chosen distribution over 1..rows (get_id).
 */
import type { KeyDistribution, LoadStatementMix } from '../../shared/load/oltp-load';
import { SBTEST_STATEMENTS } from './sbtest-schema';
import { keyPicker, type UniformSource } from './sysbench-random';

/** One statement: its SQL and, for a prepared one, its values; `text` statements never are prepared. */
export interface MixStatement {
  sql: string;
  values: number[] | null;
}

export interface MixOptions {
  mix: LoadStatementMix;
  tables: number;
  rows: number;
  distribution: KeyDistribution;
  rangeSize: number;
}

/** oltp_common.lua's --point_selects for oltp_read_only (oltp_point_select sets it to 1). */
export const READ_ONLY_POINT_SELECTS = 10;

const BEGIN: MixStatement = { sql: 'BEGIN', values: null };
const COMMIT: MixStatement = { sql: 'COMMIT', values: null };
const SELECT_1: MixStatement = { sql: 'SELECT 1', values: [] };

/** Returns a function that gives the statements of the next event (transaction). */
export function eventMaker(o: MixOptions, rnd: UniformSource = Math.random): () => MixStatement[] {
  const pickKey = keyPicker(o.distribution, rnd);
  const table = () => 1 + Math.floor(rnd() * o.tables);
  const id = () => pickKey(1, o.rows);
  // Per table, the SQL strings made once: mysql2 caches a prepared statement by its text.
  const point = cached(o.tables, SBTEST_STATEMENTS.pointSelect);
  const ranges = [
    cached(o.tables, SBTEST_STATEMENTS.simpleRange),
    cached(o.tables, SBTEST_STATEMENTS.sumRange),
    cached(o.tables, SBTEST_STATEMENTS.orderRange),
    cached(o.tables, SBTEST_STATEMENTS.distinctRange),
  ];
  switch (o.mix) {
    case 'select-1':
      return () => [SELECT_1];
    case 'point-select':
      return () => [{ sql: point[table()]!, values: [id()] }];
    case 'read-only':
      return () => {
        const out: MixStatement[] = [BEGIN];
        const t = table();
        for (let i = 0; i < READ_ONLY_POINT_SELECTS; i++) out.push({ sql: point[t]!, values: [id()] });
        for (const sqls of ranges) {
          const start = id();
          out.push({ sql: sqls[table()]!, values: [start, start + o.rangeSize - 1] });
        }
        out.push(COMMIT);
        return out;
      };
  }
}

function cached(tables: number, make: (n: number) => string): string[] {
  return Array.from({ length: tables + 1 }, (_, n) => (n === 0 ? '' : make(n)));
}
