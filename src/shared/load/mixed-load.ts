/**
 * Both sides of innodb_old_blocks_time (issue 18, item 4) as data: a point-select load over one sbtest
 * table runs throughout while SSB queries scan one after another, once per old_blocks_time. What is
 * asked, the plan that is followed, and what each side measured on one clock (ms since the side began),
 * saved as one file the comparison and the report read.
 */
import { z } from 'zod';
import { KEY_DISTRIBUTIONS, LoadEngineSchema } from './oltp-load';
import { oldBlocksTimeSchema } from '../server/lru-settings';

export const MIXED_RESULT_KIND = 'bplab-mixed-load';

export const MixedLoadSpecSchema = z.object({
  oltp: z.object({
    /** The schema holding sbtest1 (prepared when missing, as bplab load does). */
    schema: z.string().min(1).max(64).default('sbtest'),
    /** sbtest1's rows: sized so the table fits the pool (100,000 rows are about 24 MB). */
    rows: z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 2),
    clients: z.number().int().min(1).max(4096).default(4),
    distribution: z.enum(KEY_DISTRIBUTIONS).default('uniform'),
    protocol: z.enum(['prepared', 'text']).default('prepared'),
  }),
  ssb: z.object({
    schema: z.string().min(1).max(64),
    /** Run one after another, in this order; the query's first variant when none is named. */
    queries: z.array(z.object({ queryId: z.string().min(1), variant: z.string().min(1).optional() })).min(1),
  }),
  /** One side per value, in this order. */
  oldBlocksTimes: z.array(oldBlocksTimeSchema).min(1).default([0, 1000]),
  /** The load alone before the first scan (the OLTP table settles in the pool), and after the last. */
  leadSeconds: z.number().min(0).max(3_600).default(5),
  tailSeconds: z.number().min(0).max(3_600).default(5),
  /** The live poller's interval between full LRU snapshots: 'auto' follows their cost. */
  poll: z.union([z.literal('auto'), z.number().int().min(100).max(60_000)]).default('auto'),
});
export type MixedLoadSpec = z.infer<typeof MixedLoadSpecSchema>;
export type MixedLoadInput = z.input<typeof MixedLoadSpecSchema>;

/** The table the point selects read: sysbench's first. */
export const MIXED_OLTP_TABLE = 'sbtest1';

/** One step of the plan each side follows, in order. */
export type MixedPlanStep =
  | { kind: 'set'; oldBlocksTime: number }
  | { kind: 'load-start'; clients: number }
  | { kind: 'wait'; seconds: number; why: 'lead' | 'tail' }
  | { kind: 'query'; queryId: string; variant: string | undefined }
  | { kind: 'load-stop' }
  | { kind: 'restore' };

/**
 * The steps of every side: the setting journaled and set, the load started, the lead, the scans one
 * after another, the tail, the load stopped, the setting put back. The restore ends every side (not
 * only the last), so a side that fails leaves the server as it found it.
 */
export function mixedPlan(spec: MixedLoadSpec): MixedPlanStep[][] {
  return spec.oldBlocksTimes.map((oldBlocksTime) => [
    { kind: 'set', oldBlocksTime },
    { kind: 'load-start', clients: spec.oltp.clients },
    ...(spec.leadSeconds > 0
      ? [{ kind: 'wait' as const, seconds: spec.leadSeconds, why: 'lead' as const }]
      : []),
    ...spec.ssb.queries.map((q) => ({ kind: 'query' as const, queryId: q.queryId, variant: q.variant })),
    ...(spec.tailSeconds > 0
      ? [{ kind: 'wait' as const, seconds: spec.tailSeconds, why: 'tail' as const }]
      : []),
    { kind: 'load-stop' },
    { kind: 'restore' },
  ]);
}

/** A step in words, for progress lines. */
export function planStepWords(step: MixedPlanStep): string {
  switch (step.kind) {
    case 'set':
      return `innodb_old_blocks_time = ${step.oldBlocksTime} (journaled)`;
    case 'load-start':
      return `point selects start on ${MIXED_OLTP_TABLE} (${step.clients} clients)`;
    case 'wait':
      return `${step.why === 'lead' ? 'the load alone' : 'the load alone after the scans'} for ${step.seconds} s`;
    case 'query':
      return `${step.queryId}${step.variant ? ` (${step.variant})` : ''} scans`;
    case 'load-stop':
      return 'point selects stop';
    case 'restore':
      return 'innodb_old_blocks_time put back';
  }
}

/** One second of the point selects: [fromMs, fromMs + 1000) on the side's clock. */
export const MixedSecondSchema = z.object({
  fromMs: z.number(),
  qps: z.number().min(0),
  /** ms; null when no statement completed in that second. */
  p99: z.number().min(0).nullable(),
  errors: z.number().int().min(0),
});
export type MixedSecond = z.infer<typeof MixedSecondSchema>;

export const MixedQuerySchema = z.object({
  queryId: z.string(),
  variant: z.string(),
  fromMs: z.number(),
  toMs: z.number(),
  rows: z.number().int().min(0).nullable(),
  /** Why it did not complete, in words. */
  error: z.string().nullable(),
});
export type MixedQuery = z.infer<typeof MixedQuerySchema>;

/** The OLTP table's pages in the pool at one moment, per index (PRIMARY, k_1), from the live poller. */
export const MixedPagesSchema = z.object({
  atMs: z.number(),
  indexes: z.record(z.string(), z.number().int().min(0)),
  /** The pool's database pages and free pages then (all instances). */
  databasePages: z.number().int().min(0),
  freePages: z.number().int().min(0).nullable(),
});
export type MixedPages = z.infer<typeof MixedPagesSchema>;

export const MixedSideSchema = z.object({
  oldBlocksTime: z.number().int().min(0),
  /** 'interrupted': the server went away; 'cancelled': the user stopped it. What was measured is kept. */
  state: z.enum(['complete', 'interrupted', 'cancelled']),
  reason: z.string().nullable(),
  /** The setting's value before bplab changed it, and whether it was put back. */
  setting: z.object({ before: z.string().nullable(), restored: z.boolean() }),
  /** When the point selects' clients began and stopped, on the side's clock. */
  load: z.object({ fromMs: z.number(), toMs: z.number(), queries: z.number().int().min(0) }),
  seconds: z.array(MixedSecondSchema),
  queries: z.array(MixedQuerySchema),
  pages: z.array(MixedPagesSchema),
  /** Why no pages were sampled, when none were (the poller failed, LRU walks not allowed). */
  pagesNote: z.string().nullable(),
});
export type MixedSide = z.infer<typeof MixedSideSchema>;

export const MixedLoadResultSchema = z.object({
  kind: z.literal(MIXED_RESULT_KIND),
  version: z.literal(1),
  bplabVersion: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  server: z.object({
    profileId: z.string(),
    version: z.string(),
    where: z.string(),
    /** The pool's size in pages, and the OLTP table's pages on disk (its indexes' stats). */
    poolPages: z.number().int().min(0),
    oltpTablePages: z.number().int().min(0).nullable(),
  }),
  spec: MixedLoadSpecSchema,
  state: z.enum(['complete', 'interrupted', 'cancelled']),
  sides: z.array(MixedSideSchema),
  /** Which engine drove the point selects (absent in results saved before sysbench could). */
  engine: LoadEngineSchema.optional(),
});
export type MixedLoadResult = z.infer<typeof MixedLoadResultSchema>;
