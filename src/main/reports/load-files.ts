/**
 * The OLTP load sweeps results files hold, for the comparison and the reports: `bplab load` result
 * files side by side, and each experiment file's sweeps by load step. A file that is neither (runs only)
 * gives none; a load result bplab cannot read is said in words.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  loadFileLabel,
  loadGroupOfFiles,
  loadGroupsOfExperiment,
  type LoadGroup,
} from '../../shared/compare/load-report';
import { EXPERIMENT_FILE_FORMAT } from '../../shared/experiments/experiment-file';
import { LOAD_RESULT_KIND, LoadResultSchema, type LoadResult } from '../../shared/load/oltp-load';
import { AppFailure } from '../../shared/result';
import { loadExperimentFile } from '../experiments/experiment-file';

export interface LoadSources {
  groups: LoadGroup[];
  /** Whether any of the files holds query runs too (the runs' comparison is made beside). */
  runs: boolean;
}

/** A parsed file's JSON as a `bplab load` result; null when it is not one; a damaged one said in words. */
export function loadResultFrom(json: unknown, path: string): LoadResult | null {
  if ((json as { kind?: unknown } | null)?.kind !== LOAD_RESULT_KIND) return null;
  const result = LoadResultSchema.safeParse(json);
  if (!result.success)
    throw AppFailure.of(
      'FILE_MALFORMED',
      `${path} is a bplab load result bplab cannot read (it may be damaged).`,
    );
  return result.data;
}

/** The sweeps of the files; `runs` says whether any of them holds query runs as well. */
export async function readLoadGroups(paths: readonly string[]): Promise<LoadSources> {
  const plain: Array<{ label: string; result: LoadResult }> = [];
  const groups: LoadGroup[] = [];
  let runs = false;
  for (const path of paths) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(path, 'utf8'));
    } catch {
      runs = true; // Not JSON bplab reads here: the runs' reader says what is wrong with it.
      continue;
    }
    const head = parsed as { kind?: unknown; format?: unknown };
    const result = loadResultFrom(parsed, path);
    if (result) plain.push({ label: loadFileLabel(path, result), result });
    else if (head?.format === EXPERIMENT_FILE_FORMAT) {
      const file = loadExperimentFile(path, { samples: 'none' });
      if (file.results.length > 0) runs = true;
      groups.push(...loadGroupsOfExperiment(basename(path), file.definition, file.loads ?? []));
    } else runs = true;
  }
  return { groups: plain.length ? [loadGroupOfFiles(plain), ...groups] : groups, runs };
}
