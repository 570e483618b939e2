/**
 * The runs benchmark (issue 8), on a sandbox of any installed server (MariaDB by default; --binary picks
 * a MySQL) with SSB data, each figure beside its reference measured in the same run, and each printed
 * with the buffer pool size read back from the server (@@innodb_buffer_pool_size), so a figure never
 * claims a pool it did not have:
 *   1. (P3) the live poller's full snapshot end to end (the grouped LRU walk, then the composition and
 *      the map built from it) against the same SQL timed by the `mariadb` client, at a 1 GB and a 128 MB
 *      pool, both filled with data (goal ≤ 1.1×). The client's session gets the limits bplab's walk
 *      session has (walk-session.ts: the walked table held in memory), so both run the same statements;
 *      the client with the server's defaults is printed beside it;
 *   2. (P4) Q1.1's time with the poller at 'auto' against off (goal ≤ 3% slower), then at a fixed
 *      interval shorter than the query so that full snapshots fall during it (their count is printed;
 *      none at the fixed interval is an error), each with the LRU batches and activity marks the runs
 *      recorded (observer cost);
 *   3. bplab's reported Q1.1 time against the `mariadb` client's timing of the same statement
 *      (goal within ±3%), with bplab's timed part alone on a plain connection beside them.
 * Each figure's rounds alternate with its reference's (the order turned round every other round), so a
 * machine whose load drifts weighs on both alike; the load average is printed with each part. The 128 MB
 * pool is reached as the experiment runner reaches a size: online (resizePool, waiting for MySQL's
 * background resize), else by restarting the sandbox with the size as a startup option (MySQL 8.0 with
 * a 1 GB pool of 8 instances refuses 128 MB online: "Failed to validate requested buffer pool size");
 * the size read back must be the size asked for. The sandbox is deleted at the end (--keep keeps it;
 * --reuse DIR runs again on a kept one without loading again, and keeps it).
 * A script that prints figures, not a timed test.
 *
 *   npm run bench -- runs [--sf 1 --rounds 5 --snapshot-rounds 15 --binary /usr/sbin/mariadbd|.../mysqld --keep
 *                       --parts p3,timer,p4,p4-fixed (the parts to run; all by default)
 *                       | --reuse DIR [--name bench-runs --schema ssb_bench]]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import {
  bucketPagesFor,
  compositionOf,
  LruLegend,
  lruWalkSql,
  mapFrameOf,
  walkLru,
  type Queryable,
} from '../src/main/bufferpool/lru';
import { QueryCatalogue } from '../src/main/queries/catalogue';
import { executeHashed } from '../src/main/runs/capture';
import { statementText } from '../src/main/runs/capture';
import { SandboxService } from '../src/main/sandbox/sandboxes';
import { findBinaries } from '../src/main/sandbox/server-binaries';
import { ProfileStore } from '../src/main/profiles/profile-store';
import { cannotResizeOnline, resizePool, sizeBytes } from '../src/main/experiments/cell-settings';
import { SettingsJournal } from '../src/main/server/settings-journal';
import { generateDataset } from '../src/main/ssb/datasets';
import { WALK_MEMORY_CAP, walkMemoryBytes } from '../src/main/bufferpool/walk-session';
import { encodeLruMapFrame } from '../src/shared/runs/lru-map-codec';
import { observerCostWords } from '../src/shared/runs/observer-cost';
import type { PollSetting } from '../src/shared/runs/runs';
import { mariadbClientArgs } from './lib/mariadb-client';
import { benchRunService } from './lib/run-service';

const { values } = parseArgs({
  options: {
    sf: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '5' },
    /** P3's rounds: a snapshot takes well under a second, and a few milliseconds of noise move its ratio. */
    'snapshot-rounds': { type: 'string', default: '15' },
    binary: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    /** With --reuse: the kept sandbox's name and its SSB schema (bench/observer.ts's and bench/whatif.ts's kept ones). */
    name: { type: 'string', default: 'bench-runs' },
    schema: { type: 'string', default: 'ssb_bench' },
    /** Which parts to run: p3 (both pools), timer (part 3), p4 (at auto), p4-fixed (every 250 ms). */
    parts: { type: 'string', default: 'p3,timer,p4,p4-fixed' },
  },
});
const parts = new Set(values.parts.split(','));
const sf = Number(values.sf);
const rounds = Math.max(1, Number(values.rounds));
const snapshotRounds = Math.max(1, Number(values['snapshot-rounds']));
const SCHEMA = values.schema;
/** Part 2's fixed interval between full snapshots: shorter than Q1.1 at SF 1, so they fall during it. */
const SNAPSHOT_MS = 250;
const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`;
const pct = (a: number, b: number) => `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)}%`;
/** Runs `a` and `b` once each per round, b first every other round. */
async function alternate(n: number, a: () => Promise<void>, b: () => Promise<void>): Promise<void> {
  for (let i = 0; i < n; i++)
    if (i % 2 === 0) {
      await a();
      await b();
    } else {
      await b();
      await a();
    }
}
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** 1073741824 → "1024 MiB": the pool as the server reports it. */
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function serverBinary(): Promise<string> {
  if (values.binary) return values.binary;
  const { binaries } = await findBinaries();
  const b = binaries.find((x) => x.flavor === 'mariadb');
  if (!b) throw new Error('no mariadbd found: pass --binary /path/to/mariadbd');
  return b.path;
}

/**
 * Runs statements in one `mariadb` client session with -vvv, which prints each statement's own
 * time as "(1.234 sec)"; returns those times in ms (the client's timing, without its start-up).
 */
function clientTimings(port: number, statements: string[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'mariadb',
      mariadbClientArgs(port, '-D', SCHEMA, '-vvv', '-e', statements.join(';\n')),
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the mariadb client exited with ${code}`));
      const times = [...out.matchAll(/\((?:(\d+) min )?(\d+\.\d+) sec\)/g)].map(
        (m) => (Number(m[1] ?? 0) * 60 + Number(m[2])) * 1000,
      );
      if (times.length !== statements.length)
        return reject(
          new Error(`expected ${statements.length} timings from the client, got ${times.length}`),
        );
      resolve(times);
    });
  });
}

