/**
 * The OLTP load of posts 002 and 004 (sysbench's point selects and read-only transaction) as data:
 * what a sweep asks for, and what each step of it measured. Zod schemas, because a load's results are
 * saved as a file that the comparison and the reports read back.
 */
import { z } from 'zod';

/** sysbench 1.0's oltp_point_select and oltp_read_only; 'select-1' is the client's own ceiling. */
export const OLTP_WORKLOADS = ['point-select', 'read-only'] as const;
export type OltpWorkload = (typeof OLTP_WORKLOADS)[number];
export type LoadStatementMix = OltpWorkload | 'select-1';

/** sysbench's --rand-type values; 'special' is sysbench 1.0's default. */
export const KEY_DISTRIBUTIONS = ['uniform', 'special', 'pareto', 'gaussian'] as const;
export type KeyDistribution = (typeof KEY_DISTRIBUTIONS)[number];

/** Server-side prepared statements (mysql2 execute, as sysbench), or the text protocol. */
export type LoadProtocol = 'prepared' | 'text';

export const LoadSweepSpecSchema = z.object({
  /** The schema holding sbtest1..N (sysbench's default is "sbtest"). */
  schema: z.string().min(1).max(64),
  tables: z.number().int().min(1).max(1024),
  rows: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 2),
  workload: z.enum(OLTP_WORKLOADS),
  distribution: z.enum(KEY_DISTRIBUTIONS).default('special'),
  /** sysbench's --range-size: the rows each range select covers. */
  rangeSize: z.number().int().min(1).max(1_000_000).default(100),
  protocol: z.enum(['prepared', 'text']).default('prepared'),
  /** One step per entry, in this order. */
  clients: z.array(z.number().int().min(1).max(4096)).min(1),
  /** Each step's counted time. */
  seconds: z.number().min(0.5).max(86_400),
  /** Before each step's counted time: run, recorded apart, not counted. */
  warmupSeconds: z.number().min(0).max(3_600).default(0),
  /** The engine's worker threads at most; one per core when not given. */
  threads: z.number().int().min(1).max(256).optional(),
  /** The SELECT 1 ceiling at each step's concurrency; 0 skips it. */
  ceilingSeconds: z.number().min(0).max(3_600).default(0),
});
export type LoadSweepSpec = z.infer<typeof LoadSweepSpecSchema>;
export type LoadSweepInput = z.input<typeof LoadSweepSpecSchema>;

/** Latency in milliseconds, read from an HDR histogram. */
export const LatencySchema = z.object({
  p50: z.number().min(0),
  p95: z.number().min(0),
  p99: z.number().min(0),
  max: z.number().min(0),
});
export type Latency = z.infer<typeof LatencySchema>;

/** What one stretch of a step (one second, the warm-up, the counted time) did. */
export const LoadCountsSchema = z.object({
  /** Statements completed (BEGIN and COMMIT included, as sysbench counts its queries). */
  queries: z.number().int().min(0),
  transactions: z.number().int().min(0),
  errors: z.number().int().min(0),
  reconnects: z.number().int().min(0),
  /** Wall time this stretch covered. */
  seconds: z.number().min(0),
  latency: LatencySchema.nullable(),
});
export type LoadCounts = z.infer<typeof LoadCountsSchema>;

export const LoadSecondSchema = LoadCountsSchema.extend({
  /** Seconds since the step's clients started (the warm-up's seconds first). */
  at: z.number().int().min(0),
  warmup: z.boolean(),
});
export type LoadSecond = z.infer<typeof LoadSecondSchema>;

/** 'interrupted': the server went away (or the clients were cut off); what was measured is kept. */
export const LoadStepStateSchema = z.enum(['complete', 'interrupted', 'cancelled']);
export type LoadStepState = z.infer<typeof LoadStepStateSchema>;

export const LoadCeilingSchema = z.object({
  qps: z.number().min(0),
  p99: z.number().min(0),
  errors: z.number().int().min(0),
  seconds: z.number().min(0),
});

