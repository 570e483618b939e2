/**
 * Saved runs from disk, as sides to compare: a file holds one RunResult or a list of them. Each failure
 * is an AppFailure naming the file and what is wrong with it.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { RunSide } from '../../shared/compare/comparison';
import { checkRunFile } from '../../shared/compare/run-file';
import { AppFailure } from '../../shared/result';
import type { RunResult } from '../../shared/runs';

export async function readRunFile(path: string): Promise<RunResult[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw AppFailure.of('NOT_FOUND', `${path}: no such file`);
    if (code === 'EISDIR') throw AppFailure.of('FILE_MALFORMED', `${path} is a folder, not a run file`);
    throw AppFailure.of('FILE_MALFORMED', `${path} cannot be read: ${(e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw AppFailure.of('FILE_MALFORMED', `${path} is not valid JSON: ${(e as Error).message}`, {
      hint: 'give a run saved by bplab (RunResult JSON), or a list of them',
    });
  }
  const checked = checkRunFile(data);
  if (!checked.ok)
    throw AppFailure.of('FILE_MALFORMED', `${path} is not a bplab run file: ${checked.problem}`, {
      hint: 'give a run saved by bplab (RunResult JSON), or a list of them',
    });
  return checked.runs;
}

/** "q11-ob1000" from ".../q11-ob1000.bplab.json". */
export function sideLabel(path: string): string {
  return basename(path).replace(/(\.bplab)?\.json$/i, '') || path;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Several files: one side per file, named after it. One file: each of its runs is a side (A, B, C...),
 * so a file holding two runs compares them. A single run alone has nothing to compare with.
 */
export async function readSides(paths: string[]): Promise<RunSide[]> {
  if (paths.length === 0) throw AppFailure.of('INVALID_ARGUMENT', 'give at least one run file');
  const files = await Promise.all(paths.map(async (path) => ({ path, runs: await readRunFile(path) })));
  if (files.length === 1) {
    const only = files[0] as { path: string; runs: RunResult[] };
    if (only.runs.length < 2)
      throw AppFailure.of('INVALID_ARGUMENT', `${only.path} holds one run: nothing to compare it with`, {
        hint: 'give a second run file, or a file holding several runs',
      });
    return only.runs.map((run, i) => ({ label: LETTERS[i] ?? `run ${i + 1}`, runs: [run] }));
  }
  const seen = new Map<string, number>();
  return files.map(({ path, runs }) => {
    const base = sideLabel(path);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { label: n > 1 ? `${base} (${n})` : base, runs };
  });
}
