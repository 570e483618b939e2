/**
 * Reports written from the app (reports/export): the same model, renderers and file reading as
 * `bplab report`, for the configurations the comparison screen chose, in the order chosen. The
 * sources are read here from their files (never sent by the page), and a source holding anything
 * that looks like a password is refused before a byte is written: a report never holds one.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chooseSides, fileLabel } from '../../shared/compare/experiment-sides';
import { coldHotView } from '../../shared/compare/cold-hot';
import { answerTitle, letterSides } from '../../shared/compare/glance';
import { chosenPair, questionLines } from '../../shared/compare/question';
import type { Grouping } from '../../shared/compare/grouping';
import { buildFlightTable } from '../../shared/compare/flights';
import { secretPaths } from '../../shared/experiments/experiment-file';
import type { ReportExport } from '../../shared/contract';
import { AppFailure } from '../../shared/result';
import type { RunResult } from '../../shared/runs/runs';
import { writeFileAtomic } from '../files/atomic-file';
import { reportCsvFiles } from './csv';
import { renderHtmlReport } from './html';
import { renderMarkdownSummary } from './markdown';
import { buildReport, type ReportModel } from './report-model';
import { readSides } from './run-files';
import { reportWhatIf, type ReplayComparison } from './whatif-section';
import { loadReports } from '../../shared/compare/load-report';
import { readLoadGroups } from './load-files';
import { loadCsvFiles, loadMarkdown, loadSectionHtml, renderLoadHtmlReport } from './load-html';
import { mixedResultOf } from './mixed-file';
import { mixedCsvFiles, renderMixedMarkdown } from './mixed-formats';
import { renderMixedHtml } from './mixed-html';
import { readVerdicts, verdictsCsvFiles, verdictsMarkdown, verdictsSectionHtml } from './reference-report';

export type ReportFormat = 'html' | 'csv' | 'md';

export interface ExportRequest {
  /** Results files (experiment or run files), as the comparison loaded them. */
  files: string[];
  /** Side labels in the order wanted, the baseline first; absent: every side of the files. */
  sides?: string[] | undefined;
  /** How the files' runs are grouped into sides; absent: per configuration. */
  grouping?: Grouping | undefined;
  format: ReportFormat;
  /** The file to write (html, md) or the folder to fill (csv). */
  to: string;
  /** Add the simulator's section: every run replayed (seconds per query at SF 1). */
  whatif?: boolean | undefined;
}

/** A run's fields without its samples (they hold figures only, checked by their own schema). */
function core(run: RunResult): Omit<RunResult, 'samples'> {
  const { samples: _samples, ...rest } = Object.getOwnPropertyDescriptors(run);
  return Object.defineProperties({}, rest) as Omit<RunResult, 'samples'>;
}

/** The simulator's section needs `replay` (the simulator's thread); a report without it needs none. */
export async function reportModel(
  req: Pick<ExportRequest, 'files' | 'sides' | 'grouping' | 'whatif'>,
  version: string,
  replay?: ReplayComparison,
  now = new Date(),
): Promise<ReportModel> {
  const all = await readSides(req.files, req.grouping);
  let chosen: { sides: typeof all.sides; protocol: typeof all.protocol } = all;
  // Nothing chosen: the experiment's question opens it (post 001's preset: 0 as A, 1000 as B, within one
  // flush method), as the Compare screen does.
  const start = all.question?.pairs[0];
  const sides = req.sides ?? (start ? [start.against, start.side] : undefined);
  if (sides) {
    const picked = chooseSides(all, sides);
    if ('problem' in picked)
      throw AppFailure.of('INVALID_ARGUMENT', `Cannot make the report: ${picked.problem}.`, {
        hint: 'Open the results files again; they may have changed since they were compared.',
      });
    chosen = picked;
  }
  const secrets = secretPaths(chosen.sides.map((s) => s.runs.map(core)));
  if (secrets.length)
    throw AppFailure.of(
      'FILE_MALFORMED',
      `Cannot make the report: a run holds what looks like a password (at ${secrets[0]}), and a report never holds one.`,
    );
  // Named A, B... once: findings and table headers stay short, the legend says which is which.
  const named = letterSides(chosen);
  const match = (run: RunResult) => all.keys.get(run);
  const pair = all.question && sides ? chosenPair(all.question, sides) : null;
  const question =
    pair && all.question
      ? { title: all.question.title, lines: questionLines(all.question, all.sides, match, pair) }
      : undefined;
  return buildReport(named.sides, {
    match,
    title: `bplab comparison: ${question?.title ?? (answerTitle(named.legend) || named.legend[0]?.label)}`,
    legend: named.legend,
    ...(question ? { question } : {}),
    ...(req.whatif ? { whatIf: await reportWhatIf(named.sides, replayOrSay(replay)) } : {}),
    generatedAt: now.toISOString(),
    bplabVersion: version,
    sources: req.files.map(fileLabel),
    experiments: all.experiments,
    ...(named.protocol.length
      ? { flights: buildFlightTable(named.protocol), coldHot: coldHotView(named.protocol) }
      : {}),
  });
}

