/** `bplab compare` and `bplab report`: saved runs side by side, on the terminal or as report files. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { GROUPINGS, type Grouping } from '../../../shared/compare/grouping';
import { loadQpsTable } from '../../../shared/compare/load-tables';
import { LOAD_RESULT_KIND, LoadResultSchema } from '../../../shared/oltp-load';
import type { LoadResult } from '../../../shared/oltp-load';
import { AppFailure } from '../../../shared/result';
import { reportCsvFiles } from '../../reports/csv';
import { renderHtmlReport } from '../../reports/html';
import { renderMarkdownSummary } from '../../reports/markdown';
import { reportModel } from '../../reports/export';
import { findingsText, headlineText, tableText } from '../../reports/text';
import { defineCommand } from '../command';
import { renderMixedHtml } from '../../reports/mixed-html';
import { mixedResultOf, mixedText } from './load-during';

/** --by: how the files' runs are grouped into sides; absent, per configuration or what gives two sides. */
function grouping(by: string | undefined): Grouping | undefined {
  if (by === undefined) return undefined;
  const found = GROUPINGS.find((g) => g.id === by);
  if (!found)
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `--by takes ${GROUPINGS.map((g) => g.id).join(', ')} (what to put side by side), not "${by}"`,
    );
  return found.id;
}

const model = (paths: string[], version: string, by: string | undefined, whatif = false) =>
  reportModel({ files: paths, grouping: grouping(by), whatif }, version);

/** The files as OLTP load results (bplab load), or null when any of them is not one. */
async function loadResults(paths: string[]): Promise<Array<{ label: string; result: LoadResult }> | null> {
  const out = [];
  for (const path of paths) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(path, 'utf8'));
    } catch {
      return null;
    }
    if ((parsed as { kind?: unknown })?.kind !== LOAD_RESULT_KIND) return null;
    const result = LoadResultSchema.safeParse(parsed);
    if (!result.success)
      throw AppFailure.of(
        'FILE_MALFORMED',
        `${path} is a bplab load result bplab cannot read (it may be damaged).`,
      );
    out.push({ label: basename(path).replace(/\.bplab-load\.json$|\.json$/, ''), result: result.data });
  }
  return out;
}

export const compareCommand = defineCommand({
  name: 'compare',
  summary:
    "compare saved runs or experiments: post 001's table, time per query with ratios, then the findings",
  usage:
    'bplab compare a.json [b.json ...] [--by configuration|variant|query|server]   (run files or experiment files; one file holding several runs compares them; bplab load results: QPS by clients)',
  options: { by: { type: 'string' } },
  positionals: true,
  async run({ values, positionals }, ctx) {
    const mixed = positionals.length > 0 ? await mixedResultOf(positionals) : null;
    if (mixed) {
      ctx.out(mixedText(mixed.result));
      return 0;
    }
    const loads = positionals.length > 0 ? await loadResults(positionals) : null;
    if (loads) {
      ctx.out(tableText(loadQpsTable(loads)));
      return 0;
    }
    const m = await model(positionals, ctx.version, values.by);
    ctx.out(`${headlineText(m)}\n`);
    for (const id of ['flights', 'query-times']) {
      const table = m.tables.find((t) => t.id === id);
      if (table) ctx.out(`${tableText(table)}\n`);
    }
    ctx.out(findingsText(m.findings.summary));
    return 0;
  },
});

async function write(path: string, content: string, what: string): Promise<void> {
  try {
    await writeFile(path, content, 'utf8');
  } catch (e) {
    throw AppFailure.of('FILE_MALFORMED', `cannot write the ${what} to ${path}: ${(e as Error).message}`);
  }
}

export const reportCommand = defineCommand({
  name: 'report',
  summary:
    'write a comparison of saved runs as a self-contained HTML report, CSV files and a Markdown summary',
  usage:
    'bplab report a.json [b.json ...] (--html out.html | --csv DIR | --md out.md)... [--by configuration|variant|query|server] [--whatif]',
  options: {
    html: { type: 'string' },
    csv: { type: 'string' },
    md: { type: 'string' },
    by: { type: 'string' },
    whatif: { type: 'boolean' },
  },
  positionals: true,
  async run({ values, positionals }, ctx) {
    if (!values.html && !values.csv && !values.md)
      throw AppFailure.of('INVALID_ARGUMENT', 'say what to write: --html FILE, --csv DIR and/or --md FILE');
    const mixed = positionals.length > 0 ? await mixedResultOf(positionals) : null;
    if (mixed) {
      if (values.csv || values.md)
        throw AppFailure.of('INVALID_ARGUMENT', 'a bplab load --during result is reported as --html only');
      await write(
        values.html!,
        renderMixedHtml(mixed.result, { bplabVersion: ctx.version, source: mixed.source }),
        'HTML report',
      );
      ctx.err(`bplab: HTML report written to ${values.html}`);
      ctx.out(mixedText(mixed.result));
      return 0;
    }
    const m = await model(positionals, ctx.version, values.by, values.whatif === true);
    if (values.html) {
      await write(values.html, renderHtmlReport(m), 'HTML report');
      ctx.err(`bplab: HTML report written to ${values.html}`);
    }
    if (values.csv) {
      const dir = values.csv;
      try {
        await mkdir(dir, { recursive: true });
      } catch (e) {
        throw AppFailure.of('FILE_MALFORMED', `cannot create the CSV folder ${dir}: ${(e as Error).message}`);
      }
      const files = reportCsvFiles(m);
      for (const f of files) await write(join(dir, f.name), f.content, 'CSV file');
      ctx.err(`bplab: ${files.length} CSV files written to ${dir}`);
    }
    if (values.md) {
      await write(values.md, renderMarkdownSummary(m), 'Markdown summary');
      ctx.err(`bplab: Markdown summary written to ${values.md}`);
    }
    ctx.out(findingsText(m.findings.summary));
    return 0;
  },
});
