/**
 * What the what-if tests start from: the simulator's settings for a small pool, and hand-made curves for
 * the tests of what draws and words them (the panel's view-model, the report's section): one builder each.
 */
import type { SideCurves } from '../../src/shared/whatif/flight';
import type { SimulatorSettings } from '../../src/shared/whatif/pool-model';
import { curveTrust } from '../../src/shared/whatif/size-accuracy';
import type { WhatIfCurve, WhatIfReport } from '../../src/shared/whatif/what-if';

/** A 2,048-page MySQL pool, one instance, 37% old, no time window, read-ahead off; `over` changes any of it. */
export function smallPool(over: Partial<SimulatorSettings> = {}): SimulatorSettings {
  return {
    poolPages: 2048,
    instances: 1,
    oldBlocksPct: 37,
    oldBlocksTimeMs: 0,
    readAheadThreshold: 0,
    flavor: 'mysql',
    ...over,
  };
}

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

/** A report's fields about other sizes, as a run with nothing untraced and a plan that holds answers them. */
export function otherSizes(): Pick<WhatIfReport, 'trust' | 'uncertainty' | 'lifetimeAtOwn' | 'plan'> {
  return {
    trust: curveTrust(),
    uncertainty: null,
    lifetimeAtOwn: null,
    plan: {
      assumed: "the run's recorded plan",
      weighsCache: false,
      atSizes: [],
      words: 'Every point assumes it.',
    },
  };
}
