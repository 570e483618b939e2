/**
 * What differs between server versions when bplab makes and starts a sandbox: how a data folder is
 * initialised (mariadb-install-db, mysqld --initialize-insecure from MySQL 5.7, scripts/mysql_install_db
 * before it, as post 001's 5.5 and 5.6 were) and the startup options only some versions know.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerBinary } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import { findMariadbInstallDb } from './server-binaries';

export interface InitCommand {
  cmd: string;
  args: string[];
  /** What the progress line calls the tool. */
  tool: string;
}

/** MySQL before 5.7 has no --initialize: its basedir ships scripts/mysql_install_db (a perl script). */
export function needsInstallDbScript(binary: Pick<ServerBinary, 'flavor' | 'version'>): boolean {
  if (binary.flavor === 'mariadb') return false;
  const [ma, mi] = [Number(binary.version.split('.')[0]), Number(binary.version.split('.')[1])];
  return ma < 5 || (ma === 5 && mi < 7);
}

export function initCommand(
  binary: ServerBinary,
  datadir: string,
  asRoot: string[],
  tmpdir: string,
): InitCommand {
  if (binary.flavor === 'mariadb') {
    const tool = findMariadbInstallDb(binary);
    if (!tool)
      throw AppFailure.of('BINARY_INVALID', `No mariadb-install-db was found next to ${binary.path}.`, {
        hint: 'Install the MariaDB server package that ships it (Debian: mariadb-server-core).',
      });
    return {
      cmd: tool,
      tool: 'mariadb-install-db',
      args: [
        '--no-defaults',
        `--basedir=${binary.basedir}`,
        `--datadir=${datadir}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        // The sandbox's own: two mariadb-install-db runs at once in the shared /tmp (10.11's and
        // 11.4's, as two test lanes start) failed 2 of 3 times on 10.11 ("ERROR: 1051 Unknown table
        // 'mysql.tmp_proxies_priv'"); each in its own tmpdir, 4 of 4 ran clean.
        `--tmpdir=${tmpdir}`,
        ...asRoot,
      ],
    };
  }
  if (needsInstallDbScript(binary)) {
    const script = join(binary.basedir, 'scripts', 'mysql_install_db');
    if (!existsSync(script))
      throw AppFailure.of(
        'BINARY_INVALID',
        `MySQL ${binary.version} needs ${script} to initialise a data folder, and it is missing.`,
        {
          hint: 'Pick the basedir of a complete MySQL tarball (it holds scripts/mysql_install_db).',
        },
      );
    // Run through perl: a tarball unpacked without execute bits still works, and the script is perl.
    return {
      cmd: 'perl',
      tool: 'mysql_install_db',
      args: [script, '--no-defaults', `--basedir=${binary.basedir}`, `--datadir=${datadir}`, ...asRoot],
    };
  }
  return {
    cmd: binary.path,
    tool: 'mysqld --initialize-insecure',
    args: [
      '--no-defaults',
      '--initialize-insecure',
      `--basedir=${binary.basedir}`,
      `--datadir=${datadir}`,
      ...asRoot,
    ],
  };
}

/**
 * Options bplab sets that some versions lack, spelled with the `loose-` prefix so a server that does not
 * know them starts with a warning instead of refusing: the buffer pool dump and load (MySQL 5.6+), off so
 * that a restart gives a cold pool.
 */
export const COLD_RESTART_OPTIONS = [
  '--loose-innodb-buffer-pool-dump-at-shutdown=0',
  '--loose-innodb-buffer-pool-load-at-startup=0',
];

/**
 * MariaDB 11.4+ turns TLS on by itself and, with no certificate configured, makes a self-signed one at
 * every start: 7 to 14 s of CPU on a loaded 2-core machine, before the server listens (10.11 started in
 * 0.3 s, 11.4.5 in 7 to 14 s; with --skip-ssl 0.5 s). A sandbox listens on 127.0.0.1 only and its
 * profile connects without TLS, so it starts with TLS off unless the user named a TLS option (ssl-cert,
 * ssl=ON, tls_version, require_secure_transport...): then the server does as those say.
 */
export function tlsStartupOptions(
  server: { flavor: ServerBinary['flavor']; version: string },
  options: Record<string, string>,
): string[] {
  const [major = 0, minor = 0] = server.version.split('.').map(Number);
  if (server.flavor !== 'mariadb' || major * 100 + minor < 1104) return [];
  if (Object.keys(options).some((k) => /ssl|tls|secure.transport/i.test(k))) return [];
  return ['--skip-ssl'];
}
