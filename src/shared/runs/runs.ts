/**
 * Runs: one query executed with full capture, and the live buffer-pool samples taken while it runs.
 * The run service (main), the live view and result view (renderer), the CLI and, later, experiments
 * and comparison reports all read these shapes; a saved run is plain JSON of them.
 */
import type { PageTraceSummary } from './page-trace';
import { z } from '../zod';
import type { DatasetEngine } from '../datasets/datasets';
import type { PoolFacts, ServerFlavor } from '../models';

/** An index's pages as the server counts them (mysql.innodb_index_stats: n_leaf_pages, size). */
export interface IndexPageCount {
  table: string;
  index: string;
  leafPages: number;
  sizePages: number;
}

// ---------- queries ----------

/** 'base' is the ANSI JOIN form; the catalogue's others are STRAIGHT_JOIN join orders; custom queries name their own. */
export type QueryVariantId = string;

export interface QueryVariant {
  variant: QueryVariantId;
  label: string;
  sql: string;
}

export interface CatalogueQuery {
  /** 'Q1.1' for the SSB catalogue; 'custom:<slug>' for the user's own. */
  id: string;
  title: string;
  /** 'Flight 1'...'Flight 4' for SSB; 'Custom' for the user's own. */
  flight: string;
  source: 'ssb' | 'custom';
  variants: QueryVariant[];
}

export const CustomQueryDraftSchema = z.object({
  /** Absent: a new query. */
  id: z.string().min(1).max(100).optional(),
  title: z.string().trim().min(1, 'a title is required').max(120),
  variants: z
    .array(
      z.object({
        variant: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and dashes'),
        label: z.string().trim().min(1).max(80),
        sql: z.string().trim().min(1, 'the SQL is empty').max(200_000),
      }),
    )
    .min(1),
});
export type CustomQueryDraft = z.input<typeof CustomQueryDraftSchema>;

// ---------- what a run is asked to do ----------

/** 'auto' adapts the interval to the measured cost of a snapshot; a number is a fixed interval in ms. */
export const PollSettingSchema = z.union([
  z.literal('auto'),
  z.literal('off'),
  z.number().int().min(50).max(60_000),
]);
export type PollSetting = z.infer<typeof PollSettingSchema>;

export const RunSpecSchema = z.object({
  queryId: z.string().min(1).max(100),
  variant: z.string().min(1).max(40).default('base'),
  /** The dataset's schema the query runs in. */
  schema: z.string().min(1).max(64),
  poll: PollSettingSchema.default('auto'),
  /** Run EXPLAIN ANALYZE (MySQL 8) / ANALYZE FORMAT=JSON (MariaDB) after everything else was captured: runs the query again. */
  explainAnalyze: z.boolean().default(false),
  /** The user agreed to poll INNODB_BUFFER_PAGE_LRU on a large pool or a production profile. */
  allowLruPolling: z.boolean().default(false),
  /** Trace the server's page requests with bpftrace (a sandbox with symbols, bplab as root): slows the run. */
  tracePages: z.boolean().optional(),
  /** Set by an experiment on each of its runs, so a list of runs can say where one came from. */
  experiment: z
    .object({
      name: z.string().max(200),
      configuration: z.string().max(500),
      pass: z.string().max(100),
    })
    .optional(),
});
export type RunSpec = z.input<typeof RunSpecSchema>;
export type RunSpecParsed = z.output<typeof RunSpecSchema>;

// ---------- the buffer pool, as captured ----------

/** A server process's storage reads and CPU time over a run, or why they could not be read. */
export type ServerProcessUsage = { readBytes: number; cpuMs: number } | { unavailable: string };

/** The settings in force when the run started, read from the server (not from what bplab asked for). */
export interface RunServerSettings extends PoolFacts {
  flavor: ServerFlavor;
  version: string;
  flushMethod: string;
  /** key_buffer_size: MyISAM's key cache (post 003). Absent in results saved before bplab recorded it. */
  keyBufferSizeBytes?: number;
  /**
   * innodb_adaptive_hash_index when the run started. Absent in results saved before bplab recorded it.
   * (Its upkeep can cost more than the reads: see the 'same-reads' finding.)
   */
  adaptiveHashIndex?: boolean;
  /**
   * innodb_lru_scan_depth: the free pages per pool instance the page cleaner keeps at the LRU's old end
   * (MySQL 5.6+, MariaDB). Absent on 5.5, which has no page cleaner, and in results saved before bplab
   * recorded it. (A pool it empties has no old sublist: see the 'page-cleaner-emptied' finding.)
   */
  lruScanDepth?: number;
}