/** Reads every table and index so the pool fills with data. */
async function fillPool(conn: mysql.Connection): Promise<void> {
  // CHECKSUM TABLE reads every row through the clustered index.
  for (const t of ['lineorder', 'part', 'customer', 'supplier', 'dim_date'])
    await conn.query(`CHECKSUM TABLE ${SCHEMA}.${t}`);
  const [keys] = await conn.query<mysql.RowDataPacket[]>(
    `SELECT DISTINCT INDEX_NAME AS i FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'lineorder'`,
    [SCHEMA],
  );
  for (const k of keys)
    await conn.query(`SELECT COUNT(*) FROM ${SCHEMA}.lineorder FORCE INDEX (\`${String(k.i)}\`)`);
}

async function readPoolSize(conn: mysql.Connection): Promise<number> {
  const [[row]] = await conn.query<mysql.RowDataPacket[]>('SELECT @@GLOBAL.innodb_buffer_pool_size AS s');
  return Number(row!.s);
}

async function snapshotFigures(
  conn: mysql.Connection,
  port: number,
  label: string,
  oldMethod: 'is-old' | 'lru-position',
): Promise<void> {
  const [[pool]] = await conn.query<mysql.RowDataPacket[]>(
    // Per instance for the buckets (as a run lays them out), the whole pool for the rest.
    `SELECT MAX(POOL_SIZE) AS size, SUM(POOL_SIZE) AS total, SUM(DATABASE_PAGES) AS pages
       FROM information_schema.INNODB_BUFFER_POOL_STATS`,
  );
  const bucketPages = bucketPagesFor(Number(pool!.size));
  const q: Queryable = { rows: async (sql, v) => (await conn.query(sql, v))[0] as never };
  const legend = new LruLegend();
  const ours: number[] = [];
  const sqlMs: number[] = [];
  const theirs: number[] = [];
  const ownMs: number[] = [];
  const builtMs: number[] = [];
  let rowsOnWire = 0;
  const sql = mysql.format(lruWalkSql(oldMethod), [bucketPages]);
  const limit = walkMemoryBytes(Number(pool!.total));
  // As prepareWalkSession does: above the cap the walk spills on both sides.
  const sameSession =
    limit > WALK_MEMORY_CAP
      ? 'DO 0'
      : `SET SESSION tmp_table_size = ${limit}, max_heap_table_size = ${limit}`;
  const defaults: number[] = [];
  await alternate(
    snapshotRounds,
    async () => {
      // What the poller does per full snapshot: the walk, the composition and map frame built from
      // it, and the frame packed for the wire.
      const start = performance.now();
      const walk = await walkLru(q, oldMethod, bucketPages);
      const walked = performance.now();
      compositionOf(walk, 0);
      encodeLruMapFrame(mapFrameOf(walk, legend, 0));
      ours.push(performance.now() - start);
      sqlMs.push(walk.costMs);
      // Per round, so a round's noise in the statement does not pass for bplab's work.
      ownMs.push(performance.now() - start - walk.costMs);
      builtMs.push(performance.now() - walked);
      rowsOnWire = walk.cells.length;
    },
    async () => {
      // The SET's own time is left out: the walk's is the last timing.
      theirs.push((await clientTimings(port, [sameSession, sql]))[1]!);
      defaults.push(...(await clientTimings(port, [sql])));
    },
  );
  const [a, b, s, d] = [median(ours), median(theirs), median(sqlMs), median(defaults)];
  say(
    `  P3 ${label} (pool read back: ${mib(await readPoolSize(conn))}): ${Number(pool!.pages).toLocaleString('en-US')} pages on the LRU, ${rowsOnWire} rows cross the wire; poller snapshot ${ms(a)} vs mariadb client ${ms(b)} = ${(a / b).toFixed(2)}× (goal ≤ 1.10×)` +
      `\n    of which the statement through mysql2 ${ms(s)} (${(s / b).toFixed(2)}× the client) and bplab's own work on its rows ${ms(median(ownMs))} a round (the composition and map ${ms(median(builtMs))}); the client with the server's default limits ${ms(d)}; ${load()}`,
  );
}

