/**
 * Post 003's picture: per flight, per query, a cold and a hot bar for each side (an engine, a setting),
 * lower is better, with the figures that explain them beside: MiB the server read from storage, the
 * key-cache or buffer-pool hit ratio, and the server's CPU time. Pure: protocol runs in, a view out.
 */
import { formatBytes, formatMs, formatRatio } from '../format';
import type { RunResult } from '../runs/runs';
import { BYTES_READ } from '../runs/read-words';
import { TABLE_IDS } from './anchors';
import type { Evidence, Finding } from './finding';
import { flightOf, type ProtocolRun } from './flights';
import { bytes, ms, num, share, text, txt, type ReportTable } from './report-table';

export interface ColdHotFigures {
  ms: number | null;
  /** Bytes the server process read from storage during the run; null where bplab could not see. */
  readBytes: number | null;
  /** Hits / requests of the cache the engine reads through (MyISAM's key cache, InnoDB's pool). */
  hitRatio: number | null;
  cpuMs: number | null;
  /** The requests and the reads from storage behind hitRatio (key blocks for MyISAM, pages for InnoDB). */
  cache?: { requests: number; reads: number } | null;
}

export interface ColdHotSide {
  side: string;
  /** InnoDB, MyISAM; null when the run did not record it. */
  engine: string | null;
  cold: ColdHotFigures | null;
  /** The last hot run (the warmest), as post 003 ran one and post 001 three. */
  hot: ColdHotFigures | null;
}

export interface ColdHotQuery {
  queryId: string;
  sides: ColdHotSide[];
}

export interface ColdHotView {
  sides: string[];
  flights: Array<{ flight: string; queries: ColdHotQuery[] }>;
}

const delta = (run: RunResult, name: string): number | null => {
  const s = run.status.find((x) => x.name === name && x.scope === 'global');
  return s ? s.delta : null;
};

/** 1 − reads from storage / requests, for the cache the run's engine reads through. */
export function hitRatio(run: RunResult): number | null {
  const c = cacheCounts(run);
  if (c === null || c.requests <= 0) return null;
  return Math.max(0, 1 - c.reads / c.requests);
}

/** Requests to the cache the run's engine reads through, and its reads from storage; null when not recorded. */
export function cacheCounts(run: RunResult): { requests: number; reads: number } | null {
  const myisam = run.dataset?.engine === 'MyISAM';
  const requests = delta(run, myisam ? 'Key_read_requests' : 'Innodb_buffer_pool_read_requests');
  const reads = delta(run, myisam ? 'Key_reads' : 'Innodb_buffer_pool_reads');
  return requests === null || reads === null ? null : { requests, reads };
}

/** A run's figures; none for a run that did not complete (a failed run's reads count in no total). */
function figuresOf(r: ProtocolRun | undefined): ColdHotFigures | null {
  if (!r) return null;
  if (r.run && r.run.state !== 'complete')
    return { ms: null, readBytes: null, hitRatio: null, cpuMs: null, cache: null };
  const usage = r.run?.serverProcess;
  const seen = usage && 'readBytes' in usage ? usage : null;
  return {
    ms: r.elapsedMs,
    readBytes: seen?.readBytes ?? null,
    hitRatio: r.run ? hitRatio(r.run) : null,
    cpuMs: seen?.cpuMs ?? null,
    cache: r.run ? cacheCounts(r.run) : null,
  };
}

export function coldHotView(runs: readonly ProtocolRun[]): ColdHotView {
  const sides = [...new Set(runs.map((r) => r.configuration))];
  const queries = [...new Set(runs.map((r) => r.queryId))];
  const flights = new Map<string, ColdHotQuery[]>();
  for (const queryId of queries) {
    const mine = runs.filter((r) => r.queryId === queryId);
    const row: ColdHotQuery = {
      queryId,
      sides: sides.map((side) => {
        const own = mine.filter((r) => r.configuration === side);
        const cold = own.find((r) => r.repetition === 'cold');
        const hot = own.filter((r) => r.repetition !== 'cold').at(-1);
        const any = cold ?? hot;
        return {
          side,
          engine: any?.run?.dataset?.engine ?? null,
          cold: figuresOf(cold),
          hot: figuresOf(hot),
        };
      }),
    };
    const flight = flightOf(queryId);
    flights.set(flight, [...(flights.get(flight) ?? []), row]);
  }
  return { sides, flights: [...flights.entries()].map(([flight, qs]) => ({ flight, queries: qs })) };
}

