// How each server flavor and version initialises a datadir and spells the options bplab sets, kept apart from the sandbox lifecycle.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerBinary, ServerFlavor } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import { findMariadbInstallDb } from './server-binaries';

/** The part of a server's identity its dialect depends on. */
export interface ServerDialectKey {
  flavor: ServerFlavor;
  version: string;
}

/** [major, minor] of "5.5.34" → [5, 5]. */
function majorMinor(version: string): [number, number] {
  const [major, minor] = version.split('.').map(Number);
  return [major ?? 0, minor ?? 0];
}

/** MySQL (or Percona) older than major.minor; MariaDB is never "old MySQL". */
function isMysqlBefore(key: ServerDialectKey, major: number, minor: number): boolean {
  if (key.flavor === 'mariadb') return false;
  const [a, b] = majorMinor(key.version);
  return a < major || (a === major && b < minor);
}

/** MySQL 5.5 and 5.6 initialise with scripts/mysql_install_db; 5.7 and later with mysqld --initialize. */
export function usesMysqlInstallDb(key: ServerDialectKey): boolean {
  return isMysqlBefore(key, 5, 7);
}

export interface InitCommand {
  cmd: string;
  args: string[];
  /** The tool's name, for the progress message. */
  tool: string;
  /** The datadir must exist before the tool runs. */
  makeDatadir: boolean;
}

/** The command that initialises a fresh datadir for this server, by the server's own means. */
export function initCommand(binary: ServerBinary, datadir: string, asRoot: boolean): InitCommand {
  const user = asRoot ? ['--user=root'] : [];
  if (binary.flavor === 'mariadb') {
    const tool = findMariadbInstallDb(binary);
    if (!tool) {
      throw AppFailure.of('BINARY_INVALID', `No mariadb-install-db was found next to ${binary.path}.`, {
        hint: 'Install the MariaDB server package that ships it (Debian: mariadb-server-core).',
      });
    }
    return {
      cmd: tool,
      args: [
        '--no-defaults',
        `--basedir=${binary.basedir}`,
        `--datadir=${datadir}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        ...user,
      ],
      tool: 'mariadb-install-db',
      makeDatadir: false,
    };
  }
  if (usesMysqlInstallDb(binary)) {
    const script = join(binary.basedir, 'scripts', 'mysql_install_db');
    if (!existsSync(script)) {
      throw AppFailure.of('BINARY_INVALID', `MySQL ${binary.version} needs ${script}, which is missing.`, {
        hint: 'Pick the basedir of a complete MySQL tarball (it holds scripts/mysql_install_db).',
      });
    }
    // 5.5's script is a shell script, 5.6's a perl one: each runs by its own #! line.
    return {
      cmd: script,
      args: ['--no-defaults', `--basedir=${binary.basedir}`, `--datadir=${datadir}`, ...user],
      tool: 'mysql_install_db',
      makeDatadir: true,
    };
  }
  return {
    cmd: binary.path,
    args: [
      '--no-defaults',
      '--initialize-insecure',
      `--basedir=${binary.basedir}`,
      `--datadir=${datadir}`,
      ...user,
    ],
    tool: 'mysqld --initialize-insecure',
    makeDatadir: true,
  };
}

/**
 * Options that make a restart give a cold buffer pool: no dump at shutdown, no reload at startup
 * (both exist since MySQL 5.6 and MariaDB 10.0, ON by default since 5.7 / 10.2). MySQL 5.5 has
 * neither, and refuses to start when given an option it does not know.
 */
export function coldPoolArgs(key: ServerDialectKey): string[] {
  if (isMysqlBefore(key, 5, 6)) return [];
  return ['--innodb-buffer-pool-dump-at-shutdown=0', '--innodb-buffer-pool-load-at-startup=0'];
}

/** Options bplab always sets last that exist only on some servers: the X plugin's port is MySQL 8.0+. */
export function versionOwnedArgs(key: ServerDialectKey): string[] {
  if (key.flavor !== 'mariadb' && majorMinor(key.version)[0] >= 8) return ['--mysqlx=OFF'];
  return [];
}
