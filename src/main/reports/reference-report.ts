/**
 * The published figures of the experiment files in a report, with their verdicts: read from each
 * file's definition (and from a figures file given beside, `bplab compare --reference`), measured on
 * its own results, and written as an HTML section, Markdown, CSV and terminal text, headline first.
 */
import { readFile } from 'node:fs/promises';
import { escapeXml as esc } from '../../shared/compare/escape';
import { fileLabel } from '../../shared/compare/experiment-sides';
import { measureReferences } from '../../shared/compare/reference-verdicts';
import {
  PUBLISHED_TABLE_ID,
  splitVerdicts,
  unmeasuredLine,
  verdictRows,
  verdictsHeadline,
  verdictsTable,
  type VerdictRow,
} from '../../shared/compare/reference-tables';
import { wrapLines } from '../../shared/text-wrap';
import { EXPERIMENT_FILE_FORMAT, jsonPath } from '../../shared/experiments/experiment-file';
import { parseJsonFile } from '../../shared/file-text';
import { ReferenceFiguresSchema, type ReferenceFigure } from '../../shared/published/reference-figures';
import { AppFailure } from '../../shared/result';
import { loadExperimentFile, saveExperimentFile } from '../experiments/experiment-file';
import { tableCsv } from './csv';
import { htmlTable } from './html';
import { tableMarkdown } from './markdown';

/** One experiment file's figures and verdicts. */
export interface FileVerdicts {
  file: string;
  headline: string;
  rows: VerdictRow[];
}

const FIGURES_HINT =
  'give a JSON list of figures, or an object with "references": each with id, label, value, unit, measure, sides and citation (docs/experiment-file.schema.json, definition.references)';

/** A figures file: a JSON list of reference figures, or an object holding them under "references". */
export async function readReferenceFigures(path: string): Promise<ReferenceFigure[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw AppFailure.of('NOT_FOUND', `${path} cannot be read: ${(e as Error).message}`, {
      hint: FIGURES_HINT,
    });
  }
  const data = parseJsonFile(text, path, 'a figures file', FIGURES_HINT);
  const list = Array.isArray(data) ? data : (data as { references?: unknown } | null)?.references;
  const parsed = ReferenceFiguresSchema.safeParse(list ?? null);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw AppFailure.of('INVALID_ARGUMENT', `${path}: at ${jsonPath(issue.path)}, ${issue.message}`, {
      hint: FIGURES_HINT,
    });
  }
  return parsed.data;
}

/**
 * Keeps figures in an experiment file's definition, so they travel with it (a vendor's claim, an
 * earlier result): a figure of the same id is replaced. A file still being written is left alone.
 */
export function addReferences(path: string, figures: readonly ReferenceFigure[]): number {
  const file = loadExperimentFile(path);
  if (file.state === 'running')
    throw AppFailure.of('INVALID_ARGUMENT', `${path} is still being written by a running experiment.`, {
      hint: 'Add the figures once it has ended.',
    });
  const ids = new Set(figures.map((f) => f.id));
  const references = [...(file.definition.references ?? []).filter((f) => !ids.has(f.id)), ...figures];
  try {
    saveExperimentFile(path, { ...file, definition: { ...file.definition, references } });
  } catch (e) {
    if (e instanceof AppFailure) throw e;
    const full = (e as NodeJS.ErrnoException).code === 'ENOSPC';
    throw AppFailure.of(
      full ? 'DISK_FULL' : 'INVALID_ARGUMENT',
      `bplab could not write ${path}: ${writeWords(e)}`,
      {
        hint: 'The file is left as it was. Check that you may write its folder, or save a copy elsewhere and add the figures there.',
        details: { file: path },
      },
    );
  }
  return references.length;
}

/** Why a write failed, in words (the system's code only where it has no words here). */
function writeWords(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'you may not write its folder (permission denied).';
  if (code === 'EROFS') return 'it is on a read-only file system.';
  if (code === 'ENOSPC') return 'the disk is full.';
  return `${(e as Error).message}.`;
}

