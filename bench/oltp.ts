/**
 * The OLTP load benchmark (issues 18 and 30): on one sandbox (MariaDB 10.11 by default, --flavor
 * mysql-8.0 ...), on the same sbtest tables bplab prepared, oltp_point_select at 1, 4, 16 and 64
 * clients. The goal: bplab's load driven by sysbench (its sysbench engine) at least 0.95× sysbench
 * 1.0.20 run alone.
 *
 * Method. Both sides run the same sysbench binary with the same flags (sysbenchArgs: tables, rows, key
 * distribution, range size, prepared statements, threads, --time, --report-interval=1) and the same
 * config file (the FIFO with the password line), the warm-up as the first seconds of the same run:
 * their command lines differ only by bplab's Lua script, whose report hook prints each second's JSON
 * and histogram. The live pool watch (as in bplab's app and CLI) samples the server beside both sides
 * (--watch both), so the two differ only by the driver; --watch engine puts it beside the engine's
 * side only (its cost then counts against the engine), off beside neither. At each client count the
 * two sides run --rounds pairs back to back (rounded up to an even number, so each side runs first as
 * often), the first of each pair alternating, each side after the server's connections have closed; a
 * pair gives a ratio (engine QPS / alone QPS), and the summary reads the goal on the median of the
 * pairs' ratios. The server's own counters over each side's counted time, per SELECT it counted, are
 * printed side by side (lib/oltp-counters.ts): the check that both sent the same load (statements,
 * prepared executes, BEGIN/COMMIT, index lookups, rows, page requests, bytes). In issue 41's runs they
 * were the same to the byte; the pairs still swing (0.95–1.48×, the server's CPU a query 17–30 µs) as
 * two runs of sysbench alone do: --control N runs sysbench alone against itself N times (2 by default)
 * per client count to show that floor. Run it on a quiet machine, 20 s steps, 6 pairs.
 * bplab's own Node engine and the SELECT 1 ceiling run once per client count, after the pairs. Each
 * side's queries are checked against the server's own Com_select delta over its counted time.
 *
 *   npm run bench -- oltp [--flavor mariadb-10.11|mysql-8.0|mysql-5.7 --seconds 20 --warmup 2 --rounds 6
 *                         --clients 1,4,16,64 --watch both|engine|off --control 2 --tables 4
 *                         --rows 100000 --pool 512M]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
import { addCounters, countedWindow, sameLoadTable, type Counters } from './lib/oltp-counters';

const GOAL = 0.95;

const { values } = parseArgs({
  options: {
    flavor: { type: 'string', default: process.env.BPLAB_BENCH_FLAVOR ?? 'mariadb-10.11' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    clients: { type: 'string', default: '1,4,16,64' },
    tables: { type: 'string', default: '4' },
    rows: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '6' },
    watch: { type: 'string', default: 'both' },
    control: { type: 'string', default: '2' },
    pool: { type: 'string', default: '512M' },
    threads: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const tables = Number(values.tables);
const rows = Number(values.rows);
const clientCounts = values.clients.split(',').map(Number);
const WATCHES = ['both', 'engine', 'off'] as const;
const watchSides = values.watch as (typeof WATCHES)[number];
if (!WATCHES.includes(watchSides))
  throw new Error(`--watch takes ${WATCHES.join(', ')} (beside both sides, the engine's only, or neither)`);
const controlPairs = Number(values.control);
// Each side runs first in as many pairs as the other (issue 41's 3 pairs put one side first twice).
const rounds = 2 * Math.ceil(Number(values.rounds) / 2);
const say = (line: string) => process.stdout.write(`${line}\n`);
const n0 = (n: number) => Math.round(n).toLocaleString('en-US');
/** The server's CPU per query over a side's counted time, in µs. */
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

interface Side {
  qps: number;
  /** sysbench's own CPU µs a query over its whole run (the hook's cost shows here). */
  clientCpu?: number;
  p99: number;
  queries: number;
  serverSelects: number;
  serverCpu: number;
  /** The server's counters and CPU over the side's counted time. */
  counters: Counters;
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
      `reference: ${sb.trim()}; each step ${seconds} s after a ${warmup} s warm-up in the same run, key distribution special, prepared statements, ${rounds} pairs per client count${rounds === Number(values.rounds) ? '' : ` (${values.rounds} asked: an even number, so each side runs first as often)`}`,
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

