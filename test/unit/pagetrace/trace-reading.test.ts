// A traced run says how far reading bpftrace's output has come: records of the total, and bytes.
import { describe, expect, it } from 'vitest';
import { traceReadingWords } from '../../../src/main/pagetrace/run-tracer';
import { TraceReadingCounter } from '../../../src/main/pagetrace/tracer';

/**
 * bpftrace's END for `n` records over two threads, as program.ts prints it: every thread's @seq, @hits,
 * then every @rec and @cnt.
 */
function endOutput(n: number): string {
  const tids = [4101, 4102];
  const share = (t: number) => (t === 0 ? Math.ceil(n / 2) : Math.floor(n / 2));
  const lines = [...tids.map((tid, t) => `@seq[${tid}]: ${share(t)}`), '@hits[0, 4101]: 42'];
  for (const [t, tid] of tids.entries())
    for (let i = 0; i < share(t); i++)
      lines.push(`@rec[${tid}, ${i}]: (${(5n << 32n) + BigInt(i)}, ${1000 + i})`);
  for (const [t, tid] of tids.entries())
    for (let i = 0; i < share(t); i++) lines.push(`@cnt[${tid}, ${i}]: 1`);
  return `${lines.join('\n')}\n`;
}

describe('reading a trace', () => {
  it('counts the records printed so far of those the trace holds, however the output is cut', () => {
    const text = endOutput(1000);
    for (const size of [7, 64, 4096]) {
      const counter = new TraceReadingCounter();
      let seen = 0;
      for (let at = 0; at < text.length; at += size) {
        counter.take(text.slice(at, at + size));
        const r = counter.reading();
        expect(r.records).toBeGreaterThanOrEqual(seen);
        seen = r.records;
      }
      expect(counter.reading()).toEqual({ records: 1000, of: 1000, bytes: Buffer.byteLength(text) });
    }
  });

  it('is half way when every page is printed and no count yet', () => {
    const text = endOutput(10);
    const counter = new TraceReadingCounter();
    counter.take(text.slice(0, text.indexOf('@cnt[')));
    expect(counter.reading()).toMatchObject({ records: 5, of: 10 });
  });

  it('says it in words, a live count', () => {
    expect(traceReadingWords({ records: 1_234_567, of: 3_000_000, bytes: 100 * 1024 * 1024 })).toBe(
      'reading the page trace from bpftrace: 1,234,567 of 3,000,000 records (41%), 100 MiB so far',
    );
    expect(traceReadingWords({ records: 846_889, of: 846_889, bytes: 51_170_000, printed: true })).toBe(
      'reading the page trace from bpftrace: 846,889 records printed (48.8 MiB); parsing and saving them',
    );
    expect(traceReadingWords({ records: 0, of: null, bytes: 0 })).toBe(
      'reading the page trace from bpftrace: 0 records, 0 bytes so far',
    );
  });
});
