// Runs of one plan on one dataset are traced once: the cache's key, and what it answers for a run it cannot trace.
import { describe, expect, it } from 'vitest';
import { calibrateRuns, sideCurves, sideTraceWords, TraceCache } from '../../../src/main/whatif/replay-runs';
import { traceKey } from '../../../src/main/whatif/run-trace';
import { runResult } from '../../support/run-fixture';

describe('traceKey', () => {
  it('is the same for a cold and a hot run of one query on one dataset, and differs with the SQL or the dataset', () => {
    const cold = runResult({ runId: 'cold', elapsedMs: 30_000 });
    const hot = runResult({ runId: 'hot', elapsedMs: 12_000, startedAt: '2013-03-15T10:01:00.000Z' });
    expect(traceKey(hot)).toBe(traceKey(cold));
    expect(traceKey(runResult({ sql: 'select 1' }))).not.toBe(traceKey(cold));
    expect(traceKey(runResult({ dataset: { schema: 'ssb', sf: 0.1, source: 'generated' } }))).not.toBe(
      traceKey(cold),
    );
  });
});

describe('TraceCache', () => {
  it('answers one trace for runs of one key, and says in words why a run cannot be replayed', async () => {
    const cache = new TraceCache();
    // The fixture's dataset is not bplab's generator's with page counts: it records none per index.
    const a = runResult({ runId: 'a' });
    const b = runResult({ runId: 'b' });
    expect(cache.get(a)).toBe(cache.get(b));
    expect(await cache.get(a)).toEqual({
      error: expect.stringMatching(/^the run holds no page counts per index/),
    });
    const cal = await calibrateRuns(
      [
        { side: 'A', run: a },
        { side: 'B', run: runResult({ state: 'failed', elapsedMs: null }) },
      ],
      cache,
    );
    expect(cal.rows).toEqual([]);
    expect(cal.unavailable.map((u) => [u.side, u.query, u.why.slice(0, 30)])).toEqual([
      ['A', 'Q1.1 (straight)', 'the run holds no page counts p'],
      ['B', 'Q1.1 (straight)', 'the run did not complete (fail'],
    ]);
    expect(
      await sideCurves('A', [a], { oldBlocksTimes: [0], oldBlocksPcts: [37], points: 4 }, cache),
    ).toEqual({
      unavailable: expect.stringMatching(
        /^Q1\.1 \(straight\) on A cannot be replayed: the run holds no page counts/,
      ),
    });
  });
});

describe("a comparison side's traces", () => {
  const trace = { file: 't.pagetrace', requests: 10, records: 2, probes: [], lost: 0 };
  it('says which traces its curves replay: real only when every run was traced', () => {
    const traced = runResult({ runId: 't', pageTrace: trace });
    const plain = runResult({ runId: 'p' });
    expect(sideTraceWords([traced, traced], true)).toBe(
      "replays the server's own page trace of each of its 2 run(s)",
    );
    expect(sideTraceWords([traced, plain], false)).toBe(
      "replays traces derived from its queries' SSB plans: 1 of its 2 runs were traced, and a side replays real traces only when all of its runs have one here",
    );
    expect(sideTraceWords([plain], false)).toBe(
      "replays traces derived from its queries' SSB plans (none of its runs was traced)",
    );
  });

  it("replays a traced run's own page trace when its files are given, and says when they cannot be read", async () => {
    const run = runResult({ runId: 't', pageTrace: trace });
    const cal = await calibrateRuns([{ side: 'A', run }], new TraceCache(), () => {}, {
      t: { runsDir: '/nonexistent/runs', datadir: '/nonexistent/data' },
    });
    // The derived trace would say it lacks page counts per index; the real one reads the trace file.
    expect(cal.unavailable[0]?.why).toMatch(/^the run's page trace cannot be read/);
  });
});
