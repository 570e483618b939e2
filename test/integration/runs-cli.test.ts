/**
 * `bplab queries` and `bplab query` against this run's real server, through the built CLI: the
 * catalogue, a run's summary in the posts' terms and its JSON, and Ctrl-C cancelling a running query.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/main/ssb/datasets';
import type { RunResult } from '../../src/shared/runs/runs';
import { requireBuiltCli, startCli, waitForErr, writeTestProfile } from '../support/cli';
import { testServer } from '../support/test-server';
import { connectToTestServer, dropSchemas, scratchSchema } from './ssb-support';

const server = testServer();
const schema = scratchSchema('bplab_it_runcli');
const connect = connectToTestServer();
let home: string;
let admin: Connection;

beforeAll(async () => {
  requireBuiltCli();
  home = mkdtempSync(join(server.scratchDir, 'runs-cli-'));
  writeTestProfile(home, server);
  writeFileSync(
    join(home, 'queries.json'),
    JSON.stringify({
      format: 1,
      queries: [
        {
          id: 'custom:slow',
          title: 'slow',
          variants: [
            {
              variant: 'base',
              label: 'every row against every date',
              sql: 'select count(*) from lineorder a join dim_date b on a.lo_quantity + b.d_year > 0',
            },
          ],
        },
      ],
    }),
  );
  admin = await connect();
  await generateDataset({ schema, sf: 0.01, seed: 1 }, { connect, bplabVersion: 'test' });
}, 120_000);

afterAll(async () => {
  await dropSchemas(admin, [schema]);
  await admin.end();
});

describe(`bplab query on ${server.label}`, () => {
  it('lists the catalogue: 13 SSB queries by flight, and the custom one', async () => {
    const r = await startCli(home, ['queries']).exit;
    expect(r.code).toBe(0);
    expect(r.out.match(/^ {2}Q\d\.\d/gm)).toHaveLength(13);
    expect(r.out).toMatch(/Flight 1\n {2}Q1\.1 .*\n.*variants: base, straight, straight-dim-first/);
    expect(r.out).toContain('custom:slow');
  });

  it('runs Q1.1, prints the summary in the posts terms and writes the run as JSON', async () => {
    const out = join(home, 'q11.json');
    const r = await startCli(home, [
      'query',
      'Q1.1',
      '--variant',
      'straight',
      '--schema',
      schema,
      '--profile',
      'it',
      '--poll',
      '100ms',
      '--json',
      out,
    ]).exit;
    expect(r.err).not.toMatch(/bplab: .*error/i);
    expect(r.code).toBe(0);
    const run = JSON.parse(readFileSync(out, 'utf8')) as RunResult;
    expect(run.state).toBe('complete');
    expect(r.out).toContain(`Q1.1 (straight) on ${schema} (SF 0.01): complete`);
    expect(r.out).toContain(`checksum    ${run.checksum}`);
    expect(r.out).toMatch(
      /pages read {2}[\d,]+ into the pool \(Innodb_pages_read\), [\d,]+ not found in the pool \(Innodb_buffer_pool_reads\)/,
    );
    expect(r.out).toMatch(/made young {2}[\d,]+, not made young [\d,]+/);
    // The shared test server holds other schemas too: lineorder's clustered index is among the rows.
    expect(r.out).toMatch(
      /LRU composition after the run:\ntable +index +pages +old +young +records +% pool\n/,
    );
    expect(r.out).toMatch(
      new RegExp(
        `\\n${schema}\\.lineorder +GEN_CLUST_INDEX +[\\d,]+ +[\\d,]+ +[\\d,]+ +[\\d,]+ +\\d+\\.\\d\\d\\n`,
      ),
    );
  }, 60_000);

  it('refuses a poll interval it cannot use, in words', async () => {
    const r = await startCli(home, [
      'query',
      'Q1.1',
      '--schema',
      schema,
      '--profile',
      'it',
      '--poll',
      'often',
    ]).exit;
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('--poll must be auto, off, or an interval from 50ms to 60s');
  });

  it('cancels the running query on Ctrl-C and still prints what was captured', async () => {
    const run = startCli(home, [
      'query',
      'custom:slow',
      '--schema',
      schema,
      '--profile',
      'it',
      '--poll',
      'off',
    ]);
    await waitForErr(run, /is running/, 20_000);
    await new Promise((r) => setTimeout(r, 300));
    run.child.kill('SIGINT');
    const r = await run.exit;
    expect(r.err).toContain('cancelling');
    expect(r.code).toBe(1);
    expect(r.out).toContain(': cancelled');
    expect(r.out).toMatch(/KILL QUERY/);
  }, 60_000);
});
