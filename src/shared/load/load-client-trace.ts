/**
 * A traced load step's what-if in words, for the CLI (bplab load --trace-client, bplab whatif LOAD.json
 * --step N) and the load screen: what was traced, the check against the server's own count, then
 * pages read per 1,000 queries at each pool size with the step's measured point at its own pool, and
 * what the curve stands for.
 */
import { formatBytes, formatCount } from '../format';
import type { LoadClientTrace, LoadStep } from './oltp-load';
import { traceCheck } from '../runs/page-trace';

/** What the words read of a step: its trace, and its server counters and counts where it has them. */
type StepPart = Pick<LoadStep, 'clientTrace'> & Partial<Pick<LoadStep, 'server' | 'counted'>>;

/** One size of a step's curve: predicted pages read per 1,000 queries, and measured where the step ran. */
export interface StepCurvePoint {
  poolBytes: number;
  predicted: number;
  /** The step's own pages read per 1,000 queries (its server counters), at its own pool only. */
  measured: number | null;
  own: boolean;
}

/**
 * The step's measured pages read per 1,000 queries: Innodb_buffer_pool_reads over its counted time
 * against the statements its engine counted there; null for a step saved before bplab read them.
 */
export function measuredPerThousand(step: Partial<Pick<LoadStep, 'server' | 'counted'>>): number | null {
  if (!step.server || !step.counted || step.counted.queries <= 0) return null;
  return (step.server.reads * 1000) / step.counted.queries;
}

/**
 * The curve's sizes in order, its own pool's point carrying the step's measured figure: where the
 * replay can be set against what the server read. Empty for a step not traced.
 */
export function stepCurvePoints(step: StepPart): StepCurvePoint[] {
  const t = step.clientTrace;
  if (!t || 'unavailable' in t) return [];
  const measured = measuredPerThousand(step);
  return [...t.curve]
    .sort((a, b) => a.poolBytes - b.poolBytes)
    .map((p) => {
      const own = p.poolBytes === t.ownPoolBytes;
      return {
        poolBytes: p.poolBytes,
        predicted: p.perThousandQueries,
        measured: own ? measured : null,
        own,
      };
    });
}

/** "predicted 92 against 128 measured (−28%)" at the step's own pool, or why there is no such check. */
export function ownSizeWords(step: StepPart): string {
  const own = stepCurvePoints(step).find((p) => p.own);
  if (!own) return 'the curve has no point at the load’s own pool';
  if (own.measured === null)
    return 'the step did not record its pages read (a load saved before bplab read them)';
  const pct = own.measured > 0 ? ((own.predicted - own.measured) / own.measured) * 100 : 0;
  return `at its own ${formatBytes(own.poolBytes)}: ${formatCount(own.predicted)} pages read per 1,000 queries replayed, ${formatCount(own.measured)} measured (${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)}%)`;
}

/** The server's counters over the step's counted time in one line, or null for a step saved before them. */
export function serverCountersWords(step: StepPart): string | null {
  const per = measuredPerThousand(step);
  if (!step.server || per === null) return null;
  const v = step.server;
  return `server over the counted time: ${formatCount(v.reads)} pages read (${formatCount(per)} per 1,000 queries), ${formatCount(v.readRequests)} page requests, ${formatCount(v.readAhead)} read ahead`;
}

/** What was traced: all of the step's clients, or one of them in a load traced before. */
export function tracedWords(t: LoadClientTrace, clients: number): string {
  const who =
    t.clientsTraced !== undefined
      ? `all ${t.clientsTraced} client connection(s) of the step`
      : `one client of ${clients} (connection ${t.connectionId}, server thread ${t.thread})`;
  return `page trace of ${who} for ${t.seconds.toFixed(1)} s: ${formatCount(t.requests)} page requests, ${formatCount(t.queries)} queries${t.lost > 0 ? `, ${formatCount(t.lost)} records lost` : ''}`;
}

/** The lines one step's client trace prints (none when the step was not traced). */
export function clientTraceLines(step: StepPart & Pick<LoadStep, 'clients'>): string[] {
  const t = step.clientTrace;
  if (!t) return [];
  if ('unavailable' in t) return [`  page trace: not available: ${t.unavailable}`];
  return [
    `  ${tracedWords(t, step.clients)}`,
    `  ${requestCheck(t, step.clients)}`,
    `  own-size check: ${ownSizeWords(step)}`,
    '  what if the pool were (pages read per 1,000 queries):',
    ...stepCurvePoints(step).map(
      (p) =>
        `    ${formatBytes(p.poolBytes).padStart(10)}  ${formatCount(Math.round(p.predicted)).padStart(8)}` +
        `${p.own ? `  (its own${p.measured === null ? '' : `; measured ${formatCount(Math.round(p.measured))}`})` : ''}`,
    ),
    ...t.assumptions.map((a) => `  - ${a}`),
  ];
}

/** The traced requests against the server's count over the trace, or why they cannot be compared. */
export function requestCheck(t: LoadClientTrace, clients: number): string {
  if (t.check)
    return `trace check: ${traceCheck(t.check, `the step's ${t.clientsTraced ?? clients} client(s)`, "other connections (bplab's own: its control connection and pool watch)").words}`;
  if (t.serverRequests === null) return "the server's request count over the trace could not be read";
  const pct =
    t.serverRequests > 0 ? ((t.serverCountedRequests - t.serverRequests) / t.serverRequests) * 100 : 0;
  const against = `${formatCount(t.serverCountedRequests)} requests as the server counts them, against ${formatCount(t.serverRequests)} it counted over the trace`;
  return clients === 1
    ? `${against} (${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%)`
    : `${against} for all ${clients} clients (InnoDB counts requests for the whole server, never per thread)`;
}
