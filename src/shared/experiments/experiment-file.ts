/**
 * The experiment file (`*.bplab.json`): one documented, versioned JSON format holding an experiment's
 * definition, the servers' capability reports, and every result with its live samples. It never holds
 * a password. docs/experiment-file.schema.json is generated from StoredExperimentFileSchema
 * (`npm run schema:experiment`) and a unit test keeps the two equal.
 *
 * On disk each result keeps its samples apart, deflated and base64-encoded (`samples.encoding`), so a
 * whole post-001 experiment with its samples stays small; in memory a result's run is a whole RunResult.
 */
import { z } from '../zod';
import { ExperimentDefinitionSchema, type ExperimentDefinition } from './experiments';
import { ExperimentLoadRecordSchema, type ExperimentLoadRecord } from '../load/experiment-load';
import type { CapabilityReport } from '../models';
import type { RunResult } from '../runs/runs';
import { COLUMN_ROW_JSON_SCHEMA, ColumnRowSchema, RunResultCoreSchema } from '../runs/run-schema';
import { schemaChecker, type JsonSchema, type SchemaProblem } from './schema-check';

export const EXPERIMENT_FILE_FORMAT = 'bplab-experiment';
/** The version this bplab writes; it reads this one and every older one. */
export const EXPERIMENT_FILE_VERSION = 1;
export const EXPERIMENT_FILE_SUFFIX = '.bplab.json';

/**
 * A file name for an experiment's name: "old_blocks_time 1000 vs 0" → "old_blocks_time-1000-vs-0.bplab.json";
 * the n-th (n > 1) gets "-n" before the suffix, for a name already taken.
 */
export function suggestedFileName(name: string, n = 1): string {
  const stem = name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return `${stem || 'experiment'}${n > 1 ? `-${n}` : ''}${EXPERIMENT_FILE_SUFFIX}`;
}

/** How the cold state before a cold pass was made, or why it could not be. */
export const ColdMethodSchema = z.object({
  how: z.enum([
    'restart-and-drop-page-cache',
    'restart-and-evict-files',
    'restart-o-direct',
    'restart-only',
    'not-possible',
  ]),
  /** In words: "MySQL 8.0 restarted; 612 MiB evicted from the OS page cache, 0 MiB still resident". */
  note: z.string(),
  /** The dataset's files and the shared tablespaces, evicted one by one (no root needed); what stayed. */
  eviction: z
    .object({
      files: z.number().int().min(0),
      residentBeforeBytes: z.number().min(0),
      residentAfterBytes: z.number().min(0),
    })
    .optional(),
  /**
   * The dataset's files read once from storage before the eviction (O_DIRECT where the filesystem takes
   * it), so a cache beneath this machine (a VM host's) holds them alike for every configuration.
   */
  storageRead: z
    .object({
      files: z.number().int().min(0),
      bytes: z.number().min(0),
      ms: z.number().min(0),
      direct: z.boolean(),
    })
    .optional(),
  /** How long bplab waited for purge before the cold run, and the history list length from → to. */
  purge: z
    .object({
      waitedMs: z.number().min(0),
      from: z.number().nullable(),
      to: z.number().nullable(),
      outcome: z.enum(['caught-up', 'idle', 'gave-up', 'unknown']),
    })
    .optional(),
});
export type ColdMethod = z.infer<typeof ColdMethodSchema>;

const RunPassSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('warmup'), n: z.number().int().min(1) }),
  z.object({ kind: z.literal('cold') }),
  z.object({ kind: z.literal('hot'), n: z.number().int().min(1) }),
]);

/**
 * The pool's facts as stored in a capability report. Files saved before the facts had one vocabulary
 * (PoolFacts) name the size and instances sizeBytes and instances: they are read in today's words.
 */
