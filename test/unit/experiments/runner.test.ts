/**
 * The runner's own logic: order of restarts, settings and runs; what is kept on cancel; interruptions;
 * putting everything back. The run service and the servers are stand-ins recording calls here; the
 * integration suite runs experiments on real servers. The buffer pool's resizes: runner-pool.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ExperimentRunner } from '../../../src/main/experiments/runner';
import { ExperimentDefinitionSchema } from '../../../src/shared/experiments/experiments';
import type { RunResult } from '../../../src/shared/runs/runs';
import { base, harness } from './runner-harness';

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

  it('tags each run with the experiment, its configuration and pass, so the Runs list can say so', async () => {
    const { deps } = harness();
    const tags: unknown[] = [];
    const run = deps.executeRun;
    deps.executeRun = async (server, spec, ctx) => {
      tags.push(spec.experiment);
      return run(server, spec, ctx);
    };
    await new ExperimentRunner(deps).run(ExperimentDefinitionSchema.parse(base), {});
    expect(tags[0]).toEqual({ name: 't', configuration: 'S · innodb_old_blocks_time=1000', pass: 'cold' });
    expect(tags.at(-1)).toMatchObject({ configuration: 'S · innodb_old_blocks_time=0' });
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

  it("reads the configuration's dataset once from storage before evicting it, for every cold pass alike", async () => {
    const { deps, log } = harness({ dropped: false, evicted: [612 * 1024 * 1024, 0] });
    deps.readDatasetThroughStorage = async (sandboxId, schema) => {
      log.push(`read ${sandboxId} ${schema}`);
      return { files: 9, bytes: 1250 * 1024 * 1024, ms: 1340, direct: true };
    };
    const out = await new ExperimentRunner(deps).run(ExperimentDefinitionSchema.parse(base));
    expect(log.filter((l) => /^(read|evict|restart)/.test(l))).toEqual([
      'restart s {}',
      'read s ssb',
      'evict s ssb',
      'restart s {}',
      'read s ssb',
      'evict s ssb',
    ]);
    expect(out.results[0]!.cold?.storageRead).toEqual({
      files: 9,
      bytes: 1250 * 1024 * 1024,
      ms: 1340,
      direct: true,
    });
    expect(out.results[0]!.cold?.note).toBe(
      "S restarted; purge had caught up (history list 0); dataset files read once from storage first (1250 MiB in 1.3 s), so a cache beneath this machine (a VM host's) serves every configuration's cold pass alike; dataset files: 612 MiB evicted from the OS page cache, 0 MiB still resident (9 files)",
    );
    // A read that fails is said, and the eviction still makes the pass cold.
    const failed = harness({ dropped: false, evicted: [10, 0] }).deps;
    failed.readDatasetThroughStorage = async () => {
      throw new Error('dd (coreutils) is not installed');
    };
    const cold = (await new ExperimentRunner(failed).run(ExperimentDefinitionSchema.parse(base))).results[0]!
      .cold;
    expect(cold?.how).toBe('restart-and-evict-files');
    expect(cold?.storageRead).toBeUndefined();
    expect(cold?.note).toContain(
      "the dataset's files could not be read once from storage first: dd (coreutils) is not installed",
    );
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
