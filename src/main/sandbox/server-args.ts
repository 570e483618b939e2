/**
 * How bplab talks to a sandbox's server: the command line it starts it with, the root login over
 * loopback, and the connection profile kept for it.
 */
import { createConnection, type Connection } from 'mysql2/promise';
import type { ConnectionProfile } from '../../shared/models';
import { isByteSize, parseByteSize } from '../../shared/byte-size';
import { AppFailure } from '../../shared/result';
import { refusedOptions } from '../../shared/server/sandbox-options';
import type { SandboxFolders, SandboxMeta } from './sandbox-folder';
import { COLD_RESTART_OPTIONS, tlsStartupOptions } from './server-dialect';

export const SANDBOX_USER = 'root';

/** A sandbox's max_connections unless its options say otherwise: room for 512 load clients and more. */
export const SANDBOX_MAX_CONNECTIONS = 1000;

/** The key a restart's own buffer pool size travels under, among its temporary options. */
export const POOL_OPTION = 'innodb_buffer_pool_size';

/** Connection options for the sandbox's root user over loopback TCP. */
export function adminOptions(port: number): { host: string; port: number; user: string; password: string } {
  return { host: '127.0.0.1', port, user: SANDBOX_USER, password: '' };
}

/**
 * The options a restart starts with, for that start only: the user's, checked, and a pool size other
 * than the spec's as bplab's own option (serverArgs puts it in place of the spec's).
 */
export function restartOptions(opts: {
  options?: Record<string, string>;
  bufferPoolSize?: string;
}): Record<string, string> {
  const refused = refusedOptions(opts.options ?? {});
  if (refused.length > 0)
    throw AppFailure.of('INVALID_ARGUMENT', refused.map((r) => r.message).join(' '), {
      details: { refused: refused.map((r) => r.option).join(', ') },
    });
  if (opts.bufferPoolSize !== undefined && !isByteSize(opts.bufferPoolSize))
    throw AppFailure.of('INVALID_ARGUMENT', `"${opts.bufferPoolSize}" is not a buffer pool size.`);
  return {
    ...(opts.options ?? {}),
    ...(opts.bufferPoolSize !== undefined
      ? { [POOL_OPTION]: String(parseByteSize(opts.bufferPoolSize)) }
      : {}),
  };
}

/** Opens a root connection to the sandbox on `port`, runs `work`, and always closes it. */
export async function withAdminConnection<T>(
  port: number,
  connectTimeoutMs: number,
  work: (conn: Connection) => Promise<T>,
): Promise<T> {
  const conn = await createConnection({ ...adminOptions(port), connectTimeout: connectTimeoutMs });
  try {
    return await work(conn);
  } finally {
    await conn.end().catch(() => {});
  }
}

/** The profile bplab keeps for each sandbox in its profile store. */
export function sandboxProfile(meta: SandboxMeta): ConnectionProfile {
  return {
    id: meta.profileId,
    name: `Sandbox ${meta.name}`,
    transport: 'tcp',
    host: '127.0.0.1',
    port: meta.port,
    user: SANDBOX_USER,
    tls: { mode: 'off' },
    sandboxId: meta.id,
  };
}

/**
 * The server's command line. The options bplab owns come after the user's, so that even a
 * spelling the check missed cannot override them (mysqld takes the last value given).
 */
