/** Post 003's view and its finding, on hand-made engine runs with the post's shape of figures. */
import { describe, expect, it } from 'vitest';
import {
  coldHotBars,
  coldHotTable,
  coldHotView,
  crossoverFindings,
  hitRatio,
} from '../../../../src/shared/compare/cold-hot';
import { engineFindings } from '../../../../src/shared/compare/engine-findings';
import { coldHotBarsSvg } from '../../../../src/shared/compare/svg-cold-hot';
import type { ProtocolRun } from '../../../../src/shared/compare/flights';
import type { RunResult } from '../../../../src/shared/runs/runs';
import { runResult } from '../../../support/run-fixture';

const MiB = 1024 * 1024;

/** A run of `engine` with these counters and this IO and CPU. */
function engineRun(
  engine: 'InnoDB' | 'MyISAM',
  ms: number,
  readMiB: number,
  cpuMs: number,
  counters: Record<string, number>,
): RunResult {
  return runResult({
    elapsedMs: ms,
    dataset: { schema: engine === 'MyISAM' ? 'ssb_my' : 'ssb', sf: 1, source: 'generated', engine },
    serverProcess: { readBytes: readMiB * MiB, cpuMs },
    status: Object.entries(counters).map(([name, delta]) => ({
      name,
      before: 0,
      after: delta,
      delta,
      scope: 'global' as const,
    })),
  });
}

const pr = (
  configuration: string,
  repetition: 'cold' | number,
  queryId: string,
  run: RunResult,
): ProtocolRun => ({
  configuration,
  repetition,
  queryId,
  elapsedMs: run.elapsedMs,
  run,
});

// Q1.1: MyISAM reads less cold and wins; InnoDB is faster hot (post 003's flight 1).
// Q3.2: MyISAM wins both ways (flight 3: little data examined).
const runs: ProtocolRun[] = [
  pr(
    'dataset=ssb',
    'cold',
    'Q1.1',
    engineRun('InnoDB', 9000, 600, 4000, {
      Innodb_buffer_pool_read_requests: 1000,
      Innodb_buffer_pool_reads: 400,
    }),
  ),
  pr(
    'dataset=ssb',
    1,
    'Q1.1',
    engineRun('InnoDB', 3000, 0, 2900, {
      Innodb_buffer_pool_read_requests: 1000,
      Innodb_buffer_pool_reads: 0,
    }),
  ),
  pr(
    'dataset=ssb_my',
    'cold',
    'Q1.1',
    engineRun('MyISAM', 6000, 420, 3500, { Key_read_requests: 200, Key_reads: 50 }),
  ),
  pr(
    'dataset=ssb_my',
    1,
    'Q1.1',
    engineRun('MyISAM', 4500, 0, 4400, { Key_read_requests: 200, Key_reads: 0 }),
  ),
  pr('dataset=ssb', 'cold', 'Q3.2', engineRun('InnoDB', 2000, 100, 900, {})),
  pr('dataset=ssb', 1, 'Q3.2', engineRun('InnoDB', 800, 0, 780, {})),
  pr('dataset=ssb_my', 'cold', 'Q3.2', engineRun('MyISAM', 1200, 60, 700, {})),
  pr('dataset=ssb_my', 1, 'Q3.2', engineRun('MyISAM', 500, 0, 490, {})),
];

describe('coldHotView', () => {
  it('groups per flight, each query a cold and a hot bar per side, with IO, hit ratio and CPU', () => {
    const v = coldHotView(runs);
    expect(v.sides).toEqual(['dataset=ssb', 'dataset=ssb_my']);
    expect(v.flights.map((f) => f.flight)).toEqual(['Flight 1', 'Flight 3']);
    const q11 = v.flights[0]!.queries[0]!;
    expect(q11.sides[0]).toEqual({
      side: 'dataset=ssb',
      engine: 'InnoDB',
      cold: {
        ms: 9000,
        readBytes: 600 * MiB,
        hitRatio: 0.6,
        cpuMs: 4000,
        cache: { requests: 1000, reads: 400 },
      },
      hot: { ms: 3000, readBytes: 0, hitRatio: 1, cpuMs: 2900, cache: { requests: 1000, reads: 0 } },
    });
    expect(q11.sides[1]!.cold).toEqual({
      ms: 6000,
      readBytes: 420 * MiB,
      hitRatio: 0.75,
      cpuMs: 3500,
      cache: { requests: 200, reads: 50 },
    });
  });

  it("reads the hit ratio of the cache the run's engine reads through, and none without requests", () => {
    expect(
      hitRatio(
        engineRun('MyISAM', 1, 0, 0, {
          Key_read_requests: 80,
          Key_reads: 20,
          Innodb_buffer_pool_read_requests: 5,
        }),
      ),
    ).toBe(0.75);
    expect(
      hitRatio(
        engineRun('InnoDB', 1, 0, 0, { Innodb_buffer_pool_read_requests: 0, Innodb_buffer_pool_reads: 0 }),
      ),
    ).toBeNull();
  });
});

