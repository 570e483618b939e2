/**
 * Load sweeps compared, answer first: an experiment's sweeps grouped by load step with a side per
 * configuration, post 002's performance_schema cost in words (read back from the server where it was),
 * settings the server did not take, the client's own limit, and the QPS/p99-by-clients chart's model.
 */
import { describe, expect, it } from 'vitest';
import {
  loadChart,
  loadFileLabel,
  loadGroupOfFiles,
  loadGroupsOfExperiment,
  loadReports,
  performanceSchemaCost,
} from '../../../../src/shared/compare/load-report';
import { loadChartSvg } from '../../../../src/shared/compare/svg-load';
import { ExperimentDefinitionSchema } from '../../../../src/shared/experiments/experiments';
import type { ExperimentLoadRecord } from '../../../../src/shared/load/experiment-load';
import { result, step } from '../../../support/load-fixture';

const def = ExperimentDefinitionSchema.parse({
  name: 'pfs',
  schema: 'sbtest',
  queries: [],
  servers: [{ label: 'MySQL 8.0', profileId: 'p', sandboxId: 's' }],
  matrix: [{ kind: 'startup', variable: 'performance_schema', values: ['ON', 'OFF'] }],
  loads: [{ workload: 'read-only', tables: 1, rows: 1000, clients: [1, 64], seconds: 1 }],
});

function record(planIndex: number, value: string, readBack: string | null, qps: [number, number]) {
  return {
    planIndex,
    cell: `MySQL 8.0 · performance_schema=${value}`,
    step: 0,
    loadFile: null,
    readBack: { innodb_buffer_pool_size: '134217728', performance_schema: readBack },
    dataBytes: 268435456,
    poolBytes: 134217728,
    result: result([step(1, qps[0], 0.5), step(64, qps[1], 8)]),
  } satisfies ExperimentLoadRecord;
}

