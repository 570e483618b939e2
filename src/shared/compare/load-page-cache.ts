/**
 * How cold the OS page cache was for each sweep (post 004's IO-bound pool read from the disk): the
 * sweep's files as they started and ended it, in words, so an IO-bound figure that really read the
 * OS page cache (a server without O_DIRECT) is told apart from one that read the disk.
 */
import type { SweepPageCache } from '../load/experiment-load';
import { formatBytes } from '../format';

/** Growth under this (or under 5% of the tables) is the server's own writes, not the sweep's reads. */
const NOISE_BYTES = 1024 * 1024;

/** "performance_schema=OFF: 0 bytes of its files in the OS page cache as the sweep began (240 MiB evicted), 238 MiB as it ended: …" */
export function pageCacheWords(
  label: string,
  cache: SweepPageCache,
  dataBytes: number | null,
  /** Tables the sweep prepared itself: their rows were written through the cache, not read. */
  prepared = 0,
): string {
  if (cache.why) return `${label}: the OS page cache was not emptied or measured (${cache.why})`;
  const start = cache.startBytes ?? 0;
  const evicted = Math.max(0, (cache.beforeBytes ?? 0) - start);
  const began = `${formatBytes(start)} of its files in the OS page cache as the sweep began (${formatBytes(evicted)} evicted)`;
  if (cache.endBytes === null) return `${label}: ${began}`;
  const grew = cache.endBytes - start;
  const through = grew > Math.max(NOISE_BYTES, 0.05 * (dataBytes ?? 0));
  const why =
    prepared > 0
      ? `it prepared ${prepared} table${prepared === 1 ? '' : 's'} first, whose writes ${through ? 'filled' : 'did not fill'} the OS page cache, so what its reads did there is not told apart`
      : through
        ? 'its reads went through the OS page cache, so reads from "disk" were partly memory'
        : 'its reads did not fill the OS page cache';
  return `${label}: ${began}, ${formatBytes(cache.endBytes)} as it ended: ${why}`;
}

/** One finding for a load step's sides that measured the page cache; null when none did. */
export function pageCacheFinding(
  sides: ReadonlyArray<{
    label: string;
    pageCache?: SweepPageCache | null;
    dataBytes?: number | null;
    result: { tables: { prepared: readonly string[] } };
  }>,
): string | null {
  const parts = sides.flatMap((s) =>
    s.pageCache
      ? [pageCacheWords(s.label, s.pageCache, s.dataBytes ?? null, s.result.tables.prepared.length)]
      : [],
  );
  return parts.length
    ? `How cold the OS page cache was (the sweep's schema files and the shared tablespaces, evicted after the tables were read into the pool): ${parts.join('; ')}.`
    : null;
}
