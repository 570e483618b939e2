/**
 * Repeated sweeps (post 002's ON, OFF, OFF, ON): the plan alternates the configurations, the comparison
 * takes the median of each configuration's repeats with their spread, and says in words when the
 * repeats of one setting differ by more than the difference between the settings.
 */
import { describe, expect, it } from 'vitest';
import { combineRepeats, repeatSpread } from '../../../../src/shared/compare/load-repeats';
import {
  loadGroupOfFiles,
  loadGroupsOfExperiment,
  loadReports,
} from '../../../../src/shared/compare/load-report';
import { ExperimentDefinitionSchema, planExperiment } from '../../../../src/shared/experiments/experiments';
import type { ExperimentLoadRecord } from '../../../../src/shared/load/experiment-load';
import { result, step } from '../../../support/load-fixture';

const def = ExperimentDefinitionSchema.parse({
  name: 'pfs',
  schema: 'sbtest',
  queries: [],
  servers: [{ label: 'MySQL 8.0', profileId: 'p', sandboxId: 's' }],
  matrix: [{ kind: 'startup', variable: 'performance_schema', values: ['ON', 'OFF'] }],
  protocol: { cold: false, hotRuns: 1, repeats: 2 },
  loads: [{ workload: 'read-only', tables: 1, rows: 1000, clients: [1, 64], seconds: 1 }],
});

function record(planIndex: number, value: string, repeat: number, qps: [number, number]) {
  return {
    planIndex,
    cell: `MySQL 8.0 · performance_schema=${value}`,
    step: 0,
    ...(repeat > 1 ? { repeat } : {}),
    loadFile: null,
    readBack: { innodb_buffer_pool_size: '134217728', performance_schema: value === 'ON' ? '1' : '0' },
    dataBytes: 268435456,
    poolBytes: 134217728,
    result: result([step(1, qps[0], 0.5), step(64, qps[1], 8)]),
  } satisfies ExperimentLoadRecord;
}

describe('repeated load sweeps', () => {
  it('are planned ABBA: ON, OFF, OFF, ON, each with its repeat number', () => {
    const plan = planExperiment(def);
    expect(plan.map((r) => [r.cell.key.split(' · ')[1], r.load!.repeat, r.index])).toEqual([
      ['performance_schema=ON', 1, 0],
      ['performance_schema=OFF', 1, 1],
      ['performance_schema=OFF', 2, 2],
      ['performance_schema=ON', 2, 3],
    ]);
  });

  it('are refused beside queries, in words', () => {
    const bad = ExperimentDefinitionSchema.safeParse({
      ...def,
      queries: [{ queryId: 'Q1.1' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toContain(
      'repeats are for load sweeps alone: an experiment with queries repeats its hot runs instead',
    );
  });

  it('combine into the median of each client count, with the spread kept', () => {
    const three = [
      result([step(1, 900, 1), step(4, 3000, 2)]),
      result([step(1, 1000, 3), step(4, 2000, 4)]),
      result([step(1, 1300, 2), step(4, 2500, 9)]),
    ];
    const combined = combineRepeats(three);
    expect(combined.steps.map((s) => [s.clients, s.qps, s.p99, s.max])).toEqual([
      [1, 1000, 2, 6],
      [4, 2500, 4, 18],
    ]);
    expect(repeatSpread(three, 1)).toEqual({ min: 900, max: 1300 });
    expect(repeatSpread(three.slice(0, 1), 1)).toBeNull();
    // Two repeats: their mean.
    expect(combineRepeats(three.slice(0, 2)).steps[0]!.qps).toBe(950);
  });

  it('keep a step a repeat did not complete as it ended, never as a median', () => {
    const combined = combineRepeats([result([step(1, 900, 1)]), result([step(1, 400, 1, 'interrupted')])]);
    expect(combined.steps[0]!.state).toBe('interrupted');
    expect(combined.steps[0]!.qps).toBe(400);
  });

  it("compare as one side per setting, performance_schema's cost from the medians, noise said in words", () => {
    const loads = [
      record(0, 'ON', 1, [950, 9_000]),
      record(1, 'OFF', 1, [1_000, 10_000]),
      record(2, 'OFF', 2, [1_400, 10_200]),
      record(3, 'ON', 2, [1_150, 8_800]),
    ];
    const [group] = loadGroupsOfExperiment('pfs', def, loads);
    expect(group!.sides.map((s) => [s.label, s.repeats?.length])).toEqual([
      ['performance_schema=ON', 2],
      ['performance_schema=OFF', 2],
    ]);
    const [report] = loadReports([group!]);
    // ON 1,050 against OFF 1,200 at 1 client (150 apart), while OFF's repeats differ by 400: noise.
    // At 64: ON 8,900 against OFF 10,100 (1,200 apart), repeats 200 apart: a finding.
    expect(report!.findings[0]).toBe(
      'performance_schema costs 12.5% at 1 client, 11.9% at 64 (QPS on against off, the median of 2 repeats each, MySQL 8.0).',
    );
    expect(report!.findings[1]).toBe(
      "The repeats of one setting differ by more than ON and OFF do at 1 client (repeats up to 400 QPS apart, against 150 between the medians): there the difference is within the machine's noise, not performance_schema's cost.",
    );
    const t = report!.table;
    expect(t.columns.map((c) => c.label)).toContain('performance_schema=OFF QPS of the 2 repeats');
    const row1 = t.rows[0]!.map((c) => c.text);
    expect(row1).toContain('1,000–1,400');
    expect(row1).toContain('1,200');
  });
});

describe('a step whose counted time has no latency (a 1-second sysbench step whose report came too late)', () => {
  const untimed = (clients: number, qps: number) => {
    const s = step(clients, qps, 0);
    s.counted = { ...s.counted, latency: null };
    return s;
  };

  it('leaves it out of the repeats’ median latency, and says not measured where no repeat has one', () => {
    const both = combineRepeats([result([step(2, 5_000, 30)]), result([untimed(2, 7_000)])]);
    // The median of 30 ms and "0" would be 15 ms: a figure no repeat measured.
    expect(both.steps[0]!.p99).toBe(30);
    expect(both.steps[0]!.counted.latency?.p99).toBe(30);
    const none = combineRepeats([result([untimed(2, 5_000)]), result([untimed(2, 7_000)])]);
    expect(none.steps[0]!.counted.latency).toBeNull();
    const [report] = loadReports([
      loadGroupOfFiles([
        { label: 'a', result: result([untimed(2, 5_000)]) },
        { label: 'b', result: result([step(2, 6_000, 20)]) },
      ]),
    ]);
    expect(report!.headline).toBe(
      'Peak point-select, 8 tables × 1,000 rows, 2 clients: a: 5,000 QPS at 2 clients (p99 not measured); b: 6,000 QPS at 2 clients (p99 20.0 ms)',
    );
    // The table's p99 column: none for a, 20.0 ms for b; the chart draws no p99 point for a.
    const p99s = report!.table.rows[0]!.slice(3, 5).map((c) => c.text);
    expect(p99s).toEqual(['—', '20.0 ms']);
    expect(report!.chart.series[0]!.points[0]!.p99).toBeNull();
  });
});
