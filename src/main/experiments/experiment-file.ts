/**
 * Reading and writing experiment files (`*.bplab.json`; the format is in src/shared/experiments/experiment-file.ts).
 * Loading validates everything and names the path in the file and what is wrong; a file from an older
 * version is brought up to date in memory; saving checks the whole file first and writes atomically, so a
 * failed save never touches the file already there. Samples are deflated on the way out.
 */
import { readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  EXPERIMENT_FILE_FORMAT,
  EXPERIMENT_FILE_VERSION,
  StoredExperimentFileSchema,
  StoredExperimentHeadSchema,
  checkStoredResults,
  jsonPath,
  secretPaths,
  type ExperimentFile,
  type StoredExperimentFile,
} from '../../shared/experiments/experiment-file';
import type { CapabilityReport } from '../../shared/models';
import { RunSamplesSchema } from '../../shared/runs/run-schema';
import { noSamples, type PoolStats, type RunResult } from '../../shared/runs/runs';
import { parseJsonFile } from '../../shared/file-text';
import { AppFailure } from '../../shared/result';
import { writeFileAtomic } from '../files/atomic-file';

/** Upgrades a file of version N to N+1, on the parsed JSON; none yet (version 1 is the first). */
const MIGRATIONS: Record<number, (file: Record<string, unknown>) => Record<string, unknown>> = {};

/** What to do about a file bplab cannot read: the same for every fault in it. */
const MALFORMED_HINT =
  'Open a *.bplab.json that bplab saved. If this one was edited by hand, put right the value at that place (docs/experiment-file.schema.json describes the format); bplab never changes it.';

function malformed(file: string, path: string, what: string): AppFailure {
  return AppFailure.of('FILE_MALFORMED', `${file} is not a valid experiment file: at ${path}, ${what}.`, {
    hint: MALFORMED_HINT,
    details: { file, path },
  });
}

/** Text that is not JSON at all: the schema (which describes the JSON) is no help there. */
const NOT_JSON_HINT =
  'A bplab results file is JSON text that bplab saved (*.bplab.json); this one is not: open one bplab saved.';

function parseJson(text: string, file: string): unknown {
  return parseJsonFile(text, file, 'a valid experiment file', NOT_JSON_HINT);
}

function decodeSamples(
  stored: StoredExperimentFile['results'][number],
  i: number,
  file: string,
): RunResult['samples'] {
  if (!stored.samples) return noSamples();
  const at = `$.results[${i}].samples.data`;
  let json: unknown;
  try {
    json = JSON.parse(inflateRawSync(Buffer.from(stored.samples.data, 'base64')).toString('utf8'));
  } catch {
    throw malformed(file, at, 'the samples are not deflated JSON in base64');
  }
  const parsed = RunSamplesSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw malformed(file, `${at} (decoded) ${jsonPath(issue.path)}`, issue.message.toLowerCase());
  }
  return parsed.data;
}

export interface ParseOptions {
  /**
   * 'eager' (the default) inflates and checks every run's samples now; 'lazy' checks the rest of the
   * file now and each run's samples the first time they are read (a comparison needs none of them:
   * opening a large results file to compare it takes a fraction of the time). A lazy run's samples that
   * turn out bad throw the same FILE_MALFORMED, naming the path, when read. 'none' leaves them out
   * (empty): a copy to compare and to send to the page, never to save back. 'all' is 'eager'.
   */
  samples?: 'eager' | 'lazy' | 'none' | 'all';
  /**
   * 'comparison': what the comparison screen reads and nothing more, for the page (implies samples
   * 'none'): each run's SQL text, EXPLAIN's JSON, ANALYZE and engine statistics, the pool stats' raw
   * columns and the LRU composition before the run are left out (empty), so the message to the page
   * is smaller and quicker both to write and to read. A copy for reading only, never saved back.
   */
  view?: 'whole' | 'comparison';
}

type StoredRun = StoredExperimentFile['results'][number]['run'];

/** A run as the comparison reads it (ParseOptions.view 'comparison'). */
function comparisonRun(run: StoredRun): RunResult {
  const noRaw = (p: PoolStats): PoolStats => ({ ...p, raw: {} });
  return {
    ...run,
    sql: '',
    explain: run.explain && {
      table: run.explain.table,
      json: null,
      // Where the plan came from stays: the comparison says when a side's plan was read after the run.
      ...(run.explain.source && { source: run.explain.source }),
      ...(run.explain.sourceNote && { sourceNote: run.explain.sourceNote }),
      ...(run.explain.planCheck && { planCheck: run.explain.planCheck }),
      ...(run.explain.afterRunNote && { afterRunNote: run.explain.afterRunNote }),
    },
    poolStats: { before: run.poolStats.before.map(noRaw), after: run.poolStats.after?.map(noRaw) ?? null },
    lru: { before: null, after: run.lru.after },
    samples: noSamples(),
  };
}

/** A RunResult whose `samples` are decoded on first read, then kept. */
function withLazySamples(run: Omit<RunResult, 'samples'>, decode: () => RunResult['samples']): RunResult {
  let samples: RunResult['samples'] | undefined;
  return Object.defineProperty({ ...run } as RunResult, 'samples', {
    enumerable: true,
    configurable: true,
    get: () => (samples ??= decode()),
  });
}