/** A side's name with its engine when the side's name does not say it already (for sides whose engines differ). */
export const named = (s: ColdHotSide) =>
  s.engine && !s.side.includes(s.engine) ? `${s.side} (${s.engine})` : s.side;

/** Clearly faster or slower: 10% either way. */
export const MARGIN = 1.1;

/**
 * Where one side wins cold and loses hot against the baseline (or the reverse), as MyISAM did against
 * InnoDB in post 003: one finding per pair of sides, naming the queries, each query's figures as evidence
 * (time cold and hot, MiB read cold, server CPU hot).
 */
export function crossoverFindings(view: ColdHotView): Finding[] {
  const out: Finding[] = [];
  for (let b = 1; b < view.sides.length; b++) {
    const hits: Array<{ q: ColdHotQuery; winsCold: boolean; cold: number; hot: number }> = [];
    for (const { queries } of view.flights)
      for (const q of queries) {
        const [sa, sb] = [q.sides[0]!, q.sides[b]!];
        const cold = ratio(sb.cold?.ms, sa.cold?.ms);
        const hot = ratio(sb.hot?.ms, sa.hot?.ms);
        if (cold === null || hot === null) continue;
        if (cold * MARGIN <= 1 && hot >= MARGIN) hits.push({ q, winsCold: true, cold, hot });
        else if (cold >= MARGIN && hot * MARGIN <= 1) hits.push({ q, winsCold: false, cold, hot });
      }
    if (hits.length === 0) continue;
    const first = hits[0]!.q;
    // The engine names a side only where the two sides' engines differ (post 003's, not post 001's).
    const [sa, sb] = [first.sides[0]!, first.sides[b]!];
    const [A, B] = sa.engine !== sb.engine ? [named(sa), named(sb)] : [sa.side, sb.side];
    const bWins = hits.filter((h) => h.winsCold);
    const aWins = hits.filter((h) => !h.winsCold);
    const parts = [
      bWins.length > 0 && `${B} wins cold and loses hot on ${list(bWins.map((h) => h.q.queryId))}`,
      aWins.length > 0 && `${A} wins cold and loses hot on ${list(aWins.map((h) => h.q.queryId))}`,
    ].filter(Boolean);
    out.push({
      rule: 'cold-hot-crossover',
      kind: 'difference',
      text: `${parts.join('; ')}: ${explain(hits.map((h) => ({ q: h.q, b })))}`,
      evidence: hits.flatMap((h) => evidenceOf(h.q, b)),
      tableId: TABLE_IDS.flights,
      weight: 50 + hits.length,
    });
  }
  return out;
}

export const ratio = (x: number | null | undefined, y: number | null | undefined): number | null =>
  x === null || x === undefined || y === null || y === undefined || y <= 0 ? null : x / y;

const list = (ids: string[]) =>
  ids.length <= 4 ? ids.join(', ') : `${ids.length} queries (${ids.slice(0, 3).join(', ')}, …)`;

/** The IO cold and the CPU hot, summed over the queries, where both sides were seen. */
function explain(hits: Array<{ q: ColdHotQuery; b: number }>): string {
  const sum = (pick: (s: ColdHotSide) => number | null | undefined, side: 0 | 1) => {
    let total = 0;
    for (const { q, b } of hits) {
      const v = pick(q.sides[side === 0 ? 0 : b]!);
      if (v === null || v === undefined) return null;
      total += v;
    }
    return total;
  };
  const bits: string[] = [];
  const readA = sum((s) => s.cold?.readBytes, 0);
  const readB = sum((s) => s.cold?.readBytes, 1);
  if (readA !== null && readB !== null)
    bits.push(`cold they read ${formatBytes(readA)} against ${formatBytes(readB)}`);
  const cpuA = sum((s) => s.hot?.cpuMs, 0);
  const cpuB = sum((s) => s.hot?.cpuMs, 1);
  if (cpuA !== null && cpuB !== null)
    bits.push(`hot the server used ${formatMs(cpuA)} of CPU against ${formatMs(cpuB)}`);
  return bits.length > 0 ? bits.join('; ') : 'the runs did not record the server’s IO and CPU';
}

