/** The CLI's sandbox row: the address comes from the running server, never from what bplab asked for. */
import { describe, expect, it } from 'vitest';
import { formatSandboxRow } from '../../../src/main/cli/format-report';
import type { SandboxInfo } from '../../../src/shared/models';

const base: SandboxInfo = {
  id: 's1',
  name: 's1',
  flavor: 'mysql',
  version: '8.0.31',
  binaryPath: '/opt/mysql/bin/mysqld',
  basedir: '/opt/mysql',
  datadir: '/tmp/s1/data',
  port: 40001,
  socketPath: '/tmp/s1/mysql.sock',
  status: 'stopped',
  spec: {
    name: 's1',
    binaryPath: '/opt/mysql/bin/mysqld',
    bufferPoolSize: '128M',
    localInfile: true,
    options: {},
    keepRunning: false,
  },
  createdAt: '2026-01-01T00:00:00Z',
  profileId: 'sandbox-s1',
};

describe('formatSandboxRow', () => {
  it('shows the address the running server reported', () => {
    const row = formatSandboxRow({
      ...base,
      status: 'running',
      pid: 42,
      listening: { bindAddress: '127.0.0.1', port: 40002, mysqlx: { bindAddress: '127.0.0.1', port: 33060 } },
    });
    expect(row).toContain('127.0.0.1:40002');
    expect(row).toContain('X Protocol 127.0.0.1:33060');
    expect(row).not.toContain('40001');
  });

  it('claims no address for a server that is not running', () => {
    const row = formatSandboxRow(base);
    expect(row).toContain('port 40001');
    expect(row).not.toContain('127.0.0.1');
  });
});
