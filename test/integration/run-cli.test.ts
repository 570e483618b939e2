/**
 * `bplab run` against the real server of this run: bad input answers 2 with the fault in words
 * (a missing or broken file, a --server that names nothing, an experiment this server cannot run),
 * and a global a dead bplab left changed is put back at the first connection and printed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExperimentFile, saveExperimentFile } from '../../src/main/experiments/experiment-file';
import { SettingsJournal } from '../../src/main/server/settings-journal';
import { generateDataset } from '../../src/main/ssb/datasets';
import {
  EXPERIMENT_FILE_FORMAT,
  EXPERIMENT_FILE_VERSION,
} from '../../src/shared/experiments/experiment-file';
import { ExperimentDefinitionSchema } from '../../src/shared/experiments/experiments';
import { runCliInProcess, writeTestProfile } from '../support/cli';
import { testServer } from '../support/test-server';
import { connectToTestServer, dropSchemas, scalar, scratchSchema } from './ssb-support';

const server = testServer();
const connect = connectToTestServer();
const schema = scratchSchema('bplab_it_runcli');
const home = mkdtempSync(join(server.scratchDir, 'run-cli-'));
const file = join(home, 'exp.bplab.json');
let admin: Connection;
/** The profile writeTestProfile saves. */
const profileId = 'it';

const bplab = (args: string[]) => runCliInProcess([...args, '--data-dir', home], { staticDir: home });

function writeExperiment(path: string, protocol: Record<string, unknown>): void {
  saveExperimentFile(path, {
    format: EXPERIMENT_FILE_FORMAT,
    version: EXPERIMENT_FILE_VERSION,
    savedAt: new Date().toISOString(),
    bplabVersion: 'test',
    state: 'draft',
    definition: ExperimentDefinitionSchema.parse({
      name: 'cli',
      schema,
      queries: [{ queryId: 'Q1.1' }],
      servers: [{ label: 'main', profileId }],
      matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] }],
      protocol,
    }),
    servers: [{ label: 'main', capabilities: null }],
    results: [],
  });
}

beforeAll(async () => {
  admin = await connect();
  await generateDataset({ schema, sf: 0.01, seed: 5 }, { connect, bplabVersion: 'test' });
  // The test server's root has no password in the harness; a profile as the desktop app saves it.
  writeTestProfile(home, server);
  writeExperiment(file, { cold: true, hotRuns: 1 });
}, 120_000);
afterAll(async () => {
  await dropSchemas(admin, [schema]);
  await admin.end();
});

describe(`bplab run on ${server.label}`, () => {
  it('a missing file, a broken one, and no file at all are bad input (2), in words', async () => {
    const missing = await bplab(['run', join(home, 'nope.bplab.json')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/There is no file .*nope\.bplab\.json/);

    const broken = join(home, 'broken.bplab.json');
    writeFileSync(broken, '{"format": "bplab-experiment", "version": 1, "definition": 3}');
    const b = await bplab(['run', broken]);
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/\$\.\w+/);

    const none = await bplab(['run']);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/FILE.*missing|give|the experiment file/i);
  });

  it('a --server that names no server of the file, or no profile, or has no "=", is bad input', async () => {
    const label = await bplab(['run', file, '--server', 'other=it']);
    expect(label.code).toBe(2);
    expect(label.err).toContain('the experiment has no server named "other" (it has main)');
    const profile = await bplab(['run', file, '--server', 'main=nobody']);
    expect(profile.code).toBe(2);
    expect(profile.err).toContain('there is no connection profile "nobody"');
    const shape = await bplab(['run', file, '--server', 'main']);
    expect(shape.code).toBe(2);
    expect(shape.err).toContain('--server takes NAME=PROFILE, not "main"');
  });

  it('an experiment this server cannot run says why and starts nothing', async () => {
    const r = await bplab(['run', file, '--server', 'main=it']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /cannot run:\n\s+- main is not a bplab sandbox, so bplab cannot restart it for cold runs/,
    );
    expect(Number(await scalar(admin, 'SELECT @@GLOBAL.innodb_old_blocks_time'))).toBe(1000);
  });

  it('a global a dead bplab left changed is put back at the first connection, and printed', async () => {
    const before = Number(await scalar(admin, 'SELECT @@GLOBAL.innodb_old_blocks_time'));
    // What a bplab killed with -9 mid-experiment leaves: the journal entry and the changed global.
    await new SettingsJournal(home).setGlobal(admin, profileId, 'innodb_old_blocks_time', 0, 'experiment');
    const journalFile = join(home, 'settings-journal.json');
    const dead = Number(spawnSync('sh', ['-c', 'echo $$']).stdout.toString().trim());
    writeFileSync(
      journalFile,
      JSON.stringify(JSON.parse(readFileSync(journalFile, 'utf8')).map((e: object) => ({ ...e, pid: dead }))),
    );
    expect(Number(await scalar(admin, 'SELECT @@GLOBAL.innodb_old_blocks_time'))).toBe(0);
    const r = await bplab(['run', file]);
    expect(r.err).toMatch(
      new RegExp(`restored innodb_old_blocks_time = ${before} on .*\\(changed by bplab at`),
    );
    expect(Number(await scalar(admin, 'SELECT @@GLOBAL.innodb_old_blocks_time'))).toBe(before);
    expect(new SettingsJournal(home).pending(profileId)).toEqual([]);
  });
});

describe(`bplab run end to end on ${server.label}`, () => {
  it('two settings × two queries × 2 hot runs: exit 0, every run saved in a file that loads back, the global put back and printed', async () => {
    const before = Number(await scalar(admin, 'SELECT @@GLOBAL.innodb_old_blocks_time'));
    const hot = join(home, 'hot.bplab.json');
    saveExperimentFile(hot, {
      format: EXPERIMENT_FILE_FORMAT,
      version: EXPERIMENT_FILE_VERSION,
      savedAt: new Date().toISOString(),
      bplabVersion: 'test',
      state: 'draft',
      definition: ExperimentDefinitionSchema.parse({
        name: 'hot',
        schema,
        queries: [{ queryId: 'Q1.1' }, { queryId: 'Q2.1' }],
        servers: [{ label: 'main', profileId }],
        matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] }],
        protocol: { cold: false, hotRuns: 2 },
      }),
      servers: [{ label: 'main', capabilities: null }],
      results: [],
    });
    const out = join(home, 'hot-results.bplab.json');
    const r = await bplab(['run', hot, '--out', out]);
    expect(r.err).not.toMatch(/internal error/);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`complete: 8 runs saved to ${out}`);
    expect(r.err).toMatch(/bplab: restored main: innodb_old_blocks_time back to/);
    const saved = parseExperimentFile(readFileSync(out, 'utf8'), out);
    expect(saved.state).toBe('complete');
    expect(saved.results).toHaveLength(8);
    expect(new Set(saved.results.map((x) => x.cell)).size).toBe(2);
    for (const x of saved.results) expect(x.run.state).toBe('complete');
    expect(Number(await scalar(admin, 'SELECT @@GLOBAL.innodb_old_blocks_time'))).toBe(before);
    expect(new SettingsJournal(home).pending(profileId)).toEqual([]);
  }, 300_000);
});