/** Parses an experiment file's text; throws AppFailure FILE_MALFORMED naming the path and the fault. */
export function parseExperimentFile(text: string, file: string, opts: ParseOptions = {}): ExperimentFile {
  const json = parseJson(text, file);
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw malformed(file, '$', 'the file holds no JSON object');
  let obj = json as Record<string, unknown>;
  if (obj.format !== EXPERIMENT_FILE_FORMAT)
    throw malformed(
      file,
      '$.format',
      `expected "${EXPERIMENT_FILE_FORMAT}" (this is not a bplab experiment file)`,
    );
  const version = obj.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw malformed(file, '$.version', 'expected a whole number from 1');
  if (version > EXPERIMENT_FILE_VERSION)
    throw AppFailure.of(
      'FILE_MALFORMED',
      `${file} was written by a newer bplab (format ${version}); this bplab reads formats up to ${EXPERIMENT_FILE_VERSION}.`,
      { hint: 'Open it with a newer bplab.', details: { file, path: '$.version' } },
    );
  for (let v = version; v < EXPERIMENT_FILE_VERSION; v++) obj = { ...MIGRATIONS[v]!(obj), version: v + 1 };
  const secrets = secretPaths(obj);
  if (secrets.length)
    throw malformed(file, secrets[0]!, 'it holds what looks like a password; bplab never stores one');
  // The head (definition, servers...) is small: zod parses it, filling in defaults. The results are
  // the bulk: checked in place against the file's JSON Schema, not copied (see shared/experiments/schema-check.ts).
  const { results, ...head } = obj;
  const parsed = StoredExperimentHeadSchema.safeParse(head);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw malformed(file, jsonPath(issue.path), issue.message.toLowerCase());
  }
  const problem = checkStoredResults(results);
  if (problem) throw malformed(file, jsonPath(problem.path), problem.message);
  const stored = { ...parsed.data, results: results as StoredExperimentFile['results'] };
  return {
    ...stored,
    servers: stored.servers.map((s) => ({ ...s, capabilities: s.capabilities as CapabilityReport | null })),
    results: stored.results.map((r, i) => ({
      planIndex: r.planIndex,
      cell: r.cell,
      pass: r.pass,
      counted: r.counted,
      cold: r.cold,
      run:
        opts.view === 'comparison'
          ? comparisonRun(r.run)
          : opts.samples === 'lazy'
            ? withLazySamples(r.run, () => decodeSamples(r, i, file))
            : opts.samples === 'none'
              ? { ...r.run, samples: noSamples() }
              : { ...r.run, samples: decodeSamples(r, i, file) },
    })),
  };
}

/** The file's text: checked first (a file bplab could not read back is never written), samples deflated. */
export function serializeExperimentFile(experiment: ExperimentFile): string {
  const stored: StoredExperimentFile = {
    ...experiment,
    format: EXPERIMENT_FILE_FORMAT,
    version: EXPERIMENT_FILE_VERSION,
    // A CapabilityReport is one of the loose objects the stored schema allows.
    servers: experiment.servers as unknown as StoredExperimentFile['servers'],
    results: experiment.results.map(({ run, ...place }, i) => {
      const { samples, ...core } = run;
      const checked = RunSamplesSchema.safeParse(samples);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        throw AppFailure.of(
          'INTERNAL',
          `bplab refused to save an experiment it could not read back: at $.results[${i}].run.samples${jsonPath(issue.path).slice(1)}, ${issue.message.toLowerCase()}.`,
        );
      }
      return {
        ...place,
        run: core,
        samples: {
          encoding: 'deflate-base64',
          data: deflateRawSync(JSON.stringify(samples)).toString('base64'),
        },
      };
    }),
  };
  const secrets = secretPaths(stored);
  if (secrets.length)
    throw AppFailure.of(
      'INTERNAL',
      `bplab refused to save an experiment holding a password (at ${secrets[0]}).`,
    );
  const checked = StoredExperimentFileSchema.safeParse(stored);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw AppFailure.of(
      'INTERNAL',
      `bplab refused to save an experiment it could not read back: at ${jsonPath(issue.path)}, ${issue.message.toLowerCase()}.`,
    );
  }
  return `${JSON.stringify(checked.data, null, 1)}\n`;
}

export function loadExperimentFile(file: string, opts: ParseOptions = {}): ExperimentFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw AppFailure.of('NOT_FOUND', `There is no file ${file}.`, {
        hint: 'Check the path (a file moved or deleted since stays in the recent list, marked missing).',
        details: { file },
      });
    if (code === 'EISDIR')
      throw AppFailure.of('FILE_MALFORMED', `${file} is a folder, not an experiment file.`, {
        hint: 'Choose a *.bplab.json file in it.',
      });
    throw AppFailure.of('FILE_MALFORMED', `bplab could not read ${file}: ${(e as Error).message}`, {
      hint: 'Check that the file is readable by you (its permissions), then open it again.',
    });
  }
  return parseExperimentFile(text, file, opts);
}

/** Saves atomically: the text is built and checked before anything is written, then renamed into place. */
export function saveExperimentFile(file: string, experiment: ExperimentFile): void {
  writeFileAtomic(file, serializeExperimentFile(experiment), 0o644);
}
