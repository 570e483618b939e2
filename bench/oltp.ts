/**
 * The OLTP load benchmark (issues 18 and 30): on one sandbox (MariaDB 10.11 by default, --flavor
 * mysql-8.0 ...), on the same sbtest tables bplab prepared, at 1, 4, 16 and 64 clients, alternating
 * (the engine and sysbench alone take turns first, bplab's own last, each side after the server has
 * settled), with the same seconds, warm-up and key distribution: bplab's load driven by sysbench (its
 * sysbench engine, with its per-second JSON and histograms), sysbench 1.0.20's oltp_point_select run
 * alone, and bplab's own Node engine beside them. Prints each step's QPS (goal: the sysbench engine at
 * least 0.95× sysbench alone at every step), the p99s, the SELECT 1 ceiling at that concurrency and
 * bplab's own engine's CPU share; and checks each side measured what it says: its queries against the
 * server's own Com_select delta over its run, the tables' rows, the pool size.
 *
 *   npm run bench:oltp [-- --flavor mariadb-10.11|mysql-8.0|mysql-5.7 --seconds 10 --warmup 2
 *                         --clients 1,4,16,64 --tables 4 --rows 100000 --rounds 1 --pool 512M]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import mysql, { type Connection, type RowDataPacket } from 'mysql2/promise';
import { defaultThreads, runStep, type StepMeasure } from '../src/main/load/load-step';
import { findSysbench } from '../src/main/load/sysbench-find';
import { runSysbenchStep } from '../src/main/load/sysbench-step';
import { prepareSbtest } from '../src/main/load/sbtest-prepare';
import { SandboxService } from '../src/main/sandbox/sandboxes';
import { findBinaries } from '../src/main/sandbox/server-binaries';
import { binaryForFlavor } from '../test/support/flavors';
import { loadWorker } from '../test/support/workers';

const GOAL = 0.95;

const { values } = parseArgs({
  options: {
    flavor: { type: 'string', default: process.env.BPLAB_BENCH_FLAVOR ?? 'mariadb-10.11' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    clients: { type: 'string', default: '1,4,16,64' },
    tables: { type: 'string', default: '4' },
    rows: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '1' },
    pool: { type: 'string', default: '512M' },
    threads: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const tables = Number(values.tables);
const rows = Number(values.rows);
const clientCounts = values.clients.split(',').map(Number);
const say = (line: string) => process.stdout.write(`${line}\n`);
const n0 = (n: number) => Math.round(n).toLocaleString('en-US');

async function serverBinary(): Promise<string> {
  if (values.flavor !== 'mariadb-10.11') return (await binaryForFlavor(values.flavor)).path;
  const b = (await findBinaries()).binaries.find((x) => x.flavor === 'mariadb');
  if (!b) throw new Error('no mariadbd found');
  return b.path;
}

async function status(admin: Connection, name: string): Promise<number> {
  const [r] = await admin.query<RowDataPacket[]>('SHOW GLOBAL STATUS LIKE ?', [name]);
  return Number(r[0]?.Value);
}

/** CPU seconds a process has used, from /proc (utime + stime, in ticks of 1/100 s). */
function cpuSec(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

interface Side {
  qps: number;
  p99: number;
  queries: number;
  serverSelects: number;
  serverCpu: number;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'bplab-bench-oltp-'));
  const sandboxes = new SandboxService({ root });
  const info = await sandboxes.create({
    name: 'oltp',
    binaryPath: await serverBinary(),
    bufferPoolSize: values.pool,
    localInfile: true,
  });
  const opts = sandboxes.connectionOptions(info);
  const pid = (await sandboxes.get(info.id)).pid!;
  const connect = () =>
    mysql.createConnection({ host: opts.host, port: opts.port, user: opts.user, flags: ['LOCAL_FILES'] });
  const admin = await connect();
  try {
    const [v] = await admin.query<RowDataPacket[]>(
      'SELECT @@version AS v, @@innodb_buffer_pool_size AS pool',
    );
    const prep = await prepareSbtest(connect, { schema: 'sbtest', tables, rows }, () => {});
    const [counted] = await admin.query<RowDataPacket[]>(
      `SELECT ${Array.from({ length: tables }, (_, i) => `(SELECT COUNT(*) FROM sbtest.sbtest${i + 1})`).join(' + ')} AS n`,
    );
    const { stdout: sb } = await promisify(execFile)('sysbench', ['--version']);
    say(
      `server: ${String(v[0]?.v)} on 127.0.0.1:${opts.port}, buffer pool ${n0(Number(v[0]?.pool) / 2 ** 20)} MiB`,
    );
    say(
      `tables: ${tables} × ${n0(rows)} rows prepared by bplab in ${prep.seconds.toFixed(1)} s; the server counts ${n0(Number(counted[0]?.n))} rows (asked ${n0(tables * rows)})`,
    );
    say(
      `load average (1, 5, 15 min) at the start: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
    say(
      `reference: ${sb.trim()}; each step ${seconds} s after a ${warmup} s warm-up, key distribution special, prepared statements`,
    );
    const workerFile = await loadWorker();
    const connection = {
      host: opts.host,
      port: opts.port,
      user: opts.user,
      password: '',
      database: 'sbtest',
    };
    const mix = { tables, rows, distribution: 'special' as const, rangeSize: 100 };

    const bplab = async (
      clients: number,
      kind: 'point-select' | 'select-1',
    ): Promise<Side & { m: StepMeasure }> => {
      let before = 0;
      let cpu0 = 0;
      const m = await runStep({
        connection,
        workerFile,
        mix: { ...mix, mix: kind },
        protocol: 'prepared',
        clients,
        threads: values.threads ? Number(values.threads) : defaultThreads(clients),
        warmupSeconds: kind === 'select-1' ? 0 : warmup,
        seconds: kind === 'select-1' ? Math.min(seconds, 5) : seconds,
        atCounted: async () => {
          before = await status(admin, 'Com_select');
          cpu0 = cpuSec(pid);
        },
      });
      const serverCpu = cpuSec(pid) - cpu0;
      const serverSelects = (await status(admin, 'Com_select')) - before;
      return {
        m,
        qps: m.counted.queries / m.counted.seconds,
        p99: m.counted.latency?.p99 ?? 0,
        queries: m.counted.queries,
        serverSelects,
        serverCpu,
      };
    };
    const found = await findSysbench(undefined);
    if (!found || 'problem' in found) throw new Error('sysbench 1.x is not on PATH');
    const engine = async (clients: number): Promise<Side> => {
      let before = 0;
      let cpu0 = 0;
      const m = await runSysbenchStep({
        sysbench: found,
        connection,
        mix: { ...mix, mix: 'point-select' },
        protocol: 'prepared',
        clients,
        warmupSeconds: warmup,
        seconds,
        atCounted: async () => {
          before = await status(admin, 'Com_select');
          cpu0 = cpuSec(pid);
        },
      });
      const serverCpu = cpuSec(pid) - cpu0;
      const serverSelects = (await status(admin, 'Com_select')) - before;
      if (m.state !== 'complete') throw new Error(`the sysbench engine's step ended ${m.state}: ${m.reason}`);
      return {
        qps: m.counted.queries / m.counted.seconds,
        p99: m.counted.latency?.p99 ?? 0,
        queries: m.counted.queries,
        serverSelects,
        serverCpu,
      };
    };
    const sysbenchArgs = (clients: number, time: number) => [
      'oltp_point_select',
      `--mysql-host=${opts.host}`,
      `--mysql-port=${opts.port}`,
      `--mysql-user=${opts.user}`,
      '--mysql-db=sbtest',
      `--tables=${tables}`,
      `--table-size=${rows}`,
      `--threads=${clients}`,
      `--time=${time}`,
      '--percentile=99',
      'run',
    ];
    const sysbench = async (clients: number): Promise<Side> => {
      // sysbench 1.0 has no --warmup-time: its warm-up is a run of its own, not counted.
      if (warmup > 0) await promisify(execFile)('sysbench', sysbenchArgs(clients, warmup));
      const before = await status(admin, 'Com_select');
      const cpu0 = cpuSec(pid);
      const { stdout } = await promisify(execFile)('sysbench', sysbenchArgs(clients, seconds));
      const serverCpu = cpuSec(pid) - cpu0;
      const serverSelects = (await status(admin, 'Com_select')) - before;
      const m = /queries:\s+(\d+)\s+\(([\d.]+) per sec/.exec(stdout);
      const p99 = /99th percentile:\s+([\d.]+)/.exec(stdout);
      if (!m || !p99) throw new Error(`could not read sysbench's output:\n${stdout}`);
      return { qps: Number(m[2]), p99: Number(p99[1]), queries: Number(m[1]), serverSelects, serverCpu };
    };

    // Before each side: the connections of the side before closed on the server (Threads_connected
    // back to where it was before any), up to 10 s, then a second for its threads' teardown.
    const idle = await status(admin, 'Threads_connected');
    const settle = async (): Promise<void> => {
      const until = Date.now() + 10_000;
      while ((await status(admin, 'Threads_connected')) > idle && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1000));
    };
    say('');
    say(
      'clients | engine QPS | sysbench QPS | ratio (goal ≥ 0.95) | bplab-own QPS (×) | p99 engine, sysbench, own | SELECT 1 ceiling | own CPU | order',
    );
    const misses: string[] = [];
    const checks: string[] = [];
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const [i, clients] of clientCounts.entries()) {
        // The two sides of the goal take turns first, and bplab's own engine runs last: every step
        // begins after a bplab run (the step before ends with its SELECT 1 ceiling). Rotating all
        // three put the engine right after bplab's own twice as often as sysbench alone, and the
        // engine's misses (0.60–0.79× at 4 clients) were all such steps.
        const order = (
          (round + i) % 2 === 0 ? ['engine', 'sysbench', 'own'] : ['sysbench', 'engine', 'own']
        ) as Array<'engine' | 'sysbench' | 'own'>;
        const got: Partial<Record<(typeof order)[number], Side>> = {};
        let own: Awaited<ReturnType<typeof bplab>> | null = null;
        for (const who of order) {
          await settle();
          if (who === 'engine') got.engine = await engine(clients);
          else if (who === 'sysbench') got.sysbench = await sysbench(clients);
          else got.own = own = await bplab(clients, 'point-select');
        }
        const ceiling = await bplab(clients, 'select-1');
        const e = got.engine!;
        const sb = got.sysbench!;
        const o = own!;
        const ratio = e.qps / sb.qps;
        if (ratio < GOAL) misses.push(`${clients} clients: ${ratio.toFixed(2)}×`);
        say(
          `${String(clients).padStart(7)} | ${n0(e.qps).padStart(10)} | ${n0(sb.qps).padStart(12)} | ${ratio.toFixed(2).padStart(5)}× ${ratio >= GOAL ? 'ok  ' : 'MISS'}        | ${n0(o.qps).padStart(9)} (${(o.qps / sb.qps).toFixed(2)}×) | ${e.p99.toFixed(2)}, ${sb.p99.toFixed(2)}, ${o.p99.toFixed(2)} ms | ${n0(ceiling.qps).padStart(12)} qps | ${(o.m.cpu.share * 100).toFixed(0).padStart(3)}% of ${o.m.cpu.cores} | ${order.join(', ')}`,
        );
        // Each side measured what it says: its queries against the server's Com_select over its run
        for (const [who, side] of [
          ['sysbench engine', e],
          ['sysbench alone', sb],
          ["bplab's own", o],
        ] as const) {
          const off = Math.abs(side.queries - side.serverSelects) / side.serverSelects;
          checks.push(
            `  ${clients} clients, ${who}: counted ${n0(side.queries)}, the server ${n0(side.serverSelects)} (${(off * 100).toFixed(2)}% apart)${off > 0.05 ? ' CHECK' : ''}`,
          );
        }
        if (o.m.counted.errors > 0) say(`  check: bplab's own engine had ${o.m.counted.errors} errors`);
      }
    }
    say(
      `load average (1, 5, 15 min) at the end: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
    say('');
    say("queries counted against the server's Com_select over each side's counted time:");
    for (const c of checks) say(c);
    say('');
    say(
      misses.length === 0
        ? `goal met: the sysbench engine ≥ ${GOAL}× sysbench alone at every step`
        : `goal missed at ${misses.join(', ')}`,
    );
  } finally {
    await admin.end();
    await sandboxes.delete(info.id).catch((e) => say(`could not delete the sandbox: ${String(e)}`));
    rmSync(root, { recursive: true, force: true });
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
