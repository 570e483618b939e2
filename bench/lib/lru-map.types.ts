/** What bench/lru-map.ts asks its page (bench/lib/lru-map.page.ts) to measure, and what comes back. */

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
  /** The message as sent (map packed), and as the nested-array JSON it replaced (the reference). */
  frameBytes: number;
  nestedFrameBytes: number;
  parseMs: number[];
  nestedParseMs: number[];
  drawMs: number[];
  /** requestAnimationFrame intervals while frames arrive live, and with nothing drawn (the reference). */
  liveRafMs: number[];
  idleRafMs: number[];
  drawnLive: number;
  /** A fixed ~1 ms CPU task timed after each frame: what the machine's load alone does to a task. */
  referenceMs: number[];
}