describe('load sweeps compared', () => {
  const loads = [record(0, 'ON', '1', [925, 8_700]), record(1, 'OFF', '0', [1_000, 10_000])];
  const [group] = loadGroupsOfExperiment('pfs', def, loads);

  it("groups an experiment's sweeps by load step, a side per configuration named by its settings", () => {
    expect(group!.title).toBe('read-only, 1 table × 1,000 rows, 1–64 clients');
    expect(group!.sides.map((s) => [s.label, s.cacheShare])).toEqual([
      ['performance_schema=ON', 0.5],
      ['performance_schema=OFF', 0.5],
    ]);
  });

  it("says post 002's figure: what performance_schema costs at 1 client and at 64", () => {
    const [cost] = performanceSchemaCost(group!);
    expect(cost!.at.map((x) => [x.clients, Math.round(x.cost * 1000) / 10])).toEqual([
      [1, 7.5],
      [64, 13],
    ]);
    expect(cost!.text).toBe(
      'performance_schema costs 7.50% at 1 client, 13.0% at 64 (QPS on against off, MySQL 8.0).',
    );
  });

  it('pairs performance_schema on and off within each server, never across servers', () => {
    const two = ExperimentDefinitionSchema.parse({
      ...def,
      servers: [...def.servers, { label: 'MariaDB 10.11', profileId: 'q', sandboxId: 't' }],
    });
    const other = (r: ExperimentLoadRecord, planIndex: number) => ({
      ...r,
      planIndex,
      cell: r.cell.replace('MySQL 8.0', 'MariaDB 10.11'),
    });
    const [g] = loadGroupsOfExperiment('pfs', two, [
      ...loads,
      other(record(0, 'ON', '1', [500, 5_000]), 2),
      other(record(1, 'OFF', '0', [1_000, 10_000]), 3),
    ]);
    expect(g!.sides.map((s) => s.label)).toEqual([
      'MySQL 8.0 · performance_schema=ON',
      'MySQL 8.0 · performance_schema=OFF',
      'MariaDB 10.11 · performance_schema=ON',
      'MariaDB 10.11 · performance_schema=OFF',
    ]);
    expect(performanceSchemaCost(g!).map((c) => c.text)).toEqual([
      'performance_schema costs 7.50% at 1 client, 13.0% at 64 (QPS on against off, MySQL 8.0).',
      'performance_schema costs 50.0% at 1 client, 50.0% at 64 (QPS on against off, MariaDB 10.11).',
    ]);
  });

  it('judges performance_schema by what the server read back, not by what was asked', () => {
    // Asked ON, but the server ran without it: no on/off pair to state a cost from.
    const [g] = loadGroupsOfExperiment('pfs', def, [record(0, 'ON', '0', [925, 8_700]), loads[1]!]);
    expect(performanceSchemaCost(g!)).toEqual([]);
    expect(loadReports([g!])[0]!.findings).toContain(
      'performance_schema=ON: performance_schema asked ON, the server ran with 0',
    );
  });

  it('puts the answer first: the headline with each side’s peak, then the finding, chart and table', () => {
    const [r] = loadReports([group!]);
    expect(r!.headline).toBe(
      'Peak read-only, 1 table × 1,000 rows, 1–64 clients: performance_schema=ON: 8,700 QPS at 64 clients (p99 8.00 ms, pool 50.0% of the data); performance_schema=OFF: 10,000 QPS at 64 clients (p99 8.00 ms, pool 50.0% of the data)',
    );
    expect(r!.findings[0]).toMatch(/^performance_schema costs/);
    expect(r!.table.rows.map((row) => row[0]!.value)).toEqual([1, 64]);
  });

  it('charts QPS and p99 by clients, leaving out what did not complete', () => {
    const g = loadGroupOfFiles([
      { label: 'a', result: result([step(1, 100, 1), step(4, 350, 2), step(16, 50, 9, 'interrupted')]) },
      { label: 'b', result: result([step(1, 120, 0.8), step(8, 700, 3)]) },
    ]);
    const chart = loadChart(g);
    expect(chart.clients).toEqual([1, 4, 8, 16]);
    expect(chart.qpsMax).toBe(700);
    expect(chart.p99Max).toBe(3);
    expect(chart.rows).toEqual([
      { clients: 1, s0qps: 100, s0p99: 1, s1qps: 120, s1p99: 0.8 },
      { clients: 4, s0qps: 350, s0p99: 2, s1qps: null, s1p99: null },
      { clients: 8, s0qps: null, s0p99: null, s1qps: 700, s1p99: 3 },
      { clients: 16, s0qps: null, s0p99: null, s1qps: null, s1p99: null },
    ]);
    const svg = loadChartSvg(chart, 'c1');
    // One QPS and one p99 line per side, a point per completed step.
    expect(svg.match(/<polyline/g)).toHaveLength(4);
    expect(svg.match(/<circle/g)).toHaveLength(4);
    expect(svg).toContain('<title>a, 4 clients: 350 QPS, p99 2.00 ms</title>');
  });

  it('draws no two lines in one colour: QPS and p99 apart, and each side apart', () => {
    const g = loadGroupOfFiles([
      { label: 'a', result: result([step(1, 100, 1)]) },
      { label: 'b', result: result([step(1, 120, 0.8)]) },
    ]);
    const colours = loadChart(g).series.flatMap((s) => [s.qpsColor, s.p99Color]);
    expect(colours.every((c) => Number.isInteger(c))).toBe(true);
    expect(new Set(colours).size).toBe(4);
    // The report's chart too: the QPS line and the p99 line of side a differ in stroke.
    const strokes = [...loadChartSvg(loadChart(g), 'c2').matchAll(/<polyline fill="none" stroke="([^"]+)"/g)];
    expect(new Set(strokes.map((m) => m[1])).size).toBe(4);
  });

  it('names a load bplab saved by what it is, not by its start time; a name given stays', () => {
    const r = result([step(1, 100, 1)]);
    const saved = '/data/loads/2026-11-27T10-15-02-123Z-point-select.bplab-load.json';
    expect(loadFileLabel(saved, r)).toBe('point-select on 10.11');
    expect(loadFileLabel('/tmp/fast.json', r)).toBe('fast');
    const g = loadGroupOfFiles([
      { label: loadFileLabel(saved, r), result: r },
      { label: loadFileLabel(saved.replace('10-15', '10-20'), r), result: r },
    ]);
    expect(g.sides.map((s) => s.label)).toEqual(['point-select on 10.11', 'point-select on 10.11 (2)']);
  });

  it('says when the client was the limit: QPS at 80% of its SELECT 1 ceiling or more; and when a ceiling was itself slowed', () => {
    const withCeiling = (clients: number, qps: number, ceiling: number) => {
      const s = step(clients, qps, 8);
      s.ceiling = { qps: ceiling, p99: 1, errors: 0, seconds: 1 };
      return s;
    };
    const g = loadGroupOfFiles([
      {
        label: 'x',
        result: result([
          withCeiling(1, 1_000, 5_000),
          withCeiling(16, 9_000, 10_000),
          withCeiling(64, 9_500, 9_000),
        ]),
      },
    ]);
    expect(loadReports([g])[0]!.findings).toEqual([
      'The client was the limit (QPS at 80% or more of its own SELECT 1 ceiling): x at 16 clients.',
      '1 of 3 steps measured their SELECT 1 ceiling below their own QPS: the machine was busy with more than this load, so their figures are noisy.',
      "Driven by bplab's own engine (saved before sysbench could drive it).",
    ]);
  });

  it('names the engine that drove the sweeps, and says each side’s when they differ', () => {
    const sysbench = {
      name: 'sysbench' as const,
      version: '1.0.20',
      latency: 'per point select, from its own histogram',
      why: null,
    };
    const own = {
      name: 'bplab' as const,
      version: null,
      latency: 'per statement',
      why: 'sysbench 1.x was not found on PATH.',
    };
    const by = (engine: typeof sysbench | typeof own) => ({ ...result([step(1, 100, 1)]), engine });
    const same = loadGroupOfFiles([
      { label: 'a', result: by(sysbench) },
      { label: 'b', result: by(sysbench) },
    ]);
    expect(loadReports([same])[0]!.findings.at(-1)).toBe(
      'Driven by sysbench 1.0.20; latency per point select, from its own histogram.',
    );
    const mixed = loadGroupOfFiles([
      { label: 'a', result: by(sysbench) },
      { label: 'b', result: by(own) },
    ]);
    expect(loadReports([mixed])[0]!.findings.at(-1)).toBe(
      "Not one engine: a driven by sysbench 1.0.20; latency per point select, from its own histogram; b driven by bplab's own engine (sysbench 1.x was not found on PATH.); latency per statement. Their figures are not one measure.",
    );
    // An experiment's repeats of one configuration are each looked at, not only the first.
    const [repeated] = loadGroupsOfExperiment('pfs', def, [
      { ...record(0, 'ON', '1', [925, 8_700]), result: by(sysbench) },
      { ...record(1, 'ON', '1', [925, 8_700]), repeat: 2, result: by(own) },
    ]);
    expect(loadReports([repeated!])[0]!.findings.at(-1)).toMatch(
      /^Not one engine: MySQL 8\.0 · performance_schema=ON driven by sysbench 1\.0\.20.*, then driven by bplab's own engine/,
    );
  });
});
