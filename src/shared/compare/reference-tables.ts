/**
 * The published figures and their verdicts in words: one headline, then a row per figure and
 * configuration (published, measured, verdict, source) with the counters that explain it under it. The
 * Compare screen, the HTML and Markdown reports and `bplab compare` all show these rows.
 */
import { formatBytes, formatCount, formatMs } from '../format';
import {
  EXPLAINING_COUNTERS,
  VERDICT_WORDS,
  baselineOf,
  formatFigure,
  type ExplainingCounter,
  type VerdictKind,
} from '../published/reference-figures';
import type { FigureVerdicts, MeasuredSide } from './reference-verdicts';
import { text, txt, type ReportTable } from './report-table';

export const PUBLISHED_TABLE_ID = 'published-figures';

export interface VerdictRow {
  figureId: string;
  label: string;
  /** "post 001, table: Star Schema Benchmark – Scale Factor 1". */
  source: string;
  /** Where it was measured beyond its sides ('' when once). */
  context: string;
  published: string;
  measured: string;
  verdict: VerdictKind;
  words: string;
  /** Why it was not measured, shared by every figure it holds for (null when measured): a summary counts these. */
  reason: string | null;
  /** Each counter that explains it: "pages read: 1,853,210 (innodb_old_blocks_time=1000) against 1,731,004 (…=0)". */
  explained: string[];
  note: string | null;
}

const counterText = (counter: ExplainingCounter, v: number | null) =>
  v === null
    ? 'not recorded'
    : counter === 'bytes-read'
      ? formatBytes(v)
      : counter === 'server-cpu'
        ? formatMs(v)
        : formatCount(v);

function sideValue(s: MeasuredSide, kind: 'query-seconds' | 'load-qps'): string {
  if (s.value === null) return 'not measured';
  return kind === 'query-seconds' ? formatMs(s.value * 1000) : `${formatCount(s.value)} QPS`;
}

/** "Q3.2 and Q3.3 ran different plans on the two sides (EXPLAIN): …", first, since it changes what the figure compares. */
function plansLine(queries: readonly string[]): string[] {
  if (queries.length === 0) return [];
  const names =
    queries.length === 1 ? queries[0]! : `${queries.slice(0, -1).join(', ')} and ${queries.at(-1)!}`;
  const those = queries.length === 1 ? 'its' : 'their';
  return [
    `${names} ran different plans on the two sides (EXPLAIN): ${those} seconds and pages compare plans, not only the settings`,
  ];
}

/** One row per figure and configuration, in the figures' order. */
export function verdictRows(list: readonly FigureVerdicts[]): VerdictRow[] {
  return list.flatMap(({ figure, measured }) =>
    measured.map((m) => {
      const counters = figure.explain.map((counter, i) => {
        const parts = m.sides.map(
          (s) => `${counterText(counter, s.counters[i]?.value ?? null)} (${s.label})`,
        );
        return `${EXPLAINING_COUNTERS[counter]}: ${parts.join(' against ')}`;
      });
      const sides =
        m.sides.length > 1 || figure.sides.length > 1
          ? [m.sides.map((s) => `${sideValue(s, figure.measure.kind)} (${s.label})`).join(' against ')]
          : [];
      return {
        figureId: figure.id,
        label: figure.label,
        source: `${figure.citation.source}, ${figure.citation.where}`,
        context: m.context,
        // A direction only: which side of no effect the source saw, not a size it never gave.
        published: figure.directionOnly
          ? `${figure.value > baselineOf(figure.unit) ? 'above' : 'below'} ${formatFigure(baselineOf(figure.unit), figure.unit)}`
          : formatFigure(figure.value, figure.unit),
        measured:
          m.measured === null ? `not measured: ${m.why ?? ''}` : formatFigure(m.measured, figure.unit),
        verdict: m.verdict,
        words: VERDICT_WORDS[m.verdict],
        reason: m.measured === null ? (m.reason ?? m.why ?? '') : null,
        explained: m.measured === null ? [] : [...plansLine(m.plansDiffer), ...sides, ...counters],
        note: figure.note ?? null,
      };
    }),
  );
}

const ORDER: VerdictKind[] = [
  'reproduced',
  'same-direction',
  'smaller',
  'larger',
  'opposite',
  'not-measured',
];

/**
 * The answer first, of the figures measured: "Published figures against bplab's: 1 of 2 reproduced
 * (within 10%); 1 opposite." The figures not measured are one line of their own (unmeasuredLine).
 */
export function verdictsHeadline(all: readonly VerdictRow[]): string {
  if (all.length === 0) return 'No published figures in this experiment.';
  const rows = all.filter((r) => r.verdict !== 'not-measured');
  if (rows.length === 0) return `Published figures against bplab's: none of ${all.length} measured.`;
  const counts = ORDER.map((k) => ({ k, n: rows.filter((r) => r.verdict === k).length })).filter(
    (c) => c.n > 0,
  );
  const [first, ...rest] = counts;
  const words = [
    `${first!.n} of ${rows.length} ${VERDICT_WORDS[first!.k]}`,
    ...rest.map((c) => `${c.n} ${VERDICT_WORDS[c.k]}`),
  ];
  return `Published figures against bplab's: ${words.join('; ')}.`;
}

/**
 * The figures not measured, folded into one line: "8 of 10 published figures not measured: the
 * experiment runs 3 of the 13 queries the figure sums." Null when every figure was measured.
 */
export function unmeasuredLine(rows: readonly VerdictRow[]): string | null {
  const not = rows.filter((r) => r.verdict === 'not-measured');
  if (not.length === 0) return null;
  const reasons = [...new Set(not.map((r) => r.reason ?? ''))].filter(Boolean);
  const shown =
    reasons.length <= 3 ? reasons : [...reasons.slice(0, 3), `${reasons.length - 3} more reasons`];
  return `${not.length} of ${rows.length} published figure${rows.length === 1 ? '' : 's'} not measured${shown.length ? `: ${shown.join('; ')}` : ''}.`;
}

/** Which rows are measured (shown) and which fold into unmeasuredLine (details on demand). */
export function splitVerdicts(rows: readonly VerdictRow[]): {
  measured: VerdictRow[];
  unmeasured: VerdictRow[];
} {
  return {
    measured: rows.filter((r) => r.verdict !== 'not-measured'),
    unmeasured: rows.filter((r) => r.verdict === 'not-measured'),
  };
}

/** The rows as a report table (HTML, Markdown, CSV, the terminal). */
export function verdictsTable(rows: readonly VerdictRow[]): ReportTable {
  return {
    id: PUBLISHED_TABLE_ID,
    title: 'Published figures and verdicts',
    note: 'Each figure as its source published it, beside what this experiment measured, with the counters that explain the verdict. Reproduced means within 10% of the published value; otherwise the effect (its distance from no effect: 1× for a ratio, 0 for a change) is smaller, larger or the opposite way.',
    columns: [
      txt('Figure'),
      txt('Configuration'),
      txt('Published'),
      txt('Measured'),
      txt('Verdict'),
      txt('Explained by'),
      txt('Source'),
    ],
    rows: rows.map((r) => [
      text(r.label),
      text(r.context || '—'),
      text(r.published),
      text(r.measured),
      text(r.words, r.verdict === 'opposite'),
      text(r.explained.join('; ') || '—'),
      text(r.source),
    ]),
  };
}
