/** The capability report, prepared for a draw-only component: every figure formatted, every status in words. */
import type { CapabilityReport, CapabilityStatus } from '../../../../shared/models';
import { flavorLabel, formatBytes, formatTimestamp } from '../../../../shared/format';

export interface Row {
  label: string;
  value: string;
  testId?: string;
}

export interface CapabilityLine {
  id: string;
  label: string;
  status: CapabilityStatus;
  statusText: string;
  detail: string;
  /** What is blocked or different; null when the capability is fully there. */
  blocks: string | null;
}

export interface PrivilegeLine {
  id: string;
  label: string;
  present: boolean;
  statusText: string;
  /** What it blocks when missing (shown for every privilege: it says why bplab asks for it). */
  blocks: string;
}

export interface ReportView {
  title: string;
  summary: string;
  identity: Row[];
  bufferPool: Row[];
  lruOld: { method: string; explanation: string };
  capabilities: CapabilityLine[];
  privileges: PrivilegeLine[];
}

const STATUS_TEXT: Record<CapabilityStatus, string> = { yes: 'yes', no: 'no', partial: 'partial' };

export function reportView(report: CapabilityReport): ReportView {
  const { server, bufferPool: bp } = report;
  const missingCaps = report.capabilities.filter((c) => c.status !== 'yes').length;
  const missingPrivs = report.privileges.filter((p) => !p.present).length;
  return {
    title: `${flavorLabel(server.flavor)} ${server.version}`,
    summary: [
      `${report.capabilities.length - missingCaps} of ${report.capabilities.length} capabilities fully available`,
      missingPrivs === 0
        ? 'all privileges present'
        : `${missingPrivs} privilege${missingPrivs === 1 ? '' : 's'} missing`,
    ].join('; '),
    identity: [
      { label: 'Flavor', value: flavorLabel(server.flavor), testId: 'capability-server-flavor' },
      { label: 'Version', value: server.version, testId: 'capability-server-version' },
      { label: '@@version', value: server.versionString },
      { label: '@@version_comment', value: server.versionComment },
      { label: 'Connected as', value: report.currentUser },
      { label: 'Checked at', value: formatTimestamp(report.checkedAt) },
    ],
    bufferPool: [
      { label: 'innodb_buffer_pool_size', value: formatBytes(bp.bufferPoolSizeBytes) },
      { label: 'innodb_buffer_pool_instances', value: String(bp.bufferPoolInstances) },
      {
        label: 'innodb_buffer_pool_chunk_size',
        value:
          bp.chunkSizeBytes === null ? 'none (this server has no chunks)' : formatBytes(bp.chunkSizeBytes),
      },
      { label: 'innodb_page_size', value: formatBytes(bp.pageSizeBytes) },
      { label: 'innodb_old_blocks_time', value: `${bp.oldBlocksTimeMs} ms` },
      { label: 'innodb_old_blocks_pct', value: `${bp.oldBlocksPct} %` },
      { label: 'innodb_read_ahead_threshold', value: `${bp.readAheadThreshold} pages` },
    ],
    lruOld: lruOldView(report),
    capabilities: report.capabilities.map((c) => ({
      id: c.id,
      label: c.label,
      status: c.status,
      statusText: STATUS_TEXT[c.status],
      detail: c.detail,
      blocks: c.status === 'yes' || !c.blocks ? null : c.blocks,
    })),
    privileges: report.privileges.map((p) => ({
      id: p.id,
      label: p.label,
      present: p.present,
      statusText: p.present ? 'present' : 'missing',
      blocks: p.blocks,
    })),
  };
}

function lruOldView({ lruOld }: CapabilityReport): ReportView['lruOld'] {
  const agreement = lruOld.agreement
    ? ` On ${lruOld.agreement.pagesCompared} sampled pages the two methods disagreed ${lruOld.agreement.mismatches} time${lruOld.agreement.mismatches === 1 ? '' : 's'}.`
    : '';
  if (lruOld.method === 'is-old')
    return {
      method: 'IS_OLD',
      explanation: `Old pages are read from INNODB_BUFFER_PAGE_LRU.IS_OLD.${agreement}`,
    };
  return {
    method: 'LRU position',
    explanation:
      (lruOld.isOldUsable ? '' : 'IS_OLD is not usable on this server, so ') +
      `a page counts as old when its LRU_POSITION is below OLD_DATABASE_PAGES of its pool (position 0 is the LRU tail).${agreement}`,
  };
}
