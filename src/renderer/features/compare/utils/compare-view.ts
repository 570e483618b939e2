/**
 * What the comparison screen shows, from the results files it has loaded and the configurations
 * chosen: pure, built from the same shared pieces as `bplab compare` and the HTML report (sides,
 * comparison, findings, tables, chart view-models), so a figure reads the same on the screen and in
 * the report. Only the overview is computed up front; a pair's tables and chart when it is shown.
 */
import { lruPairedBars, type PairedBarsView } from '../../../../shared/compare/charts';
import { compareSides, type Comparison, type PairComparison } from '../../../../shared/compare/comparison';
import { defaultGrouping, pickedSides, type Grouping } from '../../../../shared/compare/grouping';
import type { RunResult } from '../../../../shared/runs/runs';
import {
  chooseSides,
  experimentSides,
  fileLabels,
  filePrefix,
  type ExperimentSource,
} from '../../../../shared/compare/experiment-sides';
import { engineFindings } from '../../../../shared/compare/engine-findings';
import { findFindings, type Findings } from '../../../../shared/compare/findings';
import {
  answerTitle,
  headlines,
  letterSides,
  ratioWords,
  type SideName,
} from '../../../../shared/compare/glance';
import {
  askQuestion,
  chosenPair,
  questionLines,
  type AskedQuestion,
} from '../../../../shared/compare/question';
import { TABLE_IDS } from '../../../../shared/compare/anchors';
import {
  coldHotBars,
  coldHotTable,
  coldHotView,
  crossoverFindings,
} from '../../../../shared/compare/cold-hot';
import { coldHotBarsSvg } from '../../../../shared/compare/svg-cold-hot';
import { buildFlightTable } from '../../../../shared/compare/flights';
import {
  flightsTable,
  pairTables,
  planDiffTables,
  queryTimesTable,
  settingsTable,
} from '../../../../shared/compare/tables';
import { type ReportTable } from '../../../../shared/compare/report-table';
import { experimentTable, serversTable } from '../../../../shared/compare/experiment-tables';
import type { ExperimentFile } from '../../../../shared/experiments/experiment-file';
import type { RunSide } from '../../../../shared/runs/run-side';
import type { ProtocolRun } from '../../../../shared/compare/flights';

/** A results file the comparison has loaded (through the one loader, main's experiments/open). */
export interface LoadedResults {
  /** Its path, or for a file dropped in browser mode (no path main can read) its name. */
  file: string;
  experiment: ExperimentFile;
  /** Dropped in browser mode: loaded from its text, so a report (made by main from paths) cannot use it. */
  dropped?: boolean;
}

/** A configuration the user can pick: one side of one loaded file. */
export interface ConfigurationChoice {
  label: string;
  runs: number;
  completeRuns: number;
  /** Why its runs that did not complete stopped, each reason once ("error 1146 … doesn't exist"); null when all completed. */
  why: string | null;
}

export interface ResultsSides {
  sides: RunSide[];
  protocol: ProtocolRun[];
  experiments: ExperimentSource[];
  /** Each run's match key (grouping.ts): runs of equal keys on two sides are compared. */
  keys: Map<unknown, string>;
  /** The experiment's own question asked of its sides (one file, per configuration), else null. */
  question: AskedQuestion | null;
}

/**
 * How the sides are made when the reader has not said: per configuration, unless a single file holds
 * one configuration only (the join-order preset), then per variant, query or server, whichever gives two.
 */
export function effectiveGrouping(files: readonly LoadedResults[], grouping: Grouping | null): Grouping {
  if (grouping) return grouping;
  return files.length === 1 && files[0] ? defaultGrouping(files[0].experiment.results) : 'configuration';
}

/**
 * Every file's runs as sides (grouped as asked, named as the CLI and the report name them), then the
 * runs picked one by one in the Runs list, each its own side.
 */
