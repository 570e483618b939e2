/**
 * A run's what-if as the panel draws it, and a comparison side's curves: the simulated-against-measured
 * rows and the curves in words (the chart's model is shared with the report: shared/whatif/curve-view).
 */
import { formatCount, formatMs, formatShare } from '../../../shared/format';
import type { WhatIfReport } from '../../../shared/whatif/what-if';
import { estimatedMs, type SideCurves } from '../../../shared/whatif/flight';
import type { Row } from '../live-view';
import { mibOf } from '../../../shared/whatif/curve-view';

/** The run at its own settings, simulated beside measured, and each curve's sampling error. */
export function whatIfRows(report: WhatIfReport): Row[] {
  const measured = report.measuredPagesRead;
  // A run that did not run its recorded plan: its error is not the simulator's, and says why.
  const error = report.planMismatch
    ? `not comparable: ${report.planMismatch}`
    : measured && measured > 0
      ? `${((report.simulatedPagesRead / measured - 1) * 100).toFixed(1)}%`
      : 'not measured';
  return [
    {
      label: 'Pages read, simulated',
      value: formatCount(report.simulatedPagesRead),
      testId: 'whatif-simulated',
    },
    {
      label: 'Pages read, measured',
      value: measured === null ? 'not recorded' : formatCount(measured),
      testId: 'whatif-measured',
    },
    { label: 'Error', value: error, testId: 'whatif-error' },
    {
      label: 'Read ahead, simulated / measured',
      value: `${formatCount(report.own.simulatedReadAhead)} / ${report.own.measuredReadAhead === null ? '—' : formatCount(report.own.measuredReadAhead)}`,
    },
    { label: 'Replayed as', value: report.hot ? 'hot (after one pass of the same query)' : 'cold' },
    {
      label: 'How far to trust other sizes',
      value: report.trust.words,
      testId: 'whatif-trust',
    },
    ...(report.uncertainty
      ? [
          {
            label: 'Not traced since the server started',
            value: `points at other sizes can move by up to about ${formatCount(report.uncertainty.pages)} pages: ${report.uncertainty.why.join('; ')}`,
            testId: 'whatif-uncertainty',
          },
        ]
      : []),
    { label: 'Plan', value: report.plan.words, testId: 'whatif-plan' },
    ...report.curves.map((c) => ({
      label: `Curve old_blocks_time ${c.variant.oldBlocksTimeMs}, pct ${c.variant.oldBlocksPct}`,
      value: `sampled at ${formatShare(c.rate)}; largest miss-ratio error vs full simulation ${c.errorVsFull === null ? '—' : c.errorVsFull.toFixed(4)}`,
    })),
  ];
}

/** The one wording of a knee, on a run's panel and on Compare: "the working set fits from 88 MiB: 4,342 pages read". */
export function fitsFrom(mib: string, pagesRead: string): string {
  return `the working set fits from ${mib}: ${pagesRead}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A run's what-if answered in words, before its figures: where the working set fits (only where the
 * curve is checked: a knee at a size no real run checked is said so), what the run's
 * own pool reads, and the cold floor (the pages read however large the pool) explained.
 */
export function whatIfAnswer(report: WhatIfReport): { answer: string; floor: string | null } {
  const mib = (pages: number) => `${formatCount(mibOf(pages, report.pageSizeBytes))} MiB`;
  const own = report.ownVariant;
  const curve =
    report.curves.find(
      (c) =>
        own &&
        c.variant.oldBlocksTimeMs === own.oldBlocksTimeMs &&
        c.variant.oldBlocksPct === own.oldBlocksPct,
    ) ?? report.curves[0];
  if (!curve || curve.points.length === 0) return { answer: 'No curve was drawn.', floor: null };
  const settings =
    report.curves.length > 1
      ? ` (old_blocks_time ${curve.variant.oldBlocksTimeMs}, pct ${curve.variant.oldBlocksPct})`
      : '';
  const ownPool =
    report.ownPoolPages === undefined
      ? ''
      : curve.kneePoolPages !== null && report.ownPoolPages >= curve.kneePoolPages
        ? `; this run's own ${mib(report.ownPoolPages)} pool holds it`
        : `; this run's own ${mib(report.ownPoolPages)} pool reads ${formatCount(report.simulatedPagesRead)} (simulated)`;
  const knee = curve.points.find((p) => p.poolPages === curve.kneePoolPages);
  const first = curve.points[0]!;
  const last = curve.points[curve.points.length - 1]!;
  // The trust the curve states (its own field, the row "How far to trust other sizes" says it): a knee
  // where no real run has checked the curve is not said as where the working set fits.
  const answer = !knee
    ? `No knee${settings}: the pages read do not drop between ${mib(first.poolPages)} and ${mib(last.poolPages)}${ownPool}.`
    : !checkedAt(report, knee.poolPages)
      ? `The curve drops to ${formatCount(knee.pagesRead)} pages read at ${mib(knee.poolPages)}${settings}, a size no real run has checked the curve at (${uncheckedWhy(report)}), so the working set may need another size${ownPool}.`
      : `${capitalised(fitsFrom(mib(knee.poolPages), `${formatCount(knee.pagesRead)} pages read`))}${settings}${ownPool}.`;
  const floorPages = Math.min(...curve.points.map((p) => p.pagesRead));
  const floor =
    knee && floorPages > 0
      ? report.hot
        ? `From ${mib(knee.poolPages)} up the curve stays near ${formatCount(floorPages)} pages: what a hot run still reads after one pass, however large the pool.`
        : `From ${mib(knee.poolPages)} up the curve stays near ${formatCount(floorPages)} pages: the cold floor, each page the query needs read once into an empty pool. No pool size reads fewer on a cold start.`
      : null;
  return { answer, floor };
}

