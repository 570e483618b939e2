/**
 * Watching without disturbing (issue 29): Q3.1 at innodb_old_blocks_time 1000 on a small pool, a cold
 * run and hot runs after it from a restarted server, with the poller off, at 'auto' and at a fixed
 * interval, in turn. Per run: its time, the pages made young (the pool's PAGES_MADE_YOUNG over the
 * run), and what the run recorded of its observer cost (LRU snapshots, the page cleaner's LRU batches
 * and the activity count, INNODB_METRICS). A watched run should make as many pages young and see as
 * many batches as an unwatched one. The load average is printed with each sequence.
 * A script that prints figures, not a timed test.
 *
 *   npm run bench -- observer [--binary .../mysqld --sf 1 --pool 128M --hot 2 --rounds 2 --poll off,auto,1000
 *                            --reuse DIR --name bench-runs --schema ssb_bench --keep]
 *
 * Measured on MySQL 8.0.31, SF 1, 128 MB, cold + 1 hot, load average 13-42 (2 cores shared by 8):
 * the walk spilled to InnoDB (before walk-session.ts), at 1 s: 67 and 65 LRU batches, 63 and 65
 * activity marks (one a snapshot); held in memory: 0 batches and 0 marks at 1 s (99 and 75 snapshots),
 * at auto (4 and 5) and off. Pages made young follow the query's pace at old_blocks_time 1000 (a page
 * is made young when touched again over 1 s after its first access) and moved with the load:
 * 2,509 / 2,261 off, 349 / 15 at auto, 3,584 / 420 at 1 s.
 *
 * --reuse runs on a kept sandbox with its data (bench/runs.ts --keep leaves one named bench-runs with
 * ssb_bench); without it a sandbox is made and SF `--sf` generated.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { waitForPurge } from '../src/main/bufferpool/purge';
import { ProfileStore } from '../src/main/profiles/profile-store';
import { SandboxService } from '../src/main/sandbox/sandboxes';
import { SettingsJournal } from '../src/main/server/settings-journal';
import { generateDataset } from '../src/main/ssb/datasets';
import type { PollSetting, RunResult } from '../src/shared/runs/runs';
import { benchRunService } from './lib/run-service';

const { values } = parseArgs({
  options: {
    binary: { type: 'string' },
    sf: { type: 'string', default: '1' },
    pool: { type: 'string', default: '128M' },
    hot: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '1' },
    poll: { type: 'string', default: 'off,auto,1000' },
    query: { type: 'string', default: 'Q3.1' },
    reuse: { type: 'string' },
    name: { type: 'string', default: 'bench-observer' },
    schema: { type: 'string', default: 'ssb_observer' },
    keep: { type: 'boolean', default: false },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`;
const polls: PollSetting[] = values.poll.split(',').map((p) => (p === 'auto' || p === 'off' ? p : Number(p)));

const madeYoung = (r: RunResult): number => {
  const sum = (ps: RunResult['poolStats']['before'] | null) =>
    (ps ?? []).reduce((n, p) => n + p.pagesMadeYoung, 0);
  return sum(r.poolStats.after) - sum(r.poolStats.before);
};

async function main(): Promise<void> {
  const dataDir = values.reuse ?? mkdtempSync(join(tmpdir(), 'bplab-bench-observer-'));
  const profiles = new ProfileStore(dataDir);
  const sandboxes = new SandboxService({
    root: join(dataDir, 'sandboxes'),
    profiles: { upsert: async (p) => void profiles.put(p), remove: async () => {} },
  });
  const kept = (await sandboxes.list()).find((x) => x.name === values.name);
  if (values.reuse && !kept) throw new Error(`no ${values.name} sandbox in ${values.reuse}`);
  if (!kept && !values.binary) throw new Error('pass --binary /path/to/mysqld (or --reuse DIR)');
  let info = kept
    ? await sandboxes.start(kept.id)
    : await sandboxes.create({ name: values.name, binaryPath: values.binary!, bufferPoolSize: values.pool });
  const connect = () => mysql.createConnection(sandboxes.connectionOptions(info));
  if (!kept)
    await generateDataset(
      { schema: values.schema, sf: Number(values.sf), seed: 1 },
      { connect, bplabVersion: 'bench' },
    );
  const journal = new SettingsJournal(dataDir);
  const runs = benchRunService(dataDir, profiles, journal);
  say(
    `bplab observer benchmark: ${values.query} at innodb_old_blocks_time 1000, ${info.flavor} ${info.version}, pool ${values.pool}, a cold run and ${values.hot} hot per sequence, poll ${values.poll}, ${values.rounds} round(s)`,
  );
  const totals = new Map<string, { young: number[]; batches: number[]; ms: number[] }>();
  try {
    for (let round = 0; round < Number(values.rounds); round++)
      for (const poll of round % 2 ? [...polls].reverse() : polls) {
        info = await sandboxes.restart(info.id, { bufferPoolSize: values.pool });
        const admin = await connect();
        // A bench sandbox: set directly (a restart puts the sandbox's own setting back).
        await admin.query('SET GLOBAL innodb_old_blocks_time = 1000');
        const [[pool]] = await admin.query<mysql.RowDataPacket[]>(
          'SELECT @@innodb_buffer_pool_size AS s, @@innodb_old_blocks_time AS t',
        );
        await waitForPurge({ rows: async <T>(sql: string) => (await admin.query(sql))[0] as T[] });
        await admin.end();
        const line: string[] = [];
        const t = totals.get(String(poll)) ?? { young: [], batches: [], ms: [] };
        for (let i = 0; i <= Number(values.hot); i++) {
          const r = await runs.run(info.profileId, undefined, {
            queryId: values.query,
            schema: values.schema,
            poll,
          });
          if (r.state !== 'complete') throw new Error(`${values.query} ${r.state}: ${r.error}`);
          const o = r.observer!;
          t.young.push(madeYoung(r));
          t.batches.push(o.lruBatches ?? 0);
          t.ms.push(r.elapsedMs!);
          line.push(
            `${i === 0 ? 'cold' : `hot ${i}`} ${r.elapsedMs!.toFixed(0)} ms, ${madeYoung(r)} made young, ${o.lruBatches ?? '—'} LRU batches, ${o.snapshots} snapshots, activity ${o.activityMarks ?? '—'}`,
          );
        }
        totals.set(String(poll), t);
        say(
          `  poll ${poll} (pool read back ${Number(pool!.s) / 1024 / 1024} MiB, old_blocks_time ${pool!.t}): ${line.join('; ')}; ${load()}`,
        );
      }
    say('totals over every sequence:');
    for (const [poll, t] of totals) {
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      say(
        `  poll ${poll}: ${sum(t.young)} pages made young, ${sum(t.batches)} LRU batches, ${(sum(t.ms) / 1000).toFixed(1)} s of queries over ${t.ms.length} runs`,
      );
    }
  } finally {
    await runs.shutdown();
    if (!values.keep && !values.reuse) {
      await sandboxes.delete(info.id).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    } else say(`kept: sandbox ${info.id} in ${dataDir}`);
  }
}

main().catch((e: unknown) => {
  console.error(`bench/observer.ts failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
