/** Saved OLTP load results for unit tests of what reads them (tables, charts, findings): steps of given QPS and p99. */
import {
  LOAD_RESULT_KIND,
  LoadSweepSpecSchema,
  type LoadResult,
  type LoadStep,
  type LoadStepState,
} from '../../src/shared/load/oltp-load';

export function step(clients: number, qps: number, p99: number, state: LoadStepState = 'complete'): LoadStep {
  const latency = { p50: p99 / 4, p95: p99 / 2, p99, max: p99 * 2 };
  const counts = { queries: qps, transactions: qps, errors: 0, reconnects: 0, seconds: 1, latency };
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

export function result(steps: LoadStep[]): LoadResult {
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
