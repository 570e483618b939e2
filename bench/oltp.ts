/**
 * The OLTP load benchmark (issue 18): on one sandbox (MariaDB 10.11 by default, --flavor mysql-8.0
 * ...), on the same sbtest tables bplab prepared, bplab's point-select load and sysbench 1.0.20's
 * oltp_point_select at 1, 4, 16 and 64 clients, alternating (which goes first swaps each round), with
 * the same seconds, warm-up and key distribution. Prints each step's QPS beside sysbench's (goal: at
 * least 0.9× at every step), bplab's p99 beside sysbench's 99th percentile, bplab's SELECT 1 ceiling
 * at that concurrency and bplab's own CPU share; and checks each side measured what it says: its
 * queries against the server's own Com_select delta over its run, the tables' rows, the pool size.
 *
 *   npm run bench:oltp [-- --flavor mariadb-10.11|mysql-8.0|mysql-5.7 --seconds 10 --warmup 2
 *                         --clients 1,4,16,64 --tables 4 --rows 100000 --rounds 1 --pool 512M]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import mysql, { type Connection, type RowDataPacket } from 'mysql2/promise';
import { defaultThreads, runStep, type StepMeasure } from '../src/main/load/load-step';
import { prepareSbtest } from '../src/main/load/sbtest-prepare';
import { SandboxService } from '../src/main/sandbox/sandboxes';
import { findBinaries } from '../src/main/sandbox/server-binaries';
import { binaryForFlavor } from '../test/support/flavors';
import { loadWorker } from '../test/support/workers';

const GOAL = 0.9;

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

    say('');
    say(
      'clients | bplab QPS | sysbench QPS | ratio (goal ≥ 0.9) | bplab p99 | sysbench p99 | SELECT 1 ceiling | bplab CPU | server CPU/s bplab, sysbench',
    );
    const misses: string[] = [];
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const [i, clients] of clientCounts.entries()) {
        const bplabFirst = (round + i) % 2 === 0;
        let ours: Awaited<ReturnType<typeof bplab>>;
        let theirs: Side;
        if (bplabFirst) {
          ours = await bplab(clients, 'point-select');
          theirs = await sysbench(clients);
        } else {
          theirs = await sysbench(clients);
          ours = await bplab(clients, 'point-select');
        }
        const ceiling = await bplab(clients, 'select-1');
        const ratio = ours.qps / theirs.qps;
        if (ratio < GOAL) misses.push(`${clients} clients: ${ratio.toFixed(2)}×`);
        say(
          `${String(clients).padStart(7)} | ${n0(ours.qps).padStart(9)} | ${n0(theirs.qps).padStart(12)} | ${ratio.toFixed(2).padStart(5)}× ${ratio >= GOAL ? 'ok  ' : 'MISS'}       | ${ours.p99.toFixed(2).padStart(6)} ms | ${theirs.p99.toFixed(2).padStart(9)} ms | ${n0(ceiling.qps).padStart(12)} qps | ${(ours.m.cpu.share * 100).toFixed(0).padStart(6)}% of ${ours.m.cpu.cores} | ${(ours.serverCpu / seconds).toFixed(2)}, ${(theirs.serverCpu / seconds).toFixed(2)}` +
            `   (${bplabFirst ? 'bplab first' : 'sysbench first'})`,
        );
        // Each side measured what it says: its queries against the server's Com_select over its run
        for (const [who, s, extra] of [
          ['bplab', ours, 0],
          ['sysbench', theirs, 0],
        ] as const) {
          const off = Math.abs(s.queries + extra - s.serverSelects) / s.serverSelects;
          if (off > 0.05)
            say(
              `  check: ${who} counted ${n0(s.queries)} queries, the server ${n0(s.serverSelects)} (${(off * 100).toFixed(1)}% apart)`,
            );
        }
        if (ours.m.counted.errors > 0) say(`  check: bplab had ${ours.m.counted.errors} errors`);
      }
    }
    say('');
    say(
      misses.length === 0
        ? `goal met: bplab ≥ ${GOAL}× sysbench at every step`
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
