/**
 * Post 004's table from saved loads: QPS by clients per configuration, p99 beside, B over A for a
 * pair; a step that did not complete shows its state, and a client count one side lacks shows a dash.
 */
import { describe, expect, it } from 'vitest';
import { loadQpsTable } from '../../../../src/shared/compare/load-tables';
import {
  LOAD_RESULT_KIND,
  LoadSweepSpecSchema,
  type LoadResult,
  type LoadStep,
  type LoadStepState,
} from '../../../../src/shared/oltp-load';

function step(clients: number, qps: number, p99: number, state: LoadStepState = 'complete'): LoadStep {
  const counts = { queries: qps, transactions: qps, errors: 0, reconnects: 0, seconds: 1, latency: null };
  return {
    clients,
    state,
    reason: state === 'complete' ? null : 'the server went away',
    qps,
    tps: qps,
    p50: p99 / 4,
    p95: p99 / 2,
    p99,
    max: p99 * 2,
    errors: 0,
    reconnects: 0,
    counted: counts,
    warmup: null,
    perSecond: [],
    cpu: { seconds: 0.1, share: 0.05, cores: 2 },
    threads: 1,
    ceiling: null,
  };
}

function result(steps: LoadStep[]): LoadResult {
  return {
    kind: LOAD_RESULT_KIND,
    version: 1,
    bplabVersion: 'test',
    startedAt: '2026-11-25T00:00:00Z',
    finishedAt: '2026-11-25T00:01:00Z',
    server: { profileId: 'p', version: '10.11', where: '127.0.0.1:3306' },
    spec: LoadSweepSpecSchema.parse({
      schema: 'sbtest',
      tables: 8,
      rows: 1000,
      workload: 'point-select',
      clients: steps.map((s) => s.clients),
      seconds: 1,
    }),
    tables: { prepared: [], reused: ['sbtest1'], seconds: 0 },
    state: steps.every((s) => s.state === 'complete') ? 'complete' : 'interrupted',
    steps,
  };
}

describe("post 004's QPS-by-clients table", () => {
  const off = { label: 'ps=OFF', result: result([step(1, 10_000, 0.2), step(64, 40_000, 4)]) };
  const on = {
    label: 'ps=ON',
    result: result([step(1, 9_000, 0.25), step(16, 30_000, 2), step(64, 1_000, 9, 'interrupted')]),
  };
  const t = loadQpsTable([off, on]);

  it('has a row per client count of either side, QPS and p99 per side, and B over A', () => {
    expect(t.columns.map((c) => c.label)).toEqual([
      'clients',
      'ps=OFF QPS',
      'ps=ON QPS',
      'ps=OFF p99',
      'ps=ON p99',
      'ps=ON / ps=OFF',
    ]);
    expect(t.rows.map((r) => r[0]!.value)).toEqual([1, 16, 64]);
    expect(t.rows[0]!.map((c) => c.value)).toEqual([1, 10_000, 9_000, 0.2, 0.25, 0.9]);
  });

  it('shows a dash where a side has no step, and the state of a step that did not complete', () => {
    expect(t.rows[1]![1]!.text).toBe('—');
    expect(t.rows[2]![2]!.text).toBe('interrupted (1,000)');
    expect(t.rows[2]![4]!.text).toBe('—');
    expect(t.rows[2]![5]!.text).toBe('—');
  });

  it('has no ratio column for one or three configurations', () => {
    expect(loadQpsTable([off]).columns).toHaveLength(3);
    expect(loadQpsTable([off, on, off]).columns).toHaveLength(7);
  });
});
