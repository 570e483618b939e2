/**
 * sysbench's own latency histogram (sb_histogram.c), as its per-second JSON lines carry it: bucket i
 * of 1024 holds the events whose latency in ms rounds to exp(i / mult + deduct) on a log scale from
 * 0.001 ms to 100,000 ms. Buckets add up across seconds; percentiles are read the way sysbench reads
 * them (the first bucket whose running count reaches round(n × p / 100)), so a step's p99 is the one
 * sysbench itself would print for the same events.
 */
import type { Latency } from '../../shared/load/oltp-load';

export interface SysbenchScale {
  deduct: number;
  mult: number;
}

export class SysbenchHistogram {
  private readonly counts = new Map<number, number>();
  private scale: SysbenchScale | null = null;
  total = 0;

  add(buckets: ReadonlyArray<readonly [number, number]>, scale: SysbenchScale): void {
    this.scale = scale;
    for (const [i, n] of buckets) {
      this.counts.set(i, (this.counts.get(i) ?? 0) + n);
      this.total += n;
    }
  }

  /** p50, p95, p99 and max in ms (3 decimals), or null when nothing was recorded. */
  latency(): Latency | null {
    const scale = this.scale;
    if (this.total === 0 || !scale) return null;
    const order = [...this.counts.entries()].sort((a, b) => a[0] - b[0]);
    const value = (i: number) => Math.round(Math.exp(i / scale.mult + scale.deduct) * 1000) / 1000;
    const at = (p: number) => {
      const need = Math.floor((this.total * p) / 100 + 0.5);
      let run = 0;
      for (const [i, n] of order) {
        run += n;
        if (run >= need) return value(i);
      }
      return value(order[order.length - 1]![0]);
    };
    return { p50: at(50), p95: at(95), p99: at(99), max: value(order[order.length - 1]![0]) };
  }
}

/** One bucket's width as a share of its value: exp(1 / mult) − 1 (1.8% for sysbench 1.0's scale). */
export function bucketWidth(scale: SysbenchScale): number {
  return Math.exp(1 / scale.mult) - 1;
}

/** sysbench 1.0's scale (sb_logger.c: 1024 buckets, 1e-3 to 1e5 ms), for words before any line came. */
export const SYSBENCH_1_0_SCALE: SysbenchScale = {
  deduct: Math.log(1e-3),
  mult: 1023 / (Math.log(1e5) - Math.log(1e-3)),
};
