/**
 * Latency through the HDR histogram: percentiles of known values, in milliseconds, and histograms
 * sent between threads in compressed form add up to the whole.
 */
import { describe, expect, it } from 'vitest';
import {
  addEncoded,
  encodeHistogram,
  latencyOf,
  newHistogram,
  recordMs,
} from '../../../src/main/load/latency';

describe('latency histograms', () => {
  it('read 1..1000 ms as p50 500, p95 950, p99 990 and max 1000, within the 3 digits kept', () => {
    const h = newHistogram();
    for (let ms = 1; ms <= 1000; ms++) recordMs(h, ms);
    const l = latencyOf(h)!;
    expect(l.p50).toBeCloseTo(500, -1);
    expect(Math.abs(l.p95 - 950) / 950).toBeLessThan(0.001);
    expect(Math.abs(l.p99 - 990) / 990).toBeLessThan(0.001);
    expect(Math.abs(l.max - 1000) / 1000).toBeLessThan(0.001);
    expect(l.p50 <= l.p95 && l.p95 <= l.p99 && l.p99 <= l.max).toBe(true);
  });

  it('say nothing for an empty histogram', () => {
    expect(latencyOf(newHistogram())).toBeNull();
  });

  it('add up across threads: two halves encoded and added equal the whole', () => {
    const low = newHistogram();
    const high = newHistogram();
    for (let i = 0; i < 500; i++) recordMs(low, 0.1);
    for (let i = 0; i < 500; i++) recordMs(high, 10);
    const all = newHistogram();
    addEncoded(all, encodeHistogram(low));
    addEncoded(all, encodeHistogram(high));
    expect(all.totalCount).toBe(1000);
    const l = latencyOf(all)!;
    expect(l.p50).toBeCloseTo(0.1, 3);
    expect(l.p99).toBeCloseTo(10, 1);
  });
});
