/**
 * Load sweeps in an experiment: where they sit in the plan (after each configuration's queries, or alone),
 * what the estimate counts for them, and how the runner runs them: the configuration's restart options in
 * place first, the settings read back from the server and kept with the sweep's result.
 */
import { describe, expect, it } from 'vitest';
import { ExperimentRunner, type ExperimentRunnerDeps } from '../../../src/main/experiments/runner';
import { readBackVariables } from '../../../src/main/experiments/load-cell';
import {
  ExperimentDefinitionSchema,
  estimateSeconds,
  expandCells,
  planExperiment,
  type ExperimentDefinitionInput,
} from '../../../src/shared/experiments/experiments';
import { cacheShare, loadSweepLabel, loadSweepSeconds } from '../../../src/shared/load/experiment-load';
import type { LoadResult } from '../../../src/shared/load/oltp-load';
import { runResult } from '../../support/run-fixture';
import { loadGroupsOfExperiment, loadReports } from '../../../src/shared/compare/load-report';
import { pageCacheWords } from '../../../src/shared/compare/load-page-cache';
import { result, step } from '../../support/load-fixture';

const pfs: ExperimentDefinitionInput = {
  name: 'pfs',
  schema: 'sbtest',
  queries: [],
  servers: [{ label: 'S', profileId: 'p', sandboxId: 's' }],
  matrix: [{ kind: 'startup', variable: 'performance_schema', values: ['ON', 'OFF'] }],
  loads: [
    { workload: 'read-only', tables: 1, rows: 1000, clients: [1, 64], seconds: 10, warmupSeconds: 2 },
    { workload: 'point-select', tables: 8, rows: 1000, clients: [8, 16, 32], seconds: 5 },
  ],
};

describe('load steps in the plan', () => {
  it('runs every load step in every configuration, in order, with nothing else when there are no queries', () => {
    const plan = planExperiment(ExperimentDefinitionSchema.parse(pfs));
    expect(plan.map((r) => [r.index, r.cell.key, r.load?.step, r.load?.seconds])).toEqual([
      [0, 'S · performance_schema=ON', 0, 24],
      [1, 'S · performance_schema=ON', 1, 15],
      [2, 'S · performance_schema=OFF', 0, 24],
      [3, 'S · performance_schema=OFF', 1, 15],
    ]);
    expect(plan.every((r) => !r.restartBefore && r.counted)).toBe(true);
  });

  it("puts a configuration's sweeps after its queries, the plan's indexes in order", () => {
    const def = ExperimentDefinitionSchema.parse({
      ...pfs,
      queries: [{ queryId: 'Q1.1' }],
      protocol: { cold: true, hotRuns: 1 },
      loads: [pfs.loads![1]!],
    });
    const plan = planExperiment(def);
    expect(plan.map((r) => `${r.index}:${r.load ? 'load' : r.queryId}:${r.cell.key.split('=')[1]}`)).toEqual([
      '0:Q1.1:ON',
      '1:Q1.1:ON',
      '2:load:ON',
      '3:Q1.1:OFF',
      '4:Q1.1:OFF',
      '5:load:OFF',
    ]);
    expect(plan[3]!.restartBefore).toBe(true);
  });

  it('counts a sweep by its own seconds in the estimate, and the restart each configuration begins with', () => {
    const plan = planExperiment(ExperimentDefinitionSchema.parse(pfs));
    const hints = { querySeconds: () => 99, defaultQuerySeconds: 99, restartSeconds: 10 };
    // performance_schema is a startup option: the sandbox restarts before ON and before OFF.
    expect(estimateSeconds(plan, hints)).toBe(2 * (24 + 15) + 2 * 10);
  });

  it('refuses an experiment with neither a query nor a load step, in words', () => {
    const parsed = ExperimentDefinitionSchema.safeParse({ ...pfs, loads: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['queries', 'pick at least one query'],
    ]);
  });

  it("gives a load step sysbench's schema unless it names one", () => {
    const def = ExperimentDefinitionSchema.parse(pfs);
    expect(def.loads![0]!.schema).toBe('sbtest');
    expect(def.loads![0]!.distribution).toBe('special');
  });

  it('names a step, its seconds and the share of its data the pool holds', () => {
    expect(loadSweepLabel({ workload: 'point-select', tables: 8, rows: 100000, clients: [8, 256] })).toBe(
      'point-select, 8 tables × 100,000 rows, 8–256 clients',
    );
    expect(loadSweepLabel({ workload: 'read-only', tables: 1, rows: 5, clients: [1] })).toBe(
      'read-only, 1 table × 5 rows, 1 client',
    );
    expect(loadSweepSeconds({ clients: [1, 2, 4], seconds: 3, warmupSeconds: 1, ceilingSeconds: 2 })).toBe(
      18,
    );
    expect(cacheShare({ dataBytes: 200, poolBytes: 14 })).toBeCloseTo(0.07);
    expect(cacheShare({ dataBytes: 200, poolBytes: 400 })).toBe(1);
    expect(cacheShare({ dataBytes: null, poolBytes: 400 })).toBeNull();
  });

  it('reads back the matrix variables and the pool size, not a dataset', () => {
    const [cell] = expandCells(
      ExperimentDefinitionSchema.parse({
        ...pfs,
        matrix: [
          { kind: 'dataset', variable: 'dataset', values: ['a'] },
          { kind: 'startup', variable: 'innodb_buffer_pool_instances', values: ['8'] },
          { kind: 'global', variable: 'innodb_thread_concurrency', values: ['4'] },
        ],
      }),
    );
    expect(readBackVariables(cell!)).toEqual([
      'innodb_buffer_pool_size',
      'innodb_buffer_pool_instances',
      'innodb_thread_concurrency',
    ]);
  });
});