/**
 * The table and index names of INNODB_BUFFER_PAGE_LRU's pages that belong to no table (system, undo,
 * change buffer pages: TABLE_NAME and INDEX_NAME are NULL), as the poller groups them. Words for a
 * reader come from indexName (compare/lru-diff.ts), never these markers.
 */
export const NO_TABLE = '(no table)';
export const NO_INDEX = '(none)';

/** One index's pages in the pool (the post's LRU query, grouped by table and index). */
export interface LruIndexPages {
  /** `schema`.`table` as INNODB_BUFFER_PAGE_LRU names it, unquoted: "ssb_sf1.lineorder". */
  table: string;
  index: string;
  pages: number;
  oldPages: number;
  youngPages: number;
  records: number;
  dataSizeBytes: number;
  /** pages / the pool's database pages, 0..1. */
  poolShare: number;
}

/** An index with no page counted yet: where a sum over an LRU walk's cells starts. */
export function noIndexPages(table: string, index: string): LruIndexPages {
  return { table, index, pages: 0, oldPages: 0, youngPages: 0, records: 0, dataSizeBytes: 0, poolShare: 0 };
}

/**
 * When a watched run's frame was taken: its LRU walk before the query was sent and after it ended
 * (outside the timed statement, as every run takes them), or the poller's during it.
 */
export type FrameMoment = 'before' | 'during' | 'after';

/** The LRU composition at one moment: every table and index with pages in the pool. */
export interface LruComposition {
  /** ms since the run started (negative: before the query was sent). */
  atMs: number;
  /** Set on a watched run's frames taken before and after the query; absent: during it (or saved before bplab said). */
  moment?: FrameMoment;
  /** How long the snapshot took on the server, ms. */
  costMs: number;
  databasePages: number;
  /** 'is-old' reads IS_OLD; 'lru-position' derives old as LRU_POSITION < OLD_DATABASE_PAGES (MariaDB). */
  oldMethod: 'is-old' | 'lru-position';
  indexes: LruIndexPages[];
}

/** One row of INNODB_BUFFER_POOL_STATS (per pool instance); counters are cumulative since startup. */
export interface PoolStats {
  poolId: number;
  poolSize: number;
  freeBuffers: number;
  databasePages: number;
  oldDatabasePages: number;
  modifiedDatabasePages: number;
  pendingReads: number;
  pagesMadeYoung: number;
  pagesNotMadeYoung: number;
  pagesRead: number;
  pagesCreated: number;
  pagesWritten: number;
  pagesGet: number;
  readAhead: number;
  readAheadEvicted: number;
  /** Every column as the server reports it, for the result view's full table. */
  raw: Record<string, number | string | null>;
}

export interface PoolStatsSample {
  /** ms since the query was sent, taken when the response was read (the counters' own moment). */
  atMs: number;
  pools: PoolStats[];
  /**
   * Set when a full LRU snapshot ran just before this read in the same poll: how long after the poll
   * began the response came (ms). The rate ending here spans the snapshot, so the view labels it.
   */
  afterSnapshotMs?: number;
}

/**
 * The LRU laid out from head (most recently used) to tail, in buckets of LRU positions, aggregated on
 * the server. `legend` names each index once; a bucket lists [legend ordinal, pages, old pages].
 */
export interface LruMapFrame {
  atMs: number;
  /** As LruComposition's: 'before' and 'after' are the run's own walks around the query. */
  moment?: FrameMoment;
  costMs: number;
  /** LRU positions per bucket. */
  bucketPages: number;
  /** "ssb_sf1.lineorder/GEN_CLUST_INDEX"; ordinals are stable for the whole run. */
  legend: string[];
  pools: Array<{
    poolId: number;
    /** Pages on this pool's LRU, and how many of them are old (the tail's side). */
    lruLength: number;
    oldLength: number;
    /** buckets[0] is the head; the last bucket is the tail (LRU_POSITION 0). */
    buckets: Array<Array<[ordinal: number, pages: number, oldPages: number]>>;
  }>;
}

/** Per-index page counts from INNODB_CACHED_INDEXES (MySQL 8): cheap, approximate, never a full snapshot. */
export interface CachedIndexesSample {
  atMs: number;
  approximate: true;
  indexes: Array<{ table: string; index: string; pages: number }>;
}

