/**
 * `bplab queries` and `bplab query` against this run's real server, through the built CLI: the
 * catalogue, a run's summary in the posts' terms and its JSON, and Ctrl-C cancelling a running query.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/main/ssb/datasets';
import type { RunResult } from '../../src/shared/runs';
import { testServer } from '../support/test-server';
import { connectToTestServer, dropSchemas, scratchSchema } from './ssb-support';

const server = testServer();
const cli = resolve('dist/main/cli.cjs');
const schema = scratchSchema('bplab_it_runcli');
const connect = connectToTestServer();
let home: string;
let admin: Connection;

function start(args: string[]) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('BPLAB_PASSWORD')),
  );
  const child = spawn(process.execPath, [cli, ...args], {
    env: { ...env, BPLAB_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<{ code: number | null; out: string; err: string }>((r) =>
    child.on('exit', (code) => r({ code, out, err })),
  );
  return { child, done, err: () => err };
}

beforeAll(async () => {
  if (!existsSync(cli)) throw new Error('dist/main/cli.cjs is missing: run npm run build first');
  home = mkdtempSync(join(server.scratchDir, 'runs-cli-'));
  writeFileSync(
    join(home, 'profiles.json'),
    JSON.stringify([
      {
        id: 'it',
        name: 'it',
        transport: 'tcp',
        host: server.host,
        port: server.port,
        user: server.user,
        tls: { mode: 'off' },
      },
    ]),
  );
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
    const r = await start(['queries']).done;
    expect(r.code).toBe(0);
    expect(r.out.match(/^ {2}Q\d\.\d/gm)).toHaveLength(13);
    expect(r.out).toMatch(/Flight 1\n {2}Q1\.1 .*\n.*variants: base, straight, straight-dim-first/);
    expect(r.out).toContain('custom:slow');
  });

  it('runs Q1.1, prints the summary in the posts terms and writes the run as JSON', async () => {
    const out = join(home, 'q11.json');
    const r = await start([
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
    ]).done;
    expect(r.err).not.toMatch(/bplab: .*error/i);
    expect(r.code).toBe(0);
    const run = JSON.parse(readFileSync(out, 'utf8')) as RunResult;
    expect(run.state).toBe('complete');
    expect(r.out).toContain(`Q1.1 (straight) on ${schema} (SF 0.01): complete`);
    expect(r.out).toContain(`checksum    ${run.checksum}`);
    expect(r.out).toMatch(/pages read {2}[\d,]+ \(Innodb_pages_read\)/);
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
    const r = await start(['query', 'Q1.1', '--schema', schema, '--profile', 'it', '--poll', 'often']).done;
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('--poll must be auto, off, or an interval from 50ms to 60s');
  });

  it('cancels the running query on Ctrl-C and still prints what was captured', async () => {
    const run = start(['query', 'custom:slow', '--schema', schema, '--profile', 'it', '--poll', 'off']);
    const deadline = Date.now() + 20_000;
    while (!/is running/.test(run.err()) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.err).toContain('cancelling');
    expect(r.code).toBe(1);
    expect(r.out).toContain(': cancelled');
    expect(r.out).toMatch(/KILL QUERY/);
  }, 60_000);
});
