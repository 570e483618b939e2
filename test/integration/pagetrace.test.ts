/**
 * The server's own page trace (bpftrace uprobes on the page-request functions) on the flavors whose
 * binaries keep their symbols: MySQL 8.0.31 and MariaDB 11.4.5 (and MySQL 5.6.14 when run on it by hand:
 * 66 s there, too long for the old servers' subset in test-all.sh). One traced SSB query at SF 0.01 on a
 * 16 MB pool: the requests traced (with MySQL's double count of adaptive-hash hits) equal the run's
 * Innodb_buffer_pool_read_requests delta within 1%, and the simulator replays the trace. The capability
 * report says why a trace is unavailable, each case on a real machine check with one dependency changed:
 * Debian's stripped mariadbd, a non-root user, no bpftrace on the PATH.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineProbes, pageTraceCapability } from '../../src/main/pagetrace/capability';
import { readPoolPagesFile } from '../../src/main/pagetrace/pool-start';
import { RunPageTracer } from '../../src/main/pagetrace/run-tracer';
import { readPageTrace } from '../../src/main/pagetrace/trace-file';
import { tracedRunReplay } from '../../src/main/whatif/traced-run';
import { checkRequests, isTracedRun } from '../../src/shared/runs/page-trace';
import { replaySteps } from '../../src/shared/whatif/replay';
import { traceableFlavor } from '../support/flavors';
import { testServer } from '../support/test-server';
import { coldPool, LAB_SCHEMA, openRunsLab, type RunsLab } from './runs-support';

const server = testServer();
const traceable = traceableFlavor(server.label);
/** Debian's mariadbd (scripts/install-deps.sh installs mariadb-server-core): stripped of its symbols. */
const DEBIAN_MARIADBD = '/usr/sbin/mariadbd';

let lab: RunsLab;

beforeAll(async () => {
  if (!traceable) return;
  lab = await openRunsLab('pagetrace', {
    sf: 0.01,
    poolSize: '16M',
    // MySQL 8.4+ ships with the adaptive hash index off (9.7.4 here); on, as 8.0's default, its latched
    // hits are traced through their own probe, whose arguments moved in 9.7.
    ...(server.flavor === 'mysql' && { options: { innodb_adaptive_hash_index: 'ON' } }),
    pageTracer: (dataDir, info) =>
      new RunPageTracer({
        probes: machineProbes(),
        spawn,
        binaryOf: async () => info().binaryPath,
        dir: join(dataDir, 'runs'),
      }),
  });
}, 600_000);

afterAll(async () => {
  await lab?.close();
}, 60_000);

