/**
 * Saved runs from disk, as sides to compare: a run file holds one RunResult or a list of them; an
 * experiment file (*.bplab.json) holds configurations, each a side, and the cold/hot passes of post
 * 001's table. Each failure is an AppFailure naming the file and what is wrong with it.
 */
import { readFile } from 'node:fs/promises';
import type { RunSide } from '../../shared/runs/run-side';
import {
  experimentSides,
  type ExperimentSource,
  fileLabels,
  filePrefix,
} from '../../shared/compare/experiment-sides';
import type { ProtocolRun } from '../../shared/compare/flights';
import { defaultGrouping, type Grouping } from '../../shared/compare/grouping';
import { askQuestion, type AskedQuestion } from '../../shared/compare/question';
import { checkRunFile } from '../../shared/compare/run-file';
import { EXPERIMENT_FILE_FORMAT } from '../../shared/experiments/experiment-file';
import { parseJsonFile } from '../../shared/file-text';
import { AppFailure } from '../../shared/result';
import type { RunResult } from '../../shared/runs/runs';
import { parseExperimentFile } from '../experiments/experiment-file';

type ReadFile =
  | { kind: 'runs'; runs: RunResult[] }
  | {
      kind: 'experiment';
      sides: RunSide[];
      protocol: ProtocolRun[];
      keys: Map<unknown, string>;
      settings: Map<string, Record<string, string>>;
      source: ExperimentSource;
    };

const RESULTS_HINT =
  'give a results file bplab saved: an experiment (*.bplab.json) or a run (RunResult JSON), or a list of runs';

export async function readRunFile(path: string): Promise<RunResult[]> {
  const file = await readResultsFile(path);
  if (file.kind === 'runs') return file.runs;
  return file.sides.flatMap((s) => s.runs);
}

/** A run file or an experiment file, told apart by the experiment file's format field. */
export async function readResultsFile(path: string, prefix = '', grouping?: Grouping): Promise<ReadFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw AppFailure.of('NOT_FOUND', `${path}: no such file`);
    if (code === 'EISDIR') throw AppFailure.of('FILE_MALFORMED', `${path} is a folder, not a run file`);
    throw AppFailure.of('FILE_MALFORMED', `${path} cannot be read: ${(e as Error).message}`);
  }
  const data = parseJsonFile(text, path, 'a bplab results file', RESULTS_HINT);
  if (data && typeof data === 'object' && (data as { format?: unknown }).format === EXPERIMENT_FILE_FORMAT) {
    // Samples are read only by the charts that draw them.
    const experiment = parseExperimentFile(text, path, { samples: 'lazy' });
    const { definition, servers, state, savedAt, bplabVersion } = experiment;
    return {
      kind: 'experiment',
      // Asked for no grouping: per configuration, or what gives two sides (the join-order preset: variants).
      ...experimentSides(experiment.results, prefix, grouping ?? defaultGrouping(experiment.results)),
      source: { file: path, definition, servers, state, savedAt, bplabVersion },
    };
  }
  const checked = checkRunFile(data);
  if (!checked.ok)
    throw AppFailure.of('FILE_MALFORMED', `${path} is not a bplab run file: ${checked.problem}`, {
      hint: RESULTS_HINT,
    });
  return { kind: 'runs', runs: checked.runs };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Run files: one side per file, named after it; one file alone: each of its runs is a side (A, B, C...),
 * so a file holding two runs compares them. A single run alone has nothing to compare with. Experiment
 * files: a side per configuration (named after the file too when there are several files).
 */
export async function readSides(
  paths: string[],
  grouping?: Grouping,
): Promise<{
  sides: RunSide[];
  protocol: ProtocolRun[];
  keys: Map<unknown, string>;
  experiments: ExperimentSource[];
  /** The experiment's own question asked of its sides: one experiment file alone, per configuration. */
  question: AskedQuestion | null;
}> {
  if (paths.length === 0) throw AppFailure.of('INVALID_ARGUMENT', 'give at least one run file');
  const labels = fileLabels(paths);
  const files = await Promise.all(
    paths.map(async (path, i) => {
      const label = labels[i] ?? path;
      return {
        path,
        label,
        file: await readResultsFile(
          path,
          filePrefix(label, paths.length),
          grouping ?? (paths.length > 1 ? 'configuration' : undefined),
        ),
      };
    }),
  );
  const sides: RunSide[] = [];
  const protocol: ProtocolRun[] = [];
  const experiments: ExperimentSource[] = [];
  const keys = new Map<unknown, string>();
  for (const { path, label, file } of files) {
    if (file.kind === 'experiment') {
      sides.push(...file.sides);
      protocol.push(...file.protocol);
      for (const [run, key] of file.keys) keys.set(run, key);
      experiments.push(file.source);
    } else if (files.length === 1) {
      if (file.runs.length < 2)
        throw AppFailure.of('INVALID_ARGUMENT', `${path} holds one run: nothing to compare it with`, {
          hint: 'give a second run file, or a file holding several runs',
        });
      file.runs.forEach((run, i) => sides.push({ label: LETTERS[i] ?? `run ${i + 1}`, runs: [run] }));
    } else sides.push({ label, runs: file.runs });
  }
  if (sides.length === 0)
    throw AppFailure.of('INVALID_ARGUMENT', `${paths.join(', ')}: no counted run to compare`);
  const only = files.length === 1 ? files[0]!.file : null;
  const question =
    only?.kind === 'experiment'
      ? askQuestion(only.source.definition.question, only.sides, only.settings)
      : null;
  return { sides, protocol, keys, experiments, question };
}
