/**
 * Zod schemas for the run model of runs.ts, used where a run arrives from outside bplab's memory: a saved
 * run, an experiment file. Each schema is typed against its interface, so the two cannot drift apart
 * without the compiler saying so.
 */
import { z } from '../zod';
import { DatasetEngineSchema } from '../datasets/datasets';
import type {
  CachedIndexesSample,
  ExplainCapture,
  LruComposition,
  LruIndexPages,
  LruMapFrame,
  ObserverCost,
  PollerCost,
  PoolStats,
  PoolStatsSample,
  ProfileStage,
  RunResult,
  RunServerSettings,
  StageProfile,
  StatusDelta,
} from './runs';

const count = z.number().int().min(0);
const ms = z.number().min(0);
const atMs = z.number();
const nullableNumber = z.number().nullable();

export const RunServerSettingsSchema: z.ZodType<RunServerSettings> = z.object({
  flavor: z.enum(['mysql', 'mariadb', 'percona']),
  version: z.string(),
  bufferPoolSizeBytes: count,
  bufferPoolInstances: count,
  pageSizeBytes: count,
  oldBlocksTimeMs: count,
  oldBlocksPct: count,
  readAheadThreshold: count,
  flushMethod: z.string(),
  keyBufferSizeBytes: count.optional(),
  adaptiveHashIndex: z.boolean().optional(),
  lruScanDepth: count.optional(),
});

export const LruIndexPagesSchema: z.ZodType<LruIndexPages> = z.object({
  table: z.string(),
  index: z.string(),
  pages: count,
  oldPages: count,
  youngPages: count,
  records: count,
  dataSizeBytes: count,
  poolShare: z.number().min(0).max(1),
});

const moment = z.enum(['before', 'during', 'after']).optional();

export const LruCompositionSchema: z.ZodType<LruComposition> = z.object({
  atMs,
  moment,
  costMs: ms,
  databasePages: count,
  oldMethod: z.enum(['is-old', 'lru-position']),
  indexes: z.array(LruIndexPagesSchema),
});

/**
 * A row as the server returned it (column name to number, text or NULL), checked by hand: every pool
 * of every snapshot and every EXPLAIN line keeps one, a results file holds thousands, and zod's record
 * of a union took most of the time of opening one (bench/compare.ts).
 */
function isColumnRow(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  for (const key in v) {
    const x = (v as Record<string, unknown>)[key];
    if (x !== null && typeof x !== 'number' && typeof x !== 'string') return false;
  }
  return true;
}

/** The JSON Schema writer describes it by hand too (experimentFileJsonSchema): COLUMN_ROW_JSON_SCHEMA. */
export const ColumnRowSchema = z.custom<Record<string, number | string | null>>(
  isColumnRow,
  'expected a row as the server returned it: column names to numbers, text or null',
);
export const COLUMN_ROW_JSON_SCHEMA = {
  type: 'object',
  propertyNames: { type: 'string' },
  additionalProperties: { type: ['number', 'string', 'null'] },
} as const;

export const PoolStatsSchema: z.ZodType<PoolStats> = z.object({
  poolId: count,
  poolSize: count,
  freeBuffers: count,
  databasePages: count,
  oldDatabasePages: count,
  modifiedDatabasePages: count,
  pendingReads: count,
  pagesMadeYoung: count,
  pagesNotMadeYoung: count,
  pagesRead: count,
  pagesCreated: count,
  pagesWritten: count,
  pagesGet: count,
  readAhead: count,
  readAheadEvicted: count,
  raw: ColumnRowSchema,
});

export const PoolStatsSampleSchema: z.ZodType<PoolStatsSample> = z.object({
  atMs,
  pools: z.array(PoolStatsSchema),
  afterSnapshotMs: ms.optional(),
});

const isCount = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
/** Checked by hand: a long run holds hundreds of thousands of these triples, and a loop is ~10× zod here. */
function isBucketList(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (const bucket of v) {
    if (!Array.isArray(bucket)) return false;
    for (const t of bucket)
      if (!Array.isArray(t) || t.length !== 3 || !isCount(t[0]) || !isCount(t[1]) || !isCount(t[2]))
        return false;
  }
  return true;
}

export const LruMapFrameSchema: z.ZodType<LruMapFrame> = z.object({
  atMs,
  moment,
  costMs: ms,
  bucketPages: z.number().int().min(1),
  legend: z.array(z.string()),
  pools: z.array(
    z.object({
      poolId: count,
      lruLength: count,
      oldLength: count,
      buckets: z.custom<LruMapFrame['pools'][number]['buckets']>(
        isBucketList,
        'expected buckets as lists of [ordinal, pages, old pages], whole numbers from 0',
      ),
    }),
  ),
});

export const CachedIndexesSampleSchema: z.ZodType<CachedIndexesSample> = z.object({
  atMs,
  approximate: z.literal(true),
  indexes: z.array(z.object({ table: z.string(), index: z.string(), pages: count })),
});

export const PollerCostSchema: z.ZodType<PollerCost> = z.object({
  intervalMs: ms,
  adaptive: z.boolean(),
  targetShare: z.number().min(0).max(1).optional(),
  snapshots: count,
  meanSnapshotMs: ms,
  maxSnapshotMs: ms,
  serverShare: z.number().min(0),
});