describe('crossoverFindings', () => {
  it('says where an engine wins cold and loses hot, citing the IO cold and the CPU hot, and only there', () => {
    const [f, ...rest] = crossoverFindings(coldHotView(runs));
    expect(rest).toEqual([]);
    expect(f!.rule).toBe('cold-hot-crossover');
    expect(f!.text).toBe(
      'dataset=ssb_my (MyISAM) wins cold and loses hot on Q1.1: cold they read 600 MiB against 420 MiB; hot the server used 2.90 s of CPU against 4.40 s',
    );
    expect(f!.evidence.map((e) => e.label)).toEqual([
      'Q1.1 cold',
      'Q1.1 hot',
      'Q1.1 read cold',
      'Q1.1 CPU hot',
    ]);
    expect(f!.evidence[0]!.value).toBe('9.00 s against 6.00 s (0.67×)');
  });

  it('names no engine when both sides are InnoDB (post 001: A and B are settings, not engines)', () => {
    const inno = (ms: number) => engineRun('InnoDB', ms, 1, 1, {});
    const post001 = [
      pr('A', 'cold', 'Q2.1', inno(4000)),
      pr('A', 1, 'Q2.1', inno(1000)),
      pr('B', 'cold', 'Q2.1', inno(5000)),
      pr('B', 1, 'Q2.1', inno(800)),
    ];
    const [f] = crossoverFindings(coldHotView(post001));
    expect(f!.text).toMatch(/^A wins cold and loses hot on Q2\.1: /);
    expect(f!.text).not.toContain('InnoDB');
  });

  it('finds nothing when one side wins both ways, or the difference is within 10%', () => {
    const both = runs.filter((r) => r.queryId === 'Q3.2');
    expect(crossoverFindings(coldHotView(both))).toEqual([]);
    const close = [
      pr('a', 'cold', 'Q1.1', engineRun('InnoDB', 1000, 1, 1, {})),
      pr('a', 1, 'Q1.1', engineRun('InnoDB', 1000, 1, 1, {})),
      pr('b', 'cold', 'Q1.1', engineRun('MyISAM', 950, 1, 1, {})),
      pr('b', 1, 'Q1.1', engineRun('MyISAM', 1050, 1, 1, {})),
    ];
    expect(crossoverFindings(coldHotView(close))).toEqual([]);
  });
});

describe('a failed run counts in no sum', () => {
  it("leaves a failed run's reads and CPU out of the storage totals, as its time is", () => {
    const failed = {
      ...engineRun('MyISAM', 0, 900, 100, { Key_read_requests: 1, Key_reads: 1 }),
      state: 'failed' as const,
      elapsedMs: null,
      error: "MariaDB reported error 1146 while running the query: Table 'ssb_my.orders' doesn't exist.",
    };
    const withFailed = [
      ...runs,
      pr('dataset=ssb', 'cold', 'Q9.9', engineRun('InnoDB', 1000, 10, 10, {})),
      pr('dataset=ssb_my', 'cold', 'Q9.9', failed),
    ];
    const storage = engineFindings(coldHotView(withFailed)).find((f) => f.rule === 'engine-storage');
    // Q1.1's and Q3.2's reads alone on both sides: not the failed run's 900 MiB, nor Q9.9's on InnoDB.
    expect(storage!.text).toMatch(
      /^Cold, the server read 700 MiB from storage for dataset=ssb \(InnoDB\) and 480 MiB for dataset=ssb_my \(MyISAM\)/,
    );
    const q99 = coldHotView(withFailed)
      .flights.flatMap((f) => f.queries)
      .find((q) => q.queryId === 'Q9.9')!;
    expect(q99.sides[1]!.cold).toEqual({
      ms: null,
      readBytes: null,
      hitRatio: null,
      cpuMs: null,
      cache: null,
    });
  });
});

