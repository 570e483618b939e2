/**
 * Dropping the OS page cache before a cold pass, so a cold run reads from disk as post 001's did after a
 * reboot. Linux lets root do it (sync, then 3 into /proc/sys/vm/drop_caches); anywhere else bplab says why
 * not, and the result records that cold meant "restarted" only.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

export interface PageCacheDrop {
  dropped: boolean;
  /** Why it was not dropped, in words; empty when it was. */
  why: string;
}

export function dropPageCache(
  env: { platform: NodeJS.Platform; uid: number | undefined; file: string } = {
    platform: process.platform,
    uid: process.getuid?.(),
    file: '/proc/sys/vm/drop_caches',
  },
): PageCacheDrop {
  if (env.platform !== 'linux')
    return { dropped: false, why: `bplab can drop the page cache only on Linux, not ${env.platform}` };
  if (env.uid !== 0)
    return { dropped: false, why: 'bplab is not running as root, and only root may drop the page cache' };
  spawnSync('sync');
  try {
    writeFileSync(env.file, '3\n');
    return { dropped: true, why: '' };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return {
      dropped: false,
      why:
        code === 'EROFS' || code === 'EACCES' || code === 'EPERM'
          ? `the system does not let bplab write ${env.file} (${code}: a container often forbids it)`
          : `writing ${env.file} failed: ${(e as Error).message}`,
    };
  }
}
