/**
 * Latency as an HDR histogram (hdr-histogram-js, the HdrHistogram family's JavaScript port): recorded
 * in microseconds by the load's threads, sent between them in HdrHistogram's compressed form, added
 * up, and read as p50/p95/p99/max in milliseconds. Percentiles are the library's, not ours.
 */
import * as hdr from 'hdr-histogram-js';
import type { Latency } from '../../shared/load/oltp-load';

export type LatencyHistogram = hdr.Histogram;

/** 1 µs to 1 hour at 3 significant digits; grows if a statement ever takes longer. */
export function newHistogram(): LatencyHistogram {
  return hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
    autoResize: true,
  });
}

/** Records one statement's time, given in milliseconds (performance.now() differences). */
export function recordMs(h: LatencyHistogram, ms: number): void {
  h.recordValue(Math.max(1, Math.round(ms * 1000)));
}

export const encodeHistogram = (h: LatencyHistogram): string => hdr.encodeIntoCompressedBase64(h);

/** Adds an encoded histogram (from another thread) into `into`. */
export function addEncoded(into: LatencyHistogram, encoded: string): void {
  const other = hdr.decodeFromCompressedBase64(encoded);
  into.add(other);
  other.destroy();
}

/** p50, p95, p99 and max in milliseconds (3 decimals), or null when nothing was recorded. */
export function latencyOf(h: LatencyHistogram): Latency | null {
  if (h.totalCount === 0) return null;
  const ms = (us: number) => Math.round(us) / 1000;
  return {
    p50: ms(h.getValueAtPercentile(50)),
    p95: ms(h.getValueAtPercentile(95)),
    p99: ms(h.getValueAtPercentile(99)),
    max: ms(h.maxValue),
  };
}