describe('engineFindings: an engine comparison speaks of engines', () => {
  it('says who wins each query cold and hot, the bytes each read from storage with the OS page cache, and each cache', () => {
    const found = engineFindings(coldHotView(runs));
    expect(found.map((f) => f.rule)).toEqual(['engine-winners', 'engine-storage', 'engine-caches']);
    expect(found[0]!.text).toBe(
      'Cold, dataset=ssb_my (MyISAM) was faster on 2 of 2 queries; hot, dataset=ssb (InnoDB) was faster on 1 of 2 queries, dataset=ssb_my (MyISAM) on 1 (Q3.2)',
    );
    expect(found[1]!.text).toBe(
      'Cold, the server read 700 MiB from storage for dataset=ssb (InnoDB) and 480 MiB for dataset=ssb_my (MyISAM); hot, 0 bytes and 0 bytes: dataset=ssb_my (MyISAM) keeps only its keys in the key cache and reads its rows through the OS page cache, which holds them once read; dataset=ssb (InnoDB) keeps its pages in its buffer pool',
    );
    expect(found[2]!.text).toBe(
      "dataset=ssb (InnoDB)'s buffer pool read from storage 400 of the 1,000 pages asked for cold (60.0% hits); hot 0 of 1,000. dataset=ssb_my (MyISAM)'s key cache read from storage 50 of the 200 key blocks asked for cold (75.0% hits); hot 0 of 200",
    );
  });

  it('says nothing of engines when both sides read the same engine', () => {
    const innodb = runs.map((r) =>
      r.run?.dataset?.engine === 'MyISAM'
        ? { ...r, run: { ...r.run, dataset: { ...r.run.dataset, engine: 'InnoDB' as const } } }
        : r,
    );
    expect(engineFindings(coldHotView(innodb))).toEqual([]);
  });
});

describe("post 003's table and chart", () => {
  it('tabulates each query cold and hot per side, with MiB read cold and the hit ratios', () => {
    const t = coldHotTable(coldHotView(runs));
    expect(t.columns.map((c) => c.label)).toEqual([
      'query',
      'cold, dataset=ssb',
      'cold, dataset=ssb_my',
      'hot, dataset=ssb',
      'hot, dataset=ssb_my',
      'read from storage cold, dataset=ssb',
      'read from storage cold, dataset=ssb_my',
      'hit ratio cold, dataset=ssb',
      'hit ratio cold, dataset=ssb_my',
      'hit ratio hot, dataset=ssb',
      'hit ratio hot, dataset=ssb_my',
    ]);
    expect(t.rows[0]!.map((c) => c.text)).toEqual([
      'Q1.1',
      '9.00 s',
      '6.00 s',
      '3.00 s',
      '4.50 s',
      '600 MiB',
      '420 MiB',
      '60.0%',
      '75.0%',
      '100.0%',
      '100.0%',
    ]);
  });

  it('draws one chart per flight, each side cold and hot, with its ratio to the first side', () => {
    const charts = coldHotBars(coldHotView(runs));
    expect(charts.map((c) => c.title)).toEqual([
      'Flight 1: time per query, cold and hot (lower is better)',
      'Flight 3: time per query, cold and hot (lower is better)',
    ]);
    expect(charts[0]!.queries[0]).toEqual({
      label: 'Q1.1',
      bars: [
        { cold: 9000, hot: 3000 },
        { cold: 6000, hot: 4500 },
      ],
      ratios: ['cold 0.67× · hot 1.50×'],
    });
    expect(charts[0]!.maxMs).toBe(9000);
    const svg = coldHotBarsSvg(charts[0]!, 'c1');
    expect(svg).toContain('<title>Flight 1: time per query, cold and hot (lower is better)</title>');
    expect(svg).toContain('dataset=ssb_my, hot: 4.50 s');
    expect(svg).toContain('cold 0.67× · hot 1.50×');
  });
});