export function resultsSides(
  files: readonly LoadedResults[],
  grouping: Grouping | null = null,
  picked: readonly RunResult[] = [],
): ResultsSides {
  const labels = fileLabels(files.map((f) => f.file));
  const by = effectiveGrouping(files, grouping);
  const out: ResultsSides = { sides: [], protocol: [], experiments: [], keys: new Map(), question: null };
  files.forEach((f, i) => {
    const { sides, protocol, keys, settings } = experimentSides(
      f.experiment.results,
      filePrefix(labels[i] ?? f.file, files.length),
      by,
    );
    out.sides.push(...sides);
    out.protocol.push(...protocol);
    for (const [run, key] of keys) out.keys.set(run, key);
    const { definition, servers, state, savedAt, bplabVersion } = f.experiment;
    out.experiments.push({ file: f.file, definition, servers, state, savedAt, bplabVersion });
    // A file's question is its own: asked when it is the only thing compared.
    if (files.length === 1 && picked.length === 0)
      out.question = askQuestion(definition.question, sides, settings);
  });
  out.sides.push(...pickedSides(picked));
  return out;
}

export function configurationChoices(
  files: readonly LoadedResults[],
  grouping: Grouping | null = null,
  picked: readonly RunResult[] = [],
): ConfigurationChoice[] {
  const { sides } = resultsSides(files, grouping, picked);
  return sides.map((s) => {
    const stopped = s.runs.filter((r) => r.state !== 'complete');
    const reasons = [...new Set(stopped.map((r) => r.error ?? `${r.state}, with no reason recorded`))];
    return {
      label: s.label,
      runs: s.runs.length,
      completeRuns: s.runs.length - stopped.length,
      why: reasons.length > 0 ? reasons.join('; ') : null,
    };
  });
}

/**
 * The sides a comparison opens on: the experiment's question (post 001's preset: innodb_old_blocks_time
 * 0 as A and 1000 as B, within the first flush method), else the first two sides offered.
 */
export function startingChoice(
  files: readonly LoadedResults[],
  grouping: Grouping | null = null,
  picked: readonly RunResult[] = [],
): string[] {
  const all = resultsSides(files, grouping, picked);
  const pair = all.question?.pairs[0];
  return pair ? [pair.against, pair.side] : all.sides.slice(0, 2).map((s) => s.label);
}

/** The chosen labels still offered (a file closed takes its configurations along); else `start` (the first two). */
export function keepChoice(
  chosen: readonly string[],
  choices: readonly ConfigurationChoice[],
  start: readonly string[] = choices.slice(0, 2).map((c) => c.label),
): string[] {
  const offered = new Set(choices.map((c) => c.label));
  const kept = chosen.filter((l) => offered.has(l));
  return kept.length > 0 ? kept : [...start];
}

/** Adds or removes a configuration; the first chosen stays the baseline. */
export function toggleChoice(chosen: readonly string[], label: string): string[] {
  return chosen.includes(label) ? chosen.filter((l) => l !== label) : [...chosen, label];
}

/** Makes a chosen configuration the baseline (first). */
export function makeBaseline(chosen: readonly string[], label: string): string[] {
  return chosen.includes(label) ? [label, ...chosen.filter((l) => l !== label)] : [...chosen];
}

export interface PairEntry {
  id: string;
  title: string;
  /** "Q1.1", the query the pair compares, and the side against the baseline. */
  query: string;
  side: string;
  checksumDiffers: boolean;
  findings: number;
}

export interface ComparisonView {
  /** The answer's heading: the question ("innodb_old_blocks_time 1000 against 0"), else B against A. */
  title: string;
  comparison: Comparison;
  /** The sides compared, named A, B...: what the simulator replays when asked. */
  sides: RunSide[];
  /**
   * The answer first: one line per side against the baseline (A); when the sides are a pair of the
   * experiment's question, that pair's line, then each other pair of the question beside it.
   */
  headlines: string[];
  /** Which side each letter is, said once. */
  legend: SideName[];
  /** How every ratio is read ("Every ratio is B's time over A's."), said once. */
  ratios: string;
  /** The EXPLAIN diffs of the pairs whose plans differ: shown first, they explain the rest. */
  planDiffs: ReportTable[];
  /** The answer first: per flight, each query cold and hot per side, drawn as SVG (none without a protocol). */
  charts: Array<{ id: string; title: string; svg: string }>;
  findings: Findings;
  /** Experiments, servers, settings, post 001's table (when the files have a protocol), time per query. */
  tables: ReportTable[];
  pairs: PairEntry[];
  /** Pairs whose result checksums differ: the comparison may be of different questions. */
  checksumWarnings: PairEntry[];
}

