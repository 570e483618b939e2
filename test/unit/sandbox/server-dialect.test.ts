/** How each server version initialises a data folder, and the options every version accepts. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  COLD_RESTART_OPTIONS,
  initCommand,
  needsInstallDbScript,
  tlsStartupOptions,
} from '../../../src/main/sandbox/server-dialect';

const base = mkdtempSync(join(tmpdir(), 'bplab-dialect-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
mkdirSync(join(base, 'scripts'));
writeFileSync(join(base, 'scripts', 'mysql_install_db'), '#!/usr/bin/perl\n');

const mysql = (version: string) => ({
  path: join(base, 'bin', 'mysqld'),
  basedir: base,
  flavor: 'mysql' as const,
  version,
  source: 'basedir' as const,
});

describe('initCommand', () => {
  it('uses scripts/mysql_install_db through perl before MySQL 5.7, --initialize-insecure from 5.7', () => {
    expect(needsInstallDbScript(mysql('5.5.34'))).toBe(true);
    expect(needsInstallDbScript(mysql('5.6.14'))).toBe(true);
    expect(needsInstallDbScript(mysql('5.7.22'))).toBe(false);
    expect(needsInstallDbScript(mysql('8.0.31'))).toBe(false);
    const old = initCommand(mysql('5.5.34'), '/d', ['--user=root'], '/t');
    expect(old).toEqual({
      cmd: 'perl',
      tool: 'mysql_install_db',
      args: [
        join(base, 'scripts', 'mysql_install_db'),
        '--no-defaults',
        `--basedir=${base}`,
        '--datadir=/d',
        '--user=root',
      ],
    });
    expect(initCommand(mysql('8.0.31'), '/d', [], '/t').args).toContain('--initialize-insecure');
  });
  it('says in words when an old MySQL basedir lacks its install script', () => {
    const bare = { ...mysql('5.6.14'), basedir: join(base, 'nowhere') };
    expect(() => initCommand(bare, '/d', [], '/t')).toThrow(
      /needs .*scripts\/mysql_install_db to initialise a data folder/,
    );
  });
  it("gives mariadb-install-db the sandbox's own tmpdir (two at once in a shared /tmp failed)", () => {
    mkdirSync(join(base, 'mariadb', 'scripts'), { recursive: true });
    writeFileSync(join(base, 'mariadb', 'scripts', 'mariadb-install-db'), '#!/bin/sh\n', { mode: 0o755 });
    const mariadb = {
      ...mysql('10.11.19'),
      flavor: 'mariadb' as const,
      basedir: join(base, 'mariadb'),
      path: join(base, 'mariadb', 'bin', 'mariadbd'),
    };
    const made = initCommand(mariadb, '/d', [], '/sandbox/tmp');
    expect(made.cmd).toBe(join(base, 'mariadb', 'scripts', 'mariadb-install-db'));
    expect(made.args).toContain('--tmpdir=/sandbox/tmp');
  });
  it('spells the cold-restart options so a server that lacks them starts anyway', () => {
    expect(COLD_RESTART_OPTIONS.every((o) => o.startsWith('--loose-'))).toBe(true);
  });
});

describe('tlsStartupOptions', () => {
  const mariadb = (version: string) => ({ flavor: 'mariadb' as const, version });

  it('turns off the certificate MariaDB 11.4+ would make at every start', () => {
    expect(tlsStartupOptions(mariadb('11.4.5'), {})).toEqual(['--skip-ssl']);
    expect(tlsStartupOptions(mariadb('12.0.1'), { max_connections: '20' })).toEqual(['--skip-ssl']);
  });

  it('leaves TLS to the user who named a TLS option', () => {
    expect(tlsStartupOptions(mariadb('11.4.5'), { 'ssl-cert': '/c.pem' })).toEqual([]);
    expect(tlsStartupOptions(mariadb('11.4.5'), { ssl: 'ON' })).toEqual([]);
    expect(tlsStartupOptions(mariadb('11.4.5'), { tls_version: 'TLSv1.3' })).toEqual([]);
    expect(tlsStartupOptions(mariadb('11.4.5'), { 'require-secure-transport': 'ON' })).toEqual([]);
  });

  it('leaves servers that make no certificate at startup as they are', () => {
    expect(tlsStartupOptions(mariadb('10.11.19'), {})).toEqual([]);
    expect(tlsStartupOptions({ flavor: 'mysql', version: '8.0.31' }, {})).toEqual([]);
    expect(tlsStartupOptions({ flavor: 'mysql', version: '5.7.22' }, {})).toEqual([]);
  });
});
