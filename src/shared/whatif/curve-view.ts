/**
 * Miss-ratio curves as a chart draws them (the run's and the comparison's panels with recharts, the
 * report as SVG): one row per pool size in MiB with a column per old-blocks setting, each knee in MiB.
 */
import type { WhatIfReport } from './what-if';
import { estimatedMs, type TimeModel } from './flight';

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
  /** The run's own pool size, MiB, marked on the curve; null when the report does not say it. */
  ownMib: number | null;
}

export const mibOf = (pages: number, pageBytes: number): number => Math.round((pages * pageBytes) / 1048576);

/** The curves by pool size; given a time model, each point's pages read turned into estimated ms. */
export function whatIfChart(
  report: Pick<WhatIfReport, 'curves' | 'pageSizeBytes' | 'ownPoolPages'>,
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
  return {
    rows: [...byMib.values()].sort((a, b) => a.mib! - b.mib!),
    series,
    unit: time ? 'ms' : 'pages',
    ownMib: report.ownPoolPages === undefined ? null : mibOf(report.ownPoolPages, report.pageSizeBytes),
  };
}
