/** Hand-made what-if curves for the tests of what draws and words them (the panel's view-model, the report's section): one builder each. */
import type { SideCurves } from '../../src/shared/whatif/flight';
import type { WhatIfCurve } from '../../src/shared/whatif/what-if';

/** A curve at old_blocks_time `oldBlocksTimeMs` (pct 37), sampled at 10%: points as [pool pages, pages read, miss ratio]. */
export function curve(
  oldBlocksTimeMs: number,
  points: [number, number, number][],
  kneePoolPages: number | null,
  errorVsFull: number | null = null,
): WhatIfCurve {
  return {
    variant: { oldBlocksTimeMs, oldBlocksPct: 37 },
    points: points.map(([poolPages, pagesRead, missRatio]) => ({ poolPages, pagesRead, missRatio })),
    kneePoolPages,
    rate: 0.1,
    errorVsFull,
  };
}

/** Side A's curves of Q1.1 then Q1.2, cold, 16 KiB pages; `over` sets the pool, settings and reads the runs had. */
export function sideCurves(over: Partial<SideCurves> = {}): SideCurves {
  return {
    side: 'A',
    queries: ['Q1.1', 'Q1.2'],
    pageSizeBytes: 16384,
    ownPoolPages: 8192,
    ownVariant: { oldBlocksTimeMs: 1000, oldBlocksPct: 37 },
    measuredPagesRead: 900,
    hot: false,
    curves: [],
    time: null,
    assumptions: [],
    ...over,
  };
}
