/**
 * The mixed preset's report (bplab load --during) as Markdown and CSV, beside the HTML one: the same
 * headline, notes, per-side table and scans (mixed-html.ts), and in CSV each second of each side on
 * its one clock, so the time axis can be drawn again elsewhere.
 */
import { mixedComparison, mixedTable } from '../../shared/compare/mixed-timeline';
import { num, text, txt, type ReportTable } from '../../shared/compare/report-table';
import { MIXED_OLTP_TABLE, type MixedLoadResult } from '../../shared/load/mixed-load';
import { tableCsv } from './csv';
import { tableMarkdown } from './markdown';
import { mixedAsked, mixedMeta, mixedNotes, mixedTitle, scansTable } from './mixed-html';

export function renderMixedMarkdown(
  result: MixedLoadResult,
  opts: { bplabVersion: string; source?: string },
): string {
  const c = mixedComparison(result);
  return [
    `# ${mixedTitle(result)}`,
    '',
    mixedMeta(result, opts),
    '',
    `**${c.headline}**`,
    '',
    ...mixedNotes(result).map((n) => `- ${n}`),
    '',
    tableMarkdown(mixedTable(c)),
    '',
    '## Details',
    '',
    mixedAsked(result),
    '',
    tableMarkdown(scansTable(result)),
    '',
  ].join('\n');
}

/** Each second of each side: QPS, p99, whether a scan ran at its middle, and the OLTP table's pages then. */
function secondsTable(result: MixedLoadResult): ReportTable {
  const c = mixedComparison(result);
  return {
    id: 'mixed-seconds',
    title: 'Each second of the point selects, per side',
    note: `Seconds since the side began (the middle of each second); pages: ${MIXED_OLTP_TABLE}'s pages in the pool at the last snapshot before that moment.`,
    columns: [txt('side'), num('second'), num('QPS'), num('p99 ms'), txt('scan running'), num('pages')],
    rows: c.sides.flatMap((v) =>
      v.load.map((x) => {
        const scan = v.scans.find((b) => b.from <= x.t && x.t < b.to);
        const snap = v.pages.filter((p) => p.t <= x.t).at(-1);
        const pages = snap ? Object.values(snap.byIndex).reduce((a, b) => a + b, 0) : null;
        return [
          text(v.label),
          { text: x.t.toFixed(1), value: x.t },
          { text: String(Math.round(x.qps)), value: Math.round(x.qps) },
          x.p99 === null ? { text: '', value: null } : { text: x.p99.toFixed(3), value: x.p99 },
          text(scan ? scan.label : ''),
          pages === null ? { text: '', value: null } : { text: String(pages), value: pages },
        ];
      }),
    ),
  };
}

/** The per-side figures as numbers (the screen's table says them in words, with units). */
function sidesTable(result: MixedLoadResult): ReportTable {
  const c = mixedComparison(result);
  const n = (v: number | null) => ({ text: v === null ? '' : String(v), value: v });
  return {
    id: 'mixed-sides',
    title: mixedTable(c).title,
    note: mixedTable(c).note,
    columns: [
      txt('side'),
      num('old_blocks_time'),
      num('p99 during scans ms'),
      num('p99 without scans ms'),
      num('QPS during scans'),
      num('QPS without scans'),
      num('scans took s'),
      num(`${MIXED_OLTP_TABLE} pages before the scans`),
      num(`${MIXED_OLTP_TABLE} fewest pages during them`),
    ],
    rows: c.sides.map((v) => [
      text(v.label),
      n(v.oldBlocksTime),
      n(v.summary.p99During),
      n(v.summary.p99Outside),
      n(v.summary.qpsDuring),
      n(v.summary.qpsOutside),
      n(v.summary.scanSeconds),
      n(v.summary.pagesBefore),
      n(v.summary.pagesLeast),
    ]),
  };
}

export function mixedCsvFiles(result: MixedLoadResult): Array<{ name: string; content: string }> {
  return [sidesTable(result), scansTable(result), secondsTable(result)].map((t) => ({
    name: `${t.id}.csv`,
    content: tableCsv(t),
  }));
}