function evidenceOf(q: ColdHotQuery, b: number): Evidence[] {
  const [sa, sb] = [q.sides[0]!, q.sides[b]!];
  const t = (f: ColdHotFigures | null) => (f?.ms === null || f?.ms === undefined ? '—' : formatMs(f.ms));
  const io = (f: ColdHotFigures | null) =>
    f?.readBytes === null || f?.readBytes === undefined ? '—' : formatBytes(f.readBytes);
  const cpu = (f: ColdHotFigures | null) =>
    f?.cpuMs === null || f?.cpuMs === undefined ? '—' : formatMs(f.cpuMs);
  const r = (x: number | null) => (x === null ? '—' : formatRatio(x));
  return [
    {
      label: `${q.queryId} cold`,
      value: `${t(sa.cold)} against ${t(sb.cold)} (${r(ratio(sb.cold?.ms, sa.cold?.ms))})`,
    },
    {
      label: `${q.queryId} hot`,
      value: `${t(sa.hot)} against ${t(sb.hot)} (${r(ratio(sb.hot?.ms, sa.hot?.ms))})`,
    },
    { label: `${q.queryId} read cold`, value: `${io(sa.cold)} against ${io(sb.cold)}` },
    { label: `${q.queryId} CPU hot`, value: `${cpu(sa.hot)} against ${cpu(sb.hot)}` },
  ];
}

/** Post 003's table: per query, each side's time cold and hot, MiB read cold, hit ratio cold and hot. */
export function coldHotTable(view: ColdHotView): ReportTable {
  const per = (label: string) => view.sides.map((s) => num(`${label}, ${s}`));
  return {
    id: TABLE_IDS.coldHot,
    title: 'Each query cold, then hot, per side (lower is better)',
    note: `Read from storage: the ${BYTES_READ} by the server process during the cold run, as the OS counts them (a local sandbox only; pages the OS page cache held are not among them). Hit ratio: 1 − reads ÷ requests, of the key cache for MyISAM and of the buffer pool for InnoDB.`,
    columns: [
      txt('query'),
      ...per('cold'),
      ...per('hot'),
      ...per('read from storage cold'),
      ...per('hit ratio cold'),
      ...per('hit ratio hot'),
    ],
    rows: view.flights.flatMap((f) =>
      f.queries.map((q) => [
        text(q.queryId),
        ...q.sides.map((s) => ms(s.cold?.ms)),
        ...q.sides.map((s) => ms(s.hot?.ms)),
        ...q.sides.map((s) => bytes(s.cold?.readBytes)),
        ...q.sides.map((s) => share(s.cold?.hitRatio)),
        ...q.sides.map((s) => share(s.hot?.hitRatio)),
      ]),
    ),
  };
}

/** One chart per flight: per query, a cold and a hot bar for each side, and each side's ratio to the first. */
export interface ColdHotBarsView {
  title: string;
  sides: string[];
  queries: Array<{
    label: string;
    /** Side by side, in side order: [cold, hot] times in ms (null: no complete run). */
    bars: Array<{ cold: number | null; hot: number | null }>;
    /** "cold 0.67× · hot 1.50×" per side after the first (its time ÷ the first side's). */
    ratios: string[];
  }>;
  maxMs: number;
}

export function coldHotBars(view: ColdHotView): ColdHotBarsView[] {
  return view.flights.map((f) => {
    const queries = f.queries.map((q) => {
      const base = q.sides[0];
      return {
        label: q.queryId,
        bars: q.sides.map((s) => ({ cold: s.cold?.ms ?? null, hot: s.hot?.ms ?? null })),
        ratios: q.sides.slice(1).map((s) => {
          const c = ratio(s.cold?.ms, base?.cold?.ms);
          const h = ratio(s.hot?.ms, base?.hot?.ms);
          return `cold ${c === null ? '—' : formatRatio(c)} · hot ${h === null ? '—' : formatRatio(h)}`;
        }),
      };
    });
    return {
      title: `${f.flight}: time per query, cold and hot (lower is better)`,
      sides: view.sides,
      queries,
      maxMs: Math.max(0, ...queries.flatMap((q) => q.bars.flatMap((b) => [b.cold ?? 0, b.hot ?? 0]))),
    };
  });
}
