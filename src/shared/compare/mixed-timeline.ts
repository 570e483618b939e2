/**
 * The mixed preset on one time axis: the point selects' QPS and p99 per second, the SSB scans'
 * intervals and the OLTP table's pages per index, all in seconds since the side began, with the figures
 * the headline cites (p99 and QPS while a scan runs against while none does, the scans' time, the pages
 * the table kept). Pure: the comparison screen's chart, the report's SVG and the CLI's words read it.
 */
import type { MixedLoadResult, MixedSide } from '../load/mixed-load';
import { MIXED_OLTP_TABLE } from '../load/mixed-load';
import { num, text, txt, type ReportTable } from './report-table';

export interface ScanBand {
  label: string;
  /** Seconds on the side's clock. */
  from: number;
  to: number;
  failed: boolean;
}

export interface MixedSideSummary {
  /** Median of the per-second p99 (ms) over the seconds whose middle lies inside a scan / outside every scan. */
  p99During: number | null;
  p99Outside: number | null;
  /** Mean QPS over those seconds. */
  qpsDuring: number | null;
  qpsOutside: number | null;
  /** The scans' summed time, seconds (failed scans left out). */
  scanSeconds: number;
  /**
   * The OLTP table's pages (all its indexes) at the last snapshot before the first scan, and the fewest
   * from the first scan's start to the first snapshot after the last scan's end.
   */
  pagesBefore: number | null;
  pagesLeast: number | null;
}

export interface MixedTimelineView {
  label: string;
  oldBlocksTime: number;
  /** [0, end] seconds: the same for every panel of this side. */
  domain: [number, number];
  /** One row per second, at its middle. */
  load: Array<{ t: number; qps: number; p99: number | null }>;
  scans: ScanBand[];
  /** The indexes in the order drawn (PRIMARY first), and one row per poller snapshot. */
  indexes: string[];
  pages: Array<{ t: number; byIndex: Record<string, number> }>;
  poolPages: number;
  summary: MixedSideSummary;
}

const s = (ms: number) => ms / 1000;

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

export function sideTimeline(side: MixedSide, poolPages: number): MixedTimelineView {
  const scans = side.queries.map((q) => ({
    label: q.queryId,
    from: s(q.fromMs),
    to: s(q.toMs),
    failed: q.error !== null,
  }));
  const load = side.seconds.map((x) => ({ t: s(x.fromMs + 500), qps: x.qps, p99: x.p99 }));
  const inScan = (t: number) => scans.some((b) => t >= b.from && t < b.to);
  const during = load.filter((x) => inScan(x.t));
  const outside = load.filter((x) => !inScan(x.t));
  const p99s = (xs: typeof load) => xs.flatMap((x) => (x.p99 === null ? [] : [x.p99]));
  const seen = new Set<string>();
  for (const p of side.pages) for (const k of Object.keys(p.indexes)) seen.add(k);
  const indexes = [...seen].sort((a, b) => (a === 'PRIMARY' ? -1 : b === 'PRIMARY' ? 1 : a.localeCompare(b)));
  const pages = side.pages.map((p) => ({ t: s(p.atMs), byIndex: p.indexes }));
  const first = scans.length ? Math.min(...scans.map((b) => b.from)) : null;
  const last = scans.length ? Math.max(...scans.map((b) => b.to)) : null;
  const before = first === null ? [] : pages.filter((p) => p.t <= first);
  // While the scans ran, and the first snapshot after the last one ended (what the scans left).
  const after = last === null ? undefined : pages.find((p) => p.t >= last);
  const within =
    first === null || last === null
      ? []
      : [...pages.filter((p) => p.t >= first && p.t <= last), ...(after ? [after] : [])];
  const end = Math.max(s(side.load.toMs), ...scans.map((b) => b.to), ...pages.map((p) => p.t), 1);
  return {
    label: `old_blocks_time = ${side.oldBlocksTime}`,
    oldBlocksTime: side.oldBlocksTime,
    domain: [0, end],
    load,
    scans,
    indexes,
    pages,
    poolPages,
    summary: {
      p99During: median(p99s(during)),
      p99Outside: median(p99s(outside)),
      qpsDuring: mean(during.map((x) => x.qps)),
      qpsOutside: mean(outside.map((x) => x.qps)),
      scanSeconds: scans.filter((b) => !b.failed).reduce((a, b) => a + (b.to - b.from), 0),
      pagesBefore: before.length ? sum(before.at(-1)!.byIndex) : null,
      pagesLeast: within.length ? Math.min(...within.map((p) => sum(p.byIndex))) : null,
    },
  };
}

