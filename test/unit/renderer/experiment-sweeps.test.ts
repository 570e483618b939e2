/**
 * An experiment's load sweeps on its screen: each sweep's configuration, QPS per client count and the
 * engine that drove it; an experiment of load steps only (post 002) ending with its sweeps counted, not
 * "0 runs"; and a load step made smaller in the builder, a wrong field said in words.
 */
import { describe, expect, it } from 'vitest';
import { endStateWords } from '../../../src/renderer/features/experiments/utils/builder-view';
import { editLoadStep, loadStepText } from '../../../src/renderer/features/experiments/utils/load-sweep-edit';
import { keptItems, sweepRows } from '../../../src/renderer/features/experiments/utils/sweep-rows';
import type { ExperimentLoadRecord } from '../../../src/shared/load/experiment-load';
import {
  ExperimentDefinitionSchema,
  estimateSeconds,
  planExperiment,
} from '../../../src/shared/experiments/experiments';
import { result, step } from '../../support/load-fixture';

const definition = ExperimentDefinitionSchema.parse({
  name: 'post 002 small',
  schema: 'sbtest',
  queries: [],
  servers: [
    { label: 'MySQL 5.5.34', profileId: 'a', sandboxId: 'sa' },
    { label: 'MySQL 5.6.14', profileId: 'b', sandboxId: 'sb' },
  ],
  matrix: [{ kind: 'startup', variable: 'performance_schema', values: ['ON', 'OFF'] }],
  protocol: { cold: false, hotRuns: 1, repeats: 2 },
  loads: [{ workload: 'read-only', tables: 1, rows: 1000, clients: [1, 2], seconds: 1 }],
});

const sysbench = { name: 'sysbench' as const, version: '1.0.20', latency: 'per event', why: null };

function sweep(
  planIndex: number,
  cell: string,
  repeat: number,
  steps = [step(1, 900, 1.5), step(2, 1_700, 2.25)],
) {
  return {
    planIndex,
    cell,
    step: 0,
    repeat,
    loadFile: null,
    readBack: {},
    dataBytes: null,
    poolBytes: null,
    result: { ...result(steps), engine: sysbench },
  } satisfies ExperimentLoadRecord;
}

describe("an experiment's load sweeps", () => {
  const loads = [
    sweep(1, 'MySQL 5.5.34 · performance_schema=OFF', 1),
    sweep(0, 'MySQL 5.5.34 · performance_schema=ON', 1),
    sweep(2, 'MySQL 5.6.14 · performance_schema=ON', 2, [step(1, 800, 1), step(2, 0, 0, 'interrupted')]),
    { ...sweep(3, 'MySQL 5.6.14 · performance_schema=OFF', 2), result: result([step(1, 10, 1)]) },
  ];

  it('lists each sweep in plan order: its settings, server, repeat, QPS and p99 per client count, and its engine', () => {
    const rows = sweepRows({ definition, loads });
    expect(rows.map((r) => [r.settings, r.server, r.repeat])).toEqual([
      ['performance_schema=ON', 'MySQL 5.5.34', 1],
      ['performance_schema=OFF', 'MySQL 5.5.34', 1],
      ['performance_schema=ON', 'MySQL 5.6.14', 2],
      ['performance_schema=OFF', 'MySQL 5.6.14', 2],
    ]);
    expect(rows[0]!.load).toBe('read-only, 1 table × 1,000 rows, 1–2 clients');
    expect(rows[0]!.perClients).toBe('1 client: 900 QPS (p99 1.50 ms) · 2 clients: 1,700 QPS (p99 2.25 ms)');
    expect(rows[0]!.engine).toBe('sysbench 1.0.20');
    // A step that did not complete says so, never a figure; a result saved before engines were recorded says that.
    expect(rows[2]!.perClients).toBe('1 client: 800 QPS (p99 1.00 ms) · 2 clients: interrupted');
    expect(rows[2]!.state).toBe('interrupted');
    expect(rows[3]!.engine).toBe('not recorded');
    // A counted time no histogram covered has no p99: said, not shown as 0.
    const untimed = step(1, 900, 0);
    untimed.counted = { ...untimed.counted, latency: null };
    expect(
      sweepRows({ definition, loads: [{ ...loads[0]!, result: result([untimed]) }] })[0]!.perClients,
    ).toBe('1 client: 900 QPS (p99 not measured)');
  });

  it('ends an experiment of load steps only with its sweeps counted, and offers to compare them', () => {
    const kept = keptItems({ results: [], loads });
    const end = endStateWords({ state: 'complete', error: null }, kept, 8);
    expect(end.text).toBe(
      'Completed, but not every run completed: 3 of 8 runs complete, 1 interrupted, 4 not run; the run that did not complete is kept with what it captured.',
    );
    expect(end.next).toMatch(/Compare shows the runs kept side by side/);
    const whole = keptItems({ results: [], loads: [loads[0]!, loads[1]!] });
    expect(endStateWords({ state: 'complete', error: null }, whole, 2).text).toBe(
      'Completed: all 2 runs done.',
    );
  });
});

describe("post 002's time, estimated", () => {
  it('counts the restart before each configuration with a startup option, as the runner makes it', () => {
    const plan = planExperiment(definition);
    // ABBA over 2 servers × ON, OFF: 8 sweeps; the second repeat starts on the configuration the first
    // ended on, so 7 restarts. Each sweep: 2 client counts × 1 s.
    expect(plan.map((r) => r.cell.key)).toEqual([
      'MySQL 5.5.34 · performance_schema=ON',
      'MySQL 5.5.34 · performance_schema=OFF',
      'MySQL 5.6.14 · performance_schema=ON',
      'MySQL 5.6.14 · performance_schema=OFF',
      'MySQL 5.6.14 · performance_schema=OFF',
      'MySQL 5.6.14 · performance_schema=ON',
      'MySQL 5.5.34 · performance_schema=OFF',
      'MySQL 5.5.34 · performance_schema=ON',
    ]);
    const hints = { querySeconds: () => undefined, defaultQuerySeconds: 5, restartSeconds: 10 };
    expect(estimateSeconds(plan, hints)).toBe(8 * 2 + 7 * 10);
  });
});

describe('a load step made smaller in the builder', () => {
  it('writes a field that reads right into the draft, and says what is wrong with one that does not', () => {
    const draft = { ...definition, loads: [{ ...definition.loads![0]!, clients: [1, 64], seconds: 20 }] };
    const smaller = editLoadStep(draft, 0, 'clients', ' 1, 2 ');
    expect('definition' in smaller && smaller.definition.loads![0]!.clients).toEqual([1, 2]);
    const shorter = editLoadStep(draft, 0, 'seconds', '1');
    expect('definition' in shorter && shorter.definition.loads![0]!.seconds).toBe(1);
    expect('definition' in shorter && loadStepText(shorter.definition.loads![0]!, 'seconds')).toBe('1');
    expect(editLoadStep(draft, 0, 'clients', '1,')).toEqual({
      problem:
        'Clients takes counts separated by commas, e.g. 1,4,16: Each client count must be a whole number from 1 to 4,096, not "".',
    });
    expect(editLoadStep(draft, 0, 'seconds', '0.1')).toEqual({
      problem: 'Seconds per step must be from 0.5 to 86,400, not "0.1".',
    });
    expect(editLoadStep(draft, 0, 'warmupSeconds', '0')).toMatchObject({
      definition: { loads: [{ warmupSeconds: 0 }] },
    });
  });
});
