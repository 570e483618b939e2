/**
 * `bplab ssb ...` against this run's real server, through the built CLI: a generate with its
 * progress lines, list, verify, drop, and Ctrl-C cancelling a load.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDatasetRecord } from '../../src/main/ssb/dataset-meta';
import { createTableStream } from '../../src/main/ssb/generator/stream';
import { expectedRowCount } from '../../src/main/ssb/tables';
import { requireBuiltCli, runCliProcess, startCli, waitForErr, writeTestProfile } from '../support/cli';
import { testServer } from '../support/test-server';
import { connectToTestServer, scratchSchemas } from './ssb-support';

const server = testServer();
const schemas = scratchSchemas();
let home: string;
let admin: Connection;

const bplab = (args: string[]) => runCliProcess(home, args);

beforeAll(async () => {
  requireBuiltCli();
  home = mkdtempSync(join(server.scratchDir, 'ssb-cli-'));
  writeTestProfile(home, server);
  admin = await connectToTestServer()();
});

afterAll(async () => {
  await schemas.dropAll(admin);
  await admin.end();
});

describe(`bplab ssb on ${server.label}`, () => {
  it('generates with a progress line per update, lists, verifies and drops a dataset', async () => {
    const schema = schemas.name('bplab_it_cli');
    const gen = await bplab([
      'ssb',
      'generate',
      '--sf',
      '0.01',
      '--seed',
      '5',
      '--schema',
      schema,
      '--profile',
      'it',
    ]);
    expect(gen.code, gen.err).toBe(0);
    // Counted as the UI's list counts: lineorder rows, thousands grouped.
    expect(gen.out).toMatch(
      new RegExp(`^${schema} is complete: \\d{1,3}(,\\d{3})+ lineorder rows in [\\d.]+ s\\n$`),
    );
    // Not a terminal: plain lines, no carriage returns.
    expect(gen.err).not.toContain('\r');
    expect(gen.err).toMatch(
      /^loading +[\d,]+ rows +[\d,]+ rows\/s .*\d+% +Loading lineorder from the generator$/m,
    );
    expect(gen.err).toMatch(/^indexing .*Building the secondary keys of lineorder$/m);

    const list = await bplab(['ssb', 'list', '--profile', 'it']);
    expect(list.code).toBe(0);
    const lineorder = expectedRowCount('lineorder', 0.01, 5).toLocaleString('en-US');
    expect(list.out).toContain(
      `${schema}\tcomplete\tgenerated SF 0.01 seed 5 dbgen mode\tInnoDB\t${lineorder} lineorder rows\tnot verified`,
    );

    const verify = await bplab(['ssb', 'verify', '--schema', schema, '--profile', 'it']);
    expect(verify.code, verify.out).toBe(0);
    expect(verify.out).toMatch(
      new RegExp(
        `^${schema}: PASS: \\d+ of 13 queries judged; .* too small to judge at this scale \\(state complete`,
      ),
    );
    // At SF 0.01 the queries resting on a few cities or brands cannot be judged: said, not passed.
    expect(verify.out.match(/^Q\d\.\d .* (pass|too small to judge)$/gm)).toHaveLength(13);
    expect(verify.out).toMatch(/^Q3\.4 .*too small to judge +too small to judge$/m);
    expect(verify.out).not.toMatch(/FAIL/);
    const listed = await bplab(['ssb', 'list', '--profile', 'it']);
    expect(listed.out).toMatch(
      new RegExp(`^${schema}\\t.*\\tlast verify PASS \\(\\d+ of 13 queries judged\\) \\d{4}-`, 'm'),
    );
    // Progress on stderr, a line per count (not a terminal): the five tables, then the 13 queries.
    const counts = verify.err.match(/^verify {2}counting (.+) {2}\((\d+) of 18\)$/gm) ?? [];
    expect(counts).toHaveLength(18);
    expect(counts[0]).toMatch(/counting rows of \w+ {2}\(1 of 18\)$/);
    expect(counts[17]).toContain('counting Q4.3  (18 of 18)');

    const drop = await bplab(['ssb', 'drop', '--schema', schema, '--profile', 'it']);
    expect(drop.code).toBe(0);
    expect(drop.out).toBe(`dropped ${schema}\n`);
    expect(await readDatasetRecord(admin, schema)).toBeNull();
  });

  it('--tbl writes the five .tbl files instead of loading a server, the generator’s bytes', async () => {
    const dir = join(home, 'tbl-out');
    const run = await bplab(['ssb', 'generate', '--sf', '0.002', '--seed', '3', '--tbl', dir]);
    expect(run.code, run.err).toBe(0);
    const files = ['customer.tbl', 'supplier.tbl', 'part.tbl', 'date.tbl', 'lineorder.tbl'];
    expect(
      run.out
        .trim()
        .split('\n')
        .map((l) => basename(l.split('\t')[0]!)),
    ).toEqual(files);
    for (const [file, table] of [
      ['date.tbl', 'dim_date'],
      ['lineorder.tbl', 'lineorder'],
    ] as const) {
      const bytes = readFileSync(join(dir, file));
      const chunks: Buffer[] = [];
      for await (const c of createTableStream(table, { sf: 0.002, seed: 3 })) chunks.push(c as Buffer);
      expect(bytes.equals(Buffer.concat(chunks)), file).toBe(true);
    }
    expect(readFileSync(join(dir, 'date.tbl'), 'latin1')).toContain('Augest');
    const spec = await bplab([
      'ssb',
      'generate',
      '--sf',
      '0.002',
      '--mode',
      'spec',
      '--tbl',
      join(home, 'tbl-spec'),
    ]);
    expect(spec.code, spec.err).toBe(0);
    expect(readFileSync(join(home, 'tbl-spec', 'date.tbl'), 'latin1')).not.toContain('Augest');
    const bad = await bplab(['ssb', 'generate', '--sf', '0.002', '--mode', 'exact', '--tbl', dir]);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toBe(
      'bplab: --mode must be dbgen or spec, not "exact" (dbgen (the default) writes dbgen\'s bytes, quirks included; spec the SSB specification\'s form.)\n',
    );
  });

  it('cancels a load on Ctrl-C and says so; the dataset stays marked cancelled', async () => {
    const schema = schemas.name('bplab_it_cli_cancel');
    const run = startCli(home, ['ssb', 'generate', '--sf', '0.2', '--schema', schema, '--profile', 'it']);
    await waitForErr(run, /Loading lineorder/);
    run.child.kill('SIGINT');
    const r = await run.exit;
    expect(r.code).toBe(1);
    expect(r.err).toContain(`bplab: SIGINT: cancelling the load of ${schema}`);
    expect(r.err).toMatch(
      /bplab: The load of .* was cancelled; the dataset is marked cancelled, not complete/,
    );
    expect((await readDatasetRecord(admin, schema))?.state).toBe('cancelled');
  });

  it('cancels a verify on Ctrl-C (its count waits on a table lock held here) and says so', async () => {
    const schema = schemas.name('bplab_it_cli_verify');
    expect(
      (await bplab(['ssb', 'generate', '--sf', '0.01', '--schema', schema, '--profile', 'it'])).code,
    ).toBe(0);
    const holder = await connectToTestServer()();
    try {
      await holder.query(`LOCK TABLES \`${schema}\`.lineorder WRITE`);
      const run = startCli(home, ['ssb', 'verify', '--schema', schema, '--profile', 'it']);
      await waitForErr(run, /counting rows of lineorder/);
      run.child.kill('SIGINT');
      const r = await run.exit;
      expect(r.code).toBe(1);
      expect(r.err).toContain(`bplab: SIGINT: cancelling the verify of ${schema}`);
      expect(r.err).toContain(`bplab: The verify of ${schema} was cancelled; nothing was changed.`);
      expect(r.out).toBe('');
    } finally {
      await holder.end();
    }
  });

  it('refuses a bad engine and a missing folder in words', async () => {
    const bad = await bplab(['ssb', 'generate', '--sf', '1', '--engine', 'rocksdb', '--profile', 'it']);
    expect(bad.code).toBe(1);
    expect(bad.err).toBe('bplab: --engine must be innodb or myisam, not "rocksdb"\n');
    const missing = await bplab(['ssb', 'import', join(home, 'nope'), '--profile', 'it']);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^bplab: The folder .*nope does not exist or cannot be read\./);
  });
});