export interface MixedComparisonView {
  headline: string;
  /** Every side, in the file's order, with one time axis each (the same span, so they line up). */
  sides: MixedTimelineView[];
  /** Rows for a table: one per side. */
  rows: Array<{ label: string; cells: string[] }>;
  columns: string[];
}

const ms2 = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(2)} ms`);
const pct = (n: number | null) => (n === null ? 'n/a' : `${Math.round(n * 100)}%`);
const kept = (x: MixedSideSummary) =>
  x.pagesBefore && x.pagesLeast !== null ? x.pagesLeast / x.pagesBefore : null;

/**
 * The headline compares the side at old_blocks_time 1000 (or the last) against the one at 0 (or the
 * first): p99 during scans, the scans' time, and the share of its pages the OLTP table kept.
 */
export function mixedComparison(result: MixedLoadResult): MixedComparisonView {
  const views = result.sides.map((x) => sideTimeline(x, result.server.poolPages));
  const end = Math.max(1, ...views.map((v) => v.domain[1]));
  const sides = views.map((v) => ({ ...v, domain: [0, end] as [number, number] }));
  const columns = [
    'p99 during scans',
    'p99 without scans',
    'QPS during scans',
    'QPS without scans',
    'scans took',
    `${MIXED_OLTP_TABLE} pages kept`,
  ];
  const rows = sides.map((v) => ({
    label: v.label,
    cells: [
      ms2(v.summary.p99During),
      ms2(v.summary.p99Outside),
      v.summary.qpsDuring === null ? 'n/a' : Math.round(v.summary.qpsDuring).toLocaleString('en-US'),
      v.summary.qpsOutside === null ? 'n/a' : Math.round(v.summary.qpsOutside).toLocaleString('en-US'),
      `${v.summary.scanSeconds.toFixed(2)} s`,
      pct(kept(v.summary)),
    ],
  }));
  return { headline: headlineOf(sides), sides, rows, columns };
}

function headlineOf(sides: MixedTimelineView[]): string {
  if (sides.length === 0) return 'No side was measured.';
  const base = sides.find((v) => v.oldBlocksTime === 0) ?? sides[0]!;
  const other = sides.find((v) => v.oldBlocksTime === 1000 && v !== base) ?? sides.find((v) => v !== base);
  if (!other) {
    const x = base.summary;
    return `With old_blocks_time=${base.oldBlocksTime} the point selects' p99 is ${ms2(x.p99During)} during scans against ${ms2(x.p99Outside)} without; the scans take ${x.scanSeconds.toFixed(2)} s.`;
  }
  const a = other.summary;
  const b = base.summary;
  const scans =
    b.scanSeconds > 0
      ? (() => {
          const change = (a.scanSeconds - b.scanSeconds) / b.scanSeconds;
          const words = Math.abs(change) < 0.005 ? 'as long' : change > 0 ? 'longer' : 'less time';
          return `the scans take ${words === 'as long' ? 'as long' : `${Math.abs(change * 100).toFixed(0)}% ${words}`} (${a.scanSeconds.toFixed(2)} s against ${b.scanSeconds.toFixed(2)} s)`;
        })()
      : `the scans take ${a.scanSeconds.toFixed(2)} s`;
  const [ka, kb] = [kept(a), kept(b)];
  const pages =
    ka !== null && kb !== null
      ? `; ${MIXED_OLTP_TABLE} keeps ${pct(ka)} of its pages through the scans against ${pct(kb)}`
      : '';
  return `With old_blocks_time=${other.oldBlocksTime} the point selects' p99 during scans is ${ms2(a.p99During)} against ${ms2(b.p99During)} at ${base.oldBlocksTime}; ${scans}${pages}.`;
}

/** The per-side figures as a report table (CLI, HTML, Markdown). */
export function mixedTable(c: MixedComparisonView): ReportTable {
  return {
    id: 'mixed-sides',
    title: 'Point selects beside SSB scans, per innodb_old_blocks_time',
    note: 'p99: the median of the per-second p99 (ms) over the seconds whose middle falls inside a scan, or outside every scan. Pages kept: the fewest pages the OLTP table held while the scans ran, over those it held when the first began (from the live poller).',
    columns: [txt('side'), ...c.columns.map(num)],
    rows: c.rows.map((r) => [text(r.label), ...r.cells.map((x) => text(x))]),
  };
}
