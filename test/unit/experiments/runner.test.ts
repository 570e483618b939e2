/**
 * The runner's own logic: order of restarts, settings and runs; what is kept on cancel; interruptions;
 * putting everything back. The run service and the servers are stand-ins recording calls here; the
 * integration suite runs experiments on real servers.
 */
import { describe, expect, it } from 'vitest';
import { sizeBytes } from '../../../src/main/experiments/cell-settings';
import { AppFailure } from '../../../src/shared/result';
import { ExperimentRunner, type ExperimentRunnerDeps } from '../../../src/main/experiments/runner';
import { ExperimentDefinitionSchema, type ExperimentDefinitionInput } from '../../../src/shared/experiments';
import type { RunResult } from '../../../src/shared/runs';
import { runResult } from '../../support/run-fixture';

const base: ExperimentDefinitionInput = {
  name: 't',
  schema: 'ssb',
  queries: [{ queryId: 'Q1.1' }, { queryId: 'Q2.1' }],
  servers: [{ label: 'S', profileId: 'p', sandboxId: 's' }],
  matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] }],
  protocol: { cold: true, hotRuns: 2 },
};

function harness(
  opts: {
    result?: (n: number) => Partial<RunResult>;
    dropped?: boolean;
    /** Bytes of the dataset's files resident before and after eviction; none: eviction fails. */
    evicted?: [number, number];
  } = {},
) {
  const log: string[] = [];
  let runs = 0;
  let clock = 0;
  const deps: ExperimentRunnerDeps = {
    now: () => clock,
    executeRun: async (server, spec) => {
      runs++;
      clock += 1000;
      log.push(`run ${spec.queryId}`);
      return runResult({ queryId: spec.queryId, elapsedMs: 1000, ...opts.result?.(runs) }, 0);
    },
    connect: async () => ({
      query: async (sql: string) => {
        if (/resize_status/.test(sql)) return [[{ Value: `Completed resizing buffer pool at ${clock}` }]];
        return [[{ s: 1 }]];
      },
      close: async () => {},
    }),
    journal: {
      setGlobal: async (_c, _p, variable, value) => {
        log.push(`set ${variable}=${value}`);
        clock += 1;
        return null;
      },
      restore: async () => {
        log.push('restore');
        return [
          {
            profileId: 'p',
            variable: 'innodb_old_blocks_time',
            before: '1000',
            after: 0,
            at: '',
            reason: '',
          },
        ];
      },
    },
    restartSandbox: async (id, options) => {
      log.push(`restart ${id} ${JSON.stringify(options)}`);
      clock += 5000;
    },
    dropPageCache: async () => ({ dropped: opts.dropped ?? true, why: 'not root' }),
    waitForPurge: async () => ({
      from: 0,
      to: 0,
      waitedMs: 0,
      outcome: 'caught-up',
      words: 'purge had caught up (history list 0)',
    }),
    evictDataset: async (sandboxId, schema) => {
      log.push(`evict ${sandboxId} ${schema}`);
      if (!opts.evicted) throw new Error('no sandbox files here');
      return { files: 9, residentBeforeBytes: opts.evicted[0], residentAfterBytes: opts.evicted[1] };
    },
  };
  return { deps, log };
}

