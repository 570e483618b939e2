/**
 * The HTML report of a mixed preset result (bplab load --during): the headline first, the sides'
 * figures, then each side's one time axis (QPS, p99, the OLTP table's pages, the scans shaded), the
 * scans' times and what was asked. Self-contained like the comparison report, with its styles and tables.
 */
import { escapeXml as esc } from '../../shared/compare/escape';
import { mixedComparison, mixedTable } from '../../shared/compare/mixed-timeline';
import { mixedTimelineSvg } from '../../shared/compare/svg-mixed';
import { text, txt, num, type ReportTable } from '../../shared/compare/report-table';
import { MIXED_OLTP_TABLE, type MixedLoadResult } from '../../shared/mixed-load';
import { htmlHead, htmlTable } from './html';

function scansTable(result: MixedLoadResult): ReportTable {
  return {
    id: 'mixed-scans',
    title: 'Each scan, per side',
    note: 'Start and end in seconds since the side began (the point selects started there too); the time is the scan’s wall time beside the load.',
    columns: [txt('side'), txt('query'), num('from'), num('to'), num('took'), txt('outcome')],
    rows: result.sides.flatMap((s) =>
      s.queries.map((q) => [
        text(`old_blocks_time = ${s.oldBlocksTime}`),
        text(`${q.queryId} (${q.variant})`),
        text(`${(q.fromMs / 1000).toFixed(2)} s`),
        text(`${(q.toMs / 1000).toFixed(2)} s`),
        text(`${((q.toMs - q.fromMs) / 1000).toFixed(2)} s`),
        text(q.error ?? `${q.rows ?? 0} rows`),
      ]),
    ),
  };
}

export function renderMixedHtml(
  result: MixedLoadResult,
  opts: { bplabVersion: string; source?: string },
): string {
  const c = mixedComparison(result);
  const spec = result.spec;
  const title = `Point selects beside SSB scans: innodb_old_blocks_time ${spec.oldBlocksTimes.join(' vs ')}`;
  const asked = `${spec.oltp.clients} clients of point selects (${spec.oltp.distribution}, ${spec.oltp.protocol}) on ${spec.oltp.schema}.${MIXED_OLTP_TABLE} (${spec.oltp.rows.toLocaleString('en-US')} rows${result.server.oltpTablePages !== null ? `, ${result.server.oltpTablePages.toLocaleString('en-US')} pages` : ''}; the pool holds ${result.server.poolPages.toLocaleString('en-US')} pages), ${spec.leadSeconds} s alone before the scans and ${spec.tailSeconds} s after, the table read whole into the pool before each side; the scans: ${spec.ssb.queries.map((q) => q.queryId).join(', ')} on ${spec.ssb.schema}.`;
  const notes = result.sides.flatMap((s) =>
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
  return [
    ...htmlHead({ title, bplabVersion: opts.bplabVersion }),
    `<p class="meta">Made by bplab ${esc(opts.bplabVersion)}${opts.source ? ` from ${esc(opts.source)}` : ''}; measured on ${esc(result.server.version)} at ${esc(result.server.where)}, ${esc(result.startedAt)}.</p>`,
    `<p class="headline">${esc(c.headline)}</p>`,
    ...notes.map((n) => `<p class="finding-warning">${esc(n)}</p>`),
    htmlTable(mixedTable(c), true),
    ...c.sides.map((v, i) => `<h2>${esc(v.label)}</h2>${mixedTimelineSvg(v, `mixed-side-${i + 1}`)}`),
    '<h2>Details</h2>',
    `<p class="note">${esc(asked)}</p>`,
    htmlTable(scansTable(result)),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
