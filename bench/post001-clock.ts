/**
 * Post 001's 1.8× on MySQL 5.6.10 was CPU, not pages (docs/reproductions.md): at innodb_old_blocks_time
 * above 0 each access to a page in the old sublist reads the clock (buf_page_peek_if_too_old() →
 * ut_time_ms() → gettimeofday()). This script shows it on the sandbox `npm run bench -- post001 --keep
 * --data-dir DIR` left behind: per query, at 1000 and then at 0, one warm-up run and one measured run, each
 * measured run with the server process's CPU time (/proc), the pages it read and the accesses not made young.
 * With --probe, a bpftrace uprobe on the server's ut_time_ms(), attached to that one process, counts the
 * clock reads and makes each cost about a microsecond more, as a slow clocksource would.
 * A script that prints figures, not a timed test; read its CPU, not its seconds, on a loaded machine.
 *
 *   npm run bench -- post001-clock --data-dir DIR [--queries q1.1.straight,q1.1,... (file names in
 *                                   queries/ssb without .sql; default the 13 as written)] [--probe]
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { createApp } from '../src/main/app';
import { readPoolStats, type Queryable } from '../src/main/bufferpool/lru';
import { readProcessUsage, usageDelta } from '../src/main/sandbox/process-io';
import { loadSsbQueries } from '../src/main/ssb/queries';
import { sumPools } from '../src/shared/compare/pool-diff';
import type { DatasetListing } from '../src/shared/datasets/datasets';
import { formatCount } from '../src/shared/format';
import type { SandboxInfo } from '../src/shared/models';
import { dispatchAndWait } from '../test/support/tasks';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    queries: { type: 'string' },
    probe: { type: 'boolean', default: false },
  },
});

/** The mangled name of 5.6's `ulint ut_time_ms(void)` (ut0ut.cc), the clock read the old sublist makes. */
const UT_TIME_MS = '_Z10ut_time_msv';

interface Measured {
  cpuMs: number | null;
  pagesRead: number;
  notMadeYoung: number;
  clockReads: number | null;
}