const StoredBufferPoolSchema = z.preprocess(
  (raw) => {
    if (typeof raw !== 'object' || raw === null) return raw;
    const { sizeBytes, instances, ...rest } = raw as Record<string, unknown>;
    return {
      ...(sizeBytes !== undefined && { bufferPoolSizeBytes: sizeBytes }),
      ...(instances !== undefined && { bufferPoolInstances: instances }),
      ...rest,
    };
  },
  z.looseObject({ bufferPoolSizeBytes: z.number(), bufferPoolInstances: z.number() }),
);

/** A capability report as stored: the fields bplab reads back are checked, the rest kept as they are. */
const StoredCapabilityReportSchema = z.looseObject({
  profileId: z.string(),
  checkedAt: z.string(),
  server: z.looseObject({ flavor: z.enum(['mysql', 'mariadb', 'percona']), version: z.string() }),
  bufferPool: StoredBufferPoolSchema,
});

const StoredSamplesSchema = z.object({
  encoding: z.literal('deflate-base64'),
  /** base64 of raw DEFLATE (RFC 1951) of the JSON of RunResult.samples. */
  data: z.string(),
});

const resultFields = {
  /** Position in the experiment's plan. */
  planIndex: z.number().int().min(0),
  /** The configuration's key (server and matrix values), as planExperiment names it. */
  cell: z.string(),
  pass: RunPassSchema,
  counted: z.boolean(),
  /** Set on the first run of a cold pass. */
  cold: ColdMethodSchema.nullable(),
};

export const StoredExperimentResultSchema = z.object({
  ...resultFields,
  run: RunResultCoreSchema,
  samples: StoredSamplesSchema.nullable(),
});

export const ExperimentStateSchema = z.enum(['draft', 'running', 'complete', 'cancelled', 'failed']);
export type ExperimentState = z.infer<typeof ExperimentStateSchema>;

const fileFields = {
  format: z.literal(EXPERIMENT_FILE_FORMAT),
  version: z.number().int().min(1),
  savedAt: z.string(),
  bplabVersion: z.string(),
  state: ExperimentStateSchema,
  definition: ExperimentDefinitionSchema,
  servers: z.array(z.object({ label: z.string(), capabilities: StoredCapabilityReportSchema.nullable() })),
  /** The OLTP load sweeps of the definition's load steps, one per configuration and step (posts 002, 004). */
  loads: z.array(ExperimentLoadRecordSchema).optional(),
};

/** The file as it is on disk (what the JSON Schema describes). */
export const StoredExperimentFileSchema = z.object({
  ...fileFields,
  results: z.array(StoredExperimentResultSchema),
});
export type StoredExperimentFile = z.infer<typeof StoredExperimentFileSchema>;

/** The file without its results: small, parsed by zod (its defaults filled in) when a file is opened. */
export const StoredExperimentHeadSchema = z.object(fileFields);

/** How zod's schemas of the file are written as JSON Schema (the published one and the results' checker). */
const JSON_SCHEMA_OPTIONS: Parameters<typeof z.toJSONSchema>[1] = {
  io: 'input',
  unrepresentable: 'any',
  override: (ctx) => {
    if (ctx.zodSchema === ColumnRowSchema) Object.assign(ctx.jsonSchema, COLUMN_ROW_JSON_SCHEMA);
  },
};

let resultsChecker: ((value: unknown) => SchemaProblem | null) | null = null;

/**
 * Checks the file's results as they are (no copy) against their JSON Schema (the results part of the
 * one published in docs/), compiled once: the bulk of a results file, checked in a fraction of the
 * time zod's parse takes. A problem's path starts at "results".
 */
export function checkStoredResults(results: unknown): SchemaProblem | null {
  resultsChecker ??= schemaChecker(
    z.toJSONSchema(StoredExperimentFileSchema.shape.results, JSON_SCHEMA_OPTIONS) as JsonSchema,
  );
  const problem = resultsChecker(results);
  return problem && { path: ['results', ...problem.path], message: problem.message };
}

