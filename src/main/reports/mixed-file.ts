/**
 * Reading a saved mixed preset result (bplab load --during) by its path: the CLI's compare and report
 * and the load screen's "open" all read it here, each refusal in words naming the file.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { MIXED_RESULT_KIND, MixedLoadResultSchema, type MixedLoadResult } from '../../shared/load/mixed-load';
import { AppFailure } from '../../shared/result';

/** The file's JSON, or null when it cannot be read as JSON at all (compare then reads it as runs). */
export async function readJsonFile(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

export const isMixedResult = (json: unknown): boolean =>
  (json as { kind?: unknown } | null)?.kind === MIXED_RESULT_KIND;

/** A parsed file's JSON as a mixed result, or a refusal in words. */
export function mixedResultFrom(json: unknown, path: string): MixedLoadResult {
  if (!isMixedResult(json))
    throw AppFailure.of(
      'FILE_MALFORMED',
      `${path} is not a result of bplab load --during (a mixed preset result).`,
    );
  const parsed = MixedLoadResultSchema.safeParse(json);
  if (!parsed.success)
    throw AppFailure.of(
      'FILE_MALFORMED',
      `${path} is a bplab load --during result bplab cannot read (it may be damaged).`,
    );
  return parsed.data;
}

/** The mixed result saved at `path`; a missing file, or one that is not such a result, said in words. */
export async function readMixedFile(path: string): Promise<MixedLoadResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw AppFailure.of(
      code === 'ENOENT' ? 'NOT_FOUND' : 'FILE_MALFORMED',
      `${path} cannot be read: ${code === 'ENOENT' ? 'there is no such file' : (e as Error).message}.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw AppFailure.of(
      'FILE_MALFORMED',
      `${path} is not a result of bplab load --during: it is not JSON text.`,
    );
  }
  return mixedResultFrom(json, path);
}

/**
 * The file as a mixed preset result, or null when it is something else (compare and report then read
 * it as runs or experiments). A mixed result beside other files is refused in words: it compares its
 * own sides.
 */
export async function mixedResultOf(
  paths: string[],
): Promise<{ result: MixedLoadResult; source: string } | null> {
  const jsons = await Promise.all(paths.map(readJsonFile));
  const at = jsons.findIndex(isMixedResult);
  if (at < 0) return null;
  if (paths.length > 1)
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `${paths[at]} is a result of bplab load --during, which compares its own sides (each old_blocks_time): give it alone.`,
    );
  return { result: mixedResultFrom(jsons[at], paths[at]!), source: basename(paths[at]!) };
}
