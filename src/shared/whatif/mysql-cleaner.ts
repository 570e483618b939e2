/**
 * When MySQL's page cleaner empties the LRU's tail during a run, and one such batch on the simulator.
 * MySQL 8.0's coordinator (buf0flu.cc, buf_flush_page_coordinator_thread) runs an LRU batch on its
 * one-second tick only while srv_check_activity sees the activity count move, and a read-only SELECT
 * does not move it; closing an InnoDB table handle does (ha_innodb.cc, ha_innobase::close →
 * srv_active_wake_master_thread), as bplab's own LRU snapshots did while the server wrote the
 * walked table to an on-disk InnoDB temporary table (bufferpool/walk-session.ts). On the post001 sandbox (8.0.31,
 * Q3.1, old_blocks_time 1000) INNODB_METRICS counted no LRU batch in two runs without snapshots and 5
 * batches of ~1023 pages in one with 4 snapshots and the one before it. Each batch leaves the LRU
 * ~1024 pages shorter; as reads refill it, the old sublist's share moves LRU_old towards the tail and
 * the pages just read become young without a counted make-young: at old_blocks_time 1000 that is how
 * the hot customer pages of Q3.1 got young (measured 186 of 221 after the cold run; 0 simulated
 * without the batches, which read 11–20% too many pages in flights 3 and 4).
 */
import type { RunResult } from '../runs/runs';
import type { LruSimulator } from './lru-simulator';
import { BUF_LRU_MIN_LEN, type SimulatorSettings } from './pool-model';

/** innodb_lru_scan_depth's default in MySQL 5.6–8.0 (handler/ha_innodb.cc), per buffer pool instance. */
export const MYSQL_LRU_SCAN_DEPTH = 1024;

/**
 * From the end of a snapshot to the batch it causes: the activity seen at a tick is acted on at the
 * next one (was_server_active), so 1 to 2 s later; the sandbox showed free pages ~1.7 s after each
 * snapshot ended. The middle of that window.
 */
export const CLEANER_DELAY_MS = 1500;

/**
 * The LRU batches of a MySQL run, in ms from the run's start. A run that recorded its batches
 * (observer cost: INNODB_METRICS buffer_LRU_batches_evict over the statement) has that many, no more:
 * at the times its snapshots would have caused them (CLEANER_DELAY_MS after each ended) while those
 * last, any beyond spread evenly over the statement; none when it counted none (bplab's snapshots
 * no longer mark the server active). A run saved before that has one per LRU snapshot it recorded
 * (before, during and after the run); a batch after the run's end falls in the gap before the next
 * run. MariaDB: none (its cleaner is woken by the reads themselves, SimulatorSettings.pageCleaner).
 */
export function cleanerBatchesOfRun(run: RunResult): number[] {
  if (run.server.flavor === 'mariadb') return [];
  const snapshots = [run.lru.before, ...run.samples.compositions, run.lru.after];
  const bySnapshot = snapshots
    .flatMap((s) => (s ? [s.atMs + s.costMs + CLEANER_DELAY_MS] : []))
    .sort((a, b) => a - b);
  const recorded = run.observer?.lruBatches;
  if (recorded === null || recorded === undefined) return bySnapshot;
  const elapsed = run.elapsedMs ?? 0;
  const during = bySnapshot.filter((t) => t >= 0 && t <= elapsed).slice(0, recorded);
  const rest = recorded - during.length;
  const spread = Array.from({ length: rest }, (_, i) => (elapsed * (i + 1)) / (rest + 1));
  return [...during, ...spread].sort((a, b) => a - b);
}

/** Several runs' batches on one clock, the runs one after the other (their measured times summed). */
export function cleanerBatchesOfRuns(runs: readonly RunResult[]): number[] {
  let shift = 0;
  const out: number[] = [];
  for (const run of runs) {
    out.push(...cleanerBatchesOfRun(run).map((t) => t + shift));
    shift += run.elapsedMs ?? 0;
  }
  return out.sort((a, b) => a - b);
}

/** One batch at the simulator's scale: a sampled pool's depth and floor shrink with it, as its LRU lengths do. */
export function mysqlCleanerBatch(sim: LruSimulator, settings: SimulatorSettings): void {
  const scale = Math.min(1, Math.max(0, settings.lruScale ?? 1));
  sim.cleanLru(
    Math.max(1, Math.round(MYSQL_LRU_SCAN_DEPTH * scale)),
    Math.max(1, Math.round(BUF_LRU_MIN_LEN * scale)),
  );
}