export type ComparisonOutcome = { ok: true; view: ComparisonView } | { ok: false; problem: string };

export function comparisonView(
  files: readonly LoadedResults[],
  chosen: readonly string[],
  grouping: Grouping | null = null,
  picked: readonly RunResult[] = [],
): ComparisonOutcome {
  if (files.length === 0 && picked.length === 0)
    return { ok: false, problem: 'Open a results file to compare its configurations.' };
  if (chosen.length < 2)
    return {
      ok: false,
      problem:
        configurationChoices(files, grouping, picked).length < 2
          ? 'There is one side only: group the runs another way (by variant, query or server), or open another results file.'
          : 'Choose at least two sides to compare.',
    };
  const all = resultsSides(files, grouping, picked);
  const chosenSides = chooseSides(all, chosen);
  if ('problem' in chosenSides) return { ok: false, problem: `Cannot compare: ${chosenSides.problem}.` };
  // Named A, B... once, as the report and the CLI name them: findings and table headers stay short.
  const named = letterSides(chosenSides);
  const comparison = compareSides(named.sides, (run) => all.keys.get(run));
  const coldHot = named.protocol.length ? coldHotView(named.protocol) : null;
  const findings = findFindings(
    comparison,
    undefined,
    undefined,
    coldHot ? [...engineFindings(coldHot), ...crossoverFindings(coldHot)] : [],
  );
  const pairs = comparison.pairs.map((p): PairEntry => ({
    id: p.id,
    title: p.title,
    query: p.a.run.queryId === p.b.run.queryId ? queryName(p) : p.title,
    side: p.b.label,
    checksumDiffers: p.checksum.same === false,
    findings: findings.byPair[p.id]?.length ?? 0,
  }));
  const asked = all.question;
  const pair = asked ? chosenPair(asked, chosen) : null;
  return {
    ok: true,
    view: {
      title: pair && asked ? asked.title : answerTitle(named.legend),
      comparison,
      sides: named.sides,
      headlines:
        pair && asked
          ? questionLines(asked, all.sides, (run) => all.keys.get(run), pair)
          : headlines(
              comparison,
              named.legend.map((s) => s.label),
            ),
      legend: named.legend,
      ratios: ratioWords(named.legend),
      planDiffs: planDiffTables(comparison.pairs),
      charts: coldHot
        ? coldHotBars(coldHot).map((v, i) => {
            const id = `${TABLE_IDS.coldHot}-chart-${i + 1}`;
            return { id, title: v.title, svg: coldHotBarsSvg(v, id) };
          })
        : [],
      findings,
      tables: [
        ...all.experiments.flatMap((x, n) => [
          experimentTable(x, n, all.experiments.length),
          serversTable(x, n, all.experiments.length),
        ]),
        settingsTable(comparison),
        ...(coldHot ? [coldHotTable(coldHot)] : []),
        ...(named.protocol.length ? [flightsTable(buildFlightTable(named.protocol))] : []),
        queryTimesTable(comparison),
      ],
      pairs,
      checksumWarnings: pairs.filter((p) => p.checksumDiffers),
    },
  };
}

const queryName = (p: PairComparison) =>
  p.a.run.variant === 'base' ? p.a.run.queryId : `${p.a.run.queryId} (${p.a.run.variant})`;

/** The pair whose section holds a table (a finding's link), or null for the overview's tables. */
export function pairOfTable(tableId: string, pairs: readonly { id: string }[]): string | null {
  return pairs.find((p) => tableId.startsWith(`${p.id}-`))?.id ?? null;
}

export interface PairDetail {
  pair: PairComparison;
  tables: ReportTable[];
  bars: PairedBarsView;
}

export function pairDetail(view: ComparisonView, pairId: string | null): PairDetail | null {
  const pair = view.comparison.pairs.find((p) => p.id === pairId) ?? view.comparison.pairs[0];
  if (!pair) return null;
  return { pair, tables: pairTables(pair), bars: lruPairedBars(pair) };
}
