/**
 * The live poller beside something that is not one query run (an OLTP load, the mixed preset's side):
 * its own connection, the pool's size and the server's way of reading old pages looked up, then the
 * poller started; stop() answers what it kept. A production profile is sampled without LRU walks.
 */
import type { PollSetting, RunResult, RunSample } from '../../shared/runs';
import { bucketPagesFor, readPoolStats } from '../bufferpool/lru';
import { oldMethodOf } from '../bufferpool/lru-probe';
import { LivePoller } from '../bufferpool/poller';
import type { ServerConnection } from '../db/connections';

export interface PoolWatch {
  /** Stops the poller, closes its connection, and answers the samples it kept. */
  stop(): Promise<RunResult['samples']>;
  /** Why no LRU composition is sampled, or why polling stopped (read after stop()). */
  note(): string | null;
}

export async function startPoolWatch(
  open: () => Promise<ServerConnection>,
  opts: {
    runId: string;
    setting: Exclude<PollSetting, 'off'>;
    /** ms on the caller's clock. */
    clock: () => number;
    onSample?: (s: RunSample) => void;
  },
): Promise<PoolWatch> {
  const conn = await open();
  try {
    const walk = conn.profile.production !== true;
    const poolPages = (await readPoolStats(conn)).reduce((n, p) => n + p.poolSize, 0);
    const poller = new LivePoller({
      conn,
      setting: opts.setting,
      oldMethod: walk ? await oldMethodOf(conn) : 'lru-position',
      bucketPages: bucketPagesFor(poolPages),
      walkLru: walk,
      cachedIndexes: false,
      clock: opts.clock,
      onSample: (s) => opts.onSample?.({ runId: opts.runId, ...s }),
    });
    poller.start();
    return {
      stop: async () => {
        await poller.stop();
        await conn.close().catch(() => {});
        return poller.samples();
      },
      note: () =>
        !walk
          ? `the profile "${conn.profile.name}" is marked production: bplab does not walk its LRU`
          : poller.error,
    };
  } catch (e) {
    await conn.close().catch(() => {});
    throw e;
  }
}
