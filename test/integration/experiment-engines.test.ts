/**
 * Post 003 as one experiment on a real sandbox: the MyISAM vs InnoDB preset finds the dataset's copy in
 * the other engine, and each query runs cold (restart, purge, files evicted) then hot on each engine, with
 * the key buffer and pool sized by the preset, the same answers from both, and key_buffer_size put back.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/main/app';
import { parseExperimentFile } from '../../src/main/experiments/experiment-file';
import { generateDataset } from '../../src/main/ssb/datasets';
import { coldHotView } from '../../src/shared/compare/cold-hot';
import { compareSides } from '../../src/shared/compare/comparison';
import { engineFindings } from '../../src/shared/compare/engine-findings';
import { findFindings } from '../../src/shared/compare/findings';
import { groupResults } from '../../src/shared/compare/grouping';
import { ExperimentDefinitionSchema } from '../../src/shared/experiments/experiments';
import type { SandboxInfo } from '../../src/shared/models';
import { testServer } from '../support/test-server';
import { openSandboxApp, type SandboxApp } from '../support/sandbox-app';

const server = testServer();
const dir = mkdtempSync(join(server.scratchDir, 'experiment-engines-'));
let app: App;
let sb: SandboxInfo;
const connect = () => mysql.createConnection({ host: '127.0.0.1', port: sb.port, user: 'root' });

let lab: SandboxApp;
beforeAll(async () => {
  lab = await openSandboxApp(dir, 'eng', 'ssb_eng');
  ({ app, sb } = lab);
}, 300_000);
afterAll(async () => {
  await lab?.close();
});

const servers = () => [{ label: 'sb', profileId: sb.profileId, sandboxId: sb.id }];

describe(`MyISAM against InnoDB on a ${server.label} sandbox`, () => {
  it('says which copy is missing, with the command that makes it', async () => {
    const preset = await app.dispatch('experiments/preset', {
      presetId: 'myisam-vs-innodb',
      servers: servers(),
      schema: 'ssb_eng',
    });
    expect(preset.ok).toBe(false);
    if (preset.ok) return;
    expect(preset.error.message).toBe(
      'MyISAM against InnoDB needs ssb_eng in both engines on sb, with the same scale factor and seed; it has only one.',
    );
    // The dataset's own scale factor and seed, and the sandbox it is on (it said --sf 1 and no target).
    expect(preset.error.hint).toContain(
      `bplab ssb generate --sf 0.01 --seed 1 --engine myisam --schema ssb_eng_myisam --sandbox ${sb.id}`,
    );
  });

  it('runs each query cold then hot on both engines, with the same answers, and puts key_buffer_size back', async () => {
    await generateDataset(
      { schema: 'ssb_eng_my', sf: 0.01, seed: 1, engine: 'MyISAM' },
      { connect, bplabVersion: 'test' },
    );
    // A connection of its own each time: the experiment restarts the server in between.
    const keyBuffer = async () => {
      const c = await connect();
      try {
        return Number(
          ((await c.query('SELECT @@GLOBAL.key_buffer_size AS k'))[0] as Array<{ k: number }>)[0]!.k,
        );
      } finally {
        await c.end();
      }
    };
    {
      const before = await keyBuffer();
      const preset = await app.dispatch('experiments/preset', {
        presetId: 'myisam-vs-innodb',
        servers: servers(),
        schema: 'ssb_eng_my',
      });
      if (!preset.ok) throw new Error(preset.error.message);
      const built = ExperimentDefinitionSchema.parse(preset.value);
      // The InnoDB copy first (the baseline), whichever the user picked.
      expect(built.matrix[0]).toEqual({
        kind: 'dataset',
        variable: 'dataset',
        values: ['ssb_eng', 'ssb_eng_my'],
      });
      expect(built.protocol).toMatchObject({ cold: true, hotRuns: 1, coldPerQuery: true });
      const def = ExperimentDefinitionSchema.parse({
        ...built,
        queries: [{ queryId: 'Q1.1' }, { queryId: 'Q3.1' }],
      });
      const file = join(dir, 'engines.bplab.json');
      const outcome = await app.experiments.execute(def, file, 'engines', new AbortController().signal);
      expect(outcome.error).toBeNull();
      expect(outcome.state).toBe('complete');
      const saved = parseExperimentFile(readFileSync(file, 'utf8'), file);
      // 2 engines × 2 queries × (cold + hot), each query's cold run right after its own restart.
      expect(saved.results.map((r) => `${r.run.schema} ${r.run.queryId} ${r.pass.kind}`)).toEqual([
        'ssb_eng Q1.1 cold',
        'ssb_eng Q1.1 hot',
        'ssb_eng Q3.1 cold',
        'ssb_eng Q3.1 hot',
        'ssb_eng_my Q1.1 cold',
        'ssb_eng_my Q1.1 hot',
        'ssb_eng_my Q3.1 cold',
        'ssb_eng_my Q3.1 hot',
      ]);
      for (const r of saved.results) expect(r.run.state).toBe('complete');
      for (const r of saved.results.filter((x) => x.pass.kind === 'cold')) {
        expect(r.cold!.how).toBe('restart-and-evict-files');
        expect(r.cold!.eviction!.residentAfterBytes).toBe(0);
      }
      for (const r of saved.results) {
        expect(r.run.dataset!.engine).toBe(r.run.schema === 'ssb_eng_my' ? 'MyISAM' : 'InnoDB');
        expect(r.run.server.flushMethod).toBe('O_DIRECT');
        // The key buffer the preset set, as the server reported it (at least 8 MB).
        expect(r.run.server.keyBufferSizeBytes).toBeGreaterThanOrEqual(8 * 1024 * 1024);
        expect('readBytes' in r.run.serverProcess!).toBe(true);
      }
      const checksum = (schema: string, q: string) =>
        saved.results.find((r) => r.run.schema === schema && r.run.queryId === q)!.run.checksum;
      for (const q of ['Q1.1', 'Q3.1']) expect(checksum('ssb_eng_my', q)).toBe(checksum('ssb_eng', q));
      // Compared, the sides are the engines, the findings speak of engines and never of bplab's tables.
      const g = groupResults(saved.results, 'configuration');
      expect(g.sides.map((s) => s.label)).toEqual(['InnoDB', 'MyISAM']);
      const findings = findFindings(
        compareSides(g.sides, (run) => g.keys.get(run)),
        6,
        undefined,
        engineFindings(coldHotView(g.protocol)),
      );
      const said = findings.summary.map((f) => f.text).join('\n');
      expect(said).toMatch(/^Cold, the server read .* from storage for InnoDB and .* for MyISAM/m);
      expect(said).toMatch(/MyISAM's key cache read from storage/);
      expect(said).not.toMatch(/_bplab|old_blocks_time|no table/);
      expect(await keyBuffer()).toBe(before);
    }
  }, 300_000);
});
