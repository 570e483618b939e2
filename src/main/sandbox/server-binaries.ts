/**
 * Finding and identifying installed server binaries (mysqld, mariadbd). Nothing here starts a
 * server: `--version` is the only thing ever run.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import type { ServerBinary, ServerFlavor } from '../../shared/models';
import { AppFailure } from '../../shared/result';

const SERVER_NAMES = ['mariadbd', 'mysqld'];

export interface ParsedVersion {
  flavor: ServerFlavor;
  version: string;
}

/** Reads a server's `--version` line, e.g. "mysqld  Ver 8.0.31 for Linux on x86_64 (MySQL Community Server - GPL)". */
export function parseVersionLine(line: string): ParsedVersion | null {
  const m = /\bVer\s+(\d+\.\d+\.\d+)([-\w.+~]*)\s.*$/.exec(line);
  if (!m?.[1]) return null;
  const tail = `${m[2] ?? ''} ${line}`;
  const flavor: ServerFlavor = /mariadb/i.test(tail)
    ? 'mariadb'
    : /percona/i.test(tail)
      ? 'percona'
      : 'mysql';
  return { flavor, version: m[1] };
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The server's basedir: the folder holding bin/ (or sbin/) and share/. */
export function basedirOf(binaryPath: string): string {
  return dirname(dirname(realpathSync(binaryPath)));
}

/**
 * `--no-defaults --help` prints the version line and "Starts the MySQL/MariaDB database server."
 * (a client such as `mysql` prints the same version line, so the version alone cannot tell them apart).
 */
export function runHelp(path: string, timeoutMs = 15_000): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      path,
      ['--no-defaults', '--help'],
      { timeout: timeoutMs, maxBuffer: 4 << 20 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${String(stderr).trim() || error.message}`));
        else resolvePromise(String(stdout).trim() || String(stderr).trim());
      },
    );
  });
}

/** Identifies a binary, or fails with BINARY_NOT_FOUND / BINARY_INVALID in words. */
export async function inspectBinary(
  path: string,
  source: ServerBinary['source'] = 'path',
): Promise<ServerBinary> {
  const abs = resolve(path);
  if (!existsSync(abs)) {
    throw AppFailure.of('BINARY_NOT_FOUND', `There is no server binary at ${abs}.`, {
      hint: 'Pick mysqld or mariadbd from an installed server, or a basedir that holds bin/mysqld.',
    });
  }
  if (!isExecutableFile(abs)) {
    throw AppFailure.of('BINARY_INVALID', `${abs} is not an executable file.`, {
      hint: 'Pick the mysqld or mariadbd program itself.',
    });
  }
  let help: string;
  try {
    help = await runHelp(abs);
  } catch (e) {
    throw AppFailure.of('BINARY_INVALID', `${abs} did not run as a MySQL server: ${(e as Error).message}`, {
      hint: 'Pick mysqld or mariadbd; a client (mysql, mariadb) or another program will not do.',
    });
  }
  const line = help.split('\n').find((l) => /\bVer\s/.test(l)) ?? help.split('\n')[0] ?? '';
  const parsed = /Starts the \w+ database server/.test(help) ? parseVersionLine(line) : null;
  if (!parsed) {
    throw AppFailure.of(
      'BINARY_INVALID',
      `${abs} is not a MySQL or MariaDB server (its --version said: "${line.slice(0, 200)}").`,
      {
        hint: 'Pick mysqld or mariadbd from an installed server.',
      },
    );
  }
  return { path: abs, basedir: basedirOf(abs), flavor: parsed.flavor, version: parsed.version, source };
}

/**
 * Where bplab's own install script unpacks servers (scripts/install-deps.sh): a tarball's basedir, or a
 * private root of Debian packages, in a folder each.
 */
export function knownServerRoot(): string {
  return process.env.BPLAB_SERVERS ?? join(homedir(), '.cache', 'bplab', 'servers');
}

function candidatesIn(dir: string): string[] {
  return SERVER_NAMES.map((n) => join(dir, n)).filter(isExecutableFile);
}

/** Candidate server binaries inside a basedir the user picked (or the binary itself). */
export function candidatesInBasedir(basedir: string): string[] {
  const abs = resolve(basedir);
  if (isExecutableFile(abs)) return [abs];
  return ['bin', 'sbin', 'libexec', '.'].flatMap((sub) => candidatesIn(join(abs, sub)));
}

/**
 * Every server binary we can find: on PATH (plus the sbin folders a user's PATH often lacks),
 * in bplab's own server folder, and in a basedir the user names.
 */
export async function findBinaries(
  opts: { basedir?: string } = {},
): Promise<{ binaries: ServerBinary[]; searched: string[] }> {
  const searched: string[] = [];
  const found: Array<{ path: string; source: ServerBinary['source'] }> = [];
  if (opts.basedir) {
    searched.push(resolve(opts.basedir));
    for (const p of candidatesInBasedir(opts.basedir)) found.push({ path: p, source: 'basedir' });
  }
  const pathDirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of [...pathDirs, '/usr/sbin', '/usr/local/sbin', '/usr/local/mysql/bin']) {
    if (searched.includes(dir)) continue;
    searched.push(dir);
    for (const p of candidatesIn(dir)) found.push({ path: p, source: 'path' });
  }
  const root = knownServerRoot();
  searched.push(root);
  if (existsSync(root)) {
    // A tarball's basedir holds bin/mysqld; a private root of Debian packages (MySQL 9.7, MariaDB 11.8
    // there) holds usr/sbin/mysqld, its basedir being usr/.
    for (const entry of readdirSync(root).sort()) {
      for (const sub of [['bin'], ['usr', 'sbin']])
        for (const p of candidatesIn(join(root, entry, ...sub)))
          found.push({ path: p, source: 'known-location' });
    }
  }
  const seen = new Set<string>();
  const binaries: ServerBinary[] = [];
  for (const f of found) {
    const real = realpathSync(f.path);
    if (seen.has(real)) continue;
    seen.add(real);
    try {
      binaries.push(await inspectBinary(f.path, f.source));
    } catch {
      // Not a server after all (a wrapper script, a broken install): not offered.
    }
  }
  if (opts.basedir && !binaries.some((b) => b.source === 'basedir')) {
    throw AppFailure.of('BINARY_NOT_FOUND', `No mysqld or mariadbd was found in ${resolve(opts.basedir)}.`, {
      hint: 'Pick the folder that holds bin/mysqld (a MySQL tarball or install prefix), or the binary itself.',
    });
  }
  return { binaries, searched };
}

/** The tool that initializes a MariaDB datadir, next to the server or on PATH. */
export function findMariadbInstallDb(binary: ServerBinary): string | null {
  const names = ['mariadb-install-db', 'mysql_install_db'];
  const dirs = [
    join(binary.basedir, 'bin'),
    join(binary.basedir, 'scripts'),
    dirname(binary.path),
    ...(process.env.PATH ?? '').split(delimiter),
  ];
  for (const d of dirs) for (const n of names) if (d && isExecutableFile(join(d, n))) return join(d, n);
  return null;
}
