/**
 * bpftrace's end-of-run output read back per thread (records by sequence, their fold counts, calls per
 * probe, and what was lost), threads merged in time order and counted over a window as the server
 * counts them, a trace file's round trip, and the check's words.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeColumnFile } from '../../../src/main/pagetrace/column-file';
import { tracerEndWords } from '../../../src/main/pagetrace/tracer';
import {
  countedInWindow,
  parseTraceOutput,
  threadsTrace,
  whoseRequests,
} from '../../../src/main/pagetrace/trace-output';
import { readPageTrace, storedOf, writePageTrace } from '../../../src/main/pagetrace/trace-file';
import { checkRequests, traceCheck, traceCheckLines } from '../../../src/shared/runs/page-trace';

// Thread 77: space 5 page 3 (5 << 32 | 3 = 21474836483) twice, then space 5 page 4, printed out of
// order as maps are. Thread 99: one request of space 5 page 3 that the server counts twice (2^32 + 1).
const OUTPUT = `Attaching 5 probes...
BPLAB-TRACE-READY
@seq[77]: 2
@seq[99]: 1

@hits[0, 77]: 2
@hits[2, 77]: 1
@hits[2, 99]: 1

@rec[77, 1]: (21474836484, 1000002000000)
@rec[77, 0]: (21474836483, 1000000000000)
@rec[99, 0]: (21474836483, 1000001000000)

@cnt[77, 0]: 2
@cnt[77, 1]: 1
@cnt[99, 0]: 4294967297
`;

const thread = (out: ReturnType<typeof parseTraceOutput>, tid: number) => out.threads.get(tid)!;

describe('page trace output', () => {
  it("reads a latched adaptive-hash hit's record by the bit in its count, and keeps it through a trace file", () => {
    const out = OUTPUT.replace('@cnt[77, 1]: 1', `@cnt[77, 1]: ${2 ** 31 + 3}`);
    const t = thread(parseTraceOutput(out, 3), 77);
    expect([...t.count]).toEqual([2, 3]);
    expect([...t.latched!]).toEqual([0, 1]);
    const path = join(mkdtempSync(join(tmpdir(), 'bplab-trace-')), 'r.pagetrace');
    writePageTrace(path, storedOf(t));
    expect([...readPageTrace(path).latched!]).toEqual([0, 1]);
    // A trace with none has no latched column in memory.
    expect(thread(parseTraceOutput(OUTPUT, 3), 77).latched).toBeUndefined();
    // A trace file kept before the latched column still reads.
    const old = join(mkdtempSync(join(tmpdir(), 'bplab-trace-')), 'old.pagetrace');
    writeColumnFile(old, { format: 'bplab-pagetrace-1', countKey: 'records', what: 'x' }, 1, [
      new Uint32Array([5]),
      new Uint32Array([3]),
      new Uint32Array([2]),
      new Float64Array([0]),
    ]);
    const kept = readPageTrace(old);
    expect([...kept.count]).toEqual([2]);
    expect(kept.latched).toBeUndefined();
  });

  it('reads each thread’s records in sequence with their counts and each probe’s calls', () => {
    const out = parseTraceOutput(OUTPUT, 3);
    expect([...out.threads.keys()].sort()).toEqual([77, 99]);
    const t = thread(out, 77);
    expect([...t.space]).toEqual([5, 5]);
    expect([...t.page]).toEqual([3, 4]);
    expect([...t.count]).toEqual([2, 1]);
    expect(t.calls).toEqual([2, 0, 1]);
    expect(t.lost).toBe(0);
    expect(t.extra).toBeUndefined();
    expect(storedOf(t).atMs[1]).toBe(2);
    // The request counted twice is one request, with one more server count.
    const u = thread(out, 99);
    expect([...u.count]).toEqual([1]);
    expect([...u.extra!]).toEqual([1]);
  });

  it('merges threads in time order and counts each thread’s requests in a window as the server does', () => {
    const out = parseTraceOutput(OUTPUT, 3);
    const both = threadsTrace(out, [77, 99], 3);
    expect([...both.page]).toEqual([3, 3, 4]);
    expect(both.atNs).toEqual([1000000000000n, 1000001000000n, 1000002000000n]);
    expect(both.calls).toEqual([2, 0, 2]);
    expect([...both.extra!]).toEqual([0, 1, 0]);
    // Thread 99's one request counts twice; the window leaves out thread 77's last record.
    const by = countedInWindow(out, 1000000000000n, 1000001500000n);
    expect(by.get(77)).toBe(2);
    expect(by.get(99)).toBe(2);
    expect(countedInWindow(out, 0n, 2000000000000n).get(77)).toBe(3);
    // Told apart by whose they were: the traced thread's first, then bplab's, the rest the server's.
    const counted = new Map([
      [77, 3],
      [99, 2],
      [12, 5],
    ]);
    expect(
      whoseRequests(
        counted,
        (t) => t === 77,
        (t) => t === 99,
      ),
    ).toEqual({ run: 3, bplab: 2, server: 5 });
    expect(
      whoseRequests(
        counted,
        (t) => t !== 12,
        () => true,
      ),
    ).toEqual({ run: 5, bplab: 5, server: 0 });
    // A thread that asked for nothing is an empty trace.
    expect(threadsTrace(out, [5], 3).count.length).toBe(0);
  });

  it('keeps each count’s first line: bpftrace prints the maps END cleared once more, as zeros, when it exits', () => {
    // What bpftrace 0.17 printed for MySQL 8.0.31's Q2.1: the latched hash hits (probe 4), then 0 at exit.
    const t = thread(
      parseTraceOutput(`${OUTPUT}@hits[4, 77]: 27100\n\n@hits[4, 77]: 0\n@hits[0, 77]: 0\n`, 5),
      77,
    );
    expect(t.calls).toEqual([2, 0, 1, 0, 27100]);
  });

  it('counts a record the maps did not hold as lost', () => {
    expect(thread(parseTraceOutput(OUTPUT.replace('@seq[77]: 2', '@seq[77]: 3'), 3), 77).lost).toBe(1);
    // The maps hold three records for every thread together: a fourth is lost.
    expect(thread(parseTraceOutput(OUTPUT, 3, '', 1), 77).lost).toBe(1);
  });

  it('counts a record whose count bpftrace never printed as lost', () => {
    expect(thread(parseTraceOutput(OUTPUT.replace('@cnt[77, 1]: 1\n', ''), 3), 77).lost).toBe(1);
  });

  it('writes and reads a trace file', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bplab-pt-')), 'r.pagetrace');
    const stored = storedOf(thread(parseTraceOutput(OUTPUT, 3), 77));
    writePageTrace(path, stored);
    const back = readPageTrace(path);
    expect([...back.page]).toEqual([3, 4]);
    expect([...back.count]).toEqual([2, 1]);
    expect([...back.atMs]).toEqual([0, 2]);
  });

  it('weighs MySQL’s adaptive-hash calls twice and names the remainder', () => {
    const probes = [
      { name: 'buf_page_get_gen', calls: 900, serverCounts: 1 },
      { name: 'buf_page_get_known_nowait', calls: 50, serverCounts: 2 },
    ];
    const exact = checkRequests({ probes }, 1000);
    expect(exact.traced).toBe(1000);
    expect(exact.within1pct).toBe(true);
    const short = checkRequests({ probes }, 1100);
    expect(short.within1pct).toBe(false);
    expect(short.remainder).toContain(
      "100 request(s) the server counted that the run's own thread did not make",
    );
  });

  it("sets every thread's requests against the server's count, and says whose they were", () => {
    const c = traceCheck({
      serverRequests: 184_245,
      run: 180_433,
      bplab: 3_700,
      server: 100,
      windowMs: 2500,
    });
    expect(c.traced).toBe(184_233);
    expect(c.within1pct).toBe(true);
    expect(c.words).toBe(
      '184,233 page requests traced, as the server counts them, against its 184,245 over the same 2.5 s (−0.01%, within 1%): ' +
        "the run's own thread 180,433, bplab's own reads (its poller and control connection) 3,700, " +
        "the server's own threads 100",
    );
    // The run's thread alone, as bplab traced it before, is 2.1% short: not within 1%.
    expect(
      traceCheck({ serverRequests: 184_245, run: 180_433, bplab: 0, server: 0, windowMs: 2500 }).within1pct,
    ).toBe(false);
  });

  it('says an incomplete trace as what happened to its bpftrace', () => {
    const words = tracerEndWords({
      code: null,
      signal: 'SIGKILL',
      afterAttachMs: 2400,
      afterStartMs: 9100,
      said: "couldn't set RLIMIT_MEMLOCK",
    });
    expect(words).toBe('bpftrace was killed (SIGKILL) 2.4 s after its probes were attached');
    expect(
      tracerEndWords({
        code: 1,
        signal: null,
        afterAttachMs: null,
        afterStartMs: 3000,
        said: 'ERROR: no probes',
      }),
    ).toBe(
      'bpftrace ended on its own with code 1 3.0 s after it started, before its probes were attached: ERROR: no probes',
    );
    const [line] = traceCheckLines({
      file: 'r.pagetrace',
      requests: 0,
      records: 0,
      probes: [],
      lost: 0,
      incomplete: words,
    });
    expect(line).toMatch(
      /^trace incomplete: bpftrace was killed \(SIGKILL\) 2\.4 s after its probes were attached; the run's measurements are kept/,
    );
  });
});
