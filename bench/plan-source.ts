/**
 * The plan that ran, on fresh datasets (issue 29): SSB Q1.1 cold on a 16 MB pool, once per freshly
 * loaded dataset (the same rows, reloaded: InnoDB's statistics are sampled anew each time, which is
 * what made MySQL 8.0's EXPLAIN after a cold run name the lineorder scan in 2 of 4). For each run it
 * prints where its recorded plan came from, the plan, and the run's own handler counters: a ref walk
 * reads far fewer rows by scan (Handler_read_rnd_next) than lineorder holds, a lineorder scan reads
 * them all. The recorded plan is the plan that ran when the two agree. The reference is the server's
 * count, not bplab's plan: the check can fail.
 * A script that prints figures, not a timed test.
 *
 *   npm run bench -- plan-source [--flavor mysql-8.0|mariadb-10.11|mysql-5.7 --datasets 10 --sf 0.1 --keep]
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
import type { ExplainCapture, RunResult } from '../src/shared/runs/runs';
import { describePlan, measuredScanRows } from '../src/shared/whatif/plan-check';
import { explainStepsOf } from '../src/shared/whatif/plan-source';
import { binaryForFlavor } from '../test/support/flavors';
import { benchRunService } from './lib/run-service';

const { values } = parseArgs({
  options: {
    flavor: { type: 'string', default: 'mysql-8.0' },
    datasets: { type: 'string', default: '10' },
    sf: { type: 'string', default: '0.1' },
    keep: { type: 'boolean', default: false },
  },
});
const SCHEMA = 'ssb_plan';
const say = (line: string) => process.stdout.write(`${line}\n`);
const count = (n: number) => n.toLocaleString('en-US');

/** What the run's counters say ran: lineorder read in full, or walked by ref. */
function counted(run: RunResult, lineorderRows: number): 'scan' | 'ref walk' | 'unknown' {
  const scanned = measuredScanRows(run);
  if (scanned === null) return 'unknown';
  return scanned >= lineorderRows / 2 ? 'scan' : 'ref walk';
}

/** What the recorded plan says: lineorder read in full (type ALL), by an index, or not at all (no plan). */
function recorded(table: ExplainCapture['table']): 'scan' | 'ref walk' | 'no lineorder' {
  const lineorder = explainStepsOf(table).find((s) => s.table === 'lineorder');
  if (!lineorder) return 'no lineorder';
  return lineorder.type.toLowerCase() === 'all' ? 'scan' : 'ref walk';
}

async function countLineorder(connect: () => Promise<mysql.Connection>): Promise<number> {
  const c = await connect();
  try {
    const [rows] = await c.query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${SCHEMA}.lineorder`);
    return Number(rows[0]?.n);
  } finally {
    await c.end();
  }
}

/** MySQL 8.0 purges a fresh load's undo after the restart; its undo pages would crowd a 16 MB pool meanwhile. */
async function purged(connect: () => Promise<mysql.Connection>): Promise<void> {
  const c = await connect();
  try {
    const waited = await waitForPurge({ rows: async <T>(sql: string) => (await c.query(sql))[0] as T[] });
    if (waited.outcome === 'gave-up') throw new Error(`purge did not catch up: ${waited.words}`);
  } finally {
    await c.end();
  }
}

async function main(): Promise<void> {
  const binary = await binaryForFlavor(values.flavor);
  const datasets = Math.max(1, Number(values.datasets));
  const sf = Number(values.sf);
  const dataDir = mkdtempSync(join(tmpdir(), 'bplab-bench-plan-'));
  const profiles = new ProfileStore(dataDir);
  const sandboxes = new SandboxService({
    root: join(dataDir, 'sandboxes'),
    profiles: { upsert: async (p) => void profiles.put(p), remove: async () => {} },
  });
  let info = await sandboxes.create({
    name: 'bench-plan',
    binaryPath: binary.path,
    bufferPoolSize: '16M',
    localInfile: true,
  });
  const connect = () => mysql.createConnection(sandboxes.connectionOptions(info));
  const journal = new SettingsJournal(dataDir);
  const runs = benchRunService(dataDir, profiles, journal);
  say(
    `bplab plan-source benchmark: ${info.flavor} ${info.version}, SSB SF ${sf}, 16 MB pool, Q1.1 cold on ${datasets} freshly loaded datasets`,
  );
  const rows: string[][] = [];
  let agree = 0;
  let differs = 0;
  let during = 0;
  try {
    for (let i = 1; i <= datasets; i++) {
      await generateDataset(
        { schema: SCHEMA, sf, seed: 1, replace: true },
        { connect, bplabVersion: 'bench' },
      );
      const lineorderRows = await countLineorder(connect);
      // Cold: a restart (dump and load at startup are off), then purge caught up, as an experiment's cold pass.
      info = await sandboxes.restart(info.id);
      await purged(connect);
      const run = await runs.run(info.profileId, undefined, { queryId: 'Q1.1', schema: SCHEMA, poll: 'off' });
      if (run.state !== 'complete' || !run.explain) throw new Error(`Q1.1 ${run.state}: ${run.error}`);
      const ran = counted(run, lineorderRows);
      const rec = recorded(run.explain.table);
      if (ran === rec) agree++;
      if (run.explain.afterRunNote) differs++;
      if (run.explain.source === 'during-run') during++;
      rows.push([
        String(i),
        run.explain.source ?? 'after-run',
        describePlan(explainStepsOf(run.explain.table)),
        count(measuredScanRows(run) ?? NaN),
        count(lineorderRows),
        ran,
        ran === rec ? 'yes' : 'NO',
        `${(run.server.bufferPoolSizeBytes / 1048576).toFixed(0)} MiB`,
        run.explain.afterRunNote ? describePlan(explainStepsOf(run.explain.afterRun!.table)) : 'same plan',
      ]);
      say(
        `  dataset ${i}: ${rows[rows.length - 1]!.join(' | ')}  (load average ${loadavg()[0]!.toFixed(1)})`,
      );
      if (run.explain.afterRunNote) say(`    ${run.explain.afterRunNote}`);
      if (run.explain.sourceNote) say(`    ${run.explain.sourceNote}`);
    }
    say('');
    say(
      '| dataset | plan source | recorded plan | Handler_read_rnd_next | lineorder rows | the counters say | recorded = ran | pool read back | EXPLAIN after the run |',
    );
    say('|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) say(`| ${r.join(' | ')} |`);
    say('');
    say(
      `${info.flavor} ${info.version}: the recorded plan is the plan that ran in ${agree} of ${datasets}; read during the run in ${during} of ${datasets}; the EXPLAIN after the run named another plan in ${differs} of ${datasets}.`,
    );
  } finally {
    await runs.shutdown();
    if (!values.keep) {
      await sandboxes.delete(info.id).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    } else say(`(kept in ${dataDir})`);
  }
}

await main();