/** What the poller spent: per snapshot kind, time per snapshot and its share of the run's wall time. */
export interface PollerCost {
  intervalMs: number;
  adaptive: boolean;
  /** 'auto': the share of the statement's time the poller keeps near (absent in runs saved before bplab said). */
  targetShare?: number;
  snapshots: number;
  meanSnapshotMs: number;
  maxSnapshotMs: number;
  /** Time the poller kept the server busy / the statement's elapsed time (frozen when it ended), 0..1. */
  serverShare: number;
}

/** INNODB_METRICS over a run: each counter's change, what bplab switched on for it, and what it could not read. */
export interface InnodbMetricsCapture {
  /** Counter name → its change over the statement, per subsystem ("adaptive_hash_index"). */
  counters: Array<{ subsystem: string; name: string; delta: number }>;
  /** Counters that were off, which bplab switched on for the run (journaled) and off again after. */
  enabledForRun: string[];
  /** In words: where the counters came from, or why there are none (a server without INNODB_METRICS). */
  note: string;
}

/**
 * What watching a run cost it: the poller's full LRU snapshots during the statement, the time inside
 * them and the poller's share of the run, and on MySQL the page cleaner's LRU batches during it (it
 * runs one after server activity, which bplab's snapshots were until they kept their table in memory).
 */
export interface ObserverCost {
  /** How the run was watched: 'off', 'auto' or a fixed interval in ms. */
  poll: PollSetting;
  /** Full LRU snapshots the poller took while the statement ran (the before and after walks are outside it). */
  snapshots: number;
  /** The interval between them at the end of the run ('auto' adapts it); null when not polled. */
  intervalMs: number | null;
  /** Time inside those snapshots, ms. */
  snapshotMs: number;
  /** The poller's time on the server (snapshots and its cheaper reads) over the run's elapsed time, 0..1. */
  share: number;
  /** MySQL: LRU batches that evicted pages during the statement (INNODB_METRICS buffer_LRU_batches_evict); null when not counted. */
  lruBatches: number | null;
  /** MySQL: the server's activity count over the statement (INNODB_METRICS innodb_activity_count); null when not read. */
  activityMarks: number | null;
}

/** One frame pushed to the live view; the renderer gets the latest, not a queue. */
export interface RunSample {
  runId: string;
  elapsedMs: number;
  stats?: PoolStatsSample;
  composition?: LruComposition;
  map?: LruMapFrame;
  cachedIndexes?: CachedIndexesSample;
  cost: PollerCost;
}

// ---------- the rest of the capture ----------

export interface StatusDelta {
  name: string;
  before: number;
  after: number;
  delta: number;
  /** Global counters include other sessions' work. */
  scope: 'global' | 'session';
}

export interface ProfileStage {
  stage: string;
  durationMs: number;
  /** SHOW PROFILE ALL only; null from performance_schema. */
  cpuUserMs: number | null;
  cpuSystemMs: number | null;
  contextVoluntary: number | null;
  contextInvoluntary: number | null;
  blockOpsIn: number | null;
  blockOpsOut: number | null;
  pageFaultsMajor: number | null;
  pageFaultsMinor: number | null;
}

/** A stage with its time alone, as performance_schema gives it (SHOW PROFILE ALL gives the rest too). */
export function timedStage(stage: string, durationMs: number): ProfileStage {
  return {
    stage,
    durationMs,
    cpuUserMs: null,
    cpuSystemMs: null,
    contextVoluntary: null,
    contextInvoluntary: null,
    blockOpsIn: null,
    blockOpsOut: null,
    pageFaultsMajor: null,
    pageFaultsMinor: null,
  };
}

export interface StageProfile {
  source: 'show-profile' | 'performance-schema' | 'none';
  /** Why there is none, or what was changed to get it (put back afterwards). */
  note: string;
  stages: ProfileStage[];
}