describe.runIf(traceable)(`page trace on ${server.label}`, () => {
  const flavorOf = { flavor: server.flavor, version: server.version };

  it('says the trace is available on this binary as root, and why not otherwise', async () => {
    const here = await pageTraceCapability(machineProbes(), flavorOf, server.binaryPath);
    expect(here.detail).toMatch(/^page trace: available/);
    const notRoot = await pageTraceCapability(
      { ...machineProbes(), uid: () => 1000 },
      flavorOf,
      server.binaryPath,
    );
    expect(notRoot.status).toBe('no');
    expect(notRoot.detail).toContain('bplab is not running as root');
    const noBpftrace = await pageTraceCapability(machineProbes('/nonexistent'), flavorOf, server.binaryPath);
    expect(noBpftrace.detail).toContain('bpftrace is not installed');
    expect(existsSync(DEBIAN_MARIADBD)).toBe(true);
    const stripped = await pageTraceCapability(
      machineProbes(),
      { flavor: 'mariadb', version: '11.4.5' },
      DEBIAN_MARIADBD,
    );
    expect(stripped.detail).toContain('has no symbols (it was stripped)');
  });

  it("traces a run's page requests: they equal the server's count within 1%, and the simulator replays them", async () => {
    // Cold then hot untraced, then hot traced: the server's background work after the restart (its
    // requests are in the global counter, not in the run's thread) has calmed by the traced run.
    await coldPool(lab);
    const spec = { queryId: 'Q1.1', schema: LAB_SCHEMA, poll: 'off' as const };
    await lab.service.run(lab.info.profileId, undefined, spec);
    const untraced = await lab.service.run(lab.info.profileId, undefined, spec);
    const run = await lab.service.run(lab.info.profileId, undefined, { ...spec, tracePages: true });
    console.log(
      `${server.label} Q1.1 hot: ${untraced.elapsedMs} ms untraced, ${run.elapsedMs} ms traced (not asserted: timing is noisy here)`,
    );
    expect(isTracedRun(untraced)).toBe(false);
    expect(run.error).toBeNull();
    expect(run.state).toBe('complete');
    expect(isTracedRun(run)).toBe(true);
    const summary = run.pageTrace!;
    expect(summary.lost).toBe(0);
    const runDelta = run.status.find(
      (s) => s.name.toLowerCase() === 'innodb_buffer_pool_read_requests',
    )!.delta;
    expect(summary.serverRequests).toBeDefined();
    const measured = summary.serverRequests!;
    const check = checkRequests(summary, measured);
    console.log(
      `${server.label} Q1.1 SF 0.01: traced ${check.traced}, server ${measured} over the traced window (${runDelta} over the run's); ${check.remainder}`,
    );
    expect(check.relError).toBeLessThanOrEqual(0.01);
    expect(summary.requests).toBeGreaterThan(1000);
    const replay = await tracedRunReplay(run, join(lab.dataDir, 'runs'), lab.info.datadir);
    if ('error' in replay) throw new Error(replay.error);
    expect(replay.trace.length).toBe(summary.requests);
    const { counters } = replaySteps(replay.layout, replay.settings, replay.steps, replay.foreignPages);
    const reads = run.status.find((s) => s.name.toLowerCase() === 'innodb_buffer_pool_reads')!.delta;
    console.log(
      `${server.label} Q1.1 replayed: ${counters[counters.length - 1]!.syncReads} pages read, measured ${reads}`,
    );
    // Printed, not asserted: the replay's accuracy is bench/trace.ts's (a hot run on MariaDB's short LRU
    // still reads; this test's pool and data are too small for a ±2% verdict).
    expect(Number.isFinite(counters[counters.length - 1]!.syncReads)).toBe(true);
  }, 300_000);

  it("counts a join's adaptive-hash hits within 1%, and replays its hot pass from the pool it started from", async () => {
    // Q2.1 looks up part, supplier and date by primary key per lineorder row: on MySQL 8.0 those
    // lookups hit the adaptive hash under its search latch, a request the server counts without a
    // buffer-pool call (bplab's uretprobe places them).
    await coldPool(lab);
    const spec = { queryId: 'Q2.1', schema: LAB_SCHEMA, poll: 'off' as const, tracePages: true };
    const cold = await lab.service.run(lab.info.profileId, undefined, spec);
    const hot = await lab.service.run(lab.info.profileId, undefined, spec);
    expect(cold.error).toBeNull();
    expect(hot.error).toBeNull();
    const summary = hot.pageTrace!;
    expect(summary.lost).toBe(0);
    const check = checkRequests(summary, summary.serverRequests!);
    const latched = summary.probes.find((p) => p.name.startsWith('btr_search_guess_on_hash'));
    console.log(
      `${server.label} Q2.1 hot SF 0.01: traced ${check.traced}, server ${check.measured}; latched hash hits ${latched?.calls ?? 'n/a'}; ${check.remainder}`,
    );
    // More than 1% of the requests on MySQL: without them (bplab read them as 0 before) the check fails.
    if (server.flavor === 'mysql') expect(latched!.calls).toBeGreaterThan(0.01 * check.measured);
    expect(check.relError).toBeLessThanOrEqual(0.01);
    // Every request the server counted is in the trace file, the latched hits too.
    const runsDir = join(lab.dataDir, 'runs');
    const replay = await tracedRunReplay(hot, runsDir, lab.info.datadir, [cold]);
    if ('error' in replay) throw new Error(replay.error);
    expect(replay.trace.length).toBe(summary.requests);
    expect(summary.requests).toBe(summary.probes.reduce((n, p) => n + p.calls, 0));
    // The latched hits are marked as such in the trace file (their pages are not made young in the
    // replay); MariaDB 11.4 has none.
    const stored = readPageTrace(join(runsDir, summary.file));
    let latchedRequests = 0;
    stored.count.forEach((c, i) => (latchedRequests += stored.latched?.[i] ? c : 0));
    expect(latchedRequests).toBe(server.flavor === 'mysql' ? latched!.calls : 0);
    // The pool at the start kept each page's old flag and access time: as many old pages as the pool's
    // stats said just before (MariaDB's short LRU here has no old sublist: 0), accessed pages.
    const pool = readPoolPagesFile(join(runsDir, summary.poolAtStart!.file));
    const old = pool.state!.old.reduce((n, o) => n + o, 0);
    const statsOld = hot.poolStats.before.reduce((n, p) => n + p.oldDatabasePages, 0);
    console.log(
      `${server.label} Q2.1 hot start pool: ${old} of ${pool.space.length} pages old, pool stats ${statsOld}`,
    );
    expect(Math.abs(old - statsOld)).toBeLessThanOrEqual(20);
    expect(pool.state!.accessTime.some((t) => t > 0)).toBe(true);
    // The pool's pages at the hot run's start were kept (what its cold pass left): the replay starts
    // from them, so the cold pass is not replayed.
    expect(summary.poolAtStart!.pages).toBeGreaterThan(cold.pageTrace!.poolAtStart!.pages);
    expect(replay.steps).toHaveLength(1);
    expect(replay.assumptions.join(' ')).toContain(`starts from the ${summary.poolAtStart!.pages} pages`);
    const { counters } = replaySteps(replay.layout, replay.settings, replay.steps, replay.foreignPages);
    const measured = hot.status.find((s) => s.name.toLowerCase() === 'innodb_buffer_pool_reads')!.delta;
    const simulated = counters[0]!.syncReads;
    console.log(
      `${server.label} Q2.1 hot replayed from the pool it started from (${summary.poolAtStart!.pages} pages): ${simulated} pages read, measured ${measured}`,
    );
    // MariaDB 11.4 here: 1,326 against 1,337. MySQL 8.0 in this 16 MB pool: 0 against 0 (an earlier run
    // read 379 there: its adaptive hash takes blocks; printed, bench/trace.ts's SF 0.1 is the verdict).
    if (server.flavor === 'mariadb')
      expect(Math.abs(simulated - measured)).toBeLessThanOrEqual(Math.max(2, 0.02 * measured));
  }, 300_000);
});
