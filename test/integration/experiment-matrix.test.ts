/**
 * An experiment's matrix and protocol through the runner, on a sandbox of this run's flavor at SF 0.01:
 * the buffer pool resized online (MySQL: in the background, in chunk multiples, waited for until done;
 * MariaDB: within the statement) and the runs' recorded settings showing the new size; a startup-only
 * option applied by restarting the sandbox and the sandbox put back on its own options at the end; and
 * mysqld killed with -9 mid-run: that run is interrupted, in words, and the experiment goes on or stops
 * as the user chose.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import mysql, { type RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/main/app';
import { parseExperimentFile } from '../../src/main/experiments/experiment-file';
import { generateDataset } from '../../src/main/ssb/datasets';
import type { RequestName } from '../../src/shared/contract';
import {
  ExperimentDefinitionSchema,
  type ExperimentDefinitionInput,
} from '../../src/shared/experiments/experiments';
import type { SandboxInfo } from '../../src/shared/models';
import type { CatalogueQuery } from '../../src/shared/runs/runs';
import { formatBytes } from '../../src/shared/format';
import { testServer } from '../support/test-server';
import { dispatchAndWait } from '../support/tasks';

const server = testServer();
const dir = mkdtempSync(join(server.scratchDir, 'experiment-matrix-'));
const SCHEMA = 'ssb_matrix';
const MB = 1024 * 1024;
/** Slow enough at SF 0.01 to be killed while it runs; bplab tags the statements it runs "bplab run". */
const SLOW_READ = 'select count(*) from lineorder a join dim_date b on a.lo_quantity + b.d_year > 0';
let app: App;
let sb: SandboxInfo;
let slowQueryId: string;

async function ok<T>(name: RequestName, args: unknown): Promise<T> {
  const r = await dispatchAndWait(app, name, args as never);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value as T;
}

/** The sandbox as bplab sees it now (its pid changes with every start). */
async function sandbox(): Promise<SandboxInfo> {
  sb = (await ok<SandboxInfo[]>('sandboxes/list', {})).find((s) => s.id === sb.id)!;
  return sb;
}

const connect = () =>
  mysql.createConnection({ host: '127.0.0.1', port: sb.port, user: 'root', connectTimeout: 5000 });

async function globalValue(variable: string): Promise<string | number | null> {
  const c = await connect();
  try {
    const [rows] = await c.query<RowDataPacket[]>(`SELECT @@GLOBAL.${variable} AS v`);
    return rows[0]!.v as string | number | null;
  } finally {
    await c.end();
  }
}

function experiment(name: string, over: Partial<ExperimentDefinitionInput>) {
  const def = ExperimentDefinitionSchema.parse({
    name,
    schema: SCHEMA,
    queries: [{ queryId: 'Q1.1' }],
    servers: [{ label: 'sb', profileId: sb.profileId, sandboxId: sb.id }],
    protocol: { cold: false, hotRuns: 1 },
    ...over,
  });
  const file = join(dir, `${name}.bplab.json`);
  return {
    file,
    run: (signal = new AbortController().signal) => app.experiments.execute(def, file, name, signal),
  };
}

beforeAll(async () => {
  app = await createApp({
    dataDir: dir,
    transport: 'browser',
    version: 'test',
    sandboxTemplates: server.templatesDir,
  });
  sb = await ok<SandboxInfo>('sandboxes/create', {
    spec: { name: 'matrix', binaryPath: server.binaryPath, bufferPoolSize: '32M' },
  });
  await generateDataset({ schema: SCHEMA, sf: 0.01, seed: 1 }, { connect, bplabVersion: 'test' });
  slowQueryId = (
    await ok<CatalogueQuery>('queries/save', {
      draft: { title: 'slow read', variants: [{ variant: 'base', label: 'cross', sql: SLOW_READ }] },
    })
  ).id;
}, 300_000);
afterAll(async () => {
  await app.dispatch('sandboxes/delete', { id: sb.id });
  await app.shutdown();
});

