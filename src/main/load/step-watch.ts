/**
 * What bplab reads of the server around one load step, beside what the engine measures: its counters
 * as the counted time begins and ends (every step: step-counters.ts), and, when the load asks, the
 * trace of all its clients (client-trace.ts), attached before the step starts so that the whole
 * counted time is traced whichever engine drives it.
 */
import type { LoadClientTrace, LoadServerCounters } from '../../shared/load/oltp-load';
import type { ServerConnection } from '../db/connections';
import type { CounterReading } from '../pagetrace/counter-window';
import type { LoadClientTracer, StepClientTrace } from './client-trace';
import { readStepCounters, stepServerCounters } from './step-counters';

export interface StepWatch {
  /** The counted time begins (the engine's atCounted). */
  countedBegins(): Promise<void>;
  /** The counted time ended (the engine returned). */
  countedEnded(): Promise<void>;
  /** What the step keeps: the server's counters over its counted time, and its clients' trace. */
  finish(countedQueries: number): Promise<{
    server?: LoadServerCounters;
    clientTrace?: LoadClientTrace | { unavailable: string };
  }>;
}

export async function watchStep(
  control: ServerConnection,
  trace: { tracer: LoadClientTracer | null; schema: string; file: { path: string; name: string } } | null,
): Promise<StepWatch> {
  let tracing: StepClientTrace | null = null;
  if (trace) {
    tracing = trace.tracer
      ? await trace.tracer.startStep(control, trace.schema, trace.file)
      : { stop: async () => ({ unavailable: 'this bplab process was started without the page tracer' }) };
  }
  let from: CounterReading | null = null;
  let to: CounterReading | null = null;
  return {
    countedBegins: async () => {
      from = await readStepCounters(control).catch(() => null);
    },
    countedEnded: async () => {
      to = await readStepCounters(control).catch(() => null);
    },
    finish: async (queries) => {
      const window = from && to ? { from, to, queries } : null;
      const server = from && to ? stepServerCounters(from, to) : null;
      const clientTrace = await tracing?.stop(window);
      return { ...(server ? { server } : {}), ...(clientTrace ? { clientTrace } : {}) };
    },
  };
}