function loadResult(clients: number[]): LoadResult {
  return { state: 'complete', steps: clients.map((c) => ({ clients: c })) } as unknown as LoadResult;
}

describe('the runner with load steps', () => {
  it('restarts the sandbox with each configuration’s option, reads back what the server took, and keeps each sweep', async () => {
    const log: string[] = [];
    const preloads: string[] = [];
    let psOn = true;
    const deps: ExperimentRunnerDeps = {
      executeRun: async (_s, spec) => runResult({ queryId: spec.queryId }, 0),
      executeLoad: async (_server, spec) => {
        log.push(`load ${spec.workload} ${spec.clients.join(',')}`);
        return { result: loadResult(spec.clients), file: `${spec.workload}.bplab-load.json` };
      },
      connect: async () => ({
        query: async (sql: string) => {
          if (/FORCE INDEX \(PRIMARY\)/.test(sql)) preloads.push(sql);
          if (/performance_schema AS v/.test(sql)) return [[{ v: psOn ? 1 : 0 }]];
          if (/innodb_buffer_pool_size AS v/.test(sql)) return [[{ v: '134217728' }]];
          if (/information_schema.TABLES/.test(sql)) return [[{ b: 268435456, n: 1 }]];
          return [[]];
        },
        close: async () => {},
      }),
      journal: { setGlobal: async () => null, restore: async () => [] },
      restartSandbox: async (id, options) => {
        log.push(`restart ${id} ${JSON.stringify(options)}`);
        psOn = options.performance_schema !== 'OFF';
      },
      dropPageCache: async () => ({ dropped: false, why: 'not root' }),
      waitForPurge: async () => ({ from: 0, to: 0, waitedMs: 0, outcome: 'idle', words: '' }),
      evictDataset: async () => ({ files: 0, residentBeforeBytes: 0, residentAfterBytes: 0 }),
    };
    const saw: string[] = [];
    const left: Array<number | null> = [];
    const out = await new ExperimentRunner(deps).run(ExperimentDefinitionSchema.parse(pfs), {
      onLoad: (r) => saw.push(`${r.cell} #${r.step}`),
      onProgress: (p) => left.push(p.remainingSec),
    });
    // Time left is known from the start: each sweep lasts as its steps say (2 × (24 + 15) s), and each
    // configuration begins with its restart (10 s until one is timed).
    expect(left[0]).toBe(98);
    expect(out.state).toBe('complete');
    expect(log).toEqual([
      'restart s {"performance_schema":"ON"}',
      'load read-only 1,64',
      'load point-select 8,16,32',
      'restart s {"performance_schema":"OFF"}',
      'load read-only 1,64',
      'load point-select 8,16,32',
      'restart s {}',
    ]);
    expect(saw).toEqual([
      'S · performance_schema=ON #0',
      'S · performance_schema=ON #1',
      'S · performance_schema=OFF #0',
      'S · performance_schema=OFF #1',
    ]);
    expect(out.loads.map((l) => l.readBack.performance_schema)).toEqual(['1', '1', '0', '0']);
    expect(out.loads[0]).toMatchObject({
      planIndex: 0,
      loadFile: 'read-only.bplab-load.json',
      poolBytes: 134217728,
      dataBytes: 268435456,
    });
    expect(cacheShare(out.loads[0]!)).toBe(0.5);
    // Before each sweep its tables were read whole into the pool: 1 table, then 8, in each configuration.
    expect(preloads).toHaveLength(2 * (1 + 8));
    expect(preloads[0]).toBe("SELECT COUNT(*) FROM `sbtest`.`sbtest1` FORCE INDEX (PRIMARY) WHERE pad <> ''");
    expect(out.loads.every((l) => l.preloadSeconds !== null)).toBe(true);
  });
});

