/**
 * The sysbench engine's parts that need no server: its histogram read the way sysbench reads its own
 * (sb_histogram.c: bucket i is exp(i / mult + deduct) ms, 0.001 ms at 0 and 100,000 ms at 1,023), the
 * flags and the config file it is given (the password never among the flags), and which engine is
 * chosen when sysbench is there, missing, or not sysbench.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseEngine } from '../../../src/main/load/load-engine';
import { findSysbench } from '../../../src/main/load/sysbench-find';
import {
  SYSBENCH_1_0_SCALE,
  SysbenchHistogram,
  bucketWidth,
} from '../../../src/main/load/sysbench-histogram';
import { sysbenchConfig } from '../../../src/main/load/sysbench-config';
import { endedEarly, lastWords, sysbenchArgs, sysbenchCannotUse } from '../../../src/main/load/sysbench-step';
import { checkLoadForm, DEFAULT_LOAD_FORM } from '../../../src/renderer/features/load/utils/load-form';
import { AppFailure } from '../../../src/shared/result';

const connection = {
  host: '127.0.0.1',
  port: 3307,
  user: 'bench',
  password: 's3cret,#x',
  database: 'sbtest',
};

describe("sysbench's histogram", () => {
  it('reads percentiles as sysbench does: the first bucket whose running count reaches round(n × p / 100)', () => {
    const h = new SysbenchHistogram();
    // Two seconds' buckets add up: 50 events at 0.001 ms, 46 at 100,000 ms, then 4 more at 0.001 ms.
    h.add([[0, 50]], SYSBENCH_1_0_SCALE);
    h.add(
      [
        [0, 4],
        [1023, 46],
      ],
      SYSBENCH_1_0_SCALE,
    );
    expect(h.total).toBe(100);
    // 54 of 100 in bucket 0: p50 is there; p95 and p99 need 95 and 99, in the last bucket.
    expect(h.latency()).toEqual({ p50: 0.001, p95: 100_000, p99: 100_000, max: 100_000 });
  });

  it('its middle bucket is 10 ms (the scale is logarithmic from 0.001 to 100,000 ms) and a bucket is 1.8% wide', () => {
    const h = new SysbenchHistogram();
    // 1,023 / 2 is not a bucket: 511 and 512 sit either side of 10 ms, a bucket's width apart.
    h.add([[511, 1]], SYSBENCH_1_0_SCALE);
    const p50 = h.latency()!.p50;
    expect(p50).toBeLessThan(10);
    expect(p50).toBeGreaterThan(10 / 1.02);
    expect(bucketWidth(SYSBENCH_1_0_SCALE)).toBeCloseTo(0.0182, 3);
  });

  it('has no latency when nothing was recorded', () => {
    expect(new SysbenchHistogram().latency()).toBeNull();
  });
});

describe("sysbench's flags and config file", () => {
  const req = {
    sysbench: { path: '/usr/bin/sysbench', version: '1.0.20' },
    connection,
    mix: { mix: 'read-only' as const, tables: 4, rows: 1000, distribution: 'pareto' as const, rangeSize: 10 },
    protocol: 'text' as const,
    clients: 16,
    warmupSeconds: 1,
    seconds: 2,
  };

  it("maps bplab's options to sysbench's flags and keeps the password off them", () => {
    const args = sysbenchArgs('/tmp/x/bplab-oltp.lua', req, 3, '/tmp/x/bplab-sysbench.cnf');
    expect(args).toEqual([
      '/tmp/x/bplab-oltp.lua',
      '--config-file=/tmp/x/bplab-sysbench.cnf',
      '--mysql-host=127.0.0.1',
      '--mysql-port=3307',
      '--mysql-user=bench',
      '--mysql-db=sbtest',
      '--tables=4',
      '--table-size=1000',
      '--rand-type=pareto',
      '--range-size=10',
      '--db-ps-mode=disable',
      '--threads=16',
      '--time=3',
      '--report-interval=1',
      '--percentile=99',
      'run',
    ]);
    expect(args.join(' ')).not.toContain('s3cret');
    expect(
      sysbenchArgs('s.lua', { ...req, connection: { ...connection, socketPath: '/tmp/m.sock' } }, 1, 'c'),
    ).toContain('--mysql-socket=/tmp/m.sock');
  });

  it('quotes the password in the config file, and says when it cannot carry it', () => {
    expect(sysbenchConfig('s3cret,#x')).toBe('mysql-password="s3cret,#x"\n');
    expect(sysbenchConfig('a"b')).toBe(`mysql-password='a"b'\n`);
    expect(sysbenchCannotUse(connection)).toBeNull();
    expect(sysbenchCannotUse({ ...connection, password: `a'b"c` })).toMatch(/config file cannot carry/);
    expect(sysbenchCannotUse({ ...connection, ssl: { rejectUnauthorized: true } })).toMatch(/TLS/);
  });
});

describe('which engine drives the load', () => {
  const spec = { workload: 'point-select' as const };

  it('sysbench 1.0.20 on PATH drives it', async () => {
    const chosen = await chooseEngine(spec, connection);
    expect(chosen.engine).toMatchObject({ name: 'sysbench', version: '1.0.20', why: null });
    expect(chosen.engine.latency).toMatch(
      /per point select, from sysbench 1\.0\.20's own histogram.*1\.8% wide/,
    );
  });

  it("bplab's own engine when sysbench is not on PATH, or when asked for", async () => {
    const none = await chooseEngine(spec, connection, { PATH: '/nonexistent' });
    expect(none.engine).toMatchObject({
      name: 'bplab',
      version: null,
      why: 'sysbench 1.x was not found on PATH.',
    });
    const asked = await chooseEngine({ ...spec, engine: 'bplab' }, connection);
    expect(asked.engine.name).toBe('bplab');
  });

  it('says in words when sysbench is asked for but missing, or the path given is not sysbench', async () => {
    const missing = await chooseEngine({ ...spec, engine: 'sysbench' }, connection, {
      PATH: '/nonexistent',
    }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppFailure);
    expect((missing as AppFailure).error.message).toBe(
      'sysbench was asked to drive the load, but it is not installed.',
    );
    const wrong = await chooseEngine({ ...spec, sysbenchPath: '/bin/true' }, connection).catch(
      (e: unknown) => e,
    );
    expect((wrong as AppFailure).error.message).toMatch(
      /^\/bin\/true is not sysbench: asked its --version, it printed /,
    );
    expect((wrong as AppFailure).error.hint).toBe(
      'Give the path of sysbench 1.x, or leave the path empty to use sysbench on PATH.',
    );
  });

  it('says what a program that is not sysbench printed, that a path is not there, and a sysbench that is not 1.x', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bplab-sysbench-find-'));
    try {
      const program = (name: string, says: string) => {
        const p = join(dir, name);
        writeFileSync(p, `#!/bin/sh\necho '${says}'\necho 'a second line'\n`, { mode: 0o755 });
        return p;
      };
      const foo = program('foo', 'foo 2.3 (not a load tool)');
      expect(await findSysbench(foo)).toEqual({
        problem: `${foo} is not sysbench: asked its --version, it printed "foo 2.3 (not a load tool)".`,
      });
      expect(await findSysbench(join(dir, 'absent'))).toEqual({
        problem: `${join(dir, 'absent')} is not sysbench: there is no such file.`,
      });
      const quiet = join(dir, 'quiet');
      writeFileSync(quiet, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
      expect(await findSysbench(quiet)).toEqual({
        problem: `${quiet} is not sysbench: asked its --version, it printed nothing.`,
      });
      const old = program('sysbench-05', 'sysbench 0.5');
      expect(await findSysbench(old)).toEqual({
        problem: `${old} is sysbench 0.5; bplab drives sysbench 1.x only.`,
      });
      // A program that is not sysbench, met on PATH rather than given, leaves the load to bplab's engine.
      program('sysbench', 'not sysbench at all');
      expect(await findSysbench(undefined, { PATH: dir })).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the load form's engine", () => {
  it('sends no engine for "sysbench when installed", and the one picked with its path otherwise', () => {
    const auto = checkLoadForm(DEFAULT_LOAD_FORM);
    expect(auto.ok && auto.driver).toEqual({});
    const picked = checkLoadForm({
      ...DEFAULT_LOAD_FORM,
      engine: 'sysbench',
      sysbenchPath: ' /opt/sb/sysbench ',
    });
    expect(picked.ok && picked.driver).toEqual({ engine: 'sysbench', sysbenchPath: '/opt/sb/sysbench' });
  });
});

describe('why sysbench ended early, in its own words', () => {
  it('names its error line, else its last line (an abort says no "error"), else that it said nothing', () => {
    const banner = ['sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)', 'Threads started!'];
    expect(lastWords([...banner, 'FATAL: mysql_stmt_execute() returned error 2013', 'x'])).toBe(
      'FATAL: mysql_stmt_execute() returned error 2013',
    );
    expect(lastWords([...banner, 'free(): invalid pointer'])).toBe('free(): invalid pointer');
    expect(lastWords([])).toBe('it said nothing');
  });
});

describe('why sysbench ended early, in words', () => {
  it("names a crash as sysbench's own, a kill as from outside, an exit code as the server's likely going", () => {
    const said = ['Threads started!'];
    expect(endedEarly('signal SIGABRT', said)).toBe(
      'sysbench itself crashed (SIGABRT) before its time: Threads started!',
    );
    expect(endedEarly('signal SIGKILL', [])).toBe(
      'sysbench was stopped from outside (SIGKILL) before its time: it said nothing',
    );
    expect(endedEarly('code 1', ['FATAL: mysql_stmt_execute() returned error 2013'])).toBe(
      'sysbench ended before its time (code 1; the server went away?): FATAL: mysql_stmt_execute() returned error 2013',
    );
  });
});
