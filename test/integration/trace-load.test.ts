/**
 * Every client of an OLTP load step traced (LoadDriver.traceClient), with sysbench and with bplab's
 * own engine: bpftrace attaches to the server before the step, the step's connections to the load's
 * schema are found on the server while it runs, and their page requests over the counted time become
 * the step's what-if (pages read per 1,000 queries against pool size). Every thread is traced, so the
 * requests check against the server's Innodb_buffer_pool_read_requests over the same window whatever
 * the clients; and every step records the server's pages read over its counted time, the measured
 * point that stands on the curve at the load's own pool.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineProbes } from '../../src/main/pagetrace/capability';
import { LoadClientTracer } from '../../src/main/load/client-trace';
import { LoadService } from '../../src/main/load/load-service';
import { clientCurve } from '../../src/main/whatif/client-curve';
import { SessionSecretStore } from '../../src/main/profiles/secrets';
import type { LoadClientTrace, LoadSweepInput } from '../../src/shared/load/oltp-load';
import { stepCurvePoints } from '../../src/shared/load/load-client-trace';
import { traceCheck } from '../../src/shared/runs/page-trace';
import { loadWorker } from '../support/workers';
import { traceableFlavor } from '../support/flavors';
import { testServer } from '../support/test-server';
import { BUF_LRU_MIN_LEN } from '../../src/shared/whatif/pool-model';
import { coldPool, openRunsLab, type RunsLab } from './runs-support';

const server = testServer();
const traceable = traceableFlavor(server.label);
const SCHEMA = 'sbtest';
/** About 4.5 MB of sbtest1: the curve's smallest pools (a sixteenth of it) read pages again. */
const ROWS = 20_000;
/** Every thread's traced requests against the server's count over the counted time: the 1%. */
const TOLERANCE = 0.01;
/** Four clients: the trial traced one of four, so its simulated pool saw a quarter of the traffic. */
const CLIENTS = 4;
/** The prediction's table: about 11 MB of sbtest1, more than the other pool holds, less than 16 MB. */
const PREDICT_SCHEMA = 'sbtest_predict';
const PREDICT_ROWS = 50_000;
const OTHER_POOL = 6 << 20;
/**
 * The prediction's tolerance, the issue's 10%: a few seconds of the clients' requests stand for the
 * steady state of a step on a warm pool, replayed at their times.
 */
const PREDICTION_TOLERANCE = 0.1;

let lab: RunsLab;
let load: LoadService;

beforeAll(async () => {
  if (!traceable) return;
  lab = await openRunsLab('trace-load', { ssb: false, poolSize: '16M' });
  load = new LoadService({
    connections: lab.connections,
    profiles: lab.profiles,
    secrets: new SessionSecretStore(),
    tasks: lab.tasks,
    dataDir: lab.dataDir,
    bplabVersion: 'test',
    workerFile: await loadWorker(),
    clientTracer: new LoadClientTracer({
      probes: machineProbes(),
      spawn,
      binaryOf: async () => lab.info.binaryPath,
      datadirOf: async () => lab.info.datadir,
      curveOf: clientCurve,
      alsoAtBytes: [OTHER_POOL],
    }),
  });
}, 120_000);

afterAll(async () => {
  await lab?.close();
}, 60_000);

/** The server's Innodb_buffer_pool_reads, on the test's own connection. */
async function poolReads(): Promise<number> {
  const c = await lab.connect();
  try {
    const [rows] = await c.query("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_reads'");
    return Number((rows as Array<{ Value: string }>)[0]!.Value);
  } finally {
    await c.end();
  }
}

/** Both engines on both servers: bpftrace attaches before the step starts, so neither waits for it. */
const ENGINES = ['sysbench', 'bplab'] as const;

