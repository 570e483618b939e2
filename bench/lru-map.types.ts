/** What bench/lru-map.ts asks its page (bench/lru-map.page.ts) to measure, and what comes back. */

export interface CaseSpec {
  poolPages: number;
  pools: number;
  /** Buckets per pool: the poller aggregates about 512 (bucketPagesFor); 0 means one bucket per page. */
  buckets: number;
  frames: number;
  /** Frames arrive every this many ms during the live phase (the poller's rate). */
  intervalMs: number;
  liveMs: number;
}

export interface CaseFigures {
  frameBytes: number;
  parseMs: number[];
  drawMs: number[];
  /** requestAnimationFrame intervals while frames arrive live, and with nothing drawn (the reference). */
  liveRafMs: number[];
  idleRafMs: number[];
  drawnLive: number;
}