/** One point of a traced client's what-if: the pages it would read at this pool size. */
export const ClientCurvePointSchema = z.object({
  poolBytes: z.number().min(0),
  /** Innodb_buffer_pool_reads the client's requests would make here, replayed on a warm pool. */
  pagesRead: z.number().min(0),
  /** The same per 1,000 of the client's statements. */
  perThousandQueries: z.number().min(0),
});
export type ClientCurvePoint = z.infer<typeof ClientCurvePointSchema>;

/**
 * One client of a step traced (its server thread's page requests, bpftrace), and its what-if: one
 * client's requests as a sample of the step's, whose clients all draw keys the same way.
 */
export const LoadClientTraceSchema = z.object({
  /** The server connection traced (its processlist id) and the OS thread serving it. */
  connectionId: z.number().int(),
  thread: z.number().int(),
  /** How long the trace ran (from bpftrace attached to the step's end). */
  seconds: z.number().min(0),
  /** Page requests traced, and records after folding repeats of one page. */
  requests: z.number().int().min(0),
  records: z.number().int().min(0),
  /** The requests as the server counts them (MySQL 8.0 counts an adaptive-hash hit twice). */
  serverCountedRequests: z.number().int().min(0),
  lost: z.number().int().min(0),
  /** Innodb_buffer_pool_read_requests over the trace, the whole server's: InnoDB keeps no count per thread. */
  serverRequests: z.number().nullable(),
  /** The client's statements over the trace: the server's Questions over it, shared by the step's clients. */
  queries: z.number().min(0),
  ownPoolBytes: z.number().min(0),
  curve: z.array(ClientCurvePointSchema),
  assumptions: z.array(z.string()),
  /** How many of the step's clients were traced: all of them (absent: one, as bplab traced before). */
  clientsTraced: z.number().int().min(1).optional(),
  /** The clients' trace, beside the load's result (loads/traces/…), for `bplab whatif LOAD.json --step N`. */
  file: z.string().optional(),
  pageSizeBytes: z.number().int().min(1).optional(),
  /**
   * The pool as the trace began, as the simulator takes it (whatif's SimulatorSettings, kept whole: the
   * whatif room sits above this one, so whatif-load.ts reads its fields back).
   */
  settings: z.record(z.string(), z.unknown()).optional(),
  /** A MySQL server's start-up pages before the step (whatif/mysql-start.ts), when it had read little else since its start. */
  startup: z.object({ pages: z.number().int().min(0), scanDepth: z.number().int().min(1) }).optional(),
  /** Every thread's requests over the counted time against the server's count (shared/page-trace.ts). */
  check: z
    .object({
      serverRequests: z.number(),
      run: z.number().min(0),
      bplab: z.number().min(0),
      server: z.number().min(0),
      windowMs: z.number().min(0),
    })
    .optional(),
});
export type LoadClientTrace = z.infer<typeof LoadClientTraceSchema>;

/**
 * What the server counted over a step's counted time (load/step-counters.ts): its pages read, page
 * requests, read-ahead and statements (Questions, every session's), whichever engine drove it.
 */
export const LoadServerCountersSchema = z.object({
  reads: z.number(),
  readRequests: z.number(),
  readAhead: z.number(),
  questions: z.number(),
  seconds: z.number().min(0),
});
export type LoadServerCounters = z.infer<typeof LoadServerCountersSchema>;

export const LoadStepSchema = z.object({
  clients: z.number().int().min(1),
  state: LoadStepStateSchema,
  /** Why the step did not complete, in words. */
  reason: z.string().nullable(),
  qps: z.number().min(0),
  tps: z.number().min(0),
  p50: z.number().min(0),
  p95: z.number().min(0),
  p99: z.number().min(0),
  max: z.number().min(0),
  errors: z.number().int().min(0),
  reconnects: z.number().int().min(0),
  counted: LoadCountsSchema,
  warmup: LoadCountsSchema.nullable(),
  perSecond: z.array(LoadSecondSchema),
  /** bplab's own CPU over the counted time: seconds, and the share of the machine's cores. */
  cpu: z.object({ seconds: z.number().min(0), share: z.number().min(0), cores: z.number().int().min(1) }),
  /** The load engine's threads this step used. */
  threads: z.number().int().min(1),
  ceiling: LoadCeilingSchema.nullable(),
  /** One client traced, when the load asked (LoadDriver.traceClient), or why it could not be. */
  clientTrace: z.union([LoadClientTraceSchema, z.object({ unavailable: z.string() })]).optional(),
  /** The server's counters over the counted time (absent from loads saved before bplab read them). */
  server: LoadServerCountersSchema.optional(),
});
export type LoadStep = z.infer<typeof LoadStepSchema>;

