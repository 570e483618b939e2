/** The Markdown summary: the headline, findings with their evidence, the settings and the time per query. */
import type { Finding } from '../../shared/compare/finding';
import { evidenceTable, legendText } from '../../shared/compare/glance';
import type { ReportTable } from '../../shared/compare/report-table';
import type { ReportModel } from './report-model';

/** Text that Markdown would read as markup (or as HTML, or as a table's column break) is escaped. */
const inline = (s: string) => s.replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
const cell = inline;

export function tableMarkdown(t: ReportTable): string {
  const head = `| ${t.columns.map((c) => cell(c.label)).join(' | ')} |`;
  const rule = `| ${t.columns.map((c) => (c.numeric ? '---:' : '---')).join(' | ')} |`;
  const rows = t.rows.map(
    (r) => `| ${r.map((c) => cell(c.differs ? `**${c.text}**` : c.text)).join(' | ')} |`,
  );
  return [
    `### ${inline(t.title)}`,
    '',
    ...(t.note ? [inline(t.note), ''] : []),
    head,
    rule,
    ...rows,
    '',
  ].join('\n');
}

/** One line, then its figures as a small table folded under it (GitHub and most viewers fold <details>). */
function finding(f: Finding, letters: string[]): string {
  const line = `- ${f.kind === 'difference' ? '' : `**${f.kind}**: `}${inline(f.text)}`;
  if (f.evidence.length === 0) return line;
  const t = evidenceTable(f.evidence, letters);
  return [
    line,
    '',
    '  <details><summary>evidence</summary>',
    '',
    `  | ${t.columns.map(cell).join(' | ')} |`,
    `  | ${t.columns.map((_, i) => (i ? '---:' : '---')).join(' | ')} |`,
    ...t.rows.map((r) => `  | ${[r.label, ...r.values].map(cell).join(' | ')} |`),
    '',
    '  </details>',
    '',
  ].join('\n');
}

export function renderMarkdownSummary(model: ReportModel): string {
  const o = model.options;
  const letters = model.comparison.sides.map((s) => s.label);
  return [
    `# ${inline(o.title)}`,
    '',
    `Made by bplab ${inline(o.bplabVersion)} on ${inline(o.generatedAt)}${o.sources.length ? ` from ${o.sources.map(inline).join(', ')}` : ''}.`,
    '',
    ...model.headlines.flatMap((h) => [`**${inline(h)}**`, '']),
    ...(model.legend.length ? [inline(legendText(model.legend)), ''] : []),
    ...(model.ratios ? [inline(model.ratios), ''] : []),
    ...model.planDiffs.map(tableMarkdown),
    '## Findings',
    '',
    ...(model.findings.summary.length
      ? model.findings.summary.map((f) => finding(f, letters))
      : ['No rule found a difference large enough to state.']),
    '',
    ...model.tables.map(tableMarkdown),
    ...(o.whatIf
      ? [
          '## The simulator',
          '',
          ...o.whatIf.findings.map((f) => `- ${inline(f)}`),
          '',
          ...o.whatIf.charts.map((c) => `${inline(c.title)}: ${inline(c.note)}\n`),
          ...o.whatIf.tables.slice(0, 1).map(tableMarkdown),
          `Assumptions: ${inline(o.whatIf.assumptions.join('; '))}.`,
          '',
        ]
      : []),
  ].join('\n');
}
