/** The Markdown summary: findings with their evidence, the settings and the time per query. */
import type { Finding } from '../../shared/compare/finding';
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

function finding(f: Finding): string {
  const evidence = f.evidence.map((e) => `${e.label}: ${e.value}`).join('; ');
  return `- ${f.kind === 'difference' ? '' : `**${f.kind}**: `}${inline(f.text)}${evidence ? ` (${inline(evidence)})` : ''}`;
}

export function renderMarkdownSummary(model: ReportModel): string {
  const o = model.options;
  return [
    `# ${inline(o.title)}`,
    '',
    `Made by bplab ${inline(o.bplabVersion)} on ${inline(o.generatedAt)}${o.sources.length ? ` from ${o.sources.map(inline).join(', ')}` : ''}.`,
    '',
    '## Findings',
    '',
    ...(model.findings.summary.length
      ? model.findings.summary.map(finding)
      : ['No rule found a difference large enough to state.']),
    '',
    ...model.tables.map(tableMarkdown),
  ].join('\n');
}
