/**
 * A run's what-if, as the CLI prints it and writes it with --json (and as a screen or a report would
 * show it): the run replayed at its own settings beside what it measured, then miss-ratio curves for
 * the old-blocks settings asked, sampled, each with its largest error against the full simulation.
 */
import type { RunResult } from '../runs/runs';
import {
  cachedPages,
  curveRate,
  kneeOf,
  missRatioCurves,
  poolSizes,
  type CurveOptions,
  type CurvePoint,
  type CurveVariant,
} from './mrc';
import { planAtSizes, type PlanAtSizes } from './plan-at-sizes';
import { explainStepsOf } from './plan-source';
import type { SimulatorSettings } from './pool-model';
import {
  measuredPagesRead,
  readsIncludeReadAhead,
  replaySteps,
  simulatedPagesRead,
  type ReplayStep,
} from './replay';
import { curveTrust, type CurveTrust } from './size-accuracy';
import type { ServerStartPages } from './mysql-start';
import type { PageLayout, StartPool } from './trace';

/**
 * What other pool sizes replay (issue 40): every run since the server's start, through to this one,
 * in one pool of each size, from the pool the server had after its start. The run's own start pool
 * seeds its own size only: a larger pool would still hold what the runs before it read.
 */
export interface Lifetime {
  steps: ReplayStep[];
  start: number | StartPool;
  /** What it replays, in words. */
  words: string;
  /**
   * What no trace holds since the server's start (a run not traced, reads between runs no saved run
   * made), each with the pages the server read there: how far a point at another size can move.
   */
  unknown: Array<{ what: string; pagesRead: number }>;
}

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
  /** What the curve replays at other sizes; absent: `steps` from `foreignPages`, as at the run's own. */
  lifetime?: Lifetime;
  /**
   * A MySQL server's start-up pages when the replay at other sizes starts from the pool after its
   * start (mysql-start.ts): each size starts from as many as the server keeps there.
   */
  startup?: ServerStartPages | null;
}

