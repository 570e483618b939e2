/**
 * Each pool size simulated as the server would have lived it (issue 40): a curve point at another
 * size replays every run since the server's start (the cold pass, then the hot runs) through to the
 * run asked, in a pool of that size; the run's own start pool seeds its own size only, and the curve's
 * point there is the run's check itself. Trace and pool files are written as bplab writes them; the
 * data folder holds no .ibd (no page links). Figures worked out by hand below.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { curveTrust } from '../../../src/shared/whatif/size-accuracy';
import { writePoolPages } from '../../../src/main/pagetrace/pool-start';
import { writePageTrace } from '../../../src/main/pagetrace/trace-file';
import { answerJob } from '../../../src/main/whatif/replay-jobs';
import { sideCurves, TraceCache } from '../../../src/main/whatif/replay-runs';
import type { RunResult, StatusDelta } from '../../../src/shared/runs/runs';
import type { RunWhatIf } from '../../../src/shared/whatif/answers';
import type { WhatIfReport } from '../../../src/shared/whatif/what-if';
import { runResult, zeroPool } from '../../support/run-fixture';

const POOL = 128;
const global = (name: string, before: number, after: number): StatusDelta => ({
  name,
  before,
  after,
  delta: after - before,
  scope: 'global',
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/**
 * A run on a 128-page MySQL 8.0 pool (2 MiB, read-ahead off, adaptive hash index off), started `at`
 * seconds after 10:00 on a server up since 10:00, its pages of space 7 traced one request each when
 * `pages` is given, its start pool (pages of space 7, tail first) kept when `pool` is, and the server's
 * Innodb_buffer_pool_reads going from `readsBefore` by `reads`.
 */
function run(
  dir: string,
  id: string,
  at: number,
  opts: { pages?: number[]; pool?: number[]; reads: number; readsBefore: number },
): RunResult {
  const base = runResult();
  const held = opts.pool?.length ?? 0;
  const r = runResult({
    runId: id,
    startedAt: new Date(Date.UTC(2026, 10, 27, 10, 0, at)).toISOString(),
    elapsedMs: 200,
    server: {
      ...base.server,
      flavor: 'mysql',
      version: '8.0.31',
      bufferPoolSizeBytes: POOL * 16384,
      readAheadThreshold: 0,
      oldBlocksTimeMs: 0,
      adaptiveHashIndex: false,
    },
    status: [
      global('Uptime', at, at + 1),
      global('Innodb_buffer_pool_reads', opts.readsBefore, opts.readsBefore + opts.reads),
    ],
    poolStats: {
      before: [zeroPool({ poolSize: POOL, freeBuffers: POOL - held, databasePages: held })],
      after: [zeroPool({ poolSize: POOL, freeBuffers: 0, databasePages: POOL })],
    },
  });
  if (!opts.pages) return { ...r, pageTrace: undefined };
  const n = opts.pages.length;
  writePageTrace(join(dir, `${id}.pagetrace`), {
    space: new Uint32Array(n).fill(7),
    page: Uint32Array.from(opts.pages),
    count: new Uint32Array(n).fill(1),
    atMs: Float64Array.from(opts.pages.map((_, i) => i)),
  });
  const pool = opts.pool ?? [];
  writePoolPages(join(dir, `${id}.pagepool`), {
    space: new Uint32Array(pool.length).fill(7),
    page: Uint32Array.from(pool),
  });
  return {
    ...r,
    pageTrace: {
      file: `${id}.pagetrace`,
      requests: n,
      records: n,
      probes: [],
      lost: 0,
      poolAtStart: { file: `${id}.pagepool`, pages: pool.length },
    },
  };
}

async function realReport(dir: string, asked: RunResult, since: RunResult[]): Promise<WhatIfReport> {
  const answer = (await answerJob(
    {
      kind: 'run',
      run: asked,
      options: { points: 4, pool: { from: 64 * 16384, to: 256 * 16384 }, rate: 1 },
      traceFiles: { runsDir: dir, datadir: dir, before: since },
    },
    new TraceCache(),
    () => {},
  )) as RunWhatIf;
  if (!answer.real || !('report' in answer.real)) throw new Error(JSON.stringify(answer.real));
  return answer.real.report;
}