export interface ExplainCapture {
  /** EXPLAIN's rows as the server returns them. */
  table: Array<Record<string, string | number | null>>;
  /** EXPLAIN FORMAT=JSON, parsed; null where the server has no FORMAT=JSON (MySQL 5.5). */
  json: unknown;
  /** EXPLAIN ANALYZE (MySQL 8, text tree) or ANALYZE FORMAT=JSON (MariaDB, parsed); only when asked for. */
  analyze?: { kind: 'explain-analyze' | 'analyze-json'; text?: string; json?: unknown; durationMs: number };
  /** MariaDB 10.11.5+: ANALYZE's r_engine_stats per table of the join. */
  engineStats?: Array<{ table: string; stats: Record<string, number> }>;
  /**
   * Where `table` and `json` were read: 'during-run' from the control connection while the statement
   * ran (EXPLAIN FOR CONNECTION, SHOW EXPLAIN FOR): the plan that ran; 'after-run': EXPLAIN once the
   * statement had ended. Absent in runs saved before bplab recorded it (those were read after the run).
   */
  source?: PlanSource;
  /** A plan read during the run whose JSON form is the after-run EXPLAIN's (the same plan): the statement ended between the two reads. */
  jsonAfterRun?: boolean;
  /** Why a plan was read after the run, in words (the statement ended first, the server has no such statement). */
  sourceNote?: string;
  /** plan-check's verdict on a plan read after the run: why it is not the plan that ran; absent when the counters fit it. */
  planCheck?: string;
  /** The EXPLAIN read after the run, kept when it names another plan than the one that ran. */
  afterRun?: { table: Array<Record<string, string | number | null>>; json: unknown };
  /** That difference in words: what the optimizer would choose after the run, and the pool's share of it. */
  afterRunNote?: string;
}

/** Where a recorded plan came from: read while the statement ran, or after it. */
export type PlanSource = 'during-run' | 'after-run';

export type RunState = 'running' | 'complete' | 'cancelled' | 'failed' | 'interrupted';

export interface RunResult {
  /** Version of this shape, for saved runs and experiment files. */
  format: 1;
  runId: string;
  profileId: string;
  queryId: string;
  variant: QueryVariantId;
  sql: string;
  schema: string;
  /** engine: absent in results saved before bplab recorded it. */
  dataset: {
    schema: string;
    sf: number | null;
    source: string;
    engine?: DatasetEngine;
    /** The generator's seed and mode: absent in results saved before bplab recorded them. */
    seed?: number | null;
    generatorMode?: string | null;
  } | null;
  server: RunServerSettings;
  /**
   * What the server process did around the statement, from /proc on a local sandbox: bytes read from
   * storage and CPU time, the one unit for both engines; or why bplab could not see it. Absent in
   * results saved before bplab recorded it.
   */
  serverProcess?: ServerProcessUsage;
  /**
   * INNODB_METRICS counters that explain buffer-pool time (the adaptive hash index's first), their
   * change over the statement. Absent in results saved before bplab recorded them.
   */
  innodbMetrics?: InnodbMetricsCapture;
  /** What watching the run cost it. Absent in results saved before bplab recorded it. */
  observer?: ObserverCost;
  /** The experiment that ran it (its name, the configuration, the pass); absent for a run of its own. */
  experiment?: { name: string; configuration: string; pass: string };
  startedAt: string;
  state: RunState;
  /** In words, for failed, cancelled and interrupted runs. */
  error: string | null;
  /** Around execution only; bplab's snapshots before and after are not counted. */
  elapsedMs: number | null;
  rows: number | null;
  /** A checksum of the result set (rows and values, in order), to check variants give the same answer. */
  checksum: string | null;
  explain: ExplainCapture | null;
  profile: StageProfile;
  status: StatusDelta[];
  poolStats: { before: PoolStats[]; after: PoolStats[] | null };
  lru: { before: LruComposition | null; after: LruComposition | null };
  /**
   * The dataset's pages per index as the server counts them (mysql.innodb_index_stats), read after the
   * query: what the what-if simulator lays the pages out from. Absent in results saved before bplab
   * recorded it, or where the server would not say.
   */
  indexPages?: IndexPageCount[];
  /** Set when the run was traced (its "trace pages" option): its time includes the probes' cost. */
  pageTrace?: PageTraceSummary;
  /** What the poller saw, downsampled to a fixed bound for long runs. */
  samples: {
    stats: PoolStatsSample[];
    compositions: LruComposition[];
    maps: LruMapFrame[];
    cachedIndexes: CachedIndexesSample[];
    cost: PollerCost | null;
    /** True when older samples were thinned to stay within the bound. */
    downsampled: boolean;
  };
}

/** A run's samples when none are kept: a results file without them, a replay that does not need them. */
export function noSamples(): RunResult['samples'] {
  return { stats: [], compositions: [], maps: [], cachedIndexes: [], cost: null, downsampled: false };
}
