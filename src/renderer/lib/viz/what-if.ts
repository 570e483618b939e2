/**
 * A run's what-if as the panel draws it: the simulated-against-measured rows, and the miss-ratio
 * curves as one row per pool size (MiB) with a column per old-blocks setting, each knee named.
 */
import { formatCount, formatMs, formatShare } from '../../../shared/format';
import type { WhatIfReport } from '../../../shared/whatif/what-if';
import { estimatedMs, type SideCurves, type TimeModel } from '../../../shared/whatif/flight';
import type { Row } from '../live-view';

export interface WhatIfSeries {
  key: string;
  label: string;
  /** The knee's pool size, MiB, or null when the curve has none. */
  kneeMib: number | null;
}

export interface WhatIfChartModel {
  /** { mib, [series key]: pages read (or estimated ms) } per pool size. */
  rows: Array<Record<string, number>>;
  series: WhatIfSeries[];
  /** What the values are: pages read, or the estimated time in ms. */
  unit: 'pages' | 'ms';
}

const mibOf = (pages: number, pageBytes: number): number => Math.round((pages * pageBytes) / 1048576);

/** The curves by pool size; given a time model, each point's pages read turned into estimated ms. */
export function whatIfChart(
  report: Pick<WhatIfReport, 'curves' | 'pageSizeBytes'>,
  time: TimeModel | null = null,
): WhatIfChartModel {
  const byMib = new Map<number, Record<string, number>>();
  const series = report.curves.map((c, i): WhatIfSeries => {
    const key = `s${i}`;
    for (const p of c.points) {
      const mib = mibOf(p.poolPages, report.pageSizeBytes);
      const row = byMib.get(mib) ?? { mib };
      row[key] = time ? Math.round(estimatedMs(time, p.pagesRead)) : p.pagesRead;
      byMib.set(mib, row);
    }
    return {
      key,
      label: `old_blocks_time ${c.variant.oldBlocksTimeMs}, pct ${c.variant.oldBlocksPct}`,
      kneeMib: c.kneePoolPages === null ? null : mibOf(c.kneePoolPages, report.pageSizeBytes),
    };
  });
  return { rows: [...byMib.values()].sort((a, b) => a.mib! - b.mib!), series, unit: time ? 'ms' : 'pages' };
}

/** The run at its own settings, simulated beside measured, and each curve's sampling error. */
export function whatIfRows(report: WhatIfReport): Row[] {
  const measured = report.measuredPagesRead;
  const error =
    measured && measured > 0
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
    ...report.curves.map((c) => ({
      label: `Curve old_blocks_time ${c.variant.oldBlocksTimeMs}, pct ${c.variant.oldBlocksPct}`,
      value: `sampled at ${formatShare(c.rate)}; largest miss-ratio error vs full simulation ${c.errorVsFull === null ? '—' : c.errorVsFull.toFixed(4)}`,
    })),
  ];
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
          ? `the working set fits from ${mib(knee.poolPages)}: ${at(knee.pagesRead)}`
          : 'no knee: the pages read do not drop across these pool sizes',
      };
    }),
    { label: 'Time', value: side.time ? side.time.how : 'the runs read no page from disk: no time estimate' },
  ];
}
