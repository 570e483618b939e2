/**
 * A traced load client's what-if on the load screen (ClientCurveChart draws it): per step, the headline
 * in words at the pool the load ran on and where the client would stop reading, what was traced and how
 * it checks against the server's own count, and the curve's points in MiB. Words as `bplab load
 * --trace-client` says them (shared/load/load-client-trace.ts).
 */
import { formatBytes, formatCount } from '../../../../shared/format';
import { requestCheck } from '../../../../shared/load/load-client-trace';
import type { LoadStep } from '../../../../shared/load/oltp-load';

export interface ClientCurveRow {
  mib: number;
  perThousand: number;
}

export type ClientCurveView = { clients: number } & (
  | {
      headline: string;
      traced: string;
      check: string;
      rows: ClientCurveRow[];
      /** The load's own pool, where it lies within the curve's sizes (a line there); null otherwise. */
      ownMib: number | null;
      assumptions: string[];
    }
  | { unavailable: string }
);

const MIB = 1048576;
const perThousandWords = (n: number) =>
  `${formatCount(Math.round(n))} page${Math.round(n) === 1 ? '' : 's'} per 1,000 queries`;

/** The steps' client traces, in step order; a step that was not traced has none. */
export function clientCurveViews(steps: readonly LoadStep[]): ClientCurveView[] {
  const out: ClientCurveView[] = [];
  for (const step of steps) {
    const t = step.clientTrace;
    if (!t) continue;
    if ('unavailable' in t) {
      out.push({ clients: step.clients, unavailable: `no client could be traced: ${t.unavailable}` });
      continue;
    }
    const curve = [...t.curve].sort((a, b) => a.poolBytes - b.poolBytes);
    if (curve.length === 0) {
      out.push({ clients: step.clients, unavailable: 'the traced client made no page request to replay' });
      continue;
    }
    const largest = curve[curve.length - 1]!;
    // The curve ends where all the client touched fits (client-curve.ts): a larger pool reads as its end.
    const beyond = t.ownPoolBytes > largest.poolBytes;
    const own = beyond
      ? largest
      : curve.reduce((a, b) =>
          Math.abs(b.poolBytes - t.ownPoolBytes) < Math.abs(a.poolBytes - t.ownPoolBytes) ? b : a,
        );
    const at = beyond
      ? `At ${formatBytes(t.ownPoolBytes)}, the load's own pool, this client would read ${perThousandWords(own.perThousandQueries)} (as at ${formatBytes(largest.poolBytes)}, where all it touched fits).`
      : `At ${formatBytes(own.poolBytes)}${own.poolBytes === t.ownPoolBytes ? ", the load's own pool," : ''} this client would read ${perThousandWords(own.perThousandQueries)}.`;
    const under = curve.find((p) => p.perThousandQueries < 1);
    const then =
      under === undefined
        ? ` Even at ${formatBytes(largest.poolBytes)}, the curve's largest pool, it would read ${perThousandWords(largest.perThousandQueries)}.`
        : under === curve[0]
          ? ` It would read under one page per 1,000 queries at every size from ${formatBytes(under.poolBytes)}.`
          : ` From ${formatBytes(under.poolBytes)} up it would read under one page per 1,000 queries.`;
    out.push({
      clients: step.clients,
      headline: `${at}${then}`,
      traced:
        `One of ${step.clients} client(s) traced (connection ${t.connectionId}, server thread ${t.thread}) for ` +
        `${t.seconds.toFixed(1)} s: ${formatCount(t.requests)} page requests, ${formatCount(t.queries)} queries` +
        `${t.lost > 0 ? `, ${formatCount(t.lost)} records lost` : ''}.`,
      check: `${requestCheck(t, step.clients)}.`,
      rows: curve.map((p) => ({
        mib: Math.round((p.poolBytes / MIB) * 100) / 100,
        perThousand: Math.round(p.perThousandQueries * 10) / 10,
      })),
      ownMib:
        beyond || t.ownPoolBytes < curve[0]!.poolBytes
          ? null
          : Math.round((t.ownPoolBytes / MIB) * 100) / 100,
      assumptions: t.assumptions,
    });
  }
  return out;
}
