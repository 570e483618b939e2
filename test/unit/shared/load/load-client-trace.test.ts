import { describe, expect, it } from 'vitest';
import { clientTraceLines } from '../../../../src/shared/load/load-client-trace';
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