export function serverArgs(
  meta: SandboxMeta,
  folders: SandboxFolders,
  extra: Record<string, string> = {},
): string[] {
  const { spec } = meta;
  const args = [
    '--no-defaults',
    // A restart must give a cold buffer pool: no dump at shutdown, no reload at startup
    // (both default to ON since MySQL 5.7 / MariaDB 10.2; 5.5 has neither). spec.options may turn them back on.
    ...COLD_RESTART_OPTIONS,
    // A load sweep runs up to 256 clients (post 004) beside bplab's own sessions; the default of 151
    // refused its last step ("Too many connections"). spec.options may set another value.
    `--max-connections=${SANDBOX_MAX_CONNECTIONS}`,
    ...tlsStartupOptions(meta, { ...spec.options, ...extra }),
    ...Object.entries(spec.options).map(([k, v]) => `--${k}=${v}`),
    ...Object.entries(extra)
      .filter(([k]) => k !== POOL_OPTION)
      .map(([k, v]) => `--${k}=${v}`),
    `--basedir=${meta.basedir}`,
    `--datadir=${folders.datadir(meta.id)}`,
    `--port=${meta.port}`,
    '--bind-address=127.0.0.1',
    `--socket=${meta.socketPath}`,
    `--pid-file=${folders.pidPath(meta.id)}`,
    // Its own folder for on-disk temporary tables: in the shared /tmp, 3 of 104 LRU walks on MySQL
    // 5.5/5.6 failed deleting their #sql_<pid>_N.MYI (error 6, Errcode 2: the file was gone).
    `--tmpdir=${folders.tmpdir(meta.id)}`,
    `--log-error=${folders.errorLogPath(meta.id)}`,
    // LOAD DATA INFILE and SELECT ... INTO OUTFILE only in the sandbox's own folder. Every version has it
    // (MySQL 5.5 too); a server's built-in default may be a folder this machine lacks, and then it does
    // not start: Debian's MySQL 9.7 says "Failed to access directory for --secure-file-priv" for
    // /var/lib/mysql-files.
    `--secure-file-priv=${folders.filesDir(meta.id)}`,
    `--innodb-buffer-pool-size=${extra[POOL_OPTION] ?? parseByteSize(spec.bufferPoolSize)}`,
    `--local-infile=${spec.localInfile ? 1 : 0}`,
  ];
  args.push(
    ...exactPoolArgs(meta, Number(extra[POOL_OPTION] ?? parseByteSize(spec.bufferPoolSize)), {
      ...spec.options,
      ...extra,
    }),
  );
  if (spec.oldBlocksTimeMs !== undefined) args.push(`--innodb-old-blocks-time=${spec.oldBlocksTimeMs}`);
  if (spec.oldBlocksPct !== undefined) args.push(`--innodb-old-blocks-pct=${spec.oldBlocksPct}`);
  if (meta.flavor !== 'mariadb' && Number(meta.version.split('.')[0]) >= 8) args.push('--mysqlx=OFF');
  if (process.getuid?.() === 0) args.push('--user=root');
  return args;
}

const MiB = 1024 * 1024;

/**
 * MySQL 5.7+ rounds the pool up to a multiple of innodb_buffer_pool_chunk_size × instances (128M chunks
 * by default: 1.5G with 8 instances starts at 2G). A chunk of size ÷ instances makes the pool the size
 * asked (to 1 MiB × instances), unless the user set the chunk size. Instances: the user's, else MySQL's
 * default (8 from 1 GiB up, else 1). MariaDB and MySQL 5.5/5.6 are left as they are.
 */
export function exactPoolArgs(
  meta: SandboxMeta,
  poolBytes: number,
  options: Record<string, string>,
): string[] {
  const [major = 0, minor = 0] = meta.version.split('.').map(Number);
  if (meta.flavor === 'mariadb' || major * 100 + minor < 507 || !(poolBytes > 0)) return [];
  const named = (name: string) =>
    Object.entries(options).find(([k]) => k.replace(/^loose[-_]/, '').replace(/-/g, '_') === name)?.[1];
  if (named('innodb_buffer_pool_chunk_size') !== undefined) return [];
  const instances = Number(named('innodb_buffer_pool_instances')) || (poolBytes >= 1024 * MiB ? 8 : 1);
  const chunk = Math.floor(poolBytes / instances / MiB) * MiB;
  return chunk >= MiB ? [`--innodb-buffer-pool-chunk-size=${chunk}`] : [];
}
