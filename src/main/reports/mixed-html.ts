/**
 * The HTML report of a mixed preset result (bplab load --during): the headline first, the sides'
 * figures, then each side's one time axis (QPS, p99, the OLTP table's pages, the scans shaded), the
 * scans' times and what was asked. Self-contained like the comparison report, with its styles and tables.
 */
import { escapeXml as esc } from '../../shared/compare/escape';
import { mixedComparison, mixedTable } from '../../shared/compare/mixed-timeline';
import { mixedTimelineSvg } from '../../shared/compare/svg-mixed';
import { text, txt, num, type ReportTable } from '../../shared/compare/report-table';
import { MIXED_OLTP_TABLE, type MixedLoadResult } from '../../shared/load/mixed-load';
import { htmlHead, htmlTable } from './html';

/** "1.23 s" on screen, 1.23 in a CSV file. */
const seconds = (ms: number) => ({ text: `${(ms / 1000).toFixed(2)} s`, value: Math.round(ms) / 1000 });

export function scansTable(result: MixedLoadResult): ReportTable {
  return {
    id: 'mixed-scans',
    title: 'Each scan, per side',
    note: 'Start and end in seconds since the side began (the point selects started there too); the time is the scan’s wall time beside the load.',
    columns: [txt('side'), txt('query'), num('from'), num('to'), num('took'), txt('outcome')],
    rows: result.sides.flatMap((s) =>
      s.queries.map((q) => [
        text(`old_blocks_time = ${s.oldBlocksTime}`),
        text(`${q.queryId} (${q.variant})`),
        seconds(q.fromMs),
        seconds(q.toMs),
        seconds(q.toMs - q.fromMs),
        text(q.error ?? `${q.rows ?? 0} rows`),
      ]),
    ),
  };
}

/** The report's title: the settings compared. */
export const mixedTitle = (result: MixedLoadResult): string =>
  `Point selects beside SSB scans: innodb_old_blocks_time ${result.spec.oldBlocksTimes.join(' vs ')}`;

/** What was asked and measured on, in words (the details' first paragraph). */
export function mixedAsked(result: MixedLoadResult): string {
  const spec = result.spec;
  return `${spec.oltp.clients} clients of point selects (${spec.oltp.distribution}, ${spec.oltp.protocol}) on ${spec.oltp.schema}.${MIXED_OLTP_TABLE} (${spec.oltp.rows.toLocaleString('en-US')} rows${result.server.oltpTablePages !== null ? `, ${result.server.oltpTablePages.toLocaleString('en-US')} pages` : ''}; the pool holds ${result.server.poolPages.toLocaleString('en-US')} pages), ${spec.leadSeconds} s alone before the scans and ${spec.tailSeconds} s after, the table read whole into the pool before each side; the scans: ${spec.ssb.queries.map((q) => q.queryId).join(', ')} on ${spec.ssb.schema}.`;
}

/** What went wrong on a side, in words: a side not complete, no pages sampled, a setting not put back. */
export function mixedNotes(result: MixedLoadResult): string[] {
  return result.sides.flatMap((s) =>
    [
      s.state !== 'complete'
        ? `old_blocks_time = ${s.oldBlocksTime}: ${s.state}${s.reason ? ` (${s.reason})` : ''}`
        : '',
      s.pagesNote ? `old_blocks_time = ${s.oldBlocksTime}: no pages sampled: ${s.pagesNote}` : '',
      s.setting.restored
        ? ''
        : `old_blocks_time = ${s.oldBlocksTime}: the setting was NOT put back (the journal keeps it for the next connection)`,
    ].filter(Boolean),
  );
}

/** "Made by bplab … from …; measured on … at …, …." */
export const mixedMeta = (result: MixedLoadResult, opts: { bplabVersion: string; source?: string }): string =>
  `Made by bplab ${opts.bplabVersion}${opts.source ? ` from ${opts.source}` : ''}; measured on ${result.server.version} at ${result.server.where}, ${result.startedAt}.`;

export function renderMixedHtml(
  result: MixedLoadResult,
  opts: { bplabVersion: string; source?: string },
): string {
  const c = mixedComparison(result);
  return [
    ...htmlHead({ title: mixedTitle(result), bplabVersion: opts.bplabVersion }),
    `<p class="meta">${esc(mixedMeta(result, opts))}</p>`,
    `<p class="headline">${esc(c.headline)}</p>`,
    ...mixedNotes(result).map((n) => `<p class="finding-warning">${esc(n)}</p>`),
    htmlTable(mixedTable(c), true),
    ...c.sides.map((v, i) => `<h2>${esc(v.label)}</h2>${mixedTimelineSvg(v, `mixed-side-${i + 1}`)}`),
    '<h2>Details</h2>',
    `<p class="note">${esc(mixedAsked(result))}</p>`,
    htmlTable(scansTable(result)),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
