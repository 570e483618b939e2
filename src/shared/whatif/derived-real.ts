/**
 * A traced run's two what-ifs side by side: the curve replayed from the trace derived from its SSB plan
 * and the one replayed from the server's own page requests (its page trace), at the run's own
 * old-blocks setting, and one line saying how far apart they are at the run's own pool size. The run
 * view draws it with WhatIfChart; pure, so tested without a screen.
 */
import { formatCount, formatShare } from '../format';
import { mibOf, type WhatIfChartModel } from './curve-view';
import type { WhatIfCurve, WhatIfReport } from './what-if';

export interface DerivedAgainstReal {
  chart: WhatIfChartModel;
  /** How far apart the two are at the run's own pool, with what the run measured. */
  line: string;
}

/** The curve at the run's own old-blocks setting, else the first. */
function ownCurve(report: WhatIfReport): WhatIfCurve | null {
  const own = report.ownVariant;
  return (
    report.curves.find(
      (c) =>
        own !== undefined &&
        c.variant.oldBlocksTimeMs === own.oldBlocksTimeMs &&
        c.variant.oldBlocksPct === own.oldBlocksPct,
    ) ??
    report.curves[0] ??
    null
  );
}

/** How the derived figure stands against the real one, in words. */
function apart(derived: number, real: number): string {
  if (derived === real) return 'the same';
  if (real === 0) return `${formatCount(derived)} more than the real trace's none`;
  const share = formatShare(Math.abs(derived - real) / real);
  return `the derived is ${share} ${derived < real ? 'below' : 'above'} the real`;
}

export function derivedAgainstReal(derived: WhatIfReport, real: WhatIfReport): DerivedAgainstReal {
  const page = real.pageSizeBytes;
  const byMib = new Map<number, Record<string, number>>();
  const parts: Array<[string, string, WhatIfCurve | null]> = [
    ['derived', 'derived from the SSB plan', ownCurve(derived)],
    ['real', "the server's own page trace", ownCurve(real)],
  ];
  const series = parts.map(([key, label, curve]) => {
    for (const p of curve?.points ?? []) {
      const mib = mibOf(p.poolPages, page);
      const row = byMib.get(mib) ?? { mib };
      row[key] = p.pagesRead;
      byMib.set(mib, row);
    }
    return {
      key,
      label,
      kneeMib: curve?.kneePoolPages == null ? null : mibOf(curve.kneePoolPages, page),
    };
  });
  const ownPages = real.ownPoolPages ?? derived.ownPoolPages;
  const ownMib = ownPages === undefined ? null : mibOf(ownPages, page);
  const measured =
    real.measuredPagesRead === null ? '' : `; the run measured ${formatCount(real.measuredPagesRead)}`;
  const where = ownMib === null ? "At this run's own pool" : `At this run's own pool (${ownMib} MiB)`;
  return {
    chart: { rows: [...byMib.values()].sort((a, b) => a.mib! - b.mib!), series, unit: 'pages', ownMib },
    line: `${where}: the derived trace replays ${formatCount(derived.simulatedPagesRead)} pages read, the real trace ${formatCount(real.simulatedPagesRead)} (${apart(derived.simulatedPagesRead, real.simulatedPagesRead)})${measured}.`,
  };
}
