// One tally of a stretch of load (statements, transactions, errors, reconnects, latency), kept the same way by the worker threads and the step that adds up their parts.
import type { LoadCounts } from '../../shared/load/oltp-load';
import { addEncoded, encodeHistogram, latencyOf, newHistogram, type LatencyHistogram } from './latency';
import type { Tally } from './worker-protocol';

/**
 * A worker counts each stretch (warm-up, counted, the current second) in one and sends it as a Tally;
 * the step adds the threads' Tallies into another and reads it as LoadCounts.
 */
export class LoadTally {
  queries = 0;
  transactions = 0;
  errors = 0;
  reconnects = 0;
  /** Epoch milliseconds of the last statement counted, 0 if none. */
  lastEndMs = 0;
  readonly histogram: LatencyHistogram = newHistogram();

  /** What a worker sends: the counts, the histogram in its compressed form. */
  tally(): Tally {
    const { queries, transactions, errors, reconnects, lastEndMs } = this;
    return {
      queries,
      transactions,
      errors,
      reconnects,
      lastEndMs,
      histogram: encodeHistogram(this.histogram),
    };
  }

  /** Starts the counts and histogram afresh (a worker's per-second tally, once sent). */
  reset(): void {
    this.queries = this.transactions = this.errors = this.reconnects = 0;
    this.histogram.reset();
  }

  /** Adds a thread's part. */
  add(t: Tally): void {
    this.queries += t.queries;
    this.transactions += t.transactions;
    this.errors += t.errors;
    this.reconnects += t.reconnects;
    this.lastEndMs = Math.max(this.lastEndMs, t.lastEndMs);
    addEncoded(this.histogram, t.histogram);
  }

  /** The stretch's counts over `seconds`, its latency percentiles; the histogram is freed. */
  counts(seconds: number): LoadCounts {
    const latency = latencyOf(this.histogram);
    this.histogram.destroy();
    const { queries, transactions, errors, reconnects } = this;
    return { queries, transactions, errors, reconnects, seconds, latency };
  }
}
