/**
 * bpftrace's end-of-run output read back (records by sequence, their fold counts, calls per probe,
 * and what was lost), a trace file's round trip, and the request check's words.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeColumnFile } from '../../../src/main/pagetrace/column-file';
import { parseTraceOutput } from '../../../src/main/pagetrace/tracer';
import { readPageTrace, storedOf, writePageTrace } from '../../../src/main/pagetrace/trace-file';
import { checkRequests } from '../../../src/shared/runs/page-trace';

// Space 5 page 3 (5 << 32 | 3 = 21474836483) twice, then space 5 page 4, printed out of order as maps are.
const OUTPUT = `Attaching 5 probes...
BPLAB-TRACE-READY
@seq: 2

@hits[0]: 2
@hits[2]: 1

@rec[1]: (21474836484, 1000002000000)
@rec[0]: (21474836483, 1000000000000)

@cnt[0]: 2
@cnt[1]: 1
`;

describe('page trace output', () => {
  it("reads a latched adaptive-hash hit's record by the bit in its count, and keeps it through a trace file", () => {
    const out = OUTPUT.replace('@cnt[1]: 1', `@cnt[1]: ${2 ** 31 + 3}`);
    const t = parseTraceOutput(out, 3);
    expect([...t.count]).toEqual([2, 3]);
    expect([...t.latched!]).toEqual([0, 1]);
    const path = join(mkdtempSync(join(tmpdir(), 'bplab-trace-')), 'r.pagetrace');
    writePageTrace(path, storedOf(t));
    expect([...readPageTrace(path).latched!]).toEqual([0, 1]);
    // A trace with none has no latched column in memory.
    expect(parseTraceOutput(OUTPUT, 3).latched).toBeUndefined();
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

  it('reads records in sequence with their counts and each probe’s calls', () => {
    const t = parseTraceOutput(OUTPUT, 3);
    expect([...t.space]).toEqual([5, 5]);
    expect([...t.page]).toEqual([3, 4]);
    expect([...t.count]).toEqual([2, 1]);
    expect(t.calls).toEqual([2, 0, 1]);
    expect(t.lost).toBe(0);
    expect(storedOf(t).atMs[1]).toBe(2);
  });

  it('keeps each count’s first line: bpftrace prints the maps END cleared once more, as zeros, when it exits', () => {
    // What bpftrace 0.17 printed for MySQL 8.0.31's Q2.1: the latched hash hits (probe 4), then 0 at exit.
    const t = parseTraceOutput(`${OUTPUT}@hits[4]: 27100\n\n@hits[4]: 0\n@hits[0]: 0\n`, 5);
    expect(t.calls).toEqual([2, 0, 1, 0, 27100]);
  });

  it('counts a record the maps did not hold as lost', () => {
    const t = parseTraceOutput(OUTPUT.replace('@seq: 2', '@seq: 3'), 3);
    expect(t.lost).toBe(1);
  });

  it('counts a record whose count bpftrace never printed as lost', () => {
    const t = parseTraceOutput(OUTPUT.replace('@cnt[1]: 1\n', ''), 3);
    expect(t.lost).toBe(1);
  });

  it('writes and reads a trace file', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bplab-pt-')), 'r.pagetrace');
    const stored = storedOf(parseTraceOutput(OUTPUT, 3));
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
});
