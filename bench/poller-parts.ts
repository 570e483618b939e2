/**
 * Where the live poller's cost to a query comes from (issue 29's P4): Q1.1 on a plain connection
 * (bplab's timed part, executeHashed) with, on a second connection, nothing; the poller's pool-stats
 * reads alone (no LRU walk, their interval as at 'auto'); the whole poller at 'auto'. The three
 * series rotate their order every round, each after one untimed Q1.1 that leaves the pool as the
 * next will find it; the medians are printed beside the bare one, with each poller's own count of
 * reads and walks, so the split is measured, not assumed. On a kept SSB sandbox (bench/runs.ts --keep,
 * bench/observer.ts's), at the pool asked for (restarted with it, read back).
 *
 *   npm run bench -- poller-parts --reuse DIR --name NAME --schema ssb_sf1 [--pool 128M --rounds 9]
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { bucketPagesFor, readPoolStats, walkLru, type Queryable } from '../src/main/bufferpool/lru';
import { LivePoller } from '../src/main/bufferpool/poller';
import { median as sharedMedian } from '../src/shared/compare/comparison';
import { QueryCatalogue } from '../src/main/queries/catalogue';
import { executeHashed, statementText } from '../src/main/runs/capture';
import { SandboxService } from '../src/main/sandbox/sandboxes';
import { sizeBytes } from '../src/main/experiments/cell-settings';
import { join } from 'node:path';

const { values } = parseArgs({
  options: {
    reuse: { type: 'string' },
    name: { type: 'string', default: 'bench-runs' },
    schema: { type: 'string', default: 'ssb_bench' },
    pool: { type: 'string', default: '128M' },
    rounds: { type: 'string', default: '9' },
    query: { type: 'string', default: 'Q1.1' },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`;
const median = (xs: number[]): number => sharedMedian(xs)!;
const pct = (a: number, b: number) => `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)}%`;

type Side = 'bare' | 'stats' | 'auto';

async function main(): Promise<void> {
  if (!values.reuse) throw new Error('--reuse DIR: a kept sandbox with SSB data');
  const sandboxes = new SandboxService({ root: join(values.reuse, 'sandboxes') });
  const kept = (await sandboxes.list()).find((x) => x.name === values.name);
  if (!kept) throw new Error(`no ${values.name} sandbox in ${values.reuse}`);
  const info = await sandboxes.restart(kept.id, { bufferPoolSize: values.pool });
  const connect = () =>
    mysql.createConnection({ ...sandboxes.connectionOptions(info), database: values.schema });
  const plain = await connect();
  const admin = await connect();
  const q = (c: mysql.Connection): Queryable => ({
    rows: async (sql, v) => (await c.query(sql, v))[0] as never,
  });
  const [[size]] = await admin.query<mysql.RowDataPacket[]>('SELECT @@GLOBAL.innodb_buffer_pool_size AS s');
  if (Number(size!.s) !== sizeBytes(values.pool))
    throw new Error(`asked for ${values.pool}, the server has ${String(size!.s)} bytes`);
  const sql = statementText(new QueryCatalogue(values.reuse).resolve(values.query, 'base').sql);
  const oldMethod = info.flavor === 'mariadb' ? 'lru-position' : 'is-old';
  const poolPages = (await readPoolStats(q(admin))).reduce((n, p) => n + p.poolSize, 0);
  say(
    `poller parts: ${values.query} on ${info.flavor} ${info.version}, pool ${values.pool} read back (${poolPages} pages), ${values.rounds} rounds; ${load()}`,
  );
  const times: Record<Side, number[]> = { bare: [], stats: [], auto: [] };
  const counts: Record<Side, string[]> = { bare: [], stats: [], auto: [] };
  const once = async (side: Side): Promise<void> => {
    await executeHashed(plain, sql); // untimed: the pool as every side finds it
    let poller: LivePoller | null = null;
    let t0 = 0;
    if (side !== 'bare') {
      // The run service measures a walk before the query and spaces 'auto' by it; so does this.
      const before =
        side === 'auto' ? (await walkLru(q(admin), oldMethod, bucketPagesFor(poolPages))).costMs : undefined;
      poller = new LivePoller({
        conn: q(admin),
        setting: 'auto',
        oldMethod,
        bucketPages: bucketPagesFor(poolPages),
        walkLru: side === 'auto',
        cachedIndexes: false,
        expectedSnapshotMs: before,
        clock: () => performance.now() - t0,
        onSample: () => {},
      });
    }
    t0 = performance.now();
    poller?.start();
    const r = await executeHashed(plain, sql);
    await poller?.stop();
    times[side].push(r.elapsedMs);
    if (poller) {
      const s = poller.samples();
      const cost = poller.cost();
      counts[side].push(
        `${s.stats.length} reads, ${cost.snapshots} walks (${(cost.serverShare * 100).toFixed(1)}%)`,
      );
    }
  };
  const order: Side[] = ['bare', 'stats', 'auto'];
  for (let round = 0; round < Number(values.rounds); round++) {
    const turn = [...order.slice(round % 3), ...order.slice(0, round % 3)];
    for (const side of turn) await once(side);
    say(`  round ${round + 1}: ${turn.map((s) => `${s} ${times[s].at(-1)!.toFixed(0)} ms`).join(', ')}`);
  }
  const b = median(times.bare);
  say(
    `bare ${b.toFixed(1)} ms (spread ${Math.min(...times.bare).toFixed(0)}–${Math.max(...times.bare).toFixed(0)})`,
  );
  for (const side of ['stats', 'auto'] as const)
    say(
      `${side} ${median(times[side]).toFixed(1)} ms = ${pct(median(times[side]), b)} (spread ${Math.min(...times[side]).toFixed(0)}–${Math.max(...times[side]).toFixed(0)}); last: ${counts[side].at(-1)}`,
    );
  say(load());
  await plain.end();
  await admin.end();
  await sandboxes.stop(info.id);
}

main().catch((e: unknown) => {
  console.error(`bench/poller-parts.ts failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
