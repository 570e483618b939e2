/**
 * A run's what-if as the panel draws it: the simulated-against-measured rows, and the miss-ratio
 * curves as one row per pool size (MiB) with a column per old-blocks setting, each knee named.
 */
import { formatCount, formatShare } from '../../../shared/format';
import type { WhatIfReport } from '../../../shared/whatif/what-if';
import type { Row } from '../live-view';

export interface WhatIfSeries {
  key: string;
  label: string;
  /** The knee's pool size, MiB, or null when the curve has none. */
  kneeMib: number | null;
}

export interface WhatIfChartModel {
  /** { mib, [series key]: pages read } per pool size. */
  rows: Array<Record<string, number>>;
  series: WhatIfSeries[];
}

const mibOf = (pages: number, pageBytes: number): number => Math.round((pages * pageBytes) / 1048576);

export function whatIfChart(report: WhatIfReport): WhatIfChartModel {
  const byMib = new Map<number, Record<string, number>>();
  const series = report.curves.map((c, i): WhatIfSeries => {
    const key = `s${i}`;
    for (const p of c.points) {
      const mib = mibOf(p.poolPages, report.pageSizeBytes);
      const row = byMib.get(mib) ?? { mib };
      row[key] = p.pagesRead;
      byMib.set(mib, row);
    }
    return {
      key,
      label: `old_blocks_time ${c.variant.oldBlocksTimeMs}, pct ${c.variant.oldBlocksPct}`,
      kneeMib: c.kneePoolPages === null ? null : mibOf(c.kneePoolPages, report.pageSizeBytes),
    };
  });
  return { rows: [...byMib.values()].sort((a, b) => a.mib! - b.mib!), series };
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
    {
      label: 'Curves hold up to',
      value:
        report.optimisticAbovePoolPages === null
          ? 'every size (the adaptive hash index was off)'
          : `${mibOf(report.optimisticAbovePoolPages, report.pageSizeBytes)} MiB, the run's own pool; above it they are optimistic (the adaptive hash index's share grows with the pool)`,
      testId: 'whatif-valid-up-to',
    },
    ...report.curves.map((c) => ({
      label: `Curve old_blocks_time ${c.variant.oldBlocksTimeMs}, pct ${c.variant.oldBlocksPct}`,
      value: `sampled at ${formatShare(c.rate)}; largest miss-ratio error vs full simulation ${c.errorVsFull === null ? '—' : c.errorVsFull.toFixed(4)}`,
    })),
  ];
}