/** One result in memory: its place in the plan and the whole run. */
export interface ExperimentResult {
  planIndex: number;
  cell: string;
  pass: z.infer<typeof RunPassSchema>;
  counted: boolean;
  cold: ColdMethod | null;
  run: RunResult;
}

/** An experiment file in memory. */
export interface ExperimentFile {
  format: typeof EXPERIMENT_FILE_FORMAT;
  version: number;
  savedAt: string;
  bplabVersion: string;
  state: ExperimentState;
  definition: ExperimentDefinition;
  servers: Array<{ label: string; capabilities: CapabilityReport | null }>;
  results: ExperimentResult[];
  /** The load sweeps measured (absent in files without load steps). */
  loads?: ExperimentLoadRecord[];
}

/**
 * Whether a recent file is an experiment's (the Experiments screen and its menu open it), not a load's
 * result bplab saved in loads/ (only Compare opens those).
 */
export function opensAsExperiment(file: string): boolean {
  return !/\.bplab-(load|mixed)\.json$/i.test(file);
}

/** An experiment file opened or saved lately (experiments/recent), newest first. */
export interface RecentFile {
  file: string;
  /** The file's name without its folder. */
  name: string;
  /** When bplab last opened or saved it (ISO time). */
  usedAt: string;
  /** False when the file is gone since: the list says so rather than dropping it. */
  exists: boolean;
}

/** The largest file the page uploads itself (browser mode: a dropped file); bigger ones are opened by path. */
export const MAX_UPLOAD_CHARS = 8 * 1024 * 1024;

/** "$.results[3].run.server.version" from a zod issue path. */
export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '$';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (typeof p === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(p)) out += `.${p}`;
    else out += `[${JSON.stringify(String(p))}]`;
  }
  return out;
}

const SECRET_KEY = /password|passwd|^pwd$|secret|private.?key/i;
/**
 * Each key's verdict, remembered: a results file repeats a few dozen keys hundreds of thousands of
 * times, and testing each occurrence took as long as parsing the file. Bounded, in case of odd files.
 */
const secretKeys = new Map<string, boolean>();
function isSecretKey(key: string): boolean {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = SECRET_KEY.test(key);
    if (secretKeys.size < 10_000) secretKeys.set(key, secret);
  }
  return secret;
}

const holdsSecret = (k: string, x: unknown) =>
  isSecretKey(k) && x !== null && x !== undefined && x !== '' && x !== false;

/** Whether anything under `v` looks like a secret: the quick walk every file gets (no paths kept). */
function anySecret(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (anySecret(v[i])) return true;
    return false;
  }
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    const x = (v as Record<string, unknown>)[keys[i]!];
    if (holdsSecret(keys[i]!, x) || anySecret(x)) return true;
  }
  return false;
}

/**
 * Paths of values under keys that look like secrets; a file holding any is refused. A quick walk
 * says whether there is any (a whole results file has hundreds of thousands of keys); only then is
 * the file walked again with its path, pushed and popped, and a path written out for each hit.
 */
export function secretPaths(value: unknown, path: PropertyKey[] = []): string[] {
  if (!anySecret(value)) return [];
  const found: string[] = [];
  const at = [...path];
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        at.push(i);
        walk(v[i]);
        at.pop();
      }
      return;
    }
    for (const k of Object.keys(v)) {
      const x = (v as Record<string, unknown>)[k];
      at.push(k);
      if (holdsSecret(k, x)) found.push(jsonPath(at));
      else walk(x);
      at.pop();
    }
  };
  walk(value);
  return found;
}

/** The JSON Schema of the stored file (docs/experiment-file.schema.json), generated from the zod schema. */
export function experimentFileJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(StoredExperimentFileSchema, JSON_SCHEMA_OPTIONS),
    $id: 'https://bplab.invalid/experiment-file.schema.json',
    title: 'bplab experiment file (*.bplab.json)',
    description:
      'An experiment: its definition, the servers it ran on with their capability reports, and every run with its capture. Samples are raw DEFLATE of their JSON, in base64. Never holds a password.',
  };
}
