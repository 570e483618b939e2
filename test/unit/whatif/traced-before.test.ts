/**
 * Which runs a traced run's real replay replays before it (runsSinceStart), and that the run view's
 * job (answerJob) replays a hot run from the pool they left, as the comparison and bench/trace.ts do.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePageTrace } from '../../../src/main/pagetrace/trace-file';
import { answerJob } from '../../../src/main/whatif/replay-jobs';
import { TraceCache } from '../../../src/main/whatif/replay-runs';
import { runsSinceStart, serverStartedMs } from '../../../src/shared/trace/traced-before';
import type { RunResult, StatusDelta } from '../../../src/shared/runs/runs';
import type { RunWhatIf } from '../../../src/shared/whatif/answers';
import { poolStats, runResult } from '../../support/run-fixture';

const global = (name: string, before: number, after: number): StatusDelta => ({
  name,
  before,
  after,
  delta: after - before,
  scope: 'global',
});

/**
 * A run started at `at` (seconds after 10:00:00) on a server up `uptime` seconds then, its requests
 * counter going from `requests` to `requests + 1000`; traced unless said.
 */
function run(
  id: string,
  at: number,
  uptime: number,
  requests: number,
  over: Partial<RunResult> = {},
): RunResult {
  return runResult({
    runId: id,
    startedAt: new Date(Date.UTC(2026, 10, 27, 10, 0, at)).toISOString(),
    status: [
      global('Innodb_buffer_pool_read_requests', requests, requests + 1000),
      global('Uptime', uptime, uptime + 1),
    ],
    pageTrace: { file: `${id}.pagetrace`, requests: 1000, records: 1000, probes: [], lost: 0 },
    ...over,
  });
}

describe('runsSinceStart', () => {
  it("gives the traced runs since the server's start, oldest first, and reads the start from Uptime", () => {
    const cold = run('cold', 10, 5, 50_000);
    const warm = run('warm', 20, 16, 51_500);
    const hot = run('hot', 30, 25, 53_000);
    const otherProfile = run('other', 15, 10, 51_000, { profileId: 'sandbox-s2' });
    expect(serverStartedMs(hot)).toBe(Date.UTC(2026, 10, 27, 10, 0, 5));
    expect(runsSinceStart(hot, [hot, warm, otherProfile, cold]).map((r) => r.runId)).toEqual([
      'cold',
      'warm',
    ]);
    // A run after it is not before it.
    expect(runsSinceStart(warm, [hot, cold]).map((r) => r.runId)).toEqual(['cold']);
  });

  it('gives none across a restart, whether its Uptime or its request counter shows it', () => {
    const cold = run('cold', 10, 5, 50_000);
    // Restarted at 10:00:25: Uptime 5 at 10:00:30.
    expect(runsSinceStart(run('hot', 30, 5, 40_000), [cold])).toEqual([]);
    // A restart right after the run: its start is within the margin but the counter went back.
    expect(runsSinceStart(run('hot', 13, 6, 2_000), [cold])).toEqual([]);
  });

  it('gives the runs since the start traced or not, complete or not; none when Uptime was not read', () => {
    const cold = run('cold', 10, 5, 50_000);
    const hot = run('hot', 30, 25, 53_000);
    const { pageTrace: _untraced, ...plain } = run('plain', 20, 15, 51_500);
    expect(runsSinceStart(hot, [cold, plain]).map((r) => r.runId)).toEqual(['cold', 'plain']);
    expect(
      runsSinceStart(hot, [cold, run('failed', 20, 15, 51_500, { state: 'failed' })]).map((r) => r.runId),
    ).toEqual(['cold', 'failed']);
    const old = { ...hot, status: hot.status.filter((s) => s.name !== 'Uptime') };
    expect(runsSinceStart(old, [cold])).toEqual([]);
  });
});

/** A traced run of pages 0.. of space 7 whose trace file is written in `dir`. */
function tracedOnDisk(dir: string, r: RunResult, pages: number[], reads: number): RunResult {
  const n = pages.length;
  writePageTrace(join(dir, `${r.runId}.pagetrace`), {
    space: new Uint32Array(n).fill(7),
    page: Uint32Array.from(pages),
    count: new Uint32Array(n).fill(1),
    atMs: Float64Array.from(pages.map((_, i) => i)),
  });
  return {
    ...r,
    server: { ...r.server, readAheadThreshold: 0 },
    status: [...r.status, global('Innodb_buffer_pool_reads', 0, reads)],
    poolStats: { before: [poolStats({ databasePages: 0 })], after: [poolStats()] },
    pageTrace: { file: `${r.runId}.pagetrace`, requests: n, records: n, probes: [], lost: 0 },
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe("the run view's real replay", () => {
  it('starts a hot run from the pool the traced runs before it left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bplab-traced-before-'));
    const cold = tracedOnDisk(dir, run('cold', 10, 5, 50_000), range(0, 100), 100);
    // Half of its pages were the cold run's: it reads the other half.
    const hot = tracedOnDisk(dir, run('hot', 30, 25, 53_000), range(50, 150), 50);
    const answer = (await answerJob(
      {
        kind: 'run',
        run: hot,
        options: { points: 4, oldBlocksTimes: [], oldBlocksPcts: [], rate: 1 },
        traceFiles: { runsDir: dir, datadir: dir, before: runsSinceStart(hot, [cold]) },
      },
      new TraceCache(),
      () => {},
    )) as RunWhatIf;
    if (!answer.real || !('report' in answer.real)) throw new Error(JSON.stringify(answer.real));
    const report = answer.real.report;
    expect(report.assumptions.join(' ')).toContain('replayed after the 1 traced run(s) before it');
    expect(report.simulatedPagesRead).toBe(50);
  });
});
