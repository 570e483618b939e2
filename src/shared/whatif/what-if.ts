/**
 * A run's what-if, as the CLI prints it and writes it with --json (and as a screen or a report would
 * show it): the run replayed at its own settings beside what it measured, then miss-ratio curves for
 * the old-blocks settings asked, sampled, each with its largest error against the full simulation.
 */
import type { RunResult } from '../runs/runs';
import { curveError, missRatioCurves, poolSizes, type CurvePoint, type CurveVariant } from './mrc';
import type { SimulatorSettings } from './pool-model';
import { measuredPagesRead, replaySteps, type ReplayStep } from './replay';
import type { PageLayout, StartPool } from './trace';

/** What the tracer gives for a run (src/main/whatif/run-trace.ts builds it). */
export interface ReplayInput {
  layout: PageLayout;
  settings: SimulatorSettings;
  steps: ReplayStep[];
  hot: boolean;
  /** What the pool held before the first step (replaySteps' `start`). */
  foreignPages: number | StartPool;
  assumptions: string[];
  /** Why the run's recorded plan is not the one that ran (plan-check.ts); absent or null when it is. */
  planMismatch?: string | null;
}

export interface WhatIfOptions {
  /** Bytes; default 16 MB to the whole data. */
  pool?: { from: number; to: number };
  points: number;
  oldBlocksTimes?: number[];
  oldBlocksPcts?: number[];
  /** SHARDS sampling rate for the curves. */
  rate: number;
}

export interface WhatIfCurve {
  variant: CurveVariant;
  points: CurvePoint[];
  kneePoolPages: number | null;
  rate: number;
  /** Largest |miss ratio − full simulation's| over the points; null when the curve was not sampled. */
  errorVsFull: number | null;
}

export interface WhatIfReport {
  queryId: string;
  variant: string;
  server: string;
  hot: boolean;
  pageSizeBytes: number;
  /** The run at its own settings: Innodb_buffer_pool_reads simulated, and its measured delta. */
  simulatedPagesRead: number;
  measuredPagesRead: number | null;
  /**
   * Why the plan the run recorded is not the one that ran, in words (its page requests are another
   * plan's): then simulatedPagesRead traces the recorded plan and is not comparable. Null when they fit.
   */
  planMismatch: string | null;
  own: {
    simulatedReadAhead: number;
    measuredReadAhead: number | null;
    madeYoung: number;
    notMadeYoung: number;
    readAheadEvicted: number;
  };
  curves: WhatIfCurve[];
  /**
   * The run's own pool, in pages, when the adaptive hash index was on (or not recorded): above it the
   * curves are optimistic, since the blocks the index takes grow with the pool and a run records only
   * its own size's share. Null when the index was off: the curves hold at every size.
   */
  optimisticAbovePoolPages: number | null;
  assumptions: string[];
  /** The run's own pool in pages and its own old-blocks settings (absent in reports written before). */
  ownPoolPages?: number;
  ownVariant?: CurveVariant;
}

function pct(part: number, whole: number): string {
  return `${whole > 0 ? Math.round((part * 100) / whole) : 0}%`;
}

/** The pages the layout holds: the whole data, the curve's largest pool by default. */
function dataPages(layout: PageLayout): number {
  return layout.spaces.reduce((n, s) => n + s.sizePages, 0);
}

export function whatIfReport(run: RunResult, input: ReplayInput, opts: WhatIfOptions): WhatIfReport {
  const { counters } = replaySteps(input.layout, input.settings, input.steps, input.foreignPages);
  const last = counters[counters.length - 1]!;
  const readAhead = run.status.find((s) => s.name.toLowerCase() === 'innodb_buffer_pool_read_ahead');
  const page = run.server.pageSizeBytes;
  const whole = dataPages(input.layout);
  // 16 MB to the whole data (and a tenth more), or from an eighth of the data when it is smaller than 16 MB.
  const defaultFrom = Math.min(Math.round((16 * 1048576) / page), Math.max(64, Math.floor(whole / 8)));
  const from = Math.max(1, opts.pool ? Math.round(opts.pool.from / page) : defaultFrom);
  const to = Math.max(from, opts.pool ? Math.round(opts.pool.to / page) : Math.ceil(whole * 1.1));
  const sizes = poolSizes(from, to, opts.points);
  const variants: CurveVariant[] = [];
  for (const t of opts.oldBlocksTimes ?? [input.settings.oldBlocksTimeMs])
    for (const p of opts.oldBlocksPcts ?? [input.settings.oldBlocksPct])
      variants.push({ oldBlocksTimeMs: t, oldBlocksPct: p });
  const sampled = missRatioCurves(input.layout, input.settings, input.steps, sizes, variants, opts.rate);
  const full =
    opts.rate < 1 ? missRatioCurves(input.layout, input.settings, input.steps, sizes, variants, 1) : null;
  const curves = sampled.map((c, i) => ({
    ...c,
    errorVsFull: full ? curveError(c, full[i]!) : null,
  }));
  const own = input.settings.poolPages;
  const otherBlocks = Math.max(0, own - (input.settings.dataPages ?? own));
  const ahiOff = run.server.adaptiveHashIndex === false;
  const mibOf = (pages: number) => `${Math.round((pages * page) / 1048576)} MiB`;
  return {
    queryId: run.queryId,
    variant: run.variant,
    server: `${run.server.flavor} ${run.server.version}`,
    hot: input.hot,
    pageSizeBytes: page,
    ownPoolPages: own,
    ownVariant: {
      oldBlocksTimeMs: input.settings.oldBlocksTimeMs,
      oldBlocksPct: input.settings.oldBlocksPct,
    },
    simulatedPagesRead: last.syncReads,
    measuredPagesRead: measuredPagesRead(run),
    planMismatch: input.planMismatch ?? null,
    own: {
      simulatedReadAhead: last.readAhead,
      measuredReadAhead: readAhead ? readAhead.delta : null,
      madeYoung: last.madeYoung,
      notMadeYoung: last.notMadeYoung,
      readAheadEvicted: last.readAheadEvicted,
    },
    curves,
    optimisticAbovePoolPages: ahiOff ? null : own,
    assumptions: [
      ...input.assumptions,
      "pages other than the query's (dictionary, undo) are left out of the curves",
      ahiOff
        ? `the adaptive hash index was off: the ${otherBlocks} blocks the pool kept for other things (${pct(otherBlocks, own)}) are scaled with the pool`
        : `the adaptive hash index ${run.server.adaptiveHashIndex ? 'was on' : 'may have been on (the run did not record it)'}: it held ${otherBlocks} blocks (${pct(otherBlocks, own)} of the pool) at the run's own ${mibOf(own)}, scaled with the pool; its share grows with the pool (MySQL 8.0: 3-10% at 16 MB, 18% at 74 MB) and a run records only its own, so points above ${mibOf(own)} are optimistic: the server can read more there`,
      input.settings.pageCleaner
        ? 'the page cleaner, woken by a read that leaves fewer than innodb_lru_scan_depth / 2 (768) blocks free, evicts from the tail until 1536 are free, as MariaDB 10.11 does'
        : "MySQL's page cleaner evicts only in the batches after the run's LRU snapshots; otherwise a read takes the LRU's tail itself",
    ],
  };
}