async function main(): Promise<void> {
  const dataDir = values['data-dir'];
  if (!dataDir || !existsSync(dataDir))
    throw new Error('--data-dir DIR: the folder `npm run bench -- post001 --keep --data-dir DIR` used');
  const app = await createApp({ dataDir, transport: 'browser', version: 'bench', log: () => {} });
  try {
    const list = await app.dispatch('sandboxes/list', {} as never);
    if (!list.ok) throw new Error(list.error.message);
    let sb = (list.value as SandboxInfo[]).find((s) => s.name === 'post001');
    if (!sb) throw new Error(`no post001 sandbox in ${dataDir}: run bench/post001.ts with --keep first`);
    if (sb.status !== 'running') {
      const r = await dispatchAndWait(app, 'sandboxes/start', { id: sb.id } as never);
      if (!r.ok) throw new Error(r.error.message);
      sb = r.value as SandboxInfo;
    }
    if (!sb.pid) throw new Error('the sandbox runs, but bplab does not know its process id');
    const datasets = await app.dispatch('datasets/list', { profileId: sb.profileId } as never);
    if (!datasets.ok) throw new Error(datasets.error.message);
    const schema = (datasets.value as DatasetListing).datasets.find((d) => d.state === 'complete')?.schema;
    if (!schema) throw new Error('the sandbox holds no complete SSB dataset');
    const all = loadSsbQueries();
    const names = values.queries?.split(',').map((q) => q.trim()) ?? null;
    const queries = names
      ? names.map((n) => {
          const q = all.find((x) => x.file === `${n}.sql`);
          if (!q) throw new Error(`no queries/ssb/${n}.sql`);
          return q;
        })
      : all.filter((q) => q.variant === 'base');

    const conn = await mysql.createConnection({
      host: '127.0.0.1',
      port: sb.port,
      user: 'root',
      database: schema,
    });
    const q: Queryable = { rows: async (sql, v) => (await conn.query(sql, v))[0] as never };
    const pid = sb.pid;
    say(
      `${sb.version} (pid ${pid}), ${schema}; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    say(values.probe ? `probe: a uprobe on ${UT_TIME_MS}, this process only` : 'no probe');
    say('query                  setting   server CPU s   pages read   not made young   clock reads');
    const totals = new Map<string, Measured>();
    for (const query of queries) {
      for (const setting of [1000, 0]) {
        await conn.query(`SET GLOBAL innodb_old_blocks_time = ${setting}`);
        await conn.query(query.sql); // the warm-up: the pool as this setting leaves it
        const m = await measure(q, pid, values.probe ? sb.binaryPath : null, () => conn.query(query.sql));
        const t = totals.get(String(setting)) ?? { cpuMs: 0, pagesRead: 0, notMadeYoung: 0, clockReads: 0 };
        totals.set(String(setting), {
          cpuMs: t.cpuMs === null || m.cpuMs === null ? null : t.cpuMs + m.cpuMs,
          pagesRead: t.pagesRead + m.pagesRead,
          notMadeYoung: t.notMadeYoung + m.notMadeYoung,
          clockReads: t.clockReads === null || m.clockReads === null ? null : t.clockReads + m.clockReads,
        });
        say(row(query.file.replace(/\.sql$/, ''), setting, m));
      }
    }
    for (const [setting, m] of totals) say(row('all', Number(setting), m));
    const [a, b] = [totals.get('1000')!, totals.get('0')!];
    if (a.cpuMs !== null && b.cpuMs !== null && b.cpuMs > 0 && b.pagesRead > 0)
      say(
        `1000 over 0: CPU ${(a.cpuMs / b.cpuMs).toFixed(2)}×, pages read ${(a.pagesRead / b.pagesRead).toFixed(2)}×`,
      );
    await conn.query('SET GLOBAL innodb_old_blocks_time = 1000');
    await conn.end();
  } finally {
    await app.shutdown();
  }
}

/** One run with the counters read around it; with a binary, a uprobe counts its clock reads meanwhile. */
async function measure(
  q: Queryable,
  pid: number,
  probeBinary: string | null,
  run: () => Promise<unknown>,
): Promise<Measured> {
  const probe = probeBinary ? await attachProbe(probeBinary, pid) : null;
  const counters = async () => {
    const [status] = await q.rows<{ Value: string }>("SHOW GLOBAL STATUS LIKE 'Innodb_pages_read'");
    return { pagesRead: Number(status?.Value ?? 0), pools: await readPoolStats(q) };
  };
  const [usage0, c0] = [await readProcessUsage(pid), await counters()];
  await run();
  const [usage1, c1] = [await readProcessUsage(pid), await counters()];
  const usage = usageDelta(usage0, usage1);
  return {
    cpuMs: 'cpuMs' in usage ? usage.cpuMs : null,
    pagesRead: c1.pagesRead - c0.pagesRead,
    notMadeYoung:
      (sumPools(c1.pools, 'pagesNotMadeYoung') ?? 0) - (sumPools(c0.pools, 'pagesNotMadeYoung') ?? 0),
    clockReads: probe ? await probe.detach() : null,
  };
}

/** bpftrace counting the server's ut_time_ms() calls; detach() ends it and answers the count. */
async function attachProbe(binary: string, pid: number): Promise<{ detach: () => Promise<number | null> }> {
  const child = spawn(
    'bpftrace',
    ['-p', String(pid), '-e', `uprobe:${binary}:${UT_TIME_MS} { @calls = count(); }`],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const ended = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // bpftrace prints "Attaching 1 probe..." once the probe is in place.
  for (let i = 0; i < 100 && !out.includes('Attaching'); i++) await sleep(100);
  await sleep(500);
  return {
    detach: async () => {
      child.kill('SIGINT');
      await ended;
      const m = /@calls:\s*(\d+)/.exec(out);
      return m ? Number(m[1]) : null;
    },
  };
}

function row(name: string, setting: number, m: Measured): string {
  const cell = (v: string, w: number) => v.padStart(w);
  return [
    name.padEnd(22),
    cell(String(setting), 8),
    cell(m.cpuMs === null ? '—' : (m.cpuMs / 1000).toFixed(2), 14),
    cell(formatCount(m.pagesRead), 12),
    cell(formatCount(m.notMadeYoung), 16),
    cell(m.clockReads === null ? '—' : formatCount(m.clockReads), 13),
  ].join(' ');
}

function say(line = ''): void {
  process.stdout.write(`${line}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