function replayOrSay(replay: ReplayComparison | undefined): ReplayComparison {
  if (replay) return replay;
  throw AppFailure.of('INTERNAL', "The report's simulator section was asked, but no simulator was given.");
}

/**
 * The report's files: the runs' comparison, with the OLTP load sweeps of the same files after its
 * headline and charts (answer first); files holding sweeps only make a report of the sweeps alone.
 */
async function reportFiles(
  req: ExportRequest,
  version: string,
  replay: ReplayComparison | undefined,
): Promise<Array<{ path: string; content: string }>> {
  // A mixed preset result compares its own sides (each old_blocks_time): it is reported alone.
  const mixed = await mixedResultOf(req.files);
  if (mixed) {
    const opts = { bplabVersion: version, source: mixed.source };
    if (req.format === 'html') return [{ path: req.to, content: renderMixedHtml(mixed.result, opts) }];
    if (req.format === 'md') return [{ path: req.to, content: renderMixedMarkdown(mixed.result, opts) }];
    return mixedCsvFiles(mixed.result).map((f) => ({ path: join(req.to, f.name), content: f.content }));
  }
  const loads = await readLoadGroups(req.files);
  const sweeps = loadReports(loads.groups);
  const model = loads.runs || sweeps.length === 0 ? await reportModel(req, version, replay) : null;
  const title = `bplab comparison: ${req.files.map(fileLabel).join(', ')}`;
  // The published figures and their verdicts, where the experiments carry some: before the sweeps.
  const verdicts = await readVerdicts(req.files);
  if (req.format === 'html') {
    const sections = [
      ...(verdicts.length ? [verdictsSectionHtml(verdicts)] : []),
      ...(sweeps.length ? [loadSectionHtml(sweeps)] : []),
    ];
    const content = model
      ? renderHtmlReport(model, sections)
      : renderLoadHtmlReport(sections, {
          title,
          generatedAt: new Date().toISOString(),
          bplabVersion: version,
          sources: req.files.map(fileLabel),
        });
    return [{ path: req.to, content }];
  }
  if (req.format === 'md') {
    const runs = model ? renderMarkdownSummary(model) : `# ${title}\n`;
    const more = [
      ...(verdicts.length ? [verdictsMarkdown(verdicts)] : []),
      ...(sweeps.length ? [loadMarkdown(sweeps)] : []),
    ];
    return [{ path: req.to, content: [runs, ...more].join('\n') }];
  }
  return [
    ...(model ? reportCsvFiles(model) : []),
    ...verdictsCsvFiles(verdicts),
    ...loadCsvFiles(sweeps),
  ].map((f) => ({
    path: join(req.to, f.name),
    content: f.content,
  }));
}

async function written(what: string, to: string, write: () => Promise<void> | void): Promise<void> {
  try {
    await write();
  } catch (e) {
    throw AppFailure.of('FILE_MALFORMED', `Cannot write the ${what} to ${to}: ${(e as Error).message}`, {
      hint: 'Choose a folder you can write to.',
    });
  }
}

/** Writes the report; `replay` runs the simulator's section (req.whatif) in the simulator's thread. */
export async function exportReport(
  req: ExportRequest,
  version: string,
  replay?: ReplayComparison,
): Promise<ReportExport> {
  const t0 = performance.now();
  const files = await reportFiles(req, version, replay);
  if (req.format === 'csv')
    await written('CSV files', req.to, () => mkdir(req.to, { recursive: true }).then(() => {}));
  for (const f of files)
    await written(
      req.format === 'html' ? 'HTML report' : req.format === 'md' ? 'Markdown summary' : 'CSV file',
      f.path,
      req.format === 'csv'
        ? () => writeFile(f.path, f.content, 'utf8')
        : () => writeFileAtomic(f.path, f.content, 0o644),
    );
  return {
    format: req.format,
    written: files.map((f) => f.path),
    bytes: files.reduce((n, f) => n + Buffer.byteLength(f.content), 0),
    ms: performance.now() - t0,
  };
}
