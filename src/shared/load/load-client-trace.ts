/**
 * A traced load client's what-if in words, for the CLI (bplab load --trace-client) and the load
 * screen: what was traced, the check against the server's own count, then pages read per 1,000
 * queries at each pool size, and what the curve stands for.
 */
import { formatBytes, formatCount } from '../format';
import type { LoadClientTrace, LoadStep } from './oltp-load';

/** The lines one step's client trace prints (none when the step was not traced). */
export function clientTraceLines(step: Pick<LoadStep, 'clients' | 'clientTrace'>): string[] {
  const t = step.clientTrace;
  if (!t) return [];
  if ('unavailable' in t) return [`  page trace: not available: ${t.unavailable}`];
  return [
    `  page trace of one client (connection ${t.connectionId}, server thread ${t.thread}) for ` +
      `${t.seconds.toFixed(1)} s: ${formatCount(t.requests)} page requests, ${formatCount(t.queries)} queries${t.lost > 0 ? `, ${formatCount(t.lost)} records lost` : ''}`,
    `  ${requestCheck(t, step.clients)}`,
    '  what if the pool were (pages read per 1,000 queries):',
    ...t.curve.map(
      (p) =>
        `    ${formatBytes(p.poolBytes).padStart(10)}  ${formatCount(Math.round(p.perThousandQueries)).padStart(8)}` +
        `${p.poolBytes === t.ownPoolBytes ? '  (its own)' : ''}`,
    ),
    ...t.assumptions.map((a) => `  - ${a}`),
  ];
}

/** The traced requests against the server's count over the trace, or why they cannot be compared. */
export function requestCheck(t: LoadClientTrace, clients: number): string {
  if (t.serverRequests === null) return "the server's request count over the trace could not be read";
  const pct =
    t.serverRequests > 0 ? ((t.serverCountedRequests - t.serverRequests) / t.serverRequests) * 100 : 0;
  const against = `${formatCount(t.serverCountedRequests)} requests as the server counts them, against ${formatCount(t.serverRequests)} it counted over the trace`;
  return clients === 1
    ? `${against} (${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%)`
    : `${against} for all ${clients} clients (InnoDB counts requests for the whole server, never per thread)`;
}
