import { describe, expect, it } from 'vitest';
import type { SandboxInfo, SandboxStatus } from '../../../src/shared/models';
import {
  binaryLabel,
  sandboxRow,
  startHint,
  upsertSandbox,
} from '../../../src/renderer/features/sandboxes/utils/sandbox-view';

function sandbox(id: string, status: SandboxStatus, extra: Partial<SandboxInfo> = {}): SandboxInfo {
  return {
    id,
    name: id,
    flavor: 'mariadb',
    version: '10.11.19',
    binaryPath: '/usr/sbin/mariadbd',
    basedir: '/usr',
    datadir: `/tmp/${id}/data`,
    port: 40123,
    socketPath: `/tmp/${id}/mysqld.sock`,
    status,
    spec: {
      name: id,
      binaryPath: '/usr/sbin/mariadbd',
      bufferPoolSize: '256M',
      localInfile: true,
      options: {},
      keepRunning: false,
    },
    createdAt: '2026-01-01T00:00:00Z',
    profileId: `sandbox-${id}`,
    ...extra,
  };
}

describe('upsertSandbox', () => {
  it('replaces a known sandbox in place and appends a new one', () => {
    const list = [sandbox('a', 'stopped'), sandbox('b', 'running')];
    const changed = upsertSandbox(list, sandbox('a', 'running'));
    expect(changed.map((s) => [s.id, s.status])).toEqual([
      ['a', 'running'],
      ['b', 'running'],
    ]);
    expect(list[0]?.status).toBe('stopped');
    expect(upsertSandbox(list, sandbox('c', 'starting')).map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('sandboxRow', () => {
  it('offers only the actions that make sense in each state', () => {
    const pick = (status: SandboxStatus) => {
      const r = sandboxRow(sandbox('x', status));
      return {
        start: r.canStart,
        stop: r.canStop,
        restart: r.canRestart,
        delete: r.canDelete,
        connect: r.canConnect,
      };
    };
    expect(pick('running')).toEqual({
      start: false,
      stop: true,
      restart: true,
      delete: false,
      connect: true,
    });
    expect(pick('stopped')).toEqual({
      start: true,
      stop: false,
      restart: false,
      delete: true,
      connect: false,
    });
    expect(pick('failed')).toEqual({
      start: true,
      stop: false,
      restart: false,
      delete: true,
      connect: false,
    });
    expect(pick('starting')).toEqual({
      start: false,
      stop: true,
      restart: false,
      delete: false,
      connect: false,
    });
    expect(pick('stopping')).toEqual({
      start: false,
      stop: false,
      restart: false,
      delete: false,
      connect: false,
    });
  });

  it('says what the sandbox is, and why it failed', () => {
    const row = sandboxRow(sandbox('x', 'failed', { lastError: 'mariadbd exited with code 1; see its log' }));
    expect(row).toMatchObject({
      server: 'MariaDB 10.11.19',
      port: '40123',
      statusLabel: 'failed',
      tone: 'bad',
      bufferPool: '256M',
      lastError: 'mariadbd exited with code 1; see its log',
    });
    const numeric = sandbox('y', 'running');
    numeric.spec.bufferPoolSize = 64 * 1024 * 1024;
    expect(sandboxRow(numeric).bufferPool).toBe('64 MiB');
    expect(sandboxRow(numeric).lastError).toBeNull();
  });
});

describe('listensOn', () => {
  it('shows the address read back from the running server, not the port bplab asked for', () => {
    const running = sandbox('r', 'running', {
      listening: { bindAddress: '127.0.0.1', port: 40999, mysqlx: null },
    });
    expect(sandboxRow(running).listensOn).toBe('127.0.0.1:40999');
    const x = sandbox('x', 'running', {
      listening: { bindAddress: '127.0.0.1', port: 40123, mysqlx: { bindAddress: '127.0.0.1', port: 33060 } },
    });
    expect(sandboxRow(x).listensOn).toBe('127.0.0.1:40123, X Protocol 127.0.0.1:33060');
    expect(sandboxRow(sandbox('s', 'stopped')).listensOn).toBe('not listening (port 40123)');
    expect(sandboxRow(sandbox('u', 'running')).listensOn).toBe('not read back');
  });
});

describe('binaryLabel', () => {
  it('names flavor, version and path', () => {
    expect(
      binaryLabel({
        path: '/opt/mysql/bin/mysqld',
        basedir: '/opt/mysql',
        flavor: 'mysql',
        version: '8.0.31',
        source: 'basedir',
      }),
    ).toBe('MySQL 8.0.31 · /opt/mysql/bin/mysqld');
  });
});

describe('the first screen’s “Where to start”', () => {
  it('points to Queries when a sandbox and its data are ready, and to making one otherwise', () => {
    const ready = { name: 'demo', profileId: 'sandbox-demo', schema: 'ssb_sf0_1' };
    const hint = startHint([ready]);
    expect(hint.queries).toEqual(ready);
    expect(hint.text).toMatch(/^Sandbox demo and its SSB data \(ssb_sf0_1\) are ready: open Queries/);
    expect(hint.text).not.toMatch(/^create a sandbox below/);
    expect(startHint([])).toMatchObject({
      queries: null,
      text: expect.stringMatching(/^create a sandbox below/),
    });
  });
});