    const serverWindow = () => countedWindow(admin, pid);
    const bplab = async (
      clients: number,
      kind: 'point-select' | 'select-1',
    ): Promise<Side & { m: StepMeasure }> => {
      const w = serverWindow();
      const m = await runStep({
        connection,
        workerFile,
        mix: { ...mix, mix: kind },
        protocol: 'prepared',
        clients,
        threads: values.threads ? Number(values.threads) : defaultThreads(clients),
        warmupSeconds: kind === 'select-1' ? 0 : warmup,
        seconds: kind === 'select-1' ? Math.min(seconds, 5) : seconds,
        atCounted: w.open,
      });
      return {
        m,
        qps: m.counted.queries / m.counted.seconds,
        p99: m.counted.latency?.p99 ?? 0,
        queries: m.counted.queries,
        ...(await w.close()),
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
    const watchCosts: Array<{ stats: number; walks: number; walkMs: number }> = [];
    /** Runs one side with the live pool watch beside it (as the app does), the watch stopped after it. */
    const watched = async <T>(on: boolean, run: () => Promise<T>): Promise<T> => {
      if (!on) return run();
      const started = performance.now();
      const watch = await startPoolWatch(
        async () => new ServerConnection(await connect(), profile, `127.0.0.1:${opts.port}`),
        { runId: 'bench-oltp', setting: 'auto', clock: () => performance.now() - started },
      );
      try {
        return await run();
      } finally {
        const { cost, stats } = await watch.stop();
        watchCosts.push({
          stats: stats.length,
          walks: cost?.snapshots ?? 0,
          walkMs: cost?.meanSnapshotMs ?? 0,
        });
        const note = watch.note();
        if (note) watchNotes.add(note);
      }
    };
    const engine = async (clients: number): Promise<Side> => {
      const w = serverWindow();
      const m = await watched(watchSides !== 'off', () =>
        runSysbenchStep({ ...request(clients), atCounted: w.open }),
      );
      const server = await w.close();
      if (m.state !== 'complete') throw new Error(`the sysbench engine's step ended ${m.state}: ${m.reason}`);
      const { queries, seconds: s, latency } = m.counted;
      const all = queries + (m.warmup?.queries ?? 0);
      const clientCpu = (m.cpu.seconds / all) * 1e6;
      return { qps: queries / s, p99: latency?.p99 ?? 0, queries, ...server, clientCpu };
    };
    const alone = async (clients: number): Promise<Side> => {
      const w = serverWindow();
      const a = await watched(watchSides === 'both', () =>
        runSysbenchAlone(request(clients), found.path, w.open),
      );
      const server = await w.close();
      const clientCpu = (a.cpu / a.allQueries) * 1e6;
      return {
        qps: a.queries / a.seconds,
        p99: a.p99,
        queries: a.queries,
        ...server,
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
    const watchWords = { both: 'beside both sides', engine: "beside the engine's side only", off: 'off' }[
      watchSides
    ];
    say('');
    say(`pairs: the sysbench engine and sysbench alone, back to back (pool watch ${watchWords})`);
    say(
      "clients | pair | first  | engine QPS | alone QPS | ratio | p99 engine, alone (ms; alone's with its warm-up) | server CPU µs a query, engine, alone | sysbench's CPU µs a query, engine, alone",
    );
    const summary: string[] = [];
    const controls: string[] = [];
    const sameLoad: string[] = [];
    const notSame: string[] = [];
    const misses: string[] = [];
    const row = (clients: number, pair: string, first: string, x: Side, y: Side) =>
      `${String(clients).padStart(7)} | ${pair.padStart(4)} | ${first.padEnd(6)} | ${n0(x.qps).padStart(10)} | ${n0(y.qps).padStart(9)} | ${(x.qps / y.qps).toFixed(2)}× | ${x.p99.toFixed(2)}, ${y.p99.toFixed(2)} | ${cpuPerQuery(x)}, ${cpuPerQuery(y)} | ${x.clientCpu!.toFixed(1)}, ${y.clientCpu!.toFixed(1)}`;
    for (const [i, clients] of clientCounts.entries()) {
      const ratios: number[] = [];
      const sums: { engine?: Counters; alone?: Counters } = {};
      for (let round = 0; round < rounds; round++) {
        const engineFirst = (round + i) % 2 === 0;
        const got: { engine?: Side; alone?: Side } = {};
        for (const who of engineFirst ? (['engine', 'alone'] as const) : (['alone', 'engine'] as const)) {
          await settle();
          got[who] = who === 'engine' ? await engine(clients) : await alone(clients);
        }
        const e = got.engine!;
        const a = got.alone!;
        ratios.push(e.qps / a.qps);
        sums.engine = addCounters(sums.engine, e.counters);
        sums.alone = addCounters(sums.alone, a.counters);
        check(clients, `pair ${round + 1}, sysbench engine`, e);
        check(clients, `pair ${round + 1}, sysbench alone`, a);
        say(row(clients, String(round + 1), engineFirst ? 'engine' : 'alone', e, a));
      }
      // The noise floor: sysbench alone against itself, the same way (the ratio is the first run over
      // the second): how far two runs of one side of a pair part when nothing differs between them.
      const same: number[] = [];
      for (let round = 0; round < controlPairs; round++) {
        await settle();
        const x = await alone(clients);
        await settle();
        const y = await alone(clients);
        same.push(x.qps / y.qps);
        say(row(clients, `A/A${round + 1}`, 'alone', x, y));
      }
      await settle();
      const own = await bplab(clients, 'point-select');
      check(clients, "bplab's own", own);
      if (own.m.counted.errors > 0) say(`  check: bplab's own engine had ${own.m.counted.errors} errors`);
      const ceiling = await bplab(clients, 'select-1');
      const table = sameLoadTable([
        { name: 'engine', counters: sums.engine! },
        { name: 'alone', counters: sums.alone! },
        { name: "bplab's own", counters: own.counters },
      ]);
      if (table.differ.length > 0) notSame.push(`${clients} clients: ${table.differ.join(', ')}`);
      sameLoad.push(
        `${clients} clients (the pairs' sums; bplab's own engine's one step):`,
        ...table.lines,
        '',
      );
      const med = median(ratios);
      if (med < GOAL) misses.push(`${clients} clients (median ${med.toFixed(2)}×)`);
      summary.push(
        `${String(clients).padStart(7)} | ${String(ratios.length).padStart(5)} | ${med.toFixed(2)}× ${med >= GOAL ? 'ok  ' : 'MISS'} | ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}× | ${n0(own.qps).padStart(9)} at ${(own.m.cpu.share * 100).toFixed(0)}% of ${own.m.cpu.cores} cores | ${n0(ceiling.qps).padStart(9)}`,
      );
      if (same.length > 0)
        controls.push(
          `${String(clients).padStart(7)} | ${String(same.length).padStart(5)} | ${median(same).toFixed(2)}× | ${Math.min(...same).toFixed(2)}–${Math.max(...same).toFixed(2)}×`,
        );
    }
    say('');
    say(`per client count: the median of the pairs' ratios (goal ≥ ${GOAL}) and the lowest and highest`);
    say(
      "clients | pairs | median     | spread      | bplab's own engine QPS, its CPU | SELECT 1 ceiling QPS",
    );
    for (const line of summary) say(line);
    if (controls.length > 0) {
      say('');
      say("the noise floor: sysbench alone against itself, the pair's first run over its second");
      say('clients | pairs | median | spread');
      for (const line of controls) say(line);
    }
    if (watchCosts.length > 0) {
      const walks = watchCosts.map((c) => c.walks);
      const ms = watchCosts.filter((c) => c.walks > 0).map((c) => c.walkMs);
      say(
        `pool watch (${watchWords}): ${watchCosts.length} sides watched, ${Math.min(...watchCosts.map((c) => c.stats))}–${Math.max(...watchCosts.map((c) => c.stats))} pool-stats reads and ${Math.min(...walks)}–${Math.max(...walks)} LRU walks a side${ms.length ? ` (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)} ms each)` : ''}`,
      );
    }
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
      `the same load? the server's counters a SELECT it counted, over each side's counted time (pool watch ${watchWords}; its statements are counted too):`,
    );
    for (const line of sameLoad) say(line);
    say(
      notSame.length === 0
        ? 'the sysbench engine and sysbench alone sent the same load at every client count'
        : `NOT THE SAME LOAD: ${notSame.join('; ')}`,
    );
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
