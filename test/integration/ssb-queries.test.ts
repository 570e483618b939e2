/**
 * The SSB query files against a real server: on a generated dataset, every file's count form
 * (base queries and STRAIGHT_JOIN variants) returns exactly what the JavaScript evaluation of the
 * same file counts over the same generated rows, and a STRAIGHT_JOIN variant is joined in the order
 * it is written. The schema made here is dropped after.
 */
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/main/ssb/datasets';
import { loadSsbQueries } from '../../src/main/ssb/queries';
import { countKeptRows, generatorRows, type KeptRows } from '../../src/main/ssb/selectivity';
import { testServer } from '../support/test-server';
import { connectToTestServer, dropSchemas, scalar, scratchSchema } from './ssb-support';

const SF = 0.02;
const SEED = 5;
const connect = connectToTestServer();
const schema = scratchSchema('bplab_it_queries');
const queries = loadSsbQueries();
let conn: Connection;
let js: KeptRows;

beforeAll(async () => {
  conn = await connect();
  await generateDataset({ schema, sf: SF, seed: SEED }, { connect, bplabVersion: 'test' });
  await conn.query(`USE \`${schema}\``);
  js = await countKeptRows(
    queries.map((q) => ({ id: q.file, parsed: q.parsed })),
    generatorRows({ sf: SF, seed: SEED }),
  );
});

afterAll(async () => {
  await dropSchemas(conn, [schema]);
  await conn.end();
});

describe(`SSB query files on ${testServer().label}`, () => {
  it('loaded the rows the JavaScript count read', async () => {
    expect(Number(await scalar(conn, 'SELECT COUNT(*) FROM lineorder'))).toBe(js.lineorderRows);
  });

  it.each(queries.map((q) => [q.file, q] as const))(
    '%s: the server keeps the rows JavaScript counts',
    async (file, q) => {
      const kept = Number(await scalar(conn, q.countSql));
      expect(kept, q.countSql).toBe(js.kept[file]);
      if (q.variant === 'base' && q.id !== 'Q3.4') expect(kept, file).toBeGreaterThan(0);
    },
  );

  it.each(queries.filter((q) => q.variant !== 'base').map((q) => [q.file, q] as const))(
    '%s: EXPLAIN joins the tables in the written order',
    async (_file, q) => {
      // MySQL 9.7 answers a plain EXPLAIN in TREE form by default: the table asked for by name.
      const server = testServer();
      const format = server.flavor === 'mysql' && Number(server.version.split('.')[0]) >= 8;
      const [rows] = await conn.query<RowDataPacket[]>(
        `EXPLAIN ${format ? 'FORMAT=TRADITIONAL ' : ''}${q.countSql}`,
      );
      expect(rows.map((r) => String(r.table))).toEqual(q.tables);
    },
  );
});