async function main(): Promise<void> {
  const binaryPath = await serverBinary();
  const dataDir = values.reuse ?? mkdtempSync(join(tmpdir(), 'bplab-bench-runs-'));
  const profiles = new ProfileStore(dataDir);
  const sandboxes = new SandboxService({
    root: join(dataDir, 'sandboxes'),
    profiles: { upsert: async (p) => void profiles.put(p), remove: async () => {} },
  });
  say(
    `bplab runs benchmark: SSB SF ${sf}, sandbox of ${binaryPath}, ${rounds} round(s) per figure, ${snapshotRounds} for P3 (medians)`,
  );
  // Its own tmpdir: the grouped LRU walk of a 1 GB pool spills to an on-disk temporary table, and
  // files under the shared /tmp may be cleaned away by others meanwhile.
  const tmp = join(dataDir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const kept = values.reuse ? (await sandboxes.list()).find((x) => x.name === values.name) : undefined;
  if (values.reuse && !kept) throw new Error(`no ${values.name} sandbox in ${values.reuse}`);
  // A kept sandbox starts again with its 1 GB pool (the resize below was for that start only).
  let info = kept
    ? await sandboxes.start(kept.id)
    : await sandboxes.create({
        name: 'bench-runs',
        binaryPath,
        bufferPoolSize: '1G',
        localInfile: true,
        options: { tmpdir: tmp },
      });
  const connect = () => mysql.createConnection(sandboxes.connectionOptions(info));
  let admin = await connect();
  const oldMethod = info.flavor === 'mariadb' ? 'lru-position' : 'is-old';
  const journal = new SettingsJournal(dataDir);
  say(`  server: ${info.flavor} ${info.version}`);
  /**
   * The pool at `value`, as the experiment runner gets it: online where the server can, else a restart
   * with the size as a startup option; then the size read back must be the size asked for.
   */
  const setPoolSize = async (value: string): Promise<void> => {
    const want = sizeBytes(value);
    const server = { label: `${info.flavor} ${info.version}`, profileId: info.profileId };
    const control = { query: (sql: string, v?: unknown[]) => admin.query(sql, v), close: async () => {} };
    let how = 'resized online';
    try {
      await resizePool(control, { journal }, server, value);
      if ((await readPoolSize(admin)) !== want)
        how = `not ${value} online (read back ${mib(await readPoolSize(admin))})`;
    } catch (e) {
      if (!cannotResizeOnline(e)) throw e;
      how = `refused online: ${(e as Error).message}`;
    }
    if (how !== 'resized online') {
      // The refused SET is put back first (a no-op: the pool never changed), then the restart.
      await journal.restore(admin, info.profileId, ['innodb_buffer_pool_size']);
      await admin.end();
      info = await sandboxes.restart(info.id, { bufferPoolSize: value });
      admin = await connect();
      how = `${how}; restarted with innodb_buffer_pool_size=${value} as a startup option`;
    }
    const got = await readPoolSize(admin);
    if (got !== want)
      throw new Error(
        `asked for a ${value} pool, the server has ${mib(got)}: the figures would not be what they say`,
      );
    say(`  (pool ${value}: ${mib(got)} read back from @@innodb_buffer_pool_size; ${how})`);
  };
  try {
    if (!kept) {
      const loadStart = performance.now();
      await generateDataset({ schema: SCHEMA, sf, seed: 1 }, { connect, bplabVersion: 'bench' });
      say(`  (loaded SF ${sf} in ${((performance.now() - loadStart) / 1000).toFixed(0)} s)`);
    } else say(`  (reusing the kept sandbox and its SF ${sf} data in ${dataDir})`);
    await setPoolSize('1G');
    const runs = benchRunService(dataDir, profiles, journal);
    const q11 = async (poll: PollSetting) => {
      const r = await runs.run(info.profileId, undefined, { queryId: 'Q1.1', schema: SCHEMA, poll });
      if (r.state !== 'complete') throw new Error(`Q1.1 ${r.state}: ${r.error}`);
      return r;
    };

    const sql = statementText(new QueryCatalogue(dataDir).resolve('Q1.1', 'base').sql);
    if (parts.has('p3')) {
      say(
        `1. P3: the poller\u2019s snapshot end to end against the bare SQL in the mariadb client (${load()})`,
      );
      await fillPool(admin);
      await snapshotFigures(admin, info.port, '1 GB pool', oldMethod);
    }

    if (parts.has('timer')) {
      say(
        `3. bplab\u2019s reported Q1.1 time against the mariadb client\u2019s timing of the same statement, 1 GB pool (${load()})`,
      );
      // bplab's timed part alone (executeHashed: the statement sent, its rows hashed as they stream, on a
      // plain connection with no capture around it) is the third series: it tells the run's capture
      // from the timer itself.
      const plain = await connect();
      await plain.query(`USE ${SCHEMA}`);
      const ours: number[] = [];
      const bare: number[] = [];
      const theirs: number[] = [];
      await q11('off'); // the pool as every series will find it
      await alternate(
        rounds,
        async () => {
          ours.push((await q11('off')).elapsedMs!);
          bare.push((await executeHashed(plain, sql)).elapsedMs);
        },
        async () => void theirs.push(...(await clientTimings(info.port, [sql]))),
      );
      await plain.end();
      const [a, b, c] = [median(ours), median(bare), median(theirs)];
      say(
        `  bplab ${ms(a)} vs mariadb client ${ms(c)} = ${pct(a, c)} (goal within ±3%); bplab's timer alone on a plain connection ${ms(b)} = ${pct(b, c)}; pool read back: ${mib(await readPoolSize(admin))}; ${load()}`,
      );
    }

    await setPoolSize('128M');
    if (parts.has('p3')) {
      await fillPool(admin);
      await snapshotFigures(admin, info.port, '128 MB pool', oldMethod);
    }

    const pollerPart = async (poll: PollSetting, name: string): Promise<void> => {
      const every = poll === 'auto' ? 'at auto' : `every ${poll} ms, so they fall during the query`;
      say(
        `2. ${name}: Q1.1 with the poller on (full snapshots ${every}) against off, 128 MB pool, alternating (${load()})`,
      );
      await q11('off'); // the same starting pool for both series
      const off: number[] = [];
      const on: number[] = [];
      const offBatches: number[] = [];
      let cost = '';
      await alternate(
        rounds,
        async () => {
          const r = await q11('off');
          off.push(r.elapsedMs!);
          offBatches.push(r.observer?.lruBatches ?? 0);
        },
        async () => {
          const r = await q11(poll);
          on.push(r.elapsedMs!);
          const o = r.observer!;
          if (o.snapshots === 0 && poll !== 'auto')
            throw new Error('the poller took no full snapshot during Q1.1: part 2 would measure nothing');
          cost = `${observerCostWords(r)} (activity marks ${o.activityMarks ?? '—'})`;
        },
      );
      const [mOn, mOff] = [median(on), median(off)];
      say(
        `  ${name} poller on ${ms(mOn)} vs off ${ms(mOff)} = ${pct(mOn, mOff)} (goal ≤ +3%); last run watched: ${cost}; LRU batches of the runs without the poller: ${offBatches.join(', ')}; pool read back: ${mib(await readPoolSize(admin))}; ${load()}`,
      );
    };
    if (parts.has('p4')) await pollerPart('auto', 'P4');
    if (parts.has('p4-fixed')) await pollerPart(SNAPSHOT_MS, `P4 at ${SNAPSHOT_MS} ms`);
  } finally {
    await admin.end();
    // A sandbox it was given (--reuse) is never its to delete.
    if (!values.keep && !values.reuse) {
      await sandboxes.delete(info.id).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    } else say(`kept: sandbox ${info.id} in ${dataDir}`);
  }
}

main().catch((e: unknown) => {
  console.error(`bench/runs.ts failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
