/** Plain-text renderings for the CLI: the capability report and sandbox rows. */
import type { CapabilityReport, SandboxInfo } from '../../shared/models';
import { formatByteSize } from '../../shared/byte-size';

const mark = { yes: 'yes', no: 'NO ', partial: 'partly' } as const;

export function formatCapabilityReport(r: CapabilityReport): string {
  const bp = r.bufferPool;
  const lines = [
    `server      ${r.server.flavor} ${r.server.version} (${r.server.versionString}${r.server.versionComment ? `, ${r.server.versionComment}` : ''})`,
    `user        ${r.currentUser}`,
    `buffer pool ${formatByteSize(bp.bufferPoolSizeBytes)} in ${bp.bufferPoolInstances} instance(s), chunk ${bp.chunkSizeBytes === null ? 'n/a' : formatByteSize(bp.chunkSizeBytes)}, page ${formatByteSize(bp.pageSizeBytes)}`,
    `LRU         innodb_old_blocks_time=${bp.oldBlocksTimeMs} innodb_old_blocks_pct=${bp.oldBlocksPct} innodb_read_ahead_threshold=${bp.readAheadThreshold}`,
    `old pages   ${
      r.lruOld.method === 'is-old'
        ? 'read from IS_OLD'
        : 'derived as LRU_POSITION < OLD_DATABASE_PAGES of the pool'
    }${r.lruOld.agreement ? ` (checked against LRU_POSITION on ${r.lruOld.agreement.pagesCompared} pages: ${r.lruOld.agreement.mismatches} mismatches)` : ''}`,
    '',
    'capabilities',
    ...r.capabilities.map(
      (c) =>
        `  ${mark[c.status].padEnd(6)} ${c.label}: ${c.detail}${c.status !== 'yes' && c.blocks ? `\n         blocks: ${c.blocks}` : ''}`,
    ),
    '',
    'privileges',
    ...r.privileges.map(
      (p) =>
        `  ${p.present ? 'yes' : 'NO '}    ${p.label}${p.present ? '' : `\n         blocks: ${p.blocks}`}`,
    ),
  ];
  return lines.join('\n');
}

export function formatSandboxRow(s: SandboxInfo): string {
  return [
    s.name.padEnd(16),
    s.status.padEnd(8),
    `${s.flavor} ${s.version}`.padEnd(16),
    (s.listening ? `${s.listening.bindAddress}:${s.listening.port}` : `port ${s.port}`).padEnd(16),
    s.listening?.mysqlx ? `X Protocol ${s.listening.mysqlx.bindAddress}:${s.listening.mysqlx.port}` : '',
    `pool ${String(s.spec.bufferPoolSize)}`,
    s.spec.keepRunning ? 'keep-running' : '',
    s.lastError ? `last error: ${s.lastError}` : '',
  ]
    .filter(Boolean)
    .join('  ');
}
