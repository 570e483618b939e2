/**
 * Two small tables of the trace tests' own (test/integration/trace-custom.test.ts, trace-cli.test.ts):
 * customers with a secondary index on region, orders with one on customer_id (about 13 MB together),
 * and a join that walks both secondary indexes into the primary keys in an order unlike the pages'.
 */

/** 20,000 customers (a 200-byte name) and 60,000 orders; customer_id is a fixed scatter of 1..20,000. */
export function ordersSchemaStatements(schema: string): string[] {
  return [
    `CREATE DATABASE ${schema}`,
    `CREATE TABLE ${schema}.customers (id INT PRIMARY KEY, region INT NOT NULL, name CHAR(200) NOT NULL,
     KEY region (region)) ENGINE=InnoDB`,
    `CREATE TABLE ${schema}.orders (id INT PRIMARY KEY, customer_id INT NOT NULL, amount INT NOT NULL,
     note CHAR(100) NOT NULL, KEY customer (customer_id)) ENGINE=InnoDB`,
    `CREATE TABLE ${schema}.seq (n INT PRIMARY KEY) ENGINE=InnoDB`,
    `INSERT INTO ${schema}.seq VALUES ${Array.from({ length: 1000 }, (_, i) => `(${i})`).join(',')}`,
    `INSERT INTO ${schema}.customers SELECT a.n * 1000 + b.n + 1, (a.n * 1000 + b.n) % 100, 'c'
     FROM ${schema}.seq a JOIN ${schema}.seq b WHERE a.n < 20 ORDER BY 1`,
    `INSERT INTO ${schema}.orders SELECT a.n * 1000 + b.n + 1, (a.n * 1000 + b.n) * 7919 % 20000 + 1,
     (a.n * 1000 + b.n) % 997, 'o' FROM ${schema}.seq a JOIN ${schema}.seq b WHERE a.n < 60 ORDER BY 1`,
    `DROP TABLE ${schema}.seq`,
  ];
}

/** A region range through the secondary index, each customer's orders through theirs. */
export const ORDERS_JOIN = `SELECT c.region, COUNT(*), SUM(o.amount)
  FROM customers c FORCE INDEX (region) STRAIGHT_JOIN orders o FORCE INDEX (customer)
    ON o.customer_id = c.id
  WHERE c.region BETWEEN 10 AND 29 GROUP BY c.region`;