describe.runIf(traceable).each(ENGINES)(
  `a traced client of a load step on ${server.label}, driven by %s`,
  (engine) => {
    it("traces every client's page requests, checks them within 1%, and puts the step's measured point on its curve", async () => {
      let readsAt = 0;
      const { result } = load.start(
        lab.info.profileId,
        undefined,
        {
          schema: SCHEMA,
          tables: 1,
          rows: ROWS,
          workload: 'point-select',
          distribution: 'uniform',
          clients: [CLIENTS],
          warmupSeconds: 1,
          seconds: 2,
        },
        {
          atCounted: async () => void (readsAt = await poolReads()),
          afterCounted: async () => void (readsAt = (await poolReads()) - readsAt),
        },
        { engine, traceClient: true },
      );
      const done = await result;
      expect(done.state, done.steps[0]?.reason ?? '').toBe('complete');
      const trace = done.steps[0]!.clientTrace!;
      if ('unavailable' in trace) throw new Error(trace.unavailable);
      const t: LoadClientTrace = trace;
      const check = traceCheck(t.check!);
      const gap = check.relError;
      console.log(
        `${server.label} ${engine}: ${t.clientsTraced} clients traced for ${t.seconds.toFixed(1)} s: ` +
          `${check.words}; ${Math.round(t.queries)} queries; per 1,000 queries: ` +
          t.curve
            .map((p) => `${(p.poolBytes / 1048576).toFixed(2)} MB ${p.perThousandQueries.toFixed(0)}`)
            .join(', ') +
          ` (printed, not asserted: the server read ${readsAt} pages over the counted time at its own ` +
          `${(t.ownPoolBytes / 1048576).toFixed(0)} MB)`,
      );
      expect(t.lost).toBe(0);
      expect(t.clientsTraced).toBe(CLIENTS);
      // Each step records the server's counters over its counted time, both engines, on the same
      // readings as the trace's window; its pages read are the measured point beside the replay at the
      // load's own pool.
      const step = done.steps[0]!;
      expect(step.server!.readRequests).toBe(t.check!.serverRequests);
      expect(step.server!.reads).toBeGreaterThanOrEqual(0);
      const own = stepCurvePoints(step).find((p) => p.own)!;
      expect(own.poolBytes).toBe(t.ownPoolBytes);
      expect(own.measured).toBe((step.server!.reads * 1000) / step.counted.queries);
      // A point select asks for at least one page: how many queries fit in the counted seconds is the
      // machine's (282 in 2.4 s on a loaded MySQL 9.7 here, 561 requests), so the floor is on queries.
      expect(t.queries).toBeGreaterThan(100);
      expect(t.requests).toBeGreaterThanOrEqual(t.queries);
      expect(gap).toBeLessThanOrEqual(TOLERANCE);
      expect(t.curve.length).toBeGreaterThanOrEqual(4);
      // MariaDB's page cleaner, woken while the LRU is longer than BUF_LRU_MIN_LEN pages, cuts it to a
      // twentieth of the pool in pools smaller than innodb_lru_scan_depth (replay.ts): there a larger
      // pool can read more, so the curve falls only up to that length; MySQL's falls everywhere.
      const falls = (p: { poolBytes: number }) =>
        server.flavor !== 'mariadb' || p.poolBytes / 16384 <= BUF_LRU_MIN_LEN;
      for (let i = 1; i < t.curve.length; i++) {
        expect(t.curve[i]!.poolBytes).toBeGreaterThan(t.curve[i - 1]!.poolBytes);
        if (falls(t.curve[i]!)) expect(t.curve[i]!.pagesRead).toBeLessThanOrEqual(t.curve[i - 1]!.pagesRead);
      }
      // A sixteenth of the table reads most of what it asks again; on MySQL all of it reads nothing.
      expect(t.curve[0]!.perThousandQueries).toBeGreaterThan(100);
      if (server.flavor !== 'mariadb') expect(t.curve[t.curve.length - 1]!.pagesRead).toBe(0);
    }, 180_000);
  },
);

describe.runIf(traceable)(`a traced client's prediction on ${server.label}`, () => {
  it('predicts the pages read per 1,000 queries of four clients in a 6 MB pool, which a real step there measures within 10%', async () => {
    const step: LoadSweepInput = {
      schema: PREDICT_SCHEMA,
      tables: 1,
      rows: PREDICT_ROWS,
      workload: 'point-select',
      distribution: 'uniform',
      clients: [CLIENTS],
      warmupSeconds: 3,
      seconds: 6,
    };
    const traced = await load.start(
      lab.info.profileId,
      undefined,
      step,
      {},
      { engine: 'bplab', traceClient: true },
    ).result;
    const t = traced.steps[0]!.clientTrace!;
    if ('unavailable' in t) throw new Error(t.unavailable);
    const predicted = t.curve.find((p) => p.poolBytes === OTHER_POOL)!.perThousandQueries;

    await coldPool(lab, '6M');
    const real = await load.start(
      lab.info.profileId,
      undefined,
      { ...step, warmupSeconds: 5 },
      {},
      { engine: 'bplab' },
    ).result;
    expect(real.state).toBe('complete');
    // The step's own measured point: the server's reads over its counted time, per 1,000 of its queries.
    const counted = real.steps[0]!;
    const queries = counted.counted.queries;
    const measured = (counted.server!.reads * 1000) / queries;
    console.log(
      `${server.label} point selects on ${PREDICT_ROWS} rows, ${CLIENTS} clients traced at 16 MB for ${t.seconds.toFixed(1)} s ` +
        `(${Math.round(t.queries)} queries): at 6 MB predicted ${predicted.toFixed(0)} pages read per 1,000 queries, ` +
        `measured ${measured.toFixed(0)} over ${queries} queries (${(((predicted - measured) / measured) * 100).toFixed(1)}%)`,
    );
    // The other pool is a real question: a third of the table is not in it.
    expect(measured).toBeGreaterThan(100);
    expect(Math.abs(predicted - measured) / measured).toBeLessThanOrEqual(PREDICTION_TOLERANCE);
  }, 300_000);
});