/**
 * Whether the step's counted time has latencies: none when no histogram covered it (a 1-second
 * sysbench step whose only report came after sysbench ended): its p50…max are then 0, not figures.
 */
export function hasLatency(step: Pick<LoadStep, 'counted'>): boolean {
  return step.counted.latency !== null;
}

export const LOAD_RESULT_KIND = 'bplab-oltp-load';

/** The load's driver: sysbench 1.x (its own Lua scripts), or bplab's Node engine where sysbench is missing. */
export const LOAD_ENGINES = ['sysbench', 'bplab'] as const;
export type LoadEngineName = (typeof LOAD_ENGINES)[number];

export const LoadEngineSchema = z.object({
  name: z.enum(LOAD_ENGINES),
  /** sysbench's version ("1.0.20"); null for bplab's own engine. */
  version: z.string().nullable(),
  /** What the percentiles are, in words: per what, from which histogram, how wide its buckets. */
  latency: z.string(),
  /** Why this engine and not sysbench, when it is bplab's own (sysbench not found...); null otherwise. */
  why: z.string().nullable(),
});
export type LoadEngine = z.infer<typeof LoadEngineSchema>;

/** Which engine a load asks for (beside its spec, so experiment files are unchanged). */
export const LoadDriverSchema = z.object({
  /** Absent: sysbench when it is found, else bplab's own. */
  engine: z.enum(LOAD_ENGINES).optional(),
  /** The sysbench to drive it with; absent: BPLAB_SYSBENCH, else sysbench on PATH. */
  sysbenchPath: z.string().min(1).max(4096).optional(),
  /** Trace one client of each step (a sandbox with symbols, bplab as root): its page requests' what-if. */
  traceClient: z.boolean().optional(),
});
export type LoadDriver = z.infer<typeof LoadDriverSchema>;

/** Which engine drove a load, why (when not sysbench), and what its percentiles are, in words. */
export function engineWords(e: LoadEngine): string {
  const who =
    e.name === 'sysbench' ? `driven by sysbench ${e.version ?? ''}` : "driven by bplab's own engine";
  return `${who}${e.why ? ` (${e.why})` : ''}; latency ${e.latency}`;
}

export const LoadResultSchema = z.object({
  kind: z.literal(LOAD_RESULT_KIND),
  version: z.literal(1),
  bplabVersion: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  server: z.object({ profileId: z.string(), version: z.string(), where: z.string() }),
  spec: LoadSweepSpecSchema,
  /** How the tables were got: prepared now (and in how long), or found in place. */
  tables: z.object({
    prepared: z.array(z.string()),
    reused: z.array(z.string()),
    seconds: z.number().min(0),
  }),
  /** 'complete' only when every step completed. */
  state: LoadStepStateSchema,
  steps: z.array(LoadStepSchema),
  /** Which engine drove it (absent in results saved before sysbench could drive the load: bplab's). */
  engine: LoadEngineSchema.optional(),
});
export type LoadResult = z.infer<typeof LoadResultSchema>;

/**
 * The share of its SELECT 1 ceiling at which a step counts as limited by the client: the server
 * answered the real statements nearly as fast as the client could send anything at all.
 */
export const CLIENT_BOUND_SHARE = 0.8;

/** Whether a step's QPS sits at the client's own ceiling (so the client, not the server, was the limit). */
export function clientBound(step: Pick<LoadStep, 'qps' | 'ceiling'>): boolean {
  return step.ceiling !== null && step.ceiling.qps > 0 && step.qps >= CLIENT_BOUND_SHARE * step.ceiling.qps;
}
