/** One tally for a worker's stretch and for the step that adds the threads' parts: what is sent is what is added up. */
import { describe, expect, it } from 'vitest';
import { recordMs } from '../../../src/main/load/latency';
import { LoadTally } from '../../../src/main/load/tally';

function worker(ms: number[], lastEndMs: number): LoadTally {
  const t = new LoadTally();
  for (const m of ms) {
    t.queries++;
    recordMs(t.histogram, m);
  }
  t.transactions = 1;
  t.errors = 2;
  t.reconnects = 1;
  t.lastEndMs = lastEndMs;
  return t;
}

describe('LoadTally', () => {
  it("adds the threads' tallies, latest end and histograms included", () => {
    const step = new LoadTally();
    step.add(worker([1, 2, 3], 500).tally());
    step.add(worker([4, 100], 900).tally());
    expect(step.lastEndMs).toBe(900);
    const counts = step.counts(2);
    expect(counts).toMatchObject({ queries: 5, transactions: 2, errors: 4, reconnects: 2, seconds: 2 });
    expect(counts.latency?.p50).toBeCloseTo(3, 1);
    expect(counts.latency?.max).toBeCloseTo(100, 0);
  });

  it('starts afresh after reset, and a stretch with no statement has no latency', () => {
    const second = worker([5, 6], 700);
    second.reset();
    expect(second.tally()).toMatchObject({ queries: 0, transactions: 0, errors: 0, reconnects: 0 });
    const step = new LoadTally();
    step.add(second.tally());
    expect(step.counts(1).latency).toBeNull();
  });
});
