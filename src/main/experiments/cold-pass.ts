/**
 * What makes a cold pass cold after the sandbox restarted, and the words the result keeps for it:
 * purge caught up (a restart right after a load fills a small pool with undo), the dataset's files
 * read once from storage (so a VM host's cache beneath this machine is as warm for every configuration),
 * then evicted from the OS page cache one by one (no root needed), the machine-wide drop where bplab runs
 * as root, O_DIRECT where InnoDB reads around the cache; or why not.
 */
import type { ColdMethod } from '../../shared/experiments/experiment-file';
import type { PurgeWait } from '../bufferpool/purge';
import { evictionWords, storageReadWords, type FileEviction, type StorageRead } from '../pagecache/os-cache';

export interface ColdPassDeps {
  /** Waits until the server's purge has caught up; says how long it waited. */
  waitForPurge(): Promise<PurgeWait>;
  /** Reads the dataset's files once from storage (absent: not done); throws when it cannot. */
  readThroughStorage?(): Promise<StorageRead>;
  /** Syncs, then evicts the dataset's files and the shared tablespaces from the OS page cache. */
  evictFiles(): Promise<FileEviction>;
  /** Drops the whole OS page cache (root only); says why when it could not. */
  dropPageCache(): Promise<{ dropped: boolean; why: string }>;
}

/**
 * After the restart: purge, then the files read once from storage and evicted, then (root) the whole
 * cache. Each failure is said, not thrown.
 */
export async function coldPass(
  deps: ColdPassDeps,
  label: string,
  flushMethod: string | undefined,
): Promise<ColdMethod> {
  const purge = await deps.waitForPurge().catch((e: Error) => ({
    from: null,
    to: null,
    waitedMs: 0,
    outcome: 'unknown' as const,
    words: `bplab could not ask for purge's progress: ${e.message}`,
  }));
  let storageRead: StorageRead | null = null;
  let storageWhy = '';
  if (deps.readThroughStorage)
    try {
      storageRead = await deps.readThroughStorage();
    } catch (e) {
      storageWhy = (e as Error).message;
    }
  let eviction: FileEviction | null = null;
  let evictionWhy = '';
  try {
    eviction = await deps.evictFiles();
  } catch (e) {
    evictionWhy = (e as Error).message;
  }
  const cache = await deps.dropPageCache();
  const purgeFacts = { waitedMs: purge.waitedMs, from: purge.from, to: purge.to, outcome: purge.outcome };
  const parts = [`${label} restarted`, purge.words];
  if (storageRead) parts.push(`dataset files ${storageReadWords(storageRead)}`);
  else if (storageWhy)
    parts.push(`the dataset's files could not be read once from storage first: ${storageWhy}`);
  const read = storageRead ? { storageRead } : {};
  if (eviction && eviction.residentAfterBytes === 0) {
    parts.push(`dataset files: ${evictionWords(eviction)}`);
    if (cache.dropped) parts.push('the whole OS page cache dropped too');
    return { how: 'restart-and-evict-files', note: parts.join('; '), eviction, ...read, purge: purgeFacts };
  }
  if (eviction) parts.push(`dataset files: ${evictionWords(eviction)}`);
  else parts.push(`the dataset's files could not be evicted: ${evictionWhy}`);
  const extra = { ...(eviction ? { eviction } : {}), ...read, purge: purgeFacts };
  if (cache.dropped)
    return {
      how: 'restart-and-drop-page-cache',
      note: [...parts, 'OS page cache dropped'].join('; '),
      ...extra,
    };
  if (flushMethod && /o_direct/i.test(flushMethod))
    return {
      how: 'restart-o-direct',
      note: [
        ...parts,
        `innodb_flush_method=${flushMethod} keeps InnoDB's reads off the page cache (${cache.why})`,
      ].join('; '),
      ...extra,
    };
  return {
    how: 'restart-only',
    note: [...parts, `the OS page cache could not be dropped: ${cache.why}`].join('; '),
    ...extra,
  };
}
