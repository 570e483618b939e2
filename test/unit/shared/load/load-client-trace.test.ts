import { describe, expect, it } from 'vitest';
import {
  clientTraceLines,
  ownSizeWords,
  stepCurvePoints,
} from '../../../../src/shared/load/load-client-trace';
import type { LoadClientTrace } from '../../../../src/shared/load/oltp-load';

const trace: LoadClientTrace = {
  connectionId: 42,
  thread: 31337,
  seconds: 2.04,
  requests: 30_000,
  records: 29_000,
  serverCountedRequests: 30_100,
  lost: 0,
  serverRequests: 30_400,
  queries: 10_000,
  ownPoolBytes: 16 << 20,
  curve: [
    { poolBytes: 1 << 20, pagesRead: 5000, perThousandQueries: 500 },
    { poolBytes: 16 << 20, pagesRead: 0, perThousandQueries: 0 },
  ],
  assumptions: ["one client's page requests stand for the step's"],
};

describe('a traced load client in words', () => {
  it('says what was traced, the check against the server, and pages read per 1,000 queries per pool size', () => {
    const lines = clientTraceLines({ clients: 1, clientTrace: trace });
    expect(lines[0]).toContain('connection 42, server thread 31337');
    expect(lines[0]).toContain('2.0 s');
    expect(lines[1]).toContain('-1.0%');
    expect(lines).toContain('  what if the pool were (pages read per 1,000 queries):');
    expect(lines.find((l) => l.includes('1 MiB'))).toMatch(/1 MiB\s+500$/);
    expect(lines.find((l) => l.includes('16 MiB'))).toMatch(/16 MiB\s+0 {2}\(its own\)$/);
    expect(lines[lines.length - 1]).toBe("  - one client's page requests stand for the step's");
  });

  it("says the count is the whole server's when the step had more than one client", () => {
    expect(clientTraceLines({ clients: 4, clientTrace: trace })[1]).toContain(
      'for all 4 clients (InnoDB counts requests for the whole server, never per thread)',
    );
  });

  it('says why a client could not be traced, and nothing when none was asked', () => {
    expect(
      clientTraceLines({ clients: 1, clientTrace: { unavailable: 'bplab is not running as root' } }),
    ).toEqual(['  page trace: not available: bplab is not running as root']);
    expect(clientTraceLines({ clients: 1 })).toEqual([]);
  });
});

describe("a traced load step's curve and its measured point", () => {
  const all: LoadClientTrace = {
    ...trace,
    clientsTraced: 4,
    curve: [
      { poolBytes: 32 << 20, pagesRead: 9000, perThousandQueries: 90 },
      { poolBytes: 8 << 20, pagesRead: 40_000, perThousandQueries: 400 },
      { poolBytes: 16 << 20, pagesRead: 20_000, perThousandQueries: 200 },
    ],
  };
  const counted = {
    queries: 100_000,
    transactions: 100_000,
    errors: 0,
    reconnects: 0,
    seconds: 10,
    latency: null,
  };
  const server = { reads: 18_000, readRequests: 400_000, readAhead: 0, questions: 100_020, seconds: 10 };

  it("includes the step's measured point at its own pool, beside the replay there", () => {
    const points = stepCurvePoints({ clientTrace: all, server, counted });
    expect(points.map((p) => p.poolBytes)).toEqual([8 << 20, 16 << 20, 32 << 20]);
    const own = points.filter((p) => p.own);
    expect(own).toEqual([{ poolBytes: 16 << 20, predicted: 200, measured: 180, own: true }]);
    expect(points.filter((p) => !p.own).every((p) => p.measured === null)).toBe(true);
    expect(ownSizeWords({ clientTrace: all, server, counted })).toBe(
      'at its own 16 MiB: 200 pages read per 1,000 queries replayed, 180 measured (+11.1%)',
    );
    const lines = clientTraceLines({ clients: 4, clientTrace: all, server, counted });
    expect(lines[0]).toContain('page trace of all 4 client connection(s) of the step');
    expect(lines.find((l) => /^ {4}\s*16 MiB/.test(l))).toMatch(/16 MiB\s+200 {2}\(its own; measured 180\)$/);
  });

  it('says so where the step kept no counters (a load saved before bplab read them)', () => {
    expect(stepCurvePoints({ clientTrace: all, counted }).find((p) => p.own)?.measured).toBeNull();
    expect(ownSizeWords({ clientTrace: all, counted })).toMatch(/did not record its pages read/);
  });
});