const pointAt = (r: WhatIfReport, pages: number) =>
  r.curves[0]!.points.find((p) => p.poolPages === pages)?.pagesRead;

describe('a curve point at another size replays the runs since the server started', () => {
  // The cold pass reads pages 0..199 into an empty 128-page pool; the hot pass asks for them again.
  // At 128 pages the hot pass finds the 128 the cold pass left (72..199, tail first) and reads all
  // 200 again (a scan in page order evicts 72.. before it comes to them: 0..71 take the tail's
  // blocks, then each page it reaches has gone). A 256-page pool keeps all 200 from the cold pass.
  const dir = mkdtempSync(join(tmpdir(), 'bplab-sizes-lived-'));
  const cold = run(dir, 'cold', 10, { pages: range(0, 200), pool: [], reads: 200, readsBefore: 0 });
  const hot = run(dir, 'hot', 20, {
    pages: range(0, 200),
    pool: range(72, 200),
    reads: 200,
    readsBefore: 200,
  });

  it('predicts 0 hot reads where a larger pool keeps every page the cold pass read', async () => {
    const r = await realReport(dir, hot, [cold]);
    expect(r.hot).toBe(true);
    expect(pointAt(r, 256)).toBe(0);
    // The sizes asked (64 × 4^(k/3): 64, 102, 161, 256) and the run's own 128.
    expect(r.curves[0]!.points.map((p) => p.poolPages)).toEqual([64, 102, 128, 161, 256]);
    // 161 pages keep 161 of the 200 the cold pass read, but the hot scan in page order evicts them
    // ahead of itself as it reads the 39 missing: every page is read again.
    expect(pointAt(r, 161)).toBe(200);
    expect(r.uncertainty).toBeNull();
    expect(r.assumptions.join(' ')).toMatch(
      /each other pool size replays the 1 traced run\(s\) since the server started/,
    );
  });

  it("gives the run's own size the check's own figure: one simulation, one figure", async () => {
    const r = await realReport(dir, hot, [cold]);
    expect(r.simulatedPagesRead).toBe(200);
    expect(pointAt(r, POOL)).toBe(r.simulatedPagesRead);
    // The replay of the runs since the start at the run's own size rebuilds the pool the server had.
    expect(r.lifetimeAtOwn).toEqual({ pagesRead: 200 });
  });

  it('names a run since the start that was not traced, and how far it can move a point', async () => {
    // An untraced run between them read 30 pages; 5 more were read between it and the hot pass.
    const plain = run(dir, 'plain', 15, { reads: 30, readsBefore: 200 });
    const later = run(dir, 'later', 20, {
      pages: range(0, 200),
      pool: range(72, 200),
      reads: 200,
      readsBefore: 235,
    });
    const r = await realReport(dir, later, [cold, plain]);
    expect(r.uncertainty?.pages).toBe(35);
    expect(r.uncertainty?.why.join(' | ')).toMatch(
      /^Q1\.1 \(straight\) at 2026-11-27 10:00:15 UTC was not traced: it read 30 page\(s\) \| between Q1\.1 \(straight\) at 2026-11-27 10:00:15 UTC and Q1\.1 \(straight\) at 2026-11-27 10:00:20 UTC the server read 5 page\(s\)/,
    );
    // Its pages are in no trace: at 256 pages the cold pass's 200 still fit beside them.
    expect(pointAt(r, 256)).toBe(0);
  });

  it("gives a comparison side's curves the run report's trust words, for the Compare headline to read", async () => {
    const side = await sideCurves(
      'A',
      [cold],
      { oldBlocksTimes: [0], oldBlocksPcts: [37], points: 3 },
      new TraceCache(),
      () => {},
      { cold: { runsDir: dir, datadir: dir } },
    );
    if ('unavailable' in side) throw new Error(side.unavailable);
    const r = await realReport(dir, cold, []);
    expect(side.trust?.words).toBe(curveTrust().words);
    expect(side.trust).toEqual(r.trust);
  });
});
