import { describe, expect, it } from 'vitest';
import type { CapabilityReport } from '../../../src/shared/models';
import { reportView } from '../../../src/renderer/features/capabilities/utils/capability-view';

function report(patch: Partial<CapabilityReport> = {}): CapabilityReport {
  return {
    profileId: 'lab',
    checkedAt: '2026-01-01T10:00:00.000Z',
    currentUser: 'root@localhost',
    server: {
      flavor: 'mariadb',
      version: '10.11.19',
      versionString: '10.11.19-MariaDB-0+deb12u1',
      versionComment: 'Debian 12',
      major: 10,
      minor: 11,
      patch: 19,
    },
    bufferPool: {
      bufferPoolSizeBytes: 128 * 1024 * 1024,
      bufferPoolInstances: 1,
      chunkSizeBytes: null,
      pageSizeBytes: 16384,
      oldBlocksTimeMs: 1000,
      oldBlocksPct: 37,
      readAheadThreshold: 56,
    },
    lruOld: { method: 'lru-position', isOldUsable: false },
    capabilities: [
      { id: 'lru-table', label: 'INNODB_BUFFER_PAGE_LRU', status: 'yes', detail: 'readable', blocks: '' },
      {
        id: 'lru-is-old',
        label: 'IS_OLD',
        status: 'no',
        detail: 'always NULL',
        blocks: 'old pages come from LRU_POSITION',
      },
      { id: 'explain-analyze', label: 'ANALYZE', status: 'partial', detail: 'ANALYZE stmt', blocks: '' },
    ],
    privileges: [
      { id: 'PROCESS', label: 'PROCESS', present: true, blocks: 'reading the buffer pool tables' },
      {
        id: 'SET_GLOBAL',
        label: 'SUPER or SYSTEM_VARIABLES_ADMIN',
        present: false,
        blocks: 'resizing the pool',
      },
    ],
    ...patch,
  };
}

describe('reportView', () => {
  it('titles and summarises the report', () => {
    const view = reportView(report());
    expect(view.title).toBe('MariaDB 10.11.19');
    expect(view.summary).toBe('1 of 3 capabilities fully available; 1 privilege missing');
  });

  it('writes the time of the check in the one timestamp form', () => {
    const rows = Object.fromEntries(reportView(report()).identity.map((r) => [r.label, r.value]));
    expect(rows['Checked at']).toBe('2026-01-01 10:00:00 UTC');
  });

  it('formats the buffer pool configuration, including a server without chunks', () => {
    const rows = Object.fromEntries(reportView(report()).bufferPool.map((r) => [r.label, r.value]));
    expect(rows).toEqual({
      innodb_buffer_pool_size: '128 MiB',
      innodb_buffer_pool_instances: '1',
      innodb_buffer_pool_chunk_size: 'none (this server has no chunks)',
      innodb_page_size: '16 KiB',
      innodb_old_blocks_time: '1000 ms',
      innodb_old_blocks_pct: '37 %',
      innodb_read_ahead_threshold: '56 pages',
    });
  });

  it('shows what is blocked only when a capability is not fully there', () => {
    const lines = reportView(report()).capabilities;
    expect(lines.map((c) => [c.id, c.statusText, c.blocks])).toEqual([
      ['lru-table', 'yes', null],
      ['lru-is-old', 'no', 'old pages come from LRU_POSITION'],
      ['explain-analyze', 'partial', null],
    ]);
    const privileges = reportView(report()).privileges;
    expect(privileges.map((p) => [p.id, p.statusText, p.blocks])).toEqual([
      ['PROCESS', 'present', 'reading the buffer pool tables'],
      ['SET_GLOBAL', 'missing', 'resizing the pool'],
    ]);
  });

  it('explains the old-page method, and the agreement of the two methods when both work', () => {
    expect(reportView(report()).lruOld).toEqual({
      method: 'LRU position',
      explanation:
        'IS_OLD is not usable on this server, so a page counts as old when its LRU_POSITION is below OLD_DATABASE_PAGES of its pool (position 0 is the LRU tail).',
    });
    const mysql = reportView(
      report({
        lruOld: { method: 'is-old', isOldUsable: true, agreement: { pagesCompared: 500, mismatches: 1 } },
      }),
    );
    expect(mysql.lruOld).toEqual({
      method: 'IS_OLD',
      explanation:
        'Old pages are read from INNODB_BUFFER_PAGE_LRU.IS_OLD. On 500 sampled pages the two methods disagreed 1 time.',
    });
    expect(reportView(report({ privileges: [] })).summary).toBe(
      '1 of 3 capabilities fully available; all privileges present',
    );
  });
});
