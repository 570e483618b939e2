/**
 * sysbench 1.0's tables and statements (src/lua/oltp_common.lua), written once: the table sbtestN as
 * `sysbench prepare` creates it, its secondary index k_N added after the rows (as sysbench does), and
 * the SELECTs oltp_point_select and oltp_read_only send. A schema bplab prepares is one real sysbench
 * runs against unchanged.
 */
import { quoteIdent } from '../ssb/schema';

export const tableName = (n: number): string => `sbtest${n}`;

/** As oltp_common.lua's create_table with auto_inc on (its default), on MySQL's driver. */
export function createSbtestSql(schema: string, n: number): string {
  return (
    `CREATE TABLE ${quoteIdent(schema)}.${tableName(n)}(\n` +
    `  id INTEGER NOT NULL AUTO_INCREMENT,\n` +
    `  k INTEGER DEFAULT '0' NOT NULL,\n` +
    `  c CHAR(120) DEFAULT '' NOT NULL,\n` +
    `  pad CHAR(60) DEFAULT '' NOT NULL,\n` +
    `  PRIMARY KEY (id)\n` +
    `) /*! ENGINE = innodb */`
  );
}

/** sysbench's `CREATE INDEX k_N ON sbtestN(k)`, run once the rows are in. */
export function createKIndexSql(schema: string, n: number): string {
  return `CREATE INDEX k_${n} ON ${quoteIdent(schema)}.${tableName(n)}(k)`;
}

/** The rows go in with their ids written out (1..rows), as auto_inc would number them on an empty table. */
export function loadSbtestSql(schema: string, n: number): string {
  return (
    `LOAD DATA LOCAL INFILE 'sbtest${n}' INTO TABLE ${quoteIdent(schema)}.${tableName(n)} ` +
    `CHARACTER SET latin1 FIELDS TERMINATED BY ',' LINES TERMINATED BY '\\n' (id, k, c, pad)`
  );
}

/** oltp_common.lua's stmt_defs for the reads, by table number. */
export const SBTEST_STATEMENTS = {
  pointSelect: (n: number) => `SELECT c FROM sbtest${n} WHERE id=?`,
  simpleRange: (n: number) => `SELECT c FROM sbtest${n} WHERE id BETWEEN ? AND ?`,
  sumRange: (n: number) => `SELECT SUM(k) FROM sbtest${n} WHERE id BETWEEN ? AND ?`,
  orderRange: (n: number) => `SELECT c FROM sbtest${n} WHERE id BETWEEN ? AND ? ORDER BY c`,
  distinctRange: (n: number) => `SELECT DISTINCT c FROM sbtest${n} WHERE id BETWEEN ? AND ? ORDER BY c`,
} as const;

/** The columns of a table sysbench would accept as its own, in order. */
export const SBTEST_COLUMNS = ['id', 'k', 'c', 'pad'] as const;