describe('the runner with repeated load steps', () => {
  it('runs ON, OFF, OFF, ON: a restart only where the setting changes, each sweep keeping its repeat', async () => {
    const log: string[] = [];
    const deps: ExperimentRunnerDeps = {
      executeRun: async (_s, spec) => runResult({ queryId: spec.queryId }, 0),
      executeLoad: async (_server, spec) => {
        log.push(`load ${spec.workload}`);
        return { result: loadResult(spec.clients), file: null };
      },
      connect: async () => ({ query: async () => [[]], close: async () => {} }),
      journal: { setGlobal: async () => null, restore: async () => [] },
      restartSandbox: async (id, options) => void log.push(`restart ${id} ${JSON.stringify(options)}`),
      dropPageCache: async () => ({ dropped: false, why: 'not root' }),
      waitForPurge: async () => ({ from: 0, to: 0, waitedMs: 0, outcome: 'idle', words: '' }),
      evictDataset: async () => ({ files: 0, residentBeforeBytes: 0, residentAfterBytes: 0 }),
    };
    const def = ExperimentDefinitionSchema.parse({
      ...pfs,
      loads: pfs.loads!.slice(0, 1),
      protocol: { cold: false, hotRuns: 1, repeats: 2 },
    });
    const out = await new ExperimentRunner(deps).run(def);
    expect(out.state).toBe('complete');
    expect(log).toEqual([
      'restart s {"performance_schema":"ON"}',
      'load read-only',
      'restart s {"performance_schema":"OFF"}',
      'load read-only',
      'load read-only',
      'restart s {"performance_schema":"ON"}',
      'load read-only',
      'restart s {}',
    ]);
    expect(out.loads.map((l) => `${l.cell.split('=')[1]} ${l.repeat ?? 1}`)).toEqual([
      'ON 1',
      'OFF 1',
      'OFF 2',
      'ON 2',
    ]);
  });
});