describe(`an experiment's matrix on a ${server.label} sandbox`, () => {
  it('resizes the buffer pool online, runs only once the resize is done, records the new size, and puts it back', async () => {
    const own = Number(await globalValue('innodb_buffer_pool_size'));
    expect(own).toBe(32 * MB);
    // The server's own rounding unit: MySQL resizes in multiples of chunk size × instances; MariaDB has one pool.
    const unit =
      Number(await globalValue('innodb_buffer_pool_chunk_size')) *
      (server.flavor === 'mariadb' ? 1 : Number(await globalValue('innodb_buffer_pool_instances')));
    const asked = 200 * MB;
    const exactAtRestart = server.flavor === 'mysql' && !/^5\.[56]\./.test(server.version);
    const { file, run } = experiment('pool', {
      matrix: [{ kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['200M'] }],
      protocol: { cold: false, hotRuns: 2 },
    });
    const outcome = await run();
    expect(outcome.error).toBeNull();
    expect(outcome.state).toBe('complete');
    expect(outcome.results).toHaveLength(2);
    for (const r of outcome.results) {
      expect(r.run.state).toBe('complete');
      const size = r.run.server.bufferPoolSizeBytes;
      expect(size).toBeGreaterThanOrEqual(asked);
      if (unit > 0) expect(size).toBeLessThan(asked + unit);
      // MySQL 5.7+ settles an online resize at a multiple of the chunk it started with (224M here); the
      // sandbox is then restarted with the size, in chunks of the size itself: exactly the size asked.
      if (exactAtRestart) expect(size).toBe(asked);
      // The pool itself has that size before the first query (the resize had finished, not just begun):
      // INNODB_BUFFER_POOL_STATS counts its pages.
      const pages = r.run.poolStats.before.reduce((n, p) => n + p.poolSize, 0);
      expect(pages * r.run.server.pageSizeBytes).toBeGreaterThan(0.9 * size);
      expect(pages * r.run.server.pageSizeBytes).toBeLessThanOrEqual(size);
    }
    const saved = parseExperimentFile(readFileSync(file, 'utf8'), file);
    expect(saved.results[0]!.run.server.bufferPoolSizeBytes).toBe(
      outcome.results[0]!.run.server.bufferPoolSizeBytes,
    );
    expect(outcome.restored).toEqual([
      ...(exactAtRestart ? [expect.stringContaining('restarted on its own options')] : []),
      expect.stringContaining(`innodb_buffer_pool_size back to ${formatBytes(own)}`),
    ]);
    expect(Number(await globalValue('innodb_buffer_pool_size'))).toBe(own);
  }, 300_000);

  it('applies a startup-only option by restarting the sandbox, and puts the sandbox back on its own options', async () => {
    // Not the server's default: MariaDB 10.11+ and MySQL 8.4+ (9.7 here) default to O_DIRECT, MySQL 8.0
    // to fsync, 5.7 to NULL.
    const own = await globalValue('innodb_flush_method');
    const temporary = own === 'O_DIRECT' ? 'fsync' : 'O_DIRECT';
    expect(own).not.toBe(temporary);
    const { run } = experiment('startup', {
      matrix: [{ kind: 'startup', variable: 'innodb_flush_method', values: [temporary] }],
      protocol: { cold: true, hotRuns: 1 },
    });
    const outcome = await run();
    expect(outcome.error).toBeNull();
    expect(outcome.state).toBe('complete');
    expect(outcome.results.map((r) => [r.pass.kind, r.run.state, r.run.server.flushMethod])).toEqual([
      ['cold', 'complete', temporary],
      ['hot', 'complete', temporary],
    ]);
    expect(outcome.results[0]!.cold!.how).toMatch(/^restart/);
    expect(outcome.restored).toContain('sb: restarted on its own options');
    await sandbox();
    expect(sb.status).toBe('running');
    expect(await globalValue('innodb_flush_method')).toBe(own);
    expect(sb.spec.options ?? {}).not.toHaveProperty('innodb_flush_method');
    // No record is left for the next bplab to put back: it is back already.
    expect(existsSync(join(dir, 'sandboxes', sb.id, 'temporary-options.json'))).toBe(false);
  }, 300_000);
});

