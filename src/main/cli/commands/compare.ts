/** `bplab compare` and `bplab report`: saved runs side by side, on the terminal or as report files. */
import { GROUPINGS, type Grouping } from '../../../shared/compare/grouping';
import { loadReports } from '../../../shared/compare/load-report';
import { AppFailure } from '../../../shared/result';
import { wrapLines } from '../../../shared/text-wrap';
import { exportReport, reportModel } from '../../reports/export';
import { findingsText, headlineText, tableText } from '../../reports/text';
import { readLoadGroups } from '../../reports/load-files';
import { loadText } from '../../reports/load-html';
import type { ReplayComparison } from '../../reports/whatif-section';
import { cliReplay } from '../replay';
import { defineCommand } from '../command';
import { mixedText } from './load-during';
import { mixedResultOf } from '../../reports/mixed-file';
import {
  addReferences,
  readReferenceFigures,
  readVerdicts,
  verdictsText,
} from '../../reports/reference-report';

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

export const compareCommand = defineCommand({
  name: 'compare',
  summary:
    "compare saved runs or experiments: post 001's table, time per query with ratios, then the findings",
  usage:
    "bplab compare a.json [b.json ...] [--by configuration|variant|query|server] [--reference figures.json [--keep]]   (run files or experiment files; one file holding several runs compares them; bplab load results: QPS by clients; an experiment's published figures, and those of --reference, each with its verdict)",
  options: { by: { type: 'string' }, reference: { type: 'string' }, keep: { type: 'boolean' } },
  positionals: true,
  async run({ values, positionals }, ctx) {
    const mixed = positionals.length > 0 ? await mixedResultOf(positionals) : null;
    if (mixed) {
      ctx.out(wrapLines(mixedText(mixed.result)));
      return 0;
    }
    let extra = values.reference ? await readReferenceFigures(values.reference) : [];
    if (values.keep) {
      if (!values.reference || positionals.length !== 1)
        throw AppFailure.of(
          'INVALID_ARGUMENT',
          '--keep adds the figures of --reference FILE to one experiment file',
          {
            hint: 'bplab compare results.bplab.json --reference figures.json --keep',
          },
        );
      const kept = addReferences(positionals[0]!, extra);
      ctx.err(`bplab: ${positionals[0]} now carries ${kept} published figure${kept === 1 ? '' : 's'}`);
      extra = [];
    }
    // The answer first (the runs' headline: the experiment's question where it asks one), then the
    // published figures' verdicts, the OLTP load sweeps (bplab load results, an experiment's load
    // steps), the runs' tables and findings. No line wider than the terminal's CLI_WIDTH.
    const out = (text: string) => ctx.out(wrapLines(text));
    const verdicts = await readVerdicts(positionals, extra);
    const loads = positionals.length > 0 ? await readLoadGroups(positionals) : { groups: [], runs: true };
    const m = loads.runs ? await model(positionals, ctx.version, values.by) : null;
    if (m) out(`${headlineText(m)}\n`);
    if (verdicts.length) out(`${verdictsText(verdicts)}\n`);
    if (loads.groups.length) out(`${loadText(loadReports(loads.groups))}\n`);
    if (!m) return 0;
    for (const id of ['flights', 'query-times']) {
      const table = m.tables.find((t) => t.id === id);
      if (table) out(`${tableText(table)}\n`);
    }
    out(findingsText(m.findings.summary));
    return 0;
  },
});

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
    const req = { files: positionals, grouping: grouping(values.by), whatif: values.whatif === true };
    // One simulator thread for every format: its traces are kept, so the runs are traced once.
    const simulator = cliReplay(ctx);
    const replay: ReplayComparison = (job) => simulator.run(job);
    try {
      if (values.html) {
        await exportReport({ ...req, format: 'html', to: values.html }, ctx.version, replay);
        ctx.err(`bplab: HTML report written to ${values.html}`);
      }
      if (values.csv) {
        const done = await exportReport({ ...req, format: 'csv', to: values.csv }, ctx.version, replay);
        ctx.err(`bplab: ${done.written.length} CSV files written to ${values.csv}`);
      }
      if (values.md) {
        await exportReport({ ...req, format: 'md', to: values.md }, ctx.version, replay);
        ctx.err(`bplab: Markdown summary written to ${values.md}`);
      }
    } finally {
      await simulator.close();
    }
    if (mixed) {
      ctx.out(mixedText(mixed.result));
      return 0;
    }
    const loads = await readLoadGroups(positionals);
    if (loads.groups.length) ctx.out(loadText(loadReports(loads.groups)));
    if (loads.runs || loads.groups.length === 0)
      ctx.out(findingsText((await model(positionals, ctx.version, values.by)).findings.summary));
    return 0;
  },
});