describe('the experiment runner', () => {
  it('restarts before each cold pass, sets the configuration after each restart, and restores at the end', async () => {
    const { deps, log } = harness();
    const progress: Array<number | null> = [];
    const steps: Array<{ step: string; done: number; left: number | null }> = [];
    const out = await new ExperimentRunner(deps).run(ExperimentDefinitionSchema.parse(base), {
      onProgress: (p) => {
        progress.push(p.remainingSec);
        steps.push({ step: p.step, done: p.done, left: p.remainingSec });
      },
    });
    expect(out.state).toBe('complete');
    expect(out.results).toHaveLength(12);
    expect(log).toEqual([
      'restart s {}',
      'evict s ssb',
      'set innodb_old_blocks_time=1000',
      ...Array(6)
        .fill(0)
        .map((_, i) => `run ${i % 2 ? 'Q2.1' : 'Q1.1'}`),
      'restart s {}',
      'evict s ssb',
      'set innodb_old_blocks_time=0',
      ...Array(6)
        .fill(0)
        .map((_, i) => `run ${i % 2 ? 'Q2.1' : 'Q1.1'}`),
      'restore',
    ]);
    expect(out.results[0]!.cold).toEqual({
      how: 'restart-and-drop-page-cache',
      note: "S restarted; purge had caught up (history list 0); the dataset's files could not be evicted: no sandbox files here; OS page cache dropped",
      purge: { from: 0, to: 0, waitedMs: 0, outcome: 'caught-up' },
    });
    expect(out.results[1]!.cold).toBeNull();
    expect(out.restored).toEqual(['S: innodb_old_blocks_time back to 1000']);
    // No estimate before anything was timed; then 11 runs of 1 s and one 5 s restart left after the first.
    expect(progress[0]).toBeNull();
    expect(progress).toContain(11 + 5);
    // Restarting for the second setting's cold pass: that restart and its 6 runs are still to come.
    expect(steps.find((s) => s.step.startsWith('restarting') && s.done === 6)?.left).toBe(6 + 5);
  });

  it("evicts the configuration's dataset after the purge wait, and says what was evicted", async () => {
    const { deps, log } = harness({ dropped: false, evicted: [612 * 1024 * 1024, 0] });
    const out = await new ExperimentRunner(deps).run(ExperimentDefinitionSchema.parse(base));
    expect(log.filter((l) => l.startsWith('evict'))).toEqual(['evict s ssb', 'evict s ssb']);
    expect(out.results[0]!.cold).toEqual({
      how: 'restart-and-evict-files',
      note: 'S restarted; purge had caught up (history list 0); dataset files: 612 MiB evicted from the OS page cache, 0 MiB still resident (9 files)',
      eviction: { files: 9, residentBeforeBytes: 612 * 1024 * 1024, residentAfterBytes: 0 },
      purge: { from: 0, to: 0, waitedMs: 0, outcome: 'caught-up' },
    });
    // Pages the kernel kept (a file being written): not called cold by eviction; the drop decides.
    const kept = await new ExperimentRunner(harness({ dropped: false, evicted: [10, 4096] }).deps).run(
      ExperimentDefinitionSchema.parse(base),
    );
    expect(kept.results[0]!.cold?.how).toBe('restart-only');
  });

  it('says how cold was made when the page cache could not be dropped, and when the server is not a sandbox', async () => {
    const { deps } = harness({ dropped: false });
    const out = await new ExperimentRunner(deps).run(ExperimentDefinitionSchema.parse(base));
    expect(out.results[0]!.cold?.how).toBe('restart-only');
    expect(out.results[0]!.cold?.note).toContain('could not be dropped: not root');
    const remote = await new ExperimentRunner(harness().deps).run(
      ExperimentDefinitionSchema.parse({ ...base, servers: [{ label: 'R', profileId: 'p' }] }),
    );
    expect(remote.results[0]!.cold?.how).toBe('not-possible');
  });

  it('keeps every result so far on cancel, and still restores', async () => {
    const { deps, log } = harness();
    const ac = new AbortController();
    const out = await new ExperimentRunner(deps).run(ExperimentDefinitionSchema.parse(base), {
      signal: ac.signal,
      onResult: (r) => r.planIndex === 4 && ac.abort(),
    });
    expect(out.state).toBe('cancelled');
    expect(out.results.map((r) => r.planIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(log.at(-1)).toBe('restore');
  });

  it('goes on after an interrupted run, setting the configuration again, or stops when asked to', async () => {
    const interrupted = (n: number): Partial<RunResult> =>
      n === 3 ? { state: 'interrupted', error: 'the server restarted', elapsedMs: null } : {};
    const go = harness({ result: interrupted });
    const on = await new ExperimentRunner(go.deps).run(ExperimentDefinitionSchema.parse(base));
    expect(on.state).toBe('complete');
    expect(on.results).toHaveLength(12);
    expect(go.log.filter((l) => l === 'set innodb_old_blocks_time=1000')).toHaveLength(2);
    const stop = harness({ result: interrupted });
    const off = await new ExperimentRunner(stop.deps).run(
      ExperimentDefinitionSchema.parse({ ...base, protocol: { onInterruption: 'stop' } }),
    );
    expect(off.state).toBe('failed');
    expect(off.error).toMatch(
      /^Stopped after Q1\.1 on S: the server restarted\. \(Check the server \(a sandbox: its log on the Sandboxes screen\)\./,
    );
    expect(off.results).toHaveLength(3);
    expect(stop.log.at(-1)).toBe('restore');
  });

  it('restarts a sandbox with a startup option for its configuration, and on its own options at the end', async () => {
    const { deps, log } = harness();
    const out = await new ExperimentRunner(deps).run(
      ExperimentDefinitionSchema.parse({
        ...base,
        queries: [{ queryId: 'Q1.1' }],
        matrix: [{ kind: 'startup', variable: 'innodb_flush_method', values: ['O_DIRECT'] }],
        protocol: { cold: false, hotRuns: 1 },
      }),
    );
    expect(out.state).toBe('complete');
    expect(log).toEqual([
      'restart s {"innodb_flush_method":"O_DIRECT"}',
      'run Q1.1',
      'restart s {}',
      'restore',
    ]);
    expect(out.restored[0]).toBe('S: restarted on its own options');
  });

  it('refuses a startup option on a server it cannot restart, in words', async () => {
    const out = await new ExperimentRunner(harness().deps).run(
      ExperimentDefinitionSchema.parse({
        ...base,
        servers: [{ label: 'R', profileId: 'p' }],
        matrix: [{ kind: 'startup', variable: 'innodb_flush_method', values: ['O_DIRECT'] }],
      }),
    );
    expect(out.state).toBe('failed');
    expect(out.error).toBe('R is not a bplab sandbox, so bplab cannot restart it with innodb_flush_method.');
  });

  it('resizes the pool before the globals, waiting for the server', async () => {
    const { deps, log } = harness();
    await new ExperimentRunner(deps).run(
      ExperimentDefinitionSchema.parse({
        ...base,
        queries: [{ queryId: 'Q1.1' }],
        matrix: [
          { kind: 'global', variable: 'innodb_old_blocks_time', values: ['0'] },
          { kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['64M'] },
        ],
        protocol: { cold: false, hotRuns: 1 },
      }),
    );
    expect(log.slice(0, 2)).toEqual([
      `set innodb_buffer_pool_size=${64 * 1024 * 1024}`,
      'set innodb_old_blocks_time=0',
    ]);
    expect(sizeBytes('2G')).toBe(2 * 1024 ** 3);
    expect(() => sizeBytes('2 gigs')).toThrow(/not a size: write .* K, M, G or T/);
  });

  it('runs nothing until a resize the server does in the background (MySQL) says it has completed', async () => {
    const { deps, log } = harness();
    let resizing = false;
    let polls = 0;
    const setGlobal = deps.journal.setGlobal;
    deps.journal.setGlobal = async (c, p, variable, value, reason) => {
      if (variable === 'innodb_buffer_pool_size') resizing = true;
      return setGlobal(c, p, variable, value, reason);
    };
    // MySQL's words in Innodb_buffer_pool_resize_status, as a resize goes on in the background.
    const words = [
      'Resizing buffer pool from 33554432 to 209715200 (unit=33554432).',
      'Withdrawing blocks to be shrunken.',
      'Latching whole of buffer pool.',
      'Completed resizing buffer pool at 261123 09:00:05.',
    ];
    deps.connect = async () => ({
      query: async (sql: string) => {
        if (!/resize_status/.test(sql)) return [[{ s: 1 }]];
        if (!resizing) return [[{ Value: 'Completed resizing buffer pool at 261123 08:00:00.' }]];
        const said = words[Math.min(polls++, words.length - 1)]!;
        log.push(`status ${said}`);
        return [[{ Value: said }]];
      },
      close: async () => {},
    });
    const out = await new ExperimentRunner(deps).run(
      ExperimentDefinitionSchema.parse({
        ...base,
        queries: [{ queryId: 'Q1.1' }],
        matrix: [{ kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['200M'] }],
        protocol: { cold: false, hotRuns: 1 },
      }),
    );
    expect(out.state).toBe('complete');
    expect(log.slice(0, 6)).toEqual([
      `set innodb_buffer_pool_size=${200 * 1024 * 1024}`,
      ...words.map((w) => `status ${w}`),
      'run Q1.1',
    ]);
  });

  // MySQL 5.5/5.6: innodb_buffer_pool_size is read-only (1238); MySQL 5.7 refuses a size under chunk ×
  // instances (1231: a pool started at 1 GB with 8 instances asked for 128 MB).
  it.each([1238, 1231])(
    'restarts a sandbox with the pool size when the server cannot resize online (error %i), and keeps it on every later restart',
    async (errno) => {
      const { deps, log } = harness();
      const setGlobal = deps.journal.setGlobal;
      deps.journal.setGlobal = async (c, p, variable, value, reason) => {
        if (variable === 'innodb_buffer_pool_size')
          throw AppFailure.of('SERVER_ERROR', 'refused', { details: { serverErrno: errno } });
        return setGlobal(c, p, variable, value, reason);
      };
      const out = await new ExperimentRunner(deps).run(
        ExperimentDefinitionSchema.parse({
          ...base,
          matrix: [
            { kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['128M'] },
            { kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] },
          ],
          protocol: { cold: true, hotRuns: 1 },
        }),
      );
      expect(out.state).toBe('complete');
      const size = String(128 * 1024 * 1024);
      expect(log.filter((l) => l.startsWith('restart') || l.startsWith('set'))).toEqual([
        'restart s {}',
        `restart s {"innodb_buffer_pool_size":"${size}"}`,
        'set innodb_old_blocks_time=1000',
        // The second configuration's cold restart carries the size: no second attempt online.
        `restart s {"innodb_buffer_pool_size":"${size}"}`,
        'set innodb_old_blocks_time=0',
        // At the end, back on its own options.
        'restart s {}',
      ]);
      // 2 configurations × 2 queries × (cold + 1 hot).
      expect(log.filter((l) => l.startsWith('run'))).toHaveLength(8);
    },
  );

  it('restarts a MySQL 5.7+ sandbox with the pool size when an online resize settled elsewhere; MariaDB keeps what it got', async () => {
    const settled = (version: string) => {
      const { deps, log } = harness();
      const connect = deps.connect;
      deps.connect = async (server) => {
        const c = await connect(server);
        return {
          ...c,
          // 83M asked of a pool in 128M chunks: the server settles at 128M.
          query: async (sql: string, v?: unknown[]) =>
            /@@GLOBAL\.innodb_buffer_pool_size/.test(sql)
              ? [[{ s: 128 * 1024 * 1024 }]]
              : /VERSION\(\)/.test(sql)
                ? [[{ v: version }]]
                : c.query(sql, v),
        };
      };
      return { deps, log };
    };
    const def = ExperimentDefinitionSchema.parse({
      ...base,
      queries: [{ queryId: 'Q1.1' }],
      matrix: [{ kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['83M'] }],
      protocol: { cold: false, hotRuns: 1 },
    });
    const steps = (log: string[]) =>
      log.filter((l) => l.startsWith('restart') || l.startsWith('set') || l.startsWith('run'));
    const mysql = settled('8.0.31');
    expect((await new ExperimentRunner(mysql.deps).run(def)).state).toBe('complete');
    expect(steps(mysql.log)).toEqual([
      `set innodb_buffer_pool_size=${83 * 1024 * 1024}`,
      `restart s {"innodb_buffer_pool_size":"${83 * 1024 * 1024}"}`,
      'run Q1.1',
      'restart s {}',
    ]);
    const maria = settled('10.11.19-MariaDB-0+deb12u1');
    expect((await new ExperimentRunner(maria.deps).run(def)).state).toBe('complete');
    expect(steps(maria.log)).toEqual([`set innodb_buffer_pool_size=${83 * 1024 * 1024}`, 'run Q1.1']);
  });

  it('a resize the server says failed stops the experiment in words, and nothing runs', async () => {
    const { deps, log } = harness();
    deps.connect = async () => ({
      query: async (sql: string) =>
        /resize_status/.test(sql)
          ? [[{ Value: log.some((l) => l.startsWith('set')) ? 'Resize failed: out of memory.' : '' }]]
          : [[{ s: 1 }]],
      close: async () => {},
    });
    const out = await new ExperimentRunner(deps).run(
      ExperimentDefinitionSchema.parse({
        ...base,
        matrix: [{ kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['200M'] }],
        protocol: { cold: false, hotRuns: 1 },
      }),
    );
    expect(out.state).toBe('failed');
    expect(out.error).toMatch(
      /^S could not resize its buffer pool to 200M: Resize failed: out of memory\. \(Pick a size the server can take/,
    );
    expect(log.filter((l) => l.startsWith('run'))).toEqual([]);
    expect(log.at(-1)).toBe('restore');
  });

  it('starts a sandbox that stopped mid-run again on its configuration, so "go on" can, and says the next run began on an empty pool', async () => {
    const { deps, log } = harness({
      result: (n) => (n === 1 ? { state: 'interrupted', error: 'the server closed', elapsedMs: null } : {}),
    });
    let down = false;
    const connect = deps.connect;
    deps.connect = async (s) => {
      if (down) throw new Error('Nothing is listening');
      return connect(s);
    };
    const executeRun = deps.executeRun;
    deps.executeRun = async (s, spec, ctx) => {
      const r = await executeRun(s, spec, ctx);
      if (r.state === 'interrupted') down = true;
      return r;
    };
    const restart = deps.restartSandbox;
    deps.restartSandbox = async (id, options) => {
      down = false;
      return restart(id, options);
    };
    const out = await new ExperimentRunner(deps).run(
      ExperimentDefinitionSchema.parse({
        ...base,
        matrix: [{ kind: 'startup', variable: 'innodb_flush_method', values: ['O_DIRECT'] }],
        protocol: { cold: false, hotRuns: 1 },
      }),
    );
    expect(out.state).toBe('complete');
    expect(log).toEqual([
      'restart s {"innodb_flush_method":"O_DIRECT"}',
      'run Q1.1',
      'restart s {"innodb_flush_method":"O_DIRECT"}',
      'run Q2.1',
      'restart s {}',
      'restore',
    ]);
    expect(out.results[1]!.cold).toEqual({
      how: 'restart-only',
      note: 'S restarted after it stopped during Q1.1 (run 1): this run started on an empty buffer pool.',
    });
  });
});
