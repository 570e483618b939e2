import { describe, expect, it } from 'vitest';
import { reportCsvFiles, tableCsv } from '../../../src/main/reports/csv';
import { renderHtmlReport } from '../../../src/main/reports/html';
import { renderMarkdownSummary } from '../../../src/main/reports/markdown';
import { buildReport } from '../../../src/main/reports/report-model';
import { buildFlightTable } from '../../../src/shared/compare/flights';
import {
  composition,
  dimDateFirstOb1000,
  lineorderFirstOb0,
  lineorderFirstOb1000,
} from '../../support/post001';

const HOSTILE = `Q1.1 </pre><script>alert("x")</script> & <b>friends</b>`;

function model(hostile = false) {
  const a = lineorderFirstOb1000();
  const b = lineorderFirstOb0();
  a.samples.compositions = [
    composition([['lineorder', 'GEN_CLUST_INDEX', 3000, 1000, 2000, 0]], 10_000),
    composition([['lineorder', 'GEN_CLUST_INDEX', 6909, 2559, 4350, 0]], 30_000),
  ];
  if (hostile) {
    b.sql = `select 1 /* ${HOSTILE} */`;
    b.lru.after?.indexes.push({
      ...b.lru.after.indexes[0]!,
      table: 'ssb.<img src=x onerror=alert(1)>',
      index: 'a&b',
    });
  }
  return buildReport(
    [
      { label: hostile ? '<A & "co">' : 'old_blocks_time=1000', runs: [a] },
      { label: 'old_blocks_time=0', runs: [b] },
    ],
    {
      title: hostile ? HOSTILE : 'Q1.1, innodb_old_blocks_time 1000 against 0',
      generatedAt: '2026-11-23T06:00:00.000Z',
      bplabVersion: '0.1.0',
      sources: ['a.json', 'b.json'],
      flights: buildFlightTable([
        { configuration: '1000', repetition: 'cold', queryId: 'Q1.1', elapsedMs: 33_940 },
        { configuration: '1000', repetition: 1, queryId: 'Q1.1', elapsedMs: 33_000 },
      ]),
    },
  );
}

/** The ids and the hrefs of a page, read back from its markup. */
const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
const hrefs = (html: string) => [...html.matchAll(/\shref="([^"]+)"/g)].map((m) => m[1]);

describe('the HTML report', () => {
  it('holds every table by id, the findings linking to them, and the charts as inline SVG', () => {
    const m = model();
    const html = renderHtmlReport(m);
    const found = ids(html);
    const p = m.pairs[0]?.id ?? '';
    expect(p).toMatch(/^p1-/);
    for (const id of [
      'findings',
      'settings',
      'flights',
      'query-times',
      p,
      ...['summary', 'status', 'stages', 'lru', 'pool', 'explain', 'lru-chart'].map((t) => `${p}-${t}`),
    ])
      expect(found, id).toContain(id);
    expect(new Set(found).size).toBe(found.length);
    // Every link is to an anchor inside the page.
    expect(hrefs(html).length).toBeGreaterThan(3);
    for (const href of hrefs(html)) expect(found).toContain(href?.slice(1));
    // The paired bars and A's pages over time (B has no samples; neither kept LRU map frames).
    expect(html.match(/<svg /g)?.length).toBe(2);
    expect(html).toContain(
      'old_blocks_time=1000 left 4,824,154 pages not made young: innodb_old_blocks_time=1000 kept the scan&#39;s pages old',
    );
    expect(html).toContain('<td class="num">4,824,154</td>');
    expect(html).toContain('mysql 5.6.10');
    expect(html).toContain('@media print');
  });

  it('needs no network: no URL, no script, no external resource', () => {
    const html = renderHtmlReport(model());
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|url\(/i);
  });

  it('escapes what runs hold: a hostile title, SQL, side label and index name', () => {
    const html = renderHtmlReport(model(true));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>friends</b>');
    expect(html).toContain(
      '&lt;/pre&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;friends&lt;/b&gt;',
    );
    expect(html).toContain('&lt;A &amp; &quot;co&quot;&gt;');
    expect(html).toContain('a&amp;b');
    // The only elements are the report's own.
    const tags = new Set([...html.matchAll(/<([a-z][a-z0-9]*)/gi)].map((m) => m[1]?.toLowerCase()));
    const allowed = new Set([
      'a',
      'body',
      'details',
      'div',
      'h1',
      'h2',
      'h3',
      'head',
      'html',
      'li',
      'line',
      'meta',
      'ol',
      'p',
      'polyline',
      'pre',
      'rect',
      'section',
      'wbr',
      'span',
      'style',
      'summary',
      'svg',
      'table',
      'tbody',
      'td',
      'text',
      'th',
      'thead',
      'title',
      'tr',
    ]);
    expect([...tags].filter((t) => !allowed.has(t ?? ''))).toEqual([]);
    expect(tags.has('table') && tags.has('svg')).toBe(true);
  });

  it('never holds a password, nor any field of a connection profile that could lead to one', () => {
    const m = model();
    const secret = 'S3cret-pw';
    // A careless caller could put connection details on a run; the report only reads RunResult's own fields.
    const run = m.comparison.pairs[0]!.a.run as unknown as Record<string, unknown>;
    run.password = secret;
    run.profile_password = secret;
    const html = renderHtmlReport(m);
    const md = renderMarkdownSummary(m);
    const csv = reportCsvFiles(m)
      .map((f) => f.content)
      .join('\n');
    for (const out of [html, md, csv]) {
      expect(out).not.toContain(secret);
      expect(out).not.toMatch(/password|passwd|socketPath|sandbox-s1|BPLAB_PASSWORD/i);
    }
  });
});

