/**
 * Both sides of old_blocks_time (issue 18, item 4) against a real server, kept small: a 2,000-row
 * sbtest1, point selects for a couple of seconds per side, one SSB query (Q1.1) on an SF 0.005 dataset,
 * old_blocks_time 0 then 1000. Only what is deterministic is asserted: the setting journaled while the
 * scan runs and put back after, a QPS sample for every whole second the load ran, the scan inside the
 * load's span, sbtest1's PRIMARY and k_1 pages sampled and never more than the pool. Never which
 * setting is faster.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/main/app';
import { mixedText } from '../../src/main/cli/commands/load-during';
import { SettingsJournal } from '../../src/main/server/settings-journal';
import { generateDataset } from '../../src/main/ssb/datasets';
import { loadLiveRunId } from '../../src/shared/load/load-live';
import { MixedLoadResultSchema, type MixedLoadResult } from '../../src/shared/load/mixed-load';
import type { ConnectionProfile } from '../../src/shared/models';
import { loadWorker } from '../support/workers';
import { testServer } from '../support/test-server';
import { connectToTestServer, dropSchemas, scalar, scratchSchema } from './ssb-support';

const server = testServer();
const connect = connectToTestServer();
const dataDir = mkdtempSync(join(server.scratchDir, 'mixed-'));
const oltpSchema = scratchSchema('bplab_it_mixed_sb');
const ssbSchema = scratchSchema('bplab_it_mixed_ssb');
let app: App;
let admin: Connection;
let profileId: string;
let original: string;

const oldBlocksTime = async () => String(await scalar(admin, 'SELECT @@GLOBAL.innodb_old_blocks_time'));

beforeAll(async () => {
  process.env.BPLAB_LOAD_WORKER = await loadWorker();
  admin = await connect();
  await generateDataset({ schema: ssbSchema, sf: 0.005, seed: 4 }, { connect, bplabVersion: 'test' });
  app = await createApp({ dataDir, transport: 'browser', version: 'test' });
  const saved = await app.dispatch('profiles/save', {
    draft: { name: 'it', transport: 'tcp', host: server.host, port: server.port, user: server.user },
    password: server.password,
  });
  if (!saved.ok) throw new Error(saved.error.message);
  profileId = (saved.value as ConnectionProfile).id;
  original = await oldBlocksTime();
}, 120_000);
afterAll(async () => {
  await dropSchemas(admin, [oltpSchema, ssbSchema]);
  await admin.end();
  await app.shutdown();
});

describe(`point selects beside SSB scans on ${server.label}`, () => {
  let result: MixedLoadResult;
  const duringScan: Array<{ value: string; journaled: string | null | undefined }> = [];

  it('runs old_blocks_time 0 then 1000, each journaled while the scan runs and put back after', async () => {
    const runIds = new Set<string>();
    const unsubscribe = app.events.subscribe((event, payload) => {
      if (event === 'runs/sample') runIds.add((payload as { runId: string }).runId);
    });
    const { taskId, result: done } = app.mixed.start(
      profileId,
      undefined,
      {
        oltp: { schema: oltpSchema, rows: 2_000, clients: 2 },
        ssb: { schema: ssbSchema, queries: [{ queryId: 'Q1.1' }] },
        oldBlocksTimes: [0, 1000],
        leadSeconds: 1.5,
        tailSeconds: 1,
        poll: 250,
      },
      {
        onStep: (_, step) => {
          if (step.kind !== 'query') return;
          const entry = new SettingsJournal(dataDir)
            .pending(profileId)
            .find((e) => e.variable === 'innodb_old_blocks_time');
          void oldBlocksTime().then((value) => duringScan.push({ value, journaled: entry?.before }));
        },
      },
    );
    result = await done;
    unsubscribe();
    // The live view follows the pool under the load's run id while the sides run.
    expect([...runIds]).toEqual([loadLiveRunId(taskId)]);
    expect(result.state, result.sides.map((s) => s.reason).join('; ')).toBe('complete');
    expect(result.sides.map((s) => s.oldBlocksTime)).toEqual([0, 1000]);
    expect(duringScan).toEqual([
      { value: '0', journaled: original },
      { value: '1000', journaled: original },
    ]);
    for (const side of result.sides) expect(side.setting).toEqual({ before: original, restored: true });
    expect(await oldBlocksTime()).toBe(original);
    expect(new SettingsJournal(dataDir).pending(profileId)).toEqual([]);
  }, 60_000);

  it('has a QPS sample for every whole second the load ran, and the scan inside the load', () => {
    for (const side of result.sides) {
      const whole = Math.floor((side.load.toMs - side.load.fromMs) / 1000);
      expect(whole, `old_blocks_time ${side.oldBlocksTime}`).toBeGreaterThanOrEqual(2);
      const seconds = side.seconds.map((s) => Math.round((s.fromMs - side.load.fromMs) / 1000));
      for (let n = 0; n < whole; n++) expect(seconds).toContain(n);
      expect(side.seconds.reduce((a, s) => a + s.qps, 0)).toBeGreaterThan(0);
      expect(side.seconds.reduce((a, s) => a + s.qps, 0)).toBeLessThanOrEqual(side.load.queries);
      expect(side.seconds.every((s) => s.errors === 0)).toBe(true);
      const [scan] = side.queries;
      expect(side.queries).toHaveLength(1);
      expect(scan).toMatchObject({ queryId: 'Q1.1', rows: 1, error: null });
      expect(scan!.fromMs).toBeGreaterThanOrEqual(side.load.fromMs);
      expect(scan!.toMs).toBeLessThanOrEqual(side.load.toMs);
      expect(scan!.fromMs).toBeLessThanOrEqual(scan!.toMs);
    }
  });

  it("samples sbtest1's PRIMARY and k_1 pages in the pool, never more than the pool holds", () => {
    expect(result.server.poolPages).toBeGreaterThan(0);
    for (const side of result.sides) {
      expect(side.pagesNote).toBeNull();
      expect(side.pages.length).toBeGreaterThan(0);
      const names = new Set(side.pages.flatMap((p) => Object.keys(p.indexes)));
      expect([...names].sort()).toEqual(['PRIMARY', 'k_1']);
      for (const p of side.pages) {
        const pages = Object.values(p.indexes).reduce((a, b) => a + b, 0);
        expect(pages).toBeLessThanOrEqual(p.databasePages);
        expect(p.databasePages).toBeLessThanOrEqual(result.server.poolPages);
      }
    }
  });

  it('saves one file the comparison reads, whose words compare 1000 against 0', () => {
    const files = readdirSync(join(dataDir, 'loads')).filter((f) => f.endsWith('.bplab-mixed.json'));
    expect(files).toHaveLength(1);
    const saved = MixedLoadResultSchema.parse(
      JSON.parse(readFileSync(join(dataDir, 'loads', files[0]!), 'utf8')),
    );
    expect(saved.sides.map((s) => s.seconds.length)).toEqual(result.sides.map((s) => s.seconds.length));
    expect(mixedText(saved)).toMatch(/^With old_blocks_time=1000 the point selects' p99 during scans is /);
  });
});