describe("post 004's IO-bound sweep and the OS page cache", () => {
  it('restarts only the IO-bound pool with O_DIRECT, empties the cache after the preload and measures it after the sweep', async () => {
    const log: string[] = [];
    let resident = 250 * 2 ** 20;
    const deps: ExperimentRunnerDeps = {
      executeRun: async (_s, spec) => runResult({ queryId: spec.queryId }, 0),
      executeLoad: async (_server, spec) => {
        log.push('load');
        resident += 2 ** 20 / 2; // The server's own writes: under the noise floor.
        return { result: result(spec.clients.map((c) => step(c, 1000, 1))), file: null };
      },
      connect: async () => ({
        query: async (sql: string) => {
          if (/FORCE INDEX \(PRIMARY\)/.test(sql)) log.push('preload');
          if (/innodb_flush_method AS v/.test(sql)) return [[{ v: 'fsync' }]];
          if (/information_schema.TABLES/.test(sql)) return [[{ b: 240 * 2 ** 20, n: 1 }]];
          return [[]];
        },
        close: async () => {},
      }),
      journal: { setGlobal: async () => null, restore: async () => [] },
      restartSandbox: async (id, options) => void log.push(`restart ${JSON.stringify(options)}`),
      dropPageCache: async () => ({ dropped: false, why: 'not root' }),
      waitForPurge: async () => ({ from: 0, to: 0, waitedMs: 0, outcome: 'idle', words: '' }),
      evictDataset: async (id, schema) => {
        log.push(`evict ${id} ${schema}`);
        const before = resident;
        resident = 0;
        return { files: 3, residentBeforeBytes: before, residentAfterBytes: 0 };
      },
      datasetResidentBytes: async () => resident,
    };
    const def = ExperimentDefinitionSchema.parse({
      ...pfs,
      matrix: [
        { kind: 'startup', variable: 'innodb_buffer_pool_instances', values: ['1', '2'] },
        {
          kind: 'startup',
          variable: 'innodb_flush_method',
          values: ['default', 'O_DIRECT'],
          pairedWith: 'innodb_buffer_pool_instances',
        },
      ],
      loads: pfs.loads!.slice(0, 1),
    });
    const out = await new ExperimentRunner(deps).run(def);
    expect(out.state).toBe('complete');
    expect(log).toEqual([
      'restart {"innodb_buffer_pool_instances":"1"}',
      'preload',
      'evict s sbtest',
      'load',
      'restart {"innodb_buffer_pool_instances":"2","innodb_flush_method":"O_DIRECT"}',
      'preload',
      'evict s sbtest',
      'load',
      'restart {}',
    ]);
    expect(out.loads.map((l) => l.pageCache)).toEqual([
      { files: 3, beforeBytes: 250 * 2 ** 20, startBytes: 0, endBytes: 2 ** 19, why: null },
      { files: 3, beforeBytes: 2 ** 19, startBytes: 0, endBytes: 2 ** 19, why: null },
    ]);
    // The server ran with fsync where O_DIRECT was asked: the comparison says so; "default" asks nothing.
    const [report] = loadReports(loadGroupsOfExperiment('f', def, out.loads));
    expect(report!.findings).toContain(
      'innodb_buffer_pool_instances=2 · innodb_flush_method=O_DIRECT: innodb_flush_method asked O_DIRECT, the server ran with fsync',
    );
    expect(report!.findings.filter((f) => /asked default/.test(f))).toEqual([]);
    expect(report!.findings.find((f) => f.startsWith('How cold'))).toBe(
      "How cold the OS page cache was (the sweep's schema files and the shared tablespaces, evicted after the tables were read into the pool): innodb_buffer_pool_instances=1 · innodb_flush_method=default: 0 bytes of its files in the OS page cache as the sweep began (250 MiB evicted), 512 KiB as it ended: its reads did not fill the OS page cache; innodb_buffer_pool_instances=2 · innodb_flush_method=O_DIRECT: 0 bytes of its files in the OS page cache as the sweep began (512 KiB evicted), 512 KiB as it ended: its reads did not fill the OS page cache.",
    );
  });

  it('says when a sweep read through the OS page cache, and why the cache was not measured', () => {
    const mib = 2 ** 20;
    expect(
      pageCacheWords(
        '29M',
        { files: 3, beforeBytes: 0, startBytes: 0, endBytes: 200 * mib, why: null },
        240 * mib,
      ),
    ).toBe(
      '29M: 0 bytes of its files in the OS page cache as the sweep began (0 bytes evicted), 200 MiB as it ended: its reads went through the OS page cache, so reads from "disk" were partly memory',
    );
    expect(
      pageCacheWords(
        '29M',
        {
          files: 0,
          beforeBytes: null,
          startBytes: null,
          endBytes: null,
          why: 'fincore (util-linux) is not installed',
        },
        null,
      ),
    ).toBe('29M: the OS page cache was not emptied or measured (fincore (util-linux) is not installed)');
    // A sweep that prepared its tables wrote them through the cache: that is not said to be its reads.
    expect(
      pageCacheWords(
        '572M',
        { files: 9, beforeBytes: 0, startBytes: 0, endBytes: 500 * mib, why: null },
        480 * mib,
        7,
      ),
    ).toBe(
      '572M: 0 bytes of its files in the OS page cache as the sweep began (0 bytes evicted), 500 MiB as it ended: it prepared 7 tables first, whose writes filled the OS page cache, so what its reads did there is not told apart',
    );
  });
});
