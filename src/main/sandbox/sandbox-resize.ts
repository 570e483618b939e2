/**
 * A sandbox's buffer pool made another size, and kept: the size is its spec's (sandbox.json), so every
 * later start, a cold pass's restart included, starts the server with it (a SET GLOBAL alone is lost at
 * the next restart, and SET PERSIST is ignored under --no-defaults). A running server is resized online
 * where it can be (MySQL 5.7.5+, MariaDB 10.2.2+: SET GLOBAL innodb_buffer_pool_size, waited for until
 * the server has finished), and restarted with the size where it cannot, or where it settled on
 * another size (MySQL rounds to its chunk size; a sandbox started with the size gets it exactly). The
 * spec is written first: it is the truth a bplab that dies mid-resize leaves for the server's next
 * start. A size the server cannot start with puts the old spec back and the server on it.
 */
import { totalmem } from 'node:os';
import { formatByteSize, isByteSize, parseByteSize, SIZE_WORDS } from '../../shared/byte-size';
import type { SandboxInfo, SandboxResize } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import { bufferPoolSizeProblem } from '../../shared/server/sandbox-options';
import type { SandboxMeta } from './sandbox-folder';

/**
 * An online resize of a running sandbox's pool to `bytes` (app.ts hands in the experiments' resize):
 * resolves to the size the server settled on; `cannotOnline` tells a failure that means the server
 * cannot resize online (a restart does it instead) from any other.
 */
export interface OnlineResize {
  resize(meta: SandboxMeta, bytes: number): Promise<number>;
  cannotOnline(e: unknown): boolean;
}

/** What a resize needs of the sandbox service. */
export interface ResizeSteps {
  meta: SandboxMeta;
  running: boolean;
  writeSpec(bufferPoolSize: string): void;
  info(): SandboxInfo;
  online?: OnlineResize;
  restart(): Promise<SandboxInfo>;
}

/** Whether this server resizes its pool online at all (MySQL 5.7.5+, MariaDB 10.2.2+). */
export function resizesOnline(meta: Pick<SandboxMeta, 'flavor' | 'version'>): boolean {
  const [major = 0, minor = 0, patch = 0] = meta.version.split(/[.-]/).map(Number);
  const v = major * 10000 + minor * 100 + patch;
  return meta.flavor === 'mariadb' ? v >= 100202 : v >= 50705;
}

/** The size asked, checked against what the server can take; the size as the spec keeps it. */
export function checkPoolSize(meta: SandboxMeta, size: string): { size: string; bytes: number } {
  if (!isByteSize(size))
    throw AppFailure.of('INVALID_ARGUMENT', `"${size}" is not a buffer pool size: write ${SIZE_WORDS}.`, {
      details: { field: 'bufferPoolSize' },
    });
  const bytes = parseByteSize(size);
  const problem = bufferPoolSizeProblem(bytes, meta, totalmem());
  if (problem)
    throw AppFailure.of('INVALID_ARGUMENT', `Sandbox "${meta.name}" cannot take it: ${problem}.`, {
      details: { field: 'bufferPoolSize' },
    });
  return { size: formatByteSize(bytes), bytes };
}

export async function resizeSandbox(s: ResizeSteps, size: string): Promise<SandboxResize> {
  const { meta } = s;
  const asked = checkPoolSize(meta, size);
  const was = String(meta.spec.bufferPoolSize);
  const words = formatByteSize(asked.bytes);
  s.writeSpec(asked.size);
  if (!s.running)
    return {
      sandbox: s.info(),
      how: 'spec',
      message: `Sandbox "${meta.name}" is stopped: it will start with a buffer pool of ${words}.`,
    };
  let settled: number | null = null;
  let why = '';
  if (s.online && resizesOnline(meta)) {
    try {
      settled = await s.online.resize(meta, asked.bytes);
    } catch (e) {
      if (!s.online.cannotOnline(e)) {
        s.writeSpec(was);
        throw e;
      }
      why = `${meta.flavor === 'mariadb' ? 'MariaDB' : 'MySQL'} ${meta.version} would not resize online to ${words}`;
    }
  } else why = `${meta.flavor} ${meta.version} cannot resize its buffer pool online`;
  if (settled === asked.bytes)
    return {
      sandbox: s.info(),
      how: 'online',
      message: `Sandbox "${meta.name}" resized its buffer pool online to ${words}, and keeps it across restarts.`,
    };
  if (settled !== null) why = `online the server settled on ${formatByteSize(settled)}, not ${words}`;
  try {
    const sandbox = await s.restart();
    return {
      sandbox,
      how: 'restart',
      message: `Sandbox "${meta.name}" was restarted with a buffer pool of ${words} (${why}); it keeps it across restarts.`,
    };
  } catch (e) {
    s.writeSpec(was);
    await s.restart().catch(() => {});
    const said = e instanceof AppFailure ? e.error.message : (e as Error).message;
    throw AppFailure.of(
      'SANDBOX_FAILED',
      `Sandbox "${meta.name}" could not start with a buffer pool of ${words}: ${said} It is back on ${was}.`,
      { details: { field: 'bufferPoolSize' } },
    );
  }
}
