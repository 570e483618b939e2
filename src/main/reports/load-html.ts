/**
 * OLTP load sweeps in the reports, answer first: per load step its headline, the findings in words
 * (post 002's performance_schema cost among them), the QPS/p99-by-clients chart, then post 004's table.
 * A section for the HTML report beside the runs' comparison, or a whole report of its own for files
 * that hold sweeps only; and the same as Markdown, CSV and terminal text.
 */
import { escapeXml as esc } from '../../shared/compare/escape';
import type { LoadReport } from '../../shared/compare/load-report';
import { loadChartSvg } from '../../shared/compare/svg-load';
import { tableCsv } from './csv';
import { htmlHead, htmlTable } from './html';
import { tableMarkdown } from './markdown';
import { tableText } from './text';

export function loadSectionHtml(reports: readonly LoadReport[]): string {
  return reports
    .map((r) =>
      [
        `<section class="load" id="${esc(r.id)}">`,
        `<h2>${esc(r.chart.title)}</h2>`,
        `<p class="headline">${esc(r.headline)}</p>`,
        r.findings.length
          ? `<ol class="findings">${r.findings.map((f) => `<li>${esc(f)}</li>`).join('')}</ol>`
          : '',
        loadChartSvg(r.chart, `${r.id}-chart`),
        htmlTable(r.table, true),
        '</section>',
      ].join('\n'),
    )
    .join('\n');
}

export interface LoadReportOptions {
  title: string;
  generatedAt: string;
  bplabVersion: string;
  sources: string[];
}

/** A report of load sweeps only (`bplab load` results, a load-only experiment): its sections' HTML. */
export function renderLoadHtmlReport(sections: readonly string[], o: LoadReportOptions): string {
  return [
    ...htmlHead(o),
    `<p class="meta">Made by bplab ${esc(o.bplabVersion)} on ${esc(o.generatedAt)}${
      o.sources.length ? ` from ${o.sources.map(esc).join(', ')}` : ''
    }.</p>`,
    ...sections,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export function loadMarkdown(reports: readonly LoadReport[]): string {
  return reports
    .map((r) =>
      [
        `## ${r.chart.title}`,
        '',
        r.headline,
        '',
        ...r.findings.map((f) => `- ${f}`),
        '',
        tableMarkdown(r.table),
      ].join('\n'),
    )
    .join('\n');
}

export function loadCsvFiles(reports: readonly LoadReport[]): Array<{ name: string; content: string }> {
  return reports.map((r) => ({ name: `${r.table.id}.csv`, content: tableCsv(r.table) }));
}

/** For the terminal: headline, findings, table, per load step. */
export function loadText(reports: readonly LoadReport[]): string {
  return reports
    .map((r) => [r.headline, ...r.findings.map((f) => `  - ${f}`), '', tableText(r.table)].join('\n'))
    .join('\n\n');
}
