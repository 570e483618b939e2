/**
 * The OLTP load benchmark (issues 18 and 30): on one sandbox (MariaDB 10.11 by default, --flavor
 * mysql-8.0 ...), on the same sbtest tables bplab prepared, oltp_point_select at 1, 4, 16 and 64
 * clients. The goal: bplab's load driven by sysbench (its sysbench engine) at least 0.95× sysbench
 * 1.0.20 run alone.
 *
 * Method. Both sides run the same sysbench binary with the same flags (sysbenchArgs: tables, rows, key
 * distribution, range size, prepared statements, threads, --time, --report-interval=1), the warm-up as
 * the first seconds of the same run: their command lines differ only by bplab's Lua script, whose
 * report hook prints each second's JSON and histogram. Beside the engine, as in bplab's app and CLI,
 * the live pool watch samples the server (--watch off leaves it out, to see the hook's cost alone);
 * beside sysbench alone, nothing. At each client count the two sides run --rounds pairs back to back,
 * the first of each pair alternating, each side after the server's connections have closed; a pair
 * gives a ratio (engine QPS / alone QPS). The summary prints per client count the median of its pairs'
 * ratios with their lowest and highest, and reads the goal on the median. Steps of seconds on a loaded
 * machine swing both ways (0.67× to 1.31× on 2 shared cores): run it on a quiet machine, 20 s steps.
 * Even quiet, a pair at 16 clients on 2 cores swings 0.88–1.25× (the server's CPU per query moves by a
 * quarter between runs of the same side, pool watch on or off alike), so the default is 5 pairs.
 * bplab's own Node engine and the SELECT 1 ceiling run once per client count, after the pairs. Each
 * side's queries are checked against the server's own Com_select delta over its counted time.
 *
 *   npm run bench -- oltp [--flavor mariadb-10.11|mysql-8.0|mysql-5.7 --seconds 20 --warmup 2 --rounds 5
 *                         --clients 1,4,16,64 --watch on|off --tables 4 --rows 100000 --pool 512M]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import mysql, { type Connection, type RowDataPacket } from 'mysql2/promise';
import { ServerConnection } from '../src/main/db/connections';
import { startPoolWatch } from '../src/main/experiments/pool-watch';
import { defaultThreads, runStep, type StepMeasure } from '../src/main/load/load-step';
import { findSysbench } from '../src/main/load/sysbench-find';
import { runSysbenchStep, type SysbenchStepRequest } from '../src/main/load/sysbench-step';
import { prepareSbtest } from '../src/main/load/sbtest-prepare';
import { SandboxService } from '../src/main/sandbox/sandboxes';
import { findBinaries } from '../src/main/sandbox/server-binaries';
import { binaryForFlavor } from '../test/support/flavors';
import { loadWorker } from '../test/support/workers';
import { runSysbenchAlone } from './lib/oltp-alone';

const GOAL = 0.95;

const { values } = parseArgs({
  options: {
    flavor: { type: 'string', default: process.env.BPLAB_BENCH_FLAVOR ?? 'mariadb-10.11' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    clients: { type: 'string', default: '1,4,16,64' },
    tables: { type: 'string', default: '4' },
    rows: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    watch: { type: 'string', default: 'on' },
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
/** The server's CPU per query over a side's counted time, in µs: what the pool watch adds shows here. */
const cpuPerQuery = (side: Side): string => ((side.serverCpu / side.serverSelects) * 1e6).toFixed(1);
const median = (xs: number[]): number => {
  const o = [...xs].sort((a, b) => a - b);
  return o.length % 2 ? o[(o.length - 1) / 2]! : (o[o.length / 2 - 1]! + o[o.length / 2]!) / 2;
};

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
  /** sysbench's own CPU µs a query over its whole run (the hook's cost shows here). */
  clientCpu?: number;
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
      `reference: ${sb.trim()}; each step ${seconds} s after a ${warmup} s warm-up in the same run, key distribution special, prepared statements, ${values.rounds} pairs per client count`,
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
    const request = (clients: number): SysbenchStepRequest => ({
      sysbench: found,
      connection,
      mix: { ...mix, mix: 'point-select' },
      protocol: 'prepared',
      clients,
      warmupSeconds: warmup,
      seconds,
    });
    const profile = {
      id: 'bench-oltp',
      name: 'bench/oltp.ts',
      transport: 'tcp' as const,
      host: opts.host,
      port: opts.port,
      user: opts.user,
      tls: { mode: 'off' as const },
    };
    const watchNotes = new Set<string>();
    const engine = async (clients: number): Promise<Side> => {
      let before = 0;
      let cpu0 = 0;
      const started = performance.now();
      const watch =
        values.watch === 'on'
          ? await startPoolWatch(
              async () => new ServerConnection(await connect(), profile, `127.0.0.1:${opts.port}`),
              {
                runId: 'bench-oltp',
                setting: 'auto',
                clock: () => performance.now() - started,
              },
            )
          : null;
      let m: StepMeasure;
      try {
        m = await runSysbenchStep({
          ...request(clients),
          atCounted: async () => {
            before = await status(admin, 'Com_select');
            cpu0 = cpuSec(pid);
          },
        });
      } finally {
        await watch?.stop();
      }
      const note = watch?.note();
      if (note) watchNotes.add(note);
      const serverCpu = cpuSec(pid) - cpu0;
      const serverSelects = (await status(admin, 'Com_select')) - before;
      if (m.state !== 'complete') throw new Error(`the sysbench engine's step ended ${m.state}: ${m.reason}`);
      const { queries, seconds: s, latency } = m.counted;
      const all = queries + (m.warmup?.queries ?? 0);
      const clientCpu = (m.cpu.seconds / all) * 1e6;
      return { qps: queries / s, p99: latency?.p99 ?? 0, queries, serverSelects, serverCpu, clientCpu };
    };
    const alone = async (clients: number): Promise<Side> => {
      let before = 0;
      let cpu0 = 0;
      const a = await runSysbenchAlone(request(clients), found.path, async () => {
        before = await status(admin, 'Com_select');
        cpu0 = cpuSec(pid);
      });
      const serverCpu = cpuSec(pid) - cpu0;
      const serverSelects = (await status(admin, 'Com_select')) - before;
      const clientCpu = (a.cpu / a.allQueries) * 1e6;
      return {
        qps: a.queries / a.seconds,
        p99: a.p99,
        queries: a.queries,
        serverSelects,
        serverCpu,
        clientCpu,
      };
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
    const checks: string[] = [];
    const check = (clients: number, who: string, side: Side) => {
      const off = Math.abs(side.queries - side.serverSelects) / side.serverSelects;
      checks.push(
        `  ${clients} clients, ${who}: counted ${n0(side.queries)}, the server ${n0(side.serverSelects)} (${(off * 100).toFixed(2)}% apart)${off > 0.05 ? ' CHECK' : ''}`,
      );
    };
    say('');
    say(`pairs: the sysbench engine (pool watch ${values.watch}) and sysbench alone, back to back`);
    say(
      "clients | pair | first  | engine QPS | alone QPS | ratio | p99 engine, alone (ms; alone's with its warm-up) | server CPU µs a query, engine, alone | sysbench's CPU µs a query, engine, alone",
    );
    const summary: string[] = [];
    const misses: string[] = [];
    for (const [i, clients] of clientCounts.entries()) {
      const ratios: number[] = [];
      for (let round = 0; round < Number(values.rounds); round++) {
        const engineFirst = (round + i) % 2 === 0;
        const got: { engine?: Side; alone?: Side } = {};
        for (const who of engineFirst ? (['engine', 'alone'] as const) : (['alone', 'engine'] as const)) {
          await settle();
          got[who] = who === 'engine' ? await engine(clients) : await alone(clients);
        }
        const e = got.engine!;
        const a = got.alone!;
        ratios.push(e.qps / a.qps);
        check(clients, `pair ${round + 1}, sysbench engine`, e);
        check(clients, `pair ${round + 1}, sysbench alone`, a);
        say(
          `${String(clients).padStart(7)} | ${String(round + 1).padStart(4)} | ${(engineFirst ? 'engine' : 'alone').padEnd(6)} | ${n0(e.qps).padStart(10)} | ${n0(a.qps).padStart(9)} | ${(e.qps / a.qps).toFixed(2)}× | ${e.p99.toFixed(2)}, ${a.p99.toFixed(2)} | ${cpuPerQuery(e)}, ${cpuPerQuery(a)} | ${e.clientCpu!.toFixed(1)}, ${a.clientCpu!.toFixed(1)}`,
        );
      }
      await settle();
      const own = await bplab(clients, 'point-select');
      check(clients, "bplab's own", own);
      if (own.m.counted.errors > 0) say(`  check: bplab's own engine had ${own.m.counted.errors} errors`);
      const ceiling = await bplab(clients, 'select-1');
      const med = median(ratios);
      if (med < GOAL) misses.push(`${clients} clients (median ${med.toFixed(2)}×)`);
      summary.push(
        `${String(clients).padStart(7)} | ${String(ratios.length).padStart(5)} | ${med.toFixed(2)}× ${med >= GOAL ? 'ok  ' : 'MISS'} | ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}× | ${n0(own.qps).padStart(9)} at ${(own.m.cpu.share * 100).toFixed(0)}% of ${own.m.cpu.cores} cores | ${n0(ceiling.qps).padStart(9)}`,
      );
    }
    say('');
    say(`per client count: the median of the pairs' ratios (goal ≥ ${GOAL}) and the lowest and highest`);
    say(
      "clients | pairs | median     | spread      | bplab's own engine QPS, its CPU | SELECT 1 ceiling QPS",
    );
    for (const line of summary) say(line);
    for (const note of watchNotes) say(`pool watch: ${note}`);
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
        ? `goal met: the sysbench engine's median ratio ≥ ${GOAL}× sysbench alone at every client count`
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