describe(`mysqld killed with -9 during an experiment on a ${server.label} sandbox`, () => {
  /** Starts the experiment, kills the server while the slow read runs, and waits for the outcome. */
  async function killedMidRun(onInterruption: 'continue' | 'stop') {
    if ((await sandbox()).status !== 'running') sb = await ok<SandboxInfo>('sandboxes/start', { id: sb.id });
    const own = Number(await globalValue('innodb_old_blocks_time'));
    const { file, run } = experiment(`killed-${onInterruption}`, {
      queries: [{ queryId: 'Q1.1' }, { queryId: slowQueryId }, { queryId: 'Q2.1' }],
      matrix: [
        { kind: 'global', variable: 'innodb_old_blocks_time', values: [String(own === 0 ? 1000 : 0)] },
      ],
      protocol: { cold: false, hotRuns: 1, onInterruption },
    });
    const outcome = run();
    const watcher = await connect();
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [rows] = await watcher.query<RowDataPacket[]>(
          "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE '%bplab run%lo_quantity + b.d_year%' AND COMMAND = 'Query' AND ID <> CONNECTION_ID()",
        );
        if (Number(rows[0]!.n) > 0) break;
        if (Date.now() > deadline) throw new Error('the slow read never ran');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await watcher.end();
    }
    const killed = (await sandbox()).pid!;
    process.kill(killed, 'SIGKILL');
    const done = await outcome;
    const saved = parseExperimentFile(readFileSync(file, 'utf8'), file);
    return { own, killed, done, saved };
  }

  it('"go on": the run is interrupted in words, the sandbox comes back, and the next query runs on the same settings', async () => {
    const { own, killed, done, saved } = await killedMidRun('continue');
    expect(done.error).toBeNull();
    expect(done.state).toBe('complete');
    expect(done.results.map((r) => [r.run.queryId, r.run.state])).toEqual([
      ['Q1.1', 'complete'],
      [slowQueryId, 'interrupted'],
      ['Q2.1', 'complete'],
    ]);
    const interrupted = done.results[1]!.run;
    expect(interrupted.error).toMatch(/The server closed the connection while .* ran/);
    // Q2.1 ran on a server started again, with the configuration's value set again.
    const after = done.results[2]!;
    expect(after.run.server.oldBlocksTimeMs).toBe(own === 0 ? 1000 : 0);
    expect(after.cold?.note).toMatch(/restarted after .* stopped/);
    expect(saved.state).toBe('complete');
    expect(saved.results.map((r) => r.run.state)).toEqual(['complete', 'interrupted', 'complete']);
    await sandbox();
    expect(sb.status).toBe('running');
    expect(sb.pid).not.toBe(killed);
    expect(Number(await globalValue('innodb_old_blocks_time'))).toBe(own);
  }, 300_000);

  it('"stop": the run is interrupted in words, the experiment stops there and says why, and nothing after it ran', async () => {
    const { done, saved } = await killedMidRun('stop');
    expect(done.state).toBe('failed');
    expect(done.error).toMatch(
      new RegExp(`^Stopped after ${slowQueryId} on sb: The server closed the connection`),
    );
    expect(done.results.map((r) => [r.run.queryId, r.run.state])).toEqual([
      ['Q1.1', 'complete'],
      [slowQueryId, 'interrupted'],
    ]);
    expect(saved.state).toBe('failed');
    expect(saved.results).toHaveLength(2);
    // The user chose to stop: bplab leaves the server as the kill left it, and says its settings wait in the journal.
    expect((await sandbox()).status).not.toBe('running');
    expect(done.restored.join(' ')).toMatch(
      /could not restore its settings now .* the next connection restores them/,
    );
    await ok('sandboxes/start', { id: sb.id });
  }, 300_000);
});
