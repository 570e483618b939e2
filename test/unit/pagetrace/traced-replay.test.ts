/**
 * A traced run replayed with the traced runs before it on the same pool (a hot pass after its cold
 * pass): both traces in one simulated pool, the hot one starting from the pool the cold one left.
 * Trace files are written as bplab writes them; the data folder holds no .ibd (no page links).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPoolPagesFile, writePoolPages } from '../../../src/main/pagetrace/pool-start';
import { writePageTrace } from '../../../src/main/pagetrace/trace-file';
import { tracedRunReplay } from '../../../src/main/whatif/traced-run';
import type { RunResult } from '../../../src/shared/runs/runs';
import { replaySteps, simulatedPagesRead } from '../../../src/shared/whatif/replay';
import { poolStats, runResult } from '../../support/run-fixture';

/** A traced run of `pages` (space 7) in one request each, that measured `reads` pages read. */
function tracedRun(dir: string, id: string, pages: number[], reads: number): RunResult {
  const n = pages.length;
  writePageTrace(join(dir, `${id}.pagetrace`), {
    space: new Uint32Array(n).fill(7),
    page: Uint32Array.from(pages),
    count: new Uint32Array(n).fill(1),
    atMs: Float64Array.from(pages.map((_, i) => i)),
  });
  const base = runResult();
  return runResult({
    runId: id,
    server: { ...base.server, readAheadThreshold: 0 },
    status: [{ name: 'Innodb_buffer_pool_reads', before: 0, after: reads, delta: reads, scope: 'global' }],
    poolStats: { before: [poolStats({ databasePages: 0 })], after: [poolStats()] },
    pageTrace: { file: `${id}.pagetrace`, requests: n, records: n, probes: [], lost: 0 },
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('traced run replay', () => {
  it('replays a hot pass from the pool its cold pass left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bplab-traced-replay-'));
    const cold = tracedRun(dir, 'cold', range(0, 100), 100);
    // The hot pass overlaps the cold one by half: the other half is read.
    const hot = tracedRun(dir, 'hot', range(50, 150), 50);
    const replay = await tracedRunReplay(hot, dir, dir, [cold]);
    if ('error' in replay) throw new Error(replay.error);
    expect(replay.steps).toHaveLength(2);
    expect(replay.assumptions.join(' ')).toContain('it starts from the pool they left');
    const { counters } = replaySteps(replay.layout, replay.settings, replay.steps, replay.foreignPages);
    expect(counters.map((c) => c.syncReads)).toEqual([100, 50]);
    // Alone, the same run reads its whole trace: it measured too many reads to have found a warm pool.
    const alone = await tracedRunReplay(hot, dir, dir);
    if ('error' in alone) throw new Error(alone.error);
    const single = replaySteps(alone.layout, alone.settings, alone.steps, alone.foreignPages).counters;
    expect(single[single.length - 1]!.syncReads).toBe(100);
  });

  it("starts from the pages the server's pool held when the run started", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bplab-traced-replay-'));
    const cold = tracedRun(dir, 'cold', range(0, 100), 100);
    const hot = tracedRun(dir, 'hot', range(0, 100), 40);
    // The server held pages 0..59 of space 7 and two pages of a space the trace never touched, tail first.
    writePoolPages(join(dir, 'hot.pagepool'), {
      space: Uint32Array.from([99, 99, ...range(0, 60).map(() => 7)]),
      page: Uint32Array.from([3, 4, ...range(0, 60)]),
    });
    expect(readPoolPagesFile(join(dir, 'hot.pagepool')).page.slice(0, 3)).toEqual(
      Uint32Array.from([3, 4, 0]),
    );
    hot.pageTrace!.poolAtStart = { file: 'hot.pagepool', pages: 62 };
    // Its own pool is the truth: the cold pass before it is not replayed.
    const replay = await tracedRunReplay(hot, dir, dir, [cold]);
    if ('error' in replay) throw new Error(replay.error);
    expect(replay.steps).toHaveLength(1);
    expect(replay.assumptions.join(' ')).toContain('starts from the 62 pages');
    const { counters, simulator } = replaySteps(
      replay.layout,
      replay.settings,
      replay.steps,
      replay.foreignPages,
    );
    expect(counters[0]!.syncReads).toBe(40);
    expect(simulator.poolState()[0]!.lruLength).toBe(102);
  });

  it('names a run before it whose trace cannot be read, and replays after a pass of its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bplab-traced-replay-'));
    const hot = tracedRun(dir, 'hot', range(0, 10), 0);
    const missing = { ...hot, runId: 'gone', pageTrace: { ...hot.pageTrace!, file: 'gone.pagetrace' } };
    const replay = await tracedRunReplay(hot, dir, dir, [missing]);
    if ('error' in replay) throw new Error(replay.error);
    // No start pool of its own was kept: it found its pages in the pool, so one pass of its own first.
    expect(replay.steps).toHaveLength(2);
    expect(replay.assumptions.join(' ')).toMatch(
      /and Q1\.1 \(straight\) at .* UTC before it since the server started was not traced \(or its trace cannot be read\)/,
    );
  });
});

describe('simulated pages read beside the server’s', () => {
  const status = (reads: number, pagesRead: number, ahead: number) =>
    runResult({
      status: [
        { name: 'Innodb_buffer_pool_reads', before: 0, after: reads, delta: reads, scope: 'global' },
        { name: 'Innodb_pages_read', before: 0, after: pagesRead, delta: pagesRead, scope: 'global' },
        { name: 'Innodb_buffer_pool_read_ahead', before: 0, after: ahead, delta: ahead, scope: 'global' },
      ],
    });
  it('adds the read-ahead where the server’s reads count it (MariaDB 11.4: reads equal pages read)', () => {
    // MariaDB 11.4.5, SF 0.1 Q1.1 cold: 4,107 reads, 4,107 pages read, 3,712 read ahead.
    expect(simulatedPagesRead(status(4107, 4107, 3712), { syncReads: 379, readAhead: 3776 })).toBe(4155);
    // MySQL: the reads are the synchronous ones, pages read counts the read-ahead beside them.
    expect(simulatedPagesRead(status(395, 4107, 3712), { syncReads: 379, readAhead: 3776 })).toBe(379);
  });
});
