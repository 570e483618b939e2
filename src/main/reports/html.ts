/**
 * The self-contained HTML report: one file, inline CSS, charts as inline SVG, no script and no
 * address outside the file, printable. Every text from a run (SQL, names, labels) is escaped.
 */
import { escapeXml as esc } from '../../shared/compare/escape';
import type { Finding } from '../../shared/compare/finding';
import { evidenceTable, legendText } from '../../shared/compare/glance';
import { linesSvg, lruMapSvg, pairedBarsSvg } from '../../shared/compare/svg';
import { coldHotBarsSvg } from '../../shared/compare/svg-cold-hot';
import { nameParts, partedCellClass, type ReportTable } from '../../shared/compare/report-table';
import type { ReportModel } from './report-model';
import { whatIfCurvesSvg } from '../../shared/compare/svg-whatif';
import type { ReportWhatIf } from './whatif-section';

export const HTML_CSS = `
:root { color-scheme: light; --ink: #1d2330; --muted: #5b6475; --line: #d7dbe3; --mark: #fff1c2; --warn: #a33a1f; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); margin: 2rem auto; max-width: 1100px; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 .2rem; } h2 { font-size: 1.25rem; margin-top: 2.2rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.05rem; margin: 1.4rem 0 .3rem; }
.meta, .note { color: var(--muted); font-size: .9em; }
table { border-collapse: collapse; margin: .4rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: .2rem .5rem; vertical-align: top; overflow-wrap: break-word; word-break: normal; }
th { background: #f3f5f8; text-align: left; font-weight: 600; }
th.num { text-align: right; } td.num { text-align: right; white-space: nowrap; } .wrap { overflow-wrap: anywhere; white-space: normal; }
.table-scroll { max-width: 100%; overflow-x: auto; }
.headline { font-size: 1.15rem; font-weight: 600; margin: .8rem 0 .2rem; } .legend { margin: 0 0 1rem; }
details.detail > summary { cursor: pointer; font-weight: 600; margin: .8rem 0 .2rem; }
details.evidence > summary { cursor: pointer; color: var(--muted); font-size: .85em; }
details.evidence table { font-size: .85em; margin: .2rem 0 .4rem; }
td.differs { background: var(--mark); font-weight: 600; }
pre { background: #f6f7f9; border: 1px solid var(--line); padding: .5rem; white-space: pre-wrap; overflow-wrap: break-word; font-size: .85em; }
ol.findings li { margin: .35rem 0; } .finding-warning { color: var(--warn); font-weight: 600; }
.kind { font-size: .75em; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin-right: .4em; }
svg.chart { max-width: 100%; height: auto; font-family: inherit; } svg text { fill: var(--ink); }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  a { color: inherit; text-decoration: none; }
  section.pair { break-before: page; }
  tr, svg, pre { break-inside: avoid; }
  th { background: none; }
}
`;

/**
 * A cell's text with a break opportunity (<wbr>) between its names' parts: "innodb_flush_method=O_DIRECT"
 * wraps after an underscore or the =, never mid-word ("innodb_flush_me thod").
 */
const parted = (text: string): string => nameParts(text).map(esc).join('<wbr>');

/** A detail table: collapsed under its title (a link to its id opens it), wrapped so it never widens the page. */
export function htmlTable(t: ReportTable, open = false): string {
  const head = t.columns
    .map((c) => {
      const cls = partedCellClass(c.numeric, c.label);
      return `<th scope="col"${cls ? ` class="${cls}"` : ''}>${parted(c.label)}</th>`;
    })
    .join('');
  const body = t.rows
    .map(
      (row) =>
        `<tr>${row
          .map((cell, i) => {
            const cls = partedCellClass(t.columns[i]?.numeric ?? false, cell.text, cell.differs);
            return `<td${cls ? ` class="${cls}"` : ''}>${parted(cell.text)}</td>`;
          })
          .join('')}</tr>`,
    )
    .join('\n');
  return [
    `<details class="detail" id="${esc(t.id)}"${open ? ' open' : ''}><summary>${esc(t.title)}</summary>`,
    t.note ? `<p class="note">${esc(t.note)}</p>` : '',
    `<div class="table-scroll"><table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`,
    '</details>',
  ].join('\n');
}

