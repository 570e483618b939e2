/**
 * Checks that parsed JSON is a RunResult (or a list of them) before anything compares it: the fields
 * the comparison reads must be there with the right types. A file from elsewhere gets one message
 * naming the path in the file and what is wrong, never a crash deep inside a table.
 */
import { z } from 'zod';
import type { RunResult } from '../runs';

const n = z.number();
const nn = z.number().nullable();

const poolStats = z.object({
  poolId: n,
  poolSize: n,
  freeBuffers: n,
  databasePages: n,
  oldDatabasePages: n,
  modifiedDatabasePages: n,
  pendingReads: n,
  pagesMadeYoung: n,
  pagesNotMadeYoung: n,
  pagesRead: n,
  pagesCreated: n,
  pagesWritten: n,
  pagesGet: n,
  readAhead: n,
  readAheadEvicted: n,
});

const composition = z.object({
  atMs: n,
  databasePages: n,
  indexes: z.array(
    z.object({
      table: z.string(),
      index: z.string(),
      pages: n,
      oldPages: n,
      youngPages: n,
      records: n,
      poolShare: n,
    }),
  ),
});

const stage = z.object({
  stage: z.string(),
  durationMs: n,
  cpuUserMs: nn,
  cpuSystemMs: nn,
  contextVoluntary: nn,
  contextInvoluntary: nn,
  blockOpsIn: nn,
  blockOpsOut: nn,
  pageFaultsMajor: nn,
  pageFaultsMinor: nn,
});

export const RunResultShapeSchema = z.object({
  format: z.literal(1),
  runId: z.string(),
  queryId: z.string(),
  variant: z.string(),
  sql: z.string(),
  schema: z.string(),
  startedAt: z.string(),
  state: z.enum(['running', 'complete', 'cancelled', 'failed', 'interrupted']),
  error: z.string().nullable(),
  elapsedMs: nn,
  rows: nn,
  checksum: z.string().nullable(),
  server: z.object({
    flavor: z.string(),
    version: z.string(),
    bufferPoolSizeBytes: n,
    bufferPoolInstances: n,
    pageSizeBytes: n,
    oldBlocksTimeMs: n,
    oldBlocksPct: n,
    readAheadThreshold: n,
    flushMethod: z.string(),
  }),
  dataset: z.object({ schema: z.string(), sf: nn, source: z.string() }).nullable(),
  explain: z
    .object({ table: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))) })
    .nullable(),
  profile: z.object({ source: z.string(), stages: z.array(stage) }),
  status: z.array(z.object({ name: z.string(), delta: n, scope: z.enum(['global', 'session']) })),
  poolStats: z.object({ before: z.array(poolStats), after: z.array(poolStats).nullable() }),
  lru: z.object({ before: composition.nullable(), after: composition.nullable() }),
  samples: z.object({ compositions: z.array(composition) }),
});

export type RunFileCheck = { ok: true; runs: RunResult[] } | { ok: false; problem: string };

function where(path: PropertyKey[]): string {
  return path.reduce<string>(
    (s, p) => (typeof p === 'number' ? `${s}[${p}]` : `${s}${s ? '.' : ''}${String(p)}`),
    '',
  );
}

/** A RunResult, or an array of them (a run service's saved run, or several runs in one file). */
export function checkRunFile(data: unknown): RunFileCheck {
  const list = Array.isArray(data) ? data : [data];
  if (list.length === 0) return { ok: false, problem: 'it holds an empty list, no run' };
  for (let i = 0; i < list.length; i++) {
    const item = list[i] as unknown;
    const at = Array.isArray(data) ? `[${i}]` : '';
    if (typeof item !== 'object' || item === null || !('runId' in item) || !('format' in item))
      return {
        ok: false,
        problem: `${at ? `${at} is` : 'it is'} not a bplab run (a run is an object with format and runId)`,
      };
    const parsed = RunResultShapeSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = `${at}${issue && issue.path.length ? (at ? '.' : '') + where(issue.path) : ''}`;
      return { ok: false, problem: `${path || 'the run'}: ${issue?.message ?? 'not a bplab run'}` };
    }
  }
  // Validated above; the original objects are kept whole (samples, raw columns) rather than the parsed copies.
  return { ok: true, runs: list as RunResult[] };
}