export interface WhatIfOptions {
  /** Bytes; default 16 MB to the whole data. */
  pool?: { from: number; to: number };
  /** Bytes: the curve at these pool sizes only (and the run's own), in place of `pool` and `points`. */
  sizes?: number[];
  /** Pages: the curve at these pool sizes exactly (another report's: two replays of one run share their sizes). */
  poolPages?: number[];
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
  /**
   * |miss ratio − the full simulation's| of the sampled replay, measured at the run's own size (the
   * whole curve in full would cost what sampling saves; bench/whatif-speed.ts measures every point);
   * null when the curve was not sampled. A comparison side's curves leave it null.
   */
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
  /**
   * One curve per old-blocks setting asked. The curve of the run's own settings passes through the
   * run's own size with the check's figure itself (simulatedPagesRead): one simulation, one figure.
   */
  curves: WhatIfCurve[];
  /** How far a point at another size can be trusted, from bench/whatif-sizes.ts's measurements. */
  trust: CurveTrust;
  /**
   * What the points at other sizes cannot know (lifetime.unknown): the most pages they can move by,
   * and why in words; null when every run since the server's start was traced and nothing else read.
   */
  uncertainty: { pages: number; why: string[] } | null;
  /**
   * The runs since the server's start replayed at the run's own size (what other sizes replay), beside
   * the check: how well they rebuild the pool the run found. Null when the two replays are one.
   */
  lifetimeAtOwn: { pagesRead: number } | null;
  /** The plan every point assumes, and where another may be chosen (MySQL 8.0's cost model). */
  plan: PlanAtSizes;
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

/**
 * The pages a pool of `bytes` gives the LRU on the run's server: the bytes in pages, less the share
 * the run's own pool kept for itself (MariaDB 11.4 makes a 24 MiB pool 1,488 pages of 1,536: its block
 * descriptors take the rest), so that the run's own size asked in bytes is its own point.
 */
export function poolPagesAt(run: Pick<RunResult, 'server' | 'poolStats'>, bytes: number): number {
  const page = run.server.pageSizeBytes;
  const own = run.poolStats.before.reduce((n, p) => n + p.poolSize, 0);
  const nominal = run.server.bufferPoolSizeBytes / page;
  const usable = own > 0 && nominal > 0 ? Math.min(1, own / nominal) : 1;
  return Math.max(1, Math.round((bytes / page) * usable));
}

export function whatIfReport(run: RunResult, input: ReplayInput, opts: WhatIfOptions): WhatIfReport {
  const page = run.server.pageSizeBytes;
  const own = input.settings.poolPages;
  const ownVariant: CurveVariant = {
    oldBlocksTimeMs: input.settings.oldBlocksTimeMs,
    oldBlocksPct: input.settings.oldBlocksPct,
  };
  const countReadAhead = readsIncludeReadAhead(run);
  const lastStep = input.steps.length - 1;
  // The check: the run at its own settings from the pool it found; also the curve's point at its own size.
  let ownCached: number[] | undefined;
  const { counters } = replaySteps(
    input.layout,
    input.settings,
    input.steps,
    input.foreignPages,
    (k, sim) => {
      if (k === lastStep) ownCached = cachedPages(sim, input.layout);
    },
  );
  const last = counters[lastStep]!;
  const checkPagesRead = simulatedPagesRead(run, last);
  const touches = input.steps[lastStep]!.trace.length;
  const readAhead = run.status.find((s) => s.name.toLowerCase() === 'innodb_buffer_pool_read_ahead');
  const whole = dataPages(input.layout);
  // 16 MB to the whole data (and a tenth more), or from an eighth of the data when it is smaller than 16 MB.
  const defaultFrom = Math.min(poolPagesAt(run, 16 * 1048576), Math.max(64, Math.floor(whole / 8)));
  const from = Math.max(1, opts.pool ? poolPagesAt(run, opts.pool.from) : defaultFrom);
  const to = Math.max(from, opts.pool ? poolPagesAt(run, opts.pool.to) : Math.ceil(whole * 1.1));
  const asked =
    opts.poolPages ??
    (opts.sizes ? opts.sizes.map((b) => poolPagesAt(run, b)) : poolSizes(from, to, opts.points));
  const sizes = [...new Set([...asked, own])].sort((a, b) => a - b);
  const variants: CurveVariant[] = [];
  for (const t of opts.oldBlocksTimes ?? [ownVariant.oldBlocksTimeMs])
    for (const p of opts.oldBlocksPcts ?? [ownVariant.oldBlocksPct])
      variants.push({ oldBlocksTimeMs: t, oldBlocksPct: p });
  const lifetime = input.lifetime ?? {
    steps: input.steps,
    start: input.foreignPages,
    words: '',
    unknown: [],
  };
  const lifetimeTouches = lifetime.steps.reduce((n, s) => n + s.trace.length, 0);
  const rate = curveRate(lifetimeTouches, sizes.length * variants.length, opts.rate);
  const curveOpts: CurveOptions = {
    start: lifetime.start,
    startup: input.startup ?? null,
    countReadAhead,
    cachedAtLastStep: true,
  };
  const isOwn = (v: CurveVariant) =>
    v.oldBlocksTimeMs === ownVariant.oldBlocksTimeMs && v.oldBlocksPct === ownVariant.oldBlocksPct;
  const ownPoint: CurvePoint = {
    poolPages: own,
    pagesRead: checkPagesRead,
    missRatio: touches > 0 ? checkPagesRead / touches : 0,
    readAhead: last.readAhead,
    ...(ownCached ? { cachedAtStart: ownCached } : {}),
  };
  const curves: WhatIfCurve[] = variants.map((variant) => {
    const here = isOwn(variant) ? sizes.filter((s) => s !== own) : sizes;
    const [c] = missRatioCurves(
      input.layout,
      input.settings,
      lifetime.steps,
      here,
      [variant],
      rate,
      curveOpts,
    );
    const points = isOwn(variant)
      ? [...c!.points, ownPoint].sort((a, b) => a.poolPages - b.poolPages)
      : c!.points;
    return { variant, points, kneePoolPages: kneeOf(points), rate: c!.rate, errorVsFull: null };
  });
  // The replay other sizes make, at the run's own size: in full, and sampled when the curves were, so
  // the sampling's error is measured on this run (at one point: the whole curve in full would cost
  // what sampling saves; bench/whatif-speed.ts measures it at every point).
  const same = input.lifetime === undefined;
  const atOwn = (r: number) =>
    missRatioCurves(input.layout, input.settings, lifetime.steps, [own], [ownVariant], r, curveOpts)[0]!
      .points[0]!;
  const fullAtOwn = same ? ownPoint : atOwn(1);
  const errorVsFull = rate < 1 ? Math.abs(atOwn(rate).missRatio - fullAtOwn.missRatio) : null;
  for (const c of curves) c.errorVsFull = c.rate < 1 ? errorVsFull : null;
  const unknown = lifetime.unknown;
  const otherBlocks = Math.max(0, own - (input.settings.dataPages ?? own));
  const ahiOff = run.server.adaptiveHashIndex === false;
  const mibOf = (pages: number) => `${Math.round((pages * page) / 1048576)} MiB`;
  const ownCurve = curves.find((c) => isOwn(c.variant)) ?? curves[0];
  return {
    queryId: run.queryId,
    variant: run.variant,
    server: `${run.server.flavor} ${run.server.version}`,
    hot: input.hot,
    pageSizeBytes: page,
    ownPoolPages: own,
    ownVariant,
    simulatedPagesRead: checkPagesRead,
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
    trust: curveTrust(),
    uncertainty:
      unknown.length > 0
        ? { pages: unknown.reduce((n, u) => n + u.pagesRead, 0), why: unknown.map((u) => u.what) }
        : null,
    lifetimeAtOwn: same ? null : { pagesRead: fullAtOwn.pagesRead },
    plan: planAtSizes({
      server: run.server,
      plan: explainStepsOf(run.explain?.table ?? []),
      layout: input.layout,
      trace: input.steps[lastStep]!.trace,
      points: ownCurve?.points ?? [],
      ownPoolPages: own,
      mib: mibOf,
      ...(run.indexPages ? { indexPages: run.indexPages } : {}),
      pageSizeBytes: page,
    }),
    assumptions: [
      ...input.assumptions,
      "pages other than the query's (dictionary, undo) are left out of the curves",
      ...(countReadAhead
        ? ["pages read count the pages read ahead, as this server's Innodb_buffer_pool_reads does"]
        : []),
      ahiOff
        ? `the adaptive hash index was off: the ${otherBlocks} blocks the pool kept for other things (${pct(otherBlocks, own)}) are scaled with the pool`
        : `the adaptive hash index ${run.server.adaptiveHashIndex ? 'was on' : 'may have been on (the run did not record it)'}: it held ${otherBlocks} blocks (${pct(otherBlocks, own)} of the pool) at the run's own ${mibOf(own)}, scaled with the pool (MySQL 8.0: 3-10% at 16 MB, 18% at 74 MB)`,
      input.settings.pageCleaner
        ? 'the page cleaner, woken by a read that leaves fewer than innodb_lru_scan_depth / 2 (768) blocks free, evicts from the tail until 1536 are free, as MariaDB 10.11 does'
        : "MySQL's page cleaner evicts only in the LRU batches the run counted, where its activity puts them; otherwise a read takes the LRU's tail itself",
    ],
  };
}
