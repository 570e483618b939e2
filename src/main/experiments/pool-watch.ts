/**
 * The live poller beside something that is not one query run (an OLTP load, the mixed preset's side):
 * its own connection, the pool's size and the server's way of reading old pages looked up, then the
 * poller started; stop() answers what it kept. A production profile is sampled without LRU walks.
 * Beside a load at the server's limit every walk and read the watch makes is taken from the load, and a
 * load reports per second: so the watch reads the pool's stats once a second and lets itself take 0.5% of
 * the time (bench/oltp.ts at 4 clients on 2 cores: the server's CPU per query was 5-28% higher beside a
 * query run's cadence of the time, stats every 250 ms and walks at 2%, in 4 of 5 pairs).
 */
import type { PollSetting, RunResult, RunSample } from '../../shared/runs/runs';
import { bucketPagesFor, readPoolStats } from '../bufferpool/lru';
import { oldMethodOf } from '../bufferpool/lru-probe';
import { LivePoller } from '../bufferpool/poller';
import type { ServerConnection } from '../db/connections';

/** The watch's cadence beside a load (see above). */
export const LOAD_WATCH = { targetShare: 0.005, statsIntervalMs: 1_000 } as const;

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
      ...LOAD_WATCH,
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