/** The verdicts of each experiment file among `paths` that holds figures (or is given some). */
export async function readVerdicts(
  paths: readonly string[],
  extra: readonly ReferenceFigure[] = [],
): Promise<FileVerdicts[]> {
  const out: FileVerdicts[] = [];
  for (const path of paths) {
    let head: unknown;
    try {
      head = JSON.parse(await readFile(path, 'utf8'));
    } catch {
      continue; // Not JSON bplab reads here: the runs' reader says what is wrong with it.
    }
    if ((head as { format?: unknown } | null)?.format !== EXPERIMENT_FILE_FORMAT) continue;
    const file = loadExperimentFile(path, { samples: 'none' });
    if (!file.definition.references?.length && extra.length === 0) continue;
    const rows = verdictRows(measureReferences(file, extra));
    out.push({ file: fileLabel(path), headline: verdictsHeadline(rows), rows });
  }
  return out;
}

const title = (v: FileVerdicts, n: number) => (n > 1 ? `Published figures: ${v.file}` : 'Published figures');

/**
 * The HTML section: per file its headline, the measured figures' table, open, then the figures not
 * measured as one line with their table folded under it.
 */
export function verdictsSectionHtml(list: readonly FileVerdicts[]): string {
  return list
    .map((v) => {
      const { measured, unmeasured } = splitVerdicts(v.rows);
      const folded = unmeasuredLine(v.rows);
      return [
        `<section class="published" id="published-${esc(v.file)}">`,
        `<h2>${esc(title(v, list.length))}</h2>`,
        `<p class="headline">${esc(v.headline)}</p>`,
        measured.length ? htmlTable(verdictsTable(measured), true) : '',
        folded
          ? htmlTable({
              ...verdictsTable(unmeasured),
              id: `${PUBLISHED_TABLE_ID}-not-measured`,
              title: folded,
            })
          : '',
        '</section>',
      ].join('\n');
    })
    .join('\n');
}

/** Markdown: the headline, the measured figures' table, then the figures not measured under their one line. */
export function verdictsMarkdown(list: readonly FileVerdicts[]): string {
  return list
    .map((v) => {
      const { measured, unmeasured } = splitVerdicts(v.rows);
      const folded = unmeasuredLine(v.rows);
      return [
        `## ${title(v, list.length)}`,
        '',
        `**${v.headline}**`,
        '',
        ...(measured.length ? [tableMarkdown(verdictsTable(measured))] : []),
        ...(folded ? [tableMarkdown({ ...verdictsTable(unmeasured), title: folded })] : []),
      ].join('\n');
    })
    .join('\n');
}

export function verdictsCsvFiles(list: readonly FileVerdicts[]): Array<{ name: string; content: string }> {
  return list.map((v, i) => ({
    name: `published-figures${list.length > 1 ? `-${i + 1}` : ''}.csv`,
    content: tableCsv(verdictsTable(v.rows)),
  }));
}

/**
 * For the terminal: the headline, then per figure measured its verdict and, indented under it, what
 * explains it; the figures not measured in one line. Wrapped to the terminal's width.
 */
export function verdictsText(list: readonly FileVerdicts[]): string {
  return list
    .map((v) => {
      const { measured } = splitVerdicts(v.rows);
      const folded = unmeasuredLine(v.rows);
      return wrapLines(
        [
          list.length > 1 ? `${v.file}: ${v.headline}` : v.headline,
          ...measured.flatMap((r) => [
            `  ${r.label}${r.context ? ` [${r.context}]` : ''}: published ${r.published}, measured ${r.measured}: ${r.words}`,
            ...r.explained.map((e) => `      ${e}`),
            `      source: ${r.source}`,
          ]),
          ...(folded ? [`  ${folded}`] : []),
        ].join('\n'),
      );
    })
    .join('\n\n');
}
