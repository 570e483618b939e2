/**
 * How sysbench ends a step run with bplab's Lua script (issue 30): sysbench cancels its reporting
 * thread at the end of its --time, and that cancel can land while bplab's report hook writes a
 * second's line. It did twice in real steps (SIGABRT, no words, no totals): a write called from
 * JIT-compiled Lua cannot be unwound by a thread cancel. Here the race is made certain: the test
 * reads sysbench's stdout (a FIFO) for a few reports, then fills the FIFO so that the next report's
 * write blocks until after sysbench's time is up; LuaJIT is told to compile at once
 * (hotloop=1, hotexit=1) so that the hook would be compiled within the step's six seconds, as it
 * is after about ten reports in a real step. sysbench must still end with exit 0 and its totals.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSbtest } from '../../src/main/load/sbtest-prepare';
import { findSysbench, type SysbenchFound } from '../../src/main/load/sysbench-find';
import { SYSBENCH_LINE_MARK, SYSBENCH_LUA } from '../../src/main/load/sysbench-lua';
import { sysbenchConfigFile } from '../../src/main/load/sysbench-config';
import { runSysbenchStep, sysbenchArgs } from '../../src/main/load/sysbench-step';
import { testServer } from '../support/test-server';
import { dropUserIfExists } from '../support/users';
import { dropSchemas, scalar, scratchSchema } from './ssb-support';

const server = testServer();
const schema = scratchSchema('bplab_it_sbend');
const dir = mkdtempSync(join(server.scratchDir, 'sysbench-end-'));
/** Reports read before the FIFO is filled; the step lasts three more seconds (slack for a late poll). */
const READ = 3;
const SECONDS = READ + 3;
const MIX = {
  mix: 'point-select' as const,
  tables: 1,
  rows: 1000,
  distribution: 'special' as const,
  rangeSize: 100,
};
let sysbench: SysbenchFound;

function connection(user: string, password: string) {
  return { host: server.host, port: server.port, user, password, database: schema };
}

const connect = () =>
  mysql.createConnection({
    host: server.host,
    port: server.port,
    user: server.user,
    password: server.password,
    flags: ['LOCAL_FILES'],
  });

beforeAll(async () => {
  const found = await findSysbench(undefined);
  if (!found || 'problem' in found)
    throw new Error('sysbench 1.x is not installed (scripts/install-deps.sh)');
  sysbench = found;
  await prepareSbtest(connect, { schema, tables: 1, rows: 1000 }, () => {});
}, 60_000);
afterAll(async () => {
  const c = await connect();
  await dropSchemas(c, [schema]);
  await c.end();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes filler into the FIFO until it takes no more (a non-blocking descriptor of its own). */
function fill(fifo: string): void {
  const fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  try {
    for (const size of [65536, 1]) {
      const chunk = Buffer.alloc(size, '\n');
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'EAGAIN') break;
          throw e;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe(`sysbench driven by bplab's Lua script on ${server.label}`, () => {
  it('ends with exit 0 and its totals when its time is up while a report is being written', async () => {
    const script = join(dir, 'bplab-oltp.lua');
    writeFileSync(script, `jit.opt.start("hotloop=1", "hotexit=1")\n${SYSBENCH_LUA}`);
    const fifo = join(dir, 'stdout.fifo');
    execFileSync('mkfifo', [fifo]);
    const rd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const wr = openSync(fifo, constants.O_WRONLY);
    const request = {
      sysbench,
      connection: { ...connection(server.user, server.password) },
      mix: MIX,
      protocol: 'prepared' as const,
      clients: 1,
      warmupSeconds: 0,
      seconds: SECONDS,
    };
    const config = await sysbenchConfigFile(dir, server.password);
    const args = sysbenchArgs(script, request, SECONDS, config.path);
    const child = spawn(sysbench.path, args, { cwd: dir, stdio: ['ignore', wr, 'pipe'] });
    closeSync(wr);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    let out = '';
    const buf = Buffer.alloc(65536);
    const drain = () => {
      for (;;) {
        try {
          const n = readSync(rd, buf);
          if (n === 0) return;
          out += buf.toString('utf8', 0, n);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'EAGAIN') return;
          throw e;
        }
      }
    };
    const reports = () =>
      out.split('\n').filter((l) => l.startsWith(`${SYSBENCH_LINE_MARK}{"second"`)).length;
    const started = Date.now();
    while (reports() < READ && Date.now() - started < 30_000) {
      drain();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(reports(), `sysbench said: ${stderr}`).toBeGreaterThanOrEqual(READ);
    fill(fifo);
    const readBeforeFill = reports();
    // Past sysbench's time (it counts from its threads' start, a little after the first report's
    // second began), then read everything: its main thread waits to write the totals line.
    await new Promise((r) => setTimeout(r, (SECONDS - READ + 1.5) * 1000));
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    void ended.then((e) => (exit = e));
    while (!exit && Date.now() - started < 60_000) {
      drain();
      await new Promise((r) => setTimeout(r, 20));
    }
    drain();
    closeSync(rd);
    // The reporting thread was stuck in a write when the time was up: the reports of the seconds
    // after the fill never came out whole (at most the one that was being written when the FIFO filled).
    expect(reports() - readBeforeFill).toBeLessThanOrEqual(1);
    expect(exit, `sysbench said: ${stderr}`).toEqual({ code: 0, signal: null });
    expect(out).toContain(`${SYSBENCH_LINE_MARK}{"total":true`);
    await config.done();
  }, 60_000);

  it('connects as a user with a password: the password reaches sysbench (not through its stdin)', async () => {
    const admin = await connect();
    const user = 'bplab_it_sbpw';
    // Characters a config file must quote; the password is never on sysbench's command line.
    const password = 'pw,#1 x';
    const host = String(await scalar(admin, "SELECT SUBSTRING_INDEX(USER(), '@', -1)"));
    try {
      await dropUserIfExists(admin, user, host);
      await admin.query('CREATE USER ?@? IDENTIFIED BY ?', [user, host, password]);
      await admin.query(`GRANT SELECT ON \`${schema}\`.* TO ?@?`, [user, host]);
      const m = await runSysbenchStep({
        sysbench,
        connection: connection(user, password),
        mix: MIX,
        protocol: 'prepared',
        clients: 1,
        warmupSeconds: 0,
        seconds: 1,
      });
      expect(m.state, m.reason ?? '').toBe('complete');
      expect(m.counted.queries).toBeGreaterThan(0);
      expect(m.counted.errors).toBe(0);
    } finally {
      await dropUserIfExists(admin, user, host);
      await admin.end();
    }
  }, 30_000);
});
