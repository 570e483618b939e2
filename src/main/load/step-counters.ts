/**
 * What the server counted over a load step's counted time, whichever engine drove it (sysbench or
 * bplab's own): Innodb_buffer_pool_reads and _read_requests, read-ahead and Questions, read on the
 * load's control connection as the counted time begins and as it ends. The step's pages read per
 * 1,000 queries are then a measured point, to stand beside its traced curve at the load's own pool.
 */
import type { LoadServerCounters } from '../../shared/load/oltp-load';
import {
  counterDelta,
  readCountersAt,
  type CounterReading,
  type RowsReader,
} from '../pagetrace/counter-window';

export const STEP_COUNTERS = {
  reads: 'innodb_buffer_pool_reads',
  requests: 'innodb_buffer_pool_read_requests',
  readAhead: 'innodb_buffer_pool_read_ahead',
  questions: 'questions',
} as const;

export function readStepCounters(c: RowsReader): Promise<CounterReading> {
  return readCountersAt(c, Object.values(STEP_COUNTERS));
}

/** The counters' differences over the step, or null when a reading lacks one. */
export function stepServerCounters(from: CounterReading, to: CounterReading): LoadServerCounters | null {
  const reads = counterDelta(from, to, STEP_COUNTERS.reads);
  const readRequests = counterDelta(from, to, STEP_COUNTERS.requests);
  const questions = counterDelta(from, to, STEP_COUNTERS.questions);
  if (reads === null || readRequests === null || questions === null) return null;
  return {
    reads,
    readRequests,
    readAhead: counterDelta(from, to, STEP_COUNTERS.readAhead) ?? 0,
    questions,
    seconds: Number(to.atNs - from.atNs) / 1e9,
  };
}