/** A finding's figures: a small table, folded under the finding. */
function evidence(f: Finding, letters: string[]): string {
  if (f.evidence.length === 0) return '';
  const t = evidenceTable(f.evidence, letters);
  const head = t.columns.map((c, i) => `<th scope="col"${i ? ' class="num"' : ''}>${esc(c)}</th>`).join('');
  const rows = t.rows
    .map(
      (r) =>
        `<tr><td class="${partedCellClass(false, r.label)}">${parted(r.label)}</td>${r.values.length < t.columns.length - 1 ? `<td colspan="${t.columns.length - 1}" class="${partedCellClass(false, r.values[0] ?? '')}">${parted(r.values[0] ?? '')}</td>` : r.values.map((v) => `<td class="${partedCellClass(true, v)}">${parted(v)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<details class="evidence"><summary>evidence</summary><div class="table-scroll"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div></details>`;
}

function findingItem(f: Finding, letters: string[]): string {
  return (
    `<li class="finding-${f.kind}">${f.kind === 'difference' ? '' : `<span class="kind">${esc(f.kind)}</span>`}${esc(f.text)} ` +
    `<a href="#${esc(f.tableId)}">(table)</a>${evidence(f, letters)}</li>`
  );
}

function findings(list: Finding[], letters: string[]): string {
  return list.length
    ? `<ol class="findings">\n${list.map((f) => findingItem(f, letters)).join('\n')}\n</ol>`
    : '<p class="note">No rule found a difference large enough to state.</p>';
}

/** The simulator's section: the finding, the curves, the simulated-against-measured tables, the assumptions. */
function whatIfSection(w: ReportWhatIf): string {
  return [
    '<h2 id="whatif">The simulator</h2>',
    w.findings.length
      ? `<ul class="findings">${w.findings.map((f) => `<li>${esc(f)}</li>`).join('')}</ul>`
      : '',
    ...w.charts.map(
      (c) =>
        `<h3>${esc(c.title)}</h3><p class="note">${esc(c.note)}</p>${whatIfCurvesSvg(c.view, c.id, c.title)}`,
    ),
    ...w.unavailable.map((u) => `<p class="note">${esc(u)}</p>`),
    ...w.tables.map((t) => htmlTable(t)),
    '<h3>Assumptions</h3>',
    `<ul class="assumptions">${w.assumptions.map((a) => `<li>${esc(a)}</li>`).join('')}</ul>`,
  ].join('\n');
}

/** A report's document up to its title: one file, its style inline, nothing fetched. */
export function htmlHead(o: { title: string; bplabVersion: string }): string[] {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="bplab ${esc(o.bplabVersion)}">`,
    `<title>${esc(o.title)}</title>`,
    `<style>${HTML_CSS}</style>`,
    '</head>',
    '<body>',
    `<h1>${esc(o.title)}</h1>`,
  ];
}

/** `sections`: more HTML after the charts (the load sweeps' of the same files). */
export function renderHtmlReport(model: ReportModel, sections: readonly string[] = []): string {
  const o = model.options;
  const letters = model.comparison.sides.map((s) => s.label);
  const pairs = model.pairs.map((p) =>
    [
      `<section class="pair" id="${esc(p.id)}">`,
      `<h2>${esc(p.title)}</h2>`,
      findings(model.findings.byPair[p.id] ?? [], letters),
      htmlTable(p.tables[0] as ReportTable),
      p.sql.a === p.sql.b
        ? `<h3>SQL</h3><pre>${esc(p.sql.a)}</pre>`
        : `<h3>SQL</h3><pre>${esc(p.sql.a)}</pre><pre>${esc(p.sql.b)}</pre>`,
      `<h3>Pages per index after the run</h3>`,
      pairedBarsSvg(p.lruBars.view, p.lruBars.id),
      ...p.timelines.map((t) => `<h3>${esc(t.view.title)}</h3>${linesSvg(t.view, t.id)}`),
      ...p.maps.flatMap((m) =>
        m.views.map((v, k) => `<h3>${esc(v.title)}</h3>${lruMapSvg(v, `${m.id}-${k + 1}`)}`),
      ),
      ...p.tables.slice(1).map((t) => htmlTable(t)),
      '</section>',
    ].join('\n'),
  );
  return [
    ...htmlHead(o),
    `<p class="meta">Made by bplab ${esc(o.bplabVersion)} on ${esc(o.generatedAt)}${
      o.sources.length ? ` from ${o.sources.map(esc).join(', ')}` : ''
    }. ${model.comparison.sides.map((s) => `${esc(s.label)}: ${s.runs} run${s.runs === 1 ? '' : 's'}`).join('; ')}.</p>`,
    ...model.headlines.map((h) => `<p class="headline">${esc(h)}</p>`),
    model.legend.length ? `<p class="legend">${esc(legendText(model.legend))}</p>` : '',
    model.ratios ? `<p class="note ratios">${esc(model.ratios)}</p>` : '',
    ...model.planDiffs.map((t) => htmlTable(t, true)),
    ...model.charts.map((c) => `<h2>${esc(c.view.title)}</h2>${coldHotBarsSvg(c.view, c.id)}`),
    ...sections,
    '<h2 id="findings">Findings</h2>',
    findings(model.findings.summary, letters),
    model.findings.notInSummary
      ? `<p class="note">${model.findings.notInSummary} more finding${model.findings.notInSummary === 1 ? '' : 's'} in the sections of each pair below.</p>`
      : '',
    '<h2>Details</h2>',
    ...model.tables.map((t) => htmlTable(t)),
    o.whatIf ? whatIfSection(o.whatIf) : '',
    ...pairs,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