/**
 * Whether the curve is checked at a pool size: the run's own size always is (its point is the run's check
 * against what the server read); another size only within the multiples of the traced size that
 * bench/whatif-sizes.ts measured (the curve's trust).
 */
function checkedAt(report: WhatIfReport, poolPages: number): boolean {
  const own = report.ownPoolPages;
  if (own === undefined) return false;
  if (poolPages === own) return true;
  const { checkedFrom, checkedTo } = report.trust;
  return (
    checkedFrom !== null &&
    checkedTo !== null &&
    poolPages >= checkedFrom * own &&
    poolPages <= checkedTo * own
  );
}

/** Why a size is not checked, in a few words. */
function uncheckedWhy(report: WhatIfReport): string {
  const { checkedFrom, checkedTo } = report.trust;
  return checkedFrom === null || checkedTo === null
    ? "only the run's own size is checked so far"
    : `the curve is checked at ${checkedFrom}×–${checkedTo}× the traced size`;
}

/** Assumptions said once: the sides' lists merged, each item once, in first-seen order. */
export function uniqueAssumptions(lists: ReadonlyArray<readonly string[]>): string[] {
  return [...new Set(lists.flat())];
}

/** A side's curves in words: what was replayed, each knee with its pages read and estimated time, and how time was had. */
export function sideCurveRows(side: SideCurves): Row[] {
  const mib = (pages: number) => `${formatCount(mibOf(pages, side.pageSizeBytes))} MiB`;
  const at = (pages: number) =>
    side.time
      ? `${formatCount(pages)} pages read, about ${formatMs(estimatedMs(side.time, pages))}`
      : `${formatCount(pages)} pages read`;
  return [
    {
      label: 'Replayed',
      value: `${side.queries.join(', ')}, ${side.hot ? 'hot (after one pass of them)' : 'cold'}; the runs had ${mib(side.ownPoolPages)}`,
    },
    ...side.curves
      .filter(
        (c) =>
          side.measuredPagesRead !== null &&
          c.variant.oldBlocksTimeMs === side.ownVariant.oldBlocksTimeMs &&
          c.variant.oldBlocksPct === side.ownVariant.oldBlocksPct &&
          c.points.some((p) => p.poolPages === side.ownPoolPages),
      )
      .map((c) => ({
        label: `At the runs' own ${mib(side.ownPoolPages)}, old_blocks_time ${c.variant.oldBlocksTimeMs}, pct ${c.variant.oldBlocksPct}`,
        value: `the curve says ${formatCount(c.points.find((p) => p.poolPages === side.ownPoolPages)!.pagesRead)} pages read; the runs measured ${formatCount(side.measuredPagesRead!)}`,
      })),
    ...side.curves.map((c) => {
      const knee = c.points.find((p) => p.poolPages === c.kneePoolPages);
      return {
        label: `old_blocks_time ${c.variant.oldBlocksTimeMs}, pct ${c.variant.oldBlocksPct}`,
        value: knee
          ? fitsFrom(mib(knee.poolPages), at(knee.pagesRead))
          : 'no knee: the pages read do not drop across these pool sizes',
      };
    }),
    {
      label: 'Time',
      value: side.time ? side.time.how : 'the runs read no page into the pool: no time estimate',
    },
  ];
}
