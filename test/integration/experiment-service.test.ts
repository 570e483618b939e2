/**
 * The experiments requests through the app against the real server of this run: presets built from
 * the dataset's real size, inline checks naming paths and feasibility problems in words, and a
 * results file that opens and saves again with no server.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/main/app';
import { saveExperimentFile } from '../../src/main/experiments/experiment-file';
import { generateDataset } from '../../src/main/ssb/datasets';
import type { RequestName } from '../../src/shared/contract';
import {
  EXPERIMENT_FILE_FORMAT,
  EXPERIMENT_FILE_VERSION,
} from '../../src/shared/experiments/experiment-file';
import { ExperimentDefinitionSchema, type ExperimentCheck } from '../../src/shared/experiments/experiments';
import type { ConnectionProfile } from '../../src/shared/models';
import { testServer } from '../support/test-server';
import { connectToTestServer, dropSchemas, scalar, scratchSchema } from './ssb-support';

const server = testServer();
const connect = connectToTestServer();
const schema = scratchSchema('bplab_it_exp');
const dir = mkdtempSync(join(server.scratchDir, 'experiment-service-'));
let app: App;
let admin: Connection;
let profileId: string;

async function ok<T>(name: RequestName, args: unknown): Promise<T> {
  const r = await app.dispatch(name, args as never);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value as T;
}

const definition = (over: Record<string, unknown> = {}) => ({
  name: 'two settings',
  schema,
  queries: [{ queryId: 'Q1.1' }, { queryId: 'Q2.1' }],
  servers: [{ label: 'main', profileId }],
  matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] }],
  protocol: { cold: true, hotRuns: 2 },
  ...over,
});

beforeAll(async () => {
  admin = await connect();
  await generateDataset({ schema, sf: 0.01, seed: 3 }, { connect, bplabVersion: 'test' });
  app = await createApp({ dataDir: dir, transport: 'browser', version: 'test' });
  const saved = await ok<ConnectionProfile>('profiles/save', {
    draft: { name: 'it', transport: 'tcp', host: server.host, port: server.port, user: server.user },
    password: server.password,
  });
  profileId = saved.id;
}, 120_000);
afterAll(async () => {
  await dropSchemas(admin, [schema]);
  await admin.end();
  await app.shutdown();
});

describe(`experiments requests on ${server.label}`, () => {
  it('lists the presets with where each comes from', async () => {
    const presets = await ok<Array<{ id: string; title: string; source: string }>>('experiments/presets', {});
    expect(presets.map((p) => p.id)).toEqual([
      'old-blocks-time',
      'old-blocks-time-ahi',
      'pool-vs-data',
      'join-order',
      'cold-then-hot',
      'myisam-vs-innodb',
      'post001-55-vs-56',
      'post001-56-zero',
      'post002-performance-schema',
      'post004-point-selects',
    ]);
    for (const p of presets) expect(p.source).toMatch(/Post 00\d/);
  });

  it('builds the OLTP presets: post 002 alternating ON, OFF, OFF, ON; post 004 restarting only its IO-bound pool with O_DIRECT', async () => {
    const build = (presetId: string) =>
      ok<ReturnType<typeof ExperimentDefinitionSchema.parse>>('experiments/preset', {
        presetId,
        servers: [{ label: 'main', profileId }],
        schema,
      });
    const post002 = await build('post002-performance-schema');
    expect(post002.protocol.repeats).toBe(2);
    const c002 = await ok<ExperimentCheck>('experiments/check', { definition: post002 });
    expect(c002.issues).toEqual([]);
    expect(c002.runs).toBe(4);
    const post004 = await build('post004-point-selects');
    expect(post004.matrix.find((d) => d.variable === 'innodb_flush_method')).toEqual({
      kind: 'startup',
      variable: 'innodb_flush_method',
      values: ['default', 'O_DIRECT'],
      pairedWith: 'innodb_buffer_pool_size',
    });
    const c004 = await ok<ExperimentCheck>('experiments/check', { definition: post004 });
    expect(c004.issues).toEqual([]);
    // 2 pools (each paired with its flush method, not multiplied) × 2 load steps.
    expect(c004.runs).toBe(4);
    // This server is no sandbox: the IO-bound pool's restart with O_DIRECT cannot happen, said in words.
    expect(c004.problems.join(' ')).toMatch(/cannot restart it with innodb_flush_method/);
  });

  it("builds a preset from the schema's real size and the catalogue's queries", async () => {
    const bytes = Number(
      await scalar(
        admin,
        'SELECT SUM(DATA_LENGTH + INDEX_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
        [schema],
      ),
    );
    const def = await ok<ReturnType<typeof ExperimentDefinitionSchema.parse>>('experiments/preset', {
      presetId: 'pool-vs-data',
      servers: [{ label: 'main', profileId }],
      schema,
    });
    expect(def.schema).toBe(schema);
    expect(def.queries).toHaveLength(13);
    const pool = def.matrix.find((d) => d.kind === 'buffer-pool-size')!;
    // "larger than the data": the second value holds every byte of this schema's tables.
    const larger = Number(pool.values[1]!.replace(/M$/, '')) * 1024 * 1024;
    expect(larger).toBeGreaterThanOrEqual(bytes);

    const none = await app.dispatch('experiments/preset', {
      presetId: 'old-blocks-time',
      servers: [{ label: 'main', profileId }],
      schema: 'bplab_no_such_schema',
    });
    expect(none).toMatchObject({
      ok: false,
      error: {
        code: 'NOT_FOUND',
        message: expect.stringContaining('no tables in schema bplab_no_such_schema'),
      },
    });
  });

  it('names the path of what is wrong, with no run counted', async () => {
    const c = await ok<ExperimentCheck>('experiments/check', {
      definition: definition({
        queries: [],
        matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: [] }],
      }),
    });
    expect(c.canStart).toBe(false);
    expect(c.runs).toBe(0);
    expect(c.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['$.queries', '$.matrix[0].values']));
  });

  it('counts the runs and estimates the time, and says why a server that is no sandbox cannot do cold runs', async () => {
    const c = await ok<ExperimentCheck>('experiments/check', { definition: definition() });
    expect(c.issues).toEqual([]);
    // 2 settings × 2 queries × (cold + 2 hot)
    expect(c.runs).toBe(12);
    expect(c.estimatedSec).toBeGreaterThan(0);
    expect(c.problems).toEqual([
      expect.stringMatching(/main is not a bplab sandbox, so bplab cannot restart it for cold runs/),
    ]);
    expect(c.canStart).toBe(false);

    const startup = await ok<ExperimentCheck>('experiments/check', {
      definition: definition({
        matrix: [{ kind: 'startup', variable: 'innodb_flush_method', values: ['O_DIRECT'] }],
      }),
    });
    expect(startup.problems.join(' ')).toMatch(/cannot restart it with innodb_flush_method/);
  });

  it('hot runs only on a complete dataset can start; a missing dataset says so', async () => {
    const hot = await ok<ExperimentCheck>('experiments/check', {
      definition: definition({ protocol: { cold: false, hotRuns: 2 } }),
    });
    expect(hot.problems).toEqual([]);
    expect(hot.canStart).toBe(true);
    const missing = await ok<ExperimentCheck>('experiments/check', {
      definition: definition({ schema: 'bplab_no_such_schema', protocol: { cold: false, hotRuns: 1 } }),
    });
    expect(missing.problems).toEqual(['main has no dataset bplab_no_such_schema']);
  });

  it('an unreachable server is a problem in words, not a failure', async () => {
    const gone = await ok<ConnectionProfile>('profiles/save', {
      draft: { name: 'gone', transport: 'tcp', host: '127.0.0.1', port: 1, user: 'x' },
    });
    const c = await ok<ExperimentCheck>('experiments/check', {
      definition: definition({
        servers: [{ label: 'gone', profileId: gone.id }],
        protocol: { cold: false, hotRuns: 1 },
      }),
    });
    expect(c.canStart).toBe(false);
    expect(c.problems).toHaveLength(1);
    expect(c.problems[0]).toMatch(/^gone: .*(reach|refused)/i);
  });

  it('a results file opens and saves as another with no server; a broken one names its path', async () => {
    const file = join(dir, 'r.bplab.json');
    saveExperimentFile(file, {
      format: EXPERIMENT_FILE_FORMAT,
      version: EXPERIMENT_FILE_VERSION,
      savedAt: new Date().toISOString(),
      bplabVersion: 'test',
      state: 'draft',
      definition: ExperimentDefinitionSchema.parse(definition()),
      servers: [{ label: 'main', capabilities: null }],
      results: [],
    });
    const opened = await ok<{ definition: { name: string } }>('experiments/open', { file });
    expect(opened.definition.name).toBe('two settings');
    const copy = join(dir, 'copy.bplab.json');
    expect(await ok('experiments/save', { from: file, to: copy })).toEqual({ file: copy });
    expect(JSON.parse(readFileSync(copy, 'utf8')).definition.name).toBe('two settings');

    const broken = join(dir, 'broken.bplab.json');
    writeFileSync(broken, readFileSync(file, 'utf8').replace('"hotRuns": 2', '"hotRuns": "two"'));
    const r = await app.dispatch('experiments/save', { from: broken, to: join(dir, 'never.bplab.json') });
    expect(r).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('$.definition.protocol.hotRuns') },
    });
    expect(existsSync(join(dir, 'never.bplab.json'))).toBe(false);
  });
});