describe('CSV', () => {
  it('writes one file per table with raw numbers, quoting what needs it', () => {
    const m = model(true);
    const p = m.pairs[0]?.id ?? '';
    const files = reportCsvFiles(m);
    expect(files.map((f) => f.name)).toEqual([
      'settings.csv',
      'flights.csv',
      'query-times.csv',
      ...['summary', 'status', 'stages', 'lru', 'pool', 'explain'].map((t) => `${p}-${t}.csv`),
    ]);
    const pool = files.find((f) => f.name === `${p}-pool.csv`)?.content ?? '';
    expect(pool.split('\r\n')[0]).toBe(
      'column,"<A & ""co""> after",old_blocks_time=0 after,"<A & ""co""> during run",old_blocks_time=0 during run',
    );
    expect(pool).toContain('\r\nPAGES_NOT_MADE_YOUNG,4824154,0,4824154,0\r\n');
    const stages = files.find((f) => f.name === `${p}-stages.csv`)?.content ?? '';
    expect(stages.split('\r\n')[1]).toBe(
      'Sending data,33764.396,7523.023,40173.893,13027.019,4979,21399,0,0,90,90',
    );
  });

  it('leaves a missing figure empty', () => {
    expect(
      tableCsv({
        id: 't',
        title: 't',
        columns: [{ label: 'a', numeric: true }],
        rows: [[{ text: '—', value: null }]],
      }),
    ).toBe('a\r\n\r\n');
  });
});

describe('the Markdown summary', () => {
  it('lists the findings with their evidence and the time per query, escaping markup', () => {
    const md = renderMarkdownSummary(model(true));
    expect(md).toContain('## Findings');
    expect(md).toContain('4,824,154');
    expect(md).toContain('### Time per query');
    expect(md).not.toContain('<script>');
    expect(md).toContain('\\<script\\>');
    expect(md).toMatch(/^\| query \| \\<A & "co"\\> \|/m);
  });
});

describe('the report model', () => {
  it('compares the join orders as the post did (4.9× as many pages into the pool)', () => {
    const m = buildReport(
      [
        { label: 'A', runs: [lineorderFirstOb1000()] },
        { label: 'B', runs: [dimDateFirstOb1000()] },
      ],
      {
        title: 't',
        generatedAt: 'now',
        bplabVersion: '0',
        sources: [],
      },
    );
    expect(m.findings.summary.map((f) => f.text)).toContain(
      'B read 4.9× as many pages into the pool (191,570 against 38,961)',
    );
    expect(m.tables.map((t) => t.id)).toEqual(['settings', 'query-times']);
  });
});

describe('the answer first', () => {
  /** The join orders, named A and B once as the export names them, with what each letter stands for. */
  const joinOrders = () =>
    buildReport(
      [
        { label: 'A', runs: [lineorderFirstOb1000()] },
        { label: 'B', runs: [dimDateFirstOb1000()] },
      ],
      {
        title: 't',
        generatedAt: 'now',
        bplabVersion: '0',
        sources: [],
        legend: [
          { letter: 'A', label: 'lineorder first' },
          { letter: 'B', label: 'dim_date first' },
        ],
      },
    );

  it('heads the HTML report with the headline, the legend and the plans that differ, each finding’s evidence a table', () => {
    const html = renderHtmlReport(joinOrders());
    const headline =
      'dim_date first is faster than lineorder first: 0.66× the time over 1 query; the plans differ; dim_date first read 4.9× as many pages into the pool';
    expect(html).toContain(`<p class="headline">${headline}</p>`);
    expect(html).toContain('<p class="legend">A = lineorder first · B = dim_date first</p>');
    // The EXPLAIN diff is open and comes before the findings; the detail tables are folded.
    const plan = html.indexOf('<details class="detail" id="plan-p1-');
    expect(plan).toBeGreaterThan(html.indexOf('<p class="legend">'));
    expect(plan).toBeLessThan(html.indexOf('<h2 id="findings">'));
    expect(html.slice(plan, plan + 80)).toContain(' open>');
    expect(html).toMatch(/<details class="detail" id="settings"><summary>/);
    // "B read 4.9× as many pages into the pool": its evidence, a row per counter and a column per side.
    expect(html).toMatch(
      /<details class="evidence"><summary>evidence<\/summary><div class="table-scroll"><table><thead><tr><th scope="col">what<\/th><th scope="col" class="num">A<\/th><th scope="col" class="num">B<\/th>/,
    );
  });

  it('heads the Markdown summary the same way, each finding’s evidence a folded table', () => {
    const md = renderMarkdownSummary(joinOrders());
    const lines = md.split('\n');
    expect(lines).toContain(
      '**dim\\_date first is faster than lineorder first: 0.66× the time over 1 query; the plans differ; dim\\_date first read 4.9× as many pages into the pool**',
    );
    expect(lines).toContain('A = lineorder first · B = dim\\_date first');
    expect(md.indexOf('### The plans differ')).toBeLessThan(md.indexOf('## Findings'));
    expect(lines).toContain('  | Innodb\\_pages\\_read | 38,961 | 191,570 |');
  });
});