export const ObserverCostSchema: z.ZodType<ObserverCost> = z.object({
  poll: z.union([z.literal('auto'), z.literal('off'), z.number().int().min(0)]),
  snapshots: count,
  intervalMs: ms.nullable(),
  snapshotMs: ms,
  share: z.number().min(0),
  lruBatches: count.nullable(),
  activityMarks: nullableNumber,
});

export const StatusDeltaSchema: z.ZodType<StatusDelta> = z.object({
  name: z.string(),
  before: z.number(),
  after: z.number(),
  delta: z.number(),
  scope: z.enum(['global', 'session']),
});

export const ProfileStageSchema: z.ZodType<ProfileStage> = z.object({
  stage: z.string(),
  durationMs: ms,
  cpuUserMs: nullableNumber,
  cpuSystemMs: nullableNumber,
  contextVoluntary: nullableNumber,
  contextInvoluntary: nullableNumber,
  blockOpsIn: nullableNumber,
  blockOpsOut: nullableNumber,
  pageFaultsMajor: nullableNumber,
  pageFaultsMinor: nullableNumber,
});

export const StageProfileSchema: z.ZodType<StageProfile> = z.object({
  source: z.enum(['show-profile', 'performance-schema', 'none']),
  note: z.string(),
  stages: z.array(ProfileStageSchema),
});

export const ExplainCaptureSchema: z.ZodType<ExplainCapture> = z.object({
  table: z.array(ColumnRowSchema),
  json: z.unknown(),
  analyze: z
    .object({
      kind: z.enum(['explain-analyze', 'analyze-json']),
      text: z.string().optional(),
      json: z.unknown().optional(),
      durationMs: ms,
    })
    .optional(),
  engineStats: z.array(z.object({ table: z.string(), stats: z.record(z.string(), z.number()) })).optional(),
  source: z.enum(['during-run', 'after-run']).optional(),
  jsonAfterRun: z.boolean().optional(),
  sourceNote: z.string().optional(),
  planCheck: z.string().optional(),
  afterRun: z.object({ table: z.array(ColumnRowSchema), json: z.unknown() }).optional(),
  afterRunNote: z.string().optional(),
});

export const RunSamplesSchema: z.ZodType<RunResult['samples']> = z.object({
  stats: z.array(PoolStatsSampleSchema),
  compositions: z.array(LruCompositionSchema),
  maps: z.array(LruMapFrameSchema),
  cachedIndexes: z.array(CachedIndexesSampleSchema),
  cost: PollerCostSchema.nullable(),
  downsampled: z.boolean(),
});

/** A run without its samples: experiment files keep the samples apart, compressed. */
export const RunResultCoreSchema = z.object({
  format: z.literal(1),
  runId: z.string().min(1),
  profileId: z.string().min(1),
  queryId: z.string().min(1),
  variant: z.string().min(1),
  sql: z.string(),
  schema: z.string(),
  dataset: z
    .object({
      schema: z.string(),
      sf: z.number().nullable(),
      source: z.string(),
      engine: DatasetEngineSchema.optional(),
      seed: z.number().nullable().optional(),
      generatorMode: z.string().nullable().optional(),
    })
    .nullable(),
  server: RunServerSettingsSchema,
  serverProcess: z
    .union([z.object({ readBytes: count, cpuMs: z.number().min(0) }), z.object({ unavailable: z.string() })])
    .optional(),
  innodbMetrics: z
    .object({
      counters: z.array(z.object({ subsystem: z.string(), name: z.string(), delta: z.number() })),
      enabledForRun: z.array(z.string()),
      note: z.string(),
    })
    .optional(),
  observer: ObserverCostSchema.optional(),
  experiment: z.object({ name: z.string(), configuration: z.string(), pass: z.string() }).optional(),
  startedAt: z.string(),
  state: z.enum(['running', 'complete', 'cancelled', 'failed', 'interrupted']),
  error: z.string().nullable(),
  elapsedMs: z.number().min(0).nullable(),
  rows: count.nullable(),
  checksum: z.string().nullable(),
  explain: ExplainCaptureSchema.nullable(),
  profile: StageProfileSchema,
  status: z.array(StatusDeltaSchema),
  poolStats: z.object({ before: z.array(PoolStatsSchema), after: z.array(PoolStatsSchema).nullable() }),
  lru: z.object({ before: LruCompositionSchema.nullable(), after: LruCompositionSchema.nullable() }),
  indexPages: z
    .array(
      z.object({
        table: z.string(),
        index: z.string(),
        leafPages: count,
        sizePages: count,
      }),
    )
    .optional(),
  pageTrace: z
    .object({
      file: z.string(),
      requests: count,
      records: count,
      probes: z.array(z.object({ name: z.string(), calls: count, serverCounts: count })),
      lost: count,
      serverRequests: count.optional(),
      poolAtStart: z.object({ file: z.string(), pages: count }).optional(),
      check: z
        .object({
          serverRequests: z.number(),
          run: count,
          bplab: count,
          server: count,
          windowMs: z.number().min(0),
        })
        .optional(),
      incomplete: z.string().optional(),
      untraced: z
        .object({
          runId: z.string(),
          startedAt: z.string(),
          elapsedMs: z.number(),
          pagesRead: count.optional(),
        })
        .optional(),
    })
    .optional(),
});

export const RunResultSchema: z.ZodType<RunResult> = RunResultCoreSchema.extend({
  samples: RunSamplesSchema,
});
