/**
 * When MySQL's page cleaner empties the LRU's tail during a run, and one such batch on the simulator.
 * MySQL 8.0's coordinator (buf0flu.cc, buf_flush_page_coordinator_thread; 8.0.25's source, as 8.0.31
 * runs it) runs an LRU batch per instance (pc_request → pc_flush_slot → buf_flush_LRU_list) only while
 * `is_server_active = was_server_active || srv_check_activity(last_activity)`, and recomputes
 * was_server_active on each one-second tick from whether the activity count moved in the second
 * before: an activity mark makes one or two batches on the ticks after it, the last 1 to 2 s after the
 * mark, and none after that without another (it starts true: a restart's first ticks run batches).
 * A read-only SELECT does not move the count, and a reading thread short of a free block frees the
 * LRU's tail itself (buf0lru.cc, buf_LRU_get_free_block → buf_LRU_scan_and_free_block), waking the
 * cleaner only when that scan finds nothing to free. Closing an InnoDB table handle moves it
 * (ha_innodb.cc, ha_innobase::close → srv_active_wake_master_thread), as bplab's own LRU snapshots did
 * while the server wrote the walked table to an on-disk InnoDB temporary table
 * (bufferpool/walk-session.ts). On the post001 sandbox (8.0.31, Q3.1, old_blocks_time 1000)
 * INNODB_METRICS counted no LRU batch in two runs without snapshots and 5 batches of ~1023 pages in one
 * with 4 snapshots and the one before it. Each batch leaves the LRU ~1024 pages shorter; as reads
 * refill it, the old sublist's share moves LRU_old towards the tail and the pages just read become
 * young without a counted make-young: at old_blocks_time 1000 that is how the hot customer pages of
 * Q3.1 got young (measured 186 of 221 after the cold run; 0 simulated without the batches, which read
 * 11–20% too many pages in flights 3 and 4).
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
 * (observer cost: INNODB_METRICS buffer_LRU_batches_evict over the window its counters cover, from
 * just after the LRU walk before the statement to just after it) has that many, no more. When the
 * server's activity count did not move in that window (activityMarks 0), nothing in it made the
 * server active: its batches are the end of an active spell that began before the window opened (a
 * restart's first seconds), one on each of the coordinator's ticks after it opened (afterOpening).
 * Otherwise they fall at the times its snapshots would have caused them (CLEANER_DELAY_MS after each
 * ended) while those last, any beyond spread evenly over the statement. A run saved before bplab
 * counted batches has one per LRU snapshot it recorded (before, during and after the run). A batch
 * after the run's end falls in the gap before the next run; one before its start runs before its first
 * request (0). MariaDB: none (its cleaner is woken by the reads themselves,
 * SimulatorSettings.pageCleaner).
 */
export function cleanerBatchesOfRun(run: RunResult): number[] {
  if (run.server.flavor === 'mariadb') return [];
  const snapshots = [run.lru.before, ...run.samples.compositions, run.lru.after];
  const bySnapshot = snapshots
    .flatMap((s) => (s ? [s.atMs + s.costMs + CLEANER_DELAY_MS] : []))
    .sort((a, b) => a - b);
  const recorded = run.observer?.lruBatches;
  if (recorded === null || recorded === undefined) return bySnapshot;
  if (run.observer?.activityMarks === 0) return afterOpening(run.lru.before?.atMs ?? 0, recorded);
  const elapsed = run.elapsedMs ?? 0;
  const during = bySnapshot.filter((t) => t >= 0 && t <= elapsed).slice(0, recorded);
  const rest = recorded - during.length;
  const spread = Array.from({ length: rest }, (_, i) => (elapsed * (i + 1)) / (rest + 1));
  return [...during, ...spread].sort((a, b) => a - b);
}

/**
 * `count` batches on the coordinator's ticks after the window opened at `openedMs` (the end of the
 * LRU walk before the statement, which the metrics' first reading follows): one a second, each in the
 * middle of its second (the ticks' phase is not known). A traced run's window opens seconds before its
 * statement (bpftrace attaches in between), so a restart's last batches fall before the statement's
 * first request, after the start pool was read: MySQL 8.0.31, a traced join 1–3 s after a restart, 16
 * MB: one batch 6.0 s before the statement (bpftrace on buf_flush_do_batch) that evicted 15 pages, the
 * start pool's 271 down to BUF_LRU_MIN_LEN; spread over the statement, it emptied the LRU to 256 pages
 * of the query's own and the replay read 48–56% too many (3 runs). Without the walk before, the window
 * is taken to open as the statement begins.
 */
function afterOpening(openedMs: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.max(0, openedMs + TICK_MS / 2 + i * TICK_MS));
}

/** The page cleaner coordinator's loop: one iteration a second (buf0flu.cc, pc_sleep_if_needed to next_loop_time). */
const TICK_MS = 1000;

/** Where a run's LRU batches are replayed, in words (an assumption of its replay); null when it has none. */
export function cleanerBatchWords(run: RunResult): string | null {
  const at = cleanerBatchesOfRun(run);
  if (at.length === 0) return null;
  const n = at.length;
  const batches = n === 1 ? 'one LRU batch' : `${n} LRU batches`;
  const o = run.observer;
  const when =
    o?.lruBatches === null || o?.lruBatches === undefined
      ? `${batches}, 1.5 s after each of its LRU snapshots (the run did not count its batches)`
      : o.activityMarks === 0
        ? `the ${batches} the run counted, on the cleaner's one-second ticks after its counters began (nothing in the run marked the server active: they end an active spell that began before it)`
        : `the ${batches} the run counted, 1.5 s after its LRU snapshots, any more spread over the statement`;
  const early = at.filter((t) => t === 0).length;
  return `MySQL's page cleaner empties the LRU's tail towards ${MYSQL_LRU_SCAN_DEPTH} free pages (leaving at least ${BUF_LRU_MIN_LEN}) in ${when}${early > 0 ? `; ${early === n ? (n === 1 ? 'it fell' : 'they fell') : `${early} fell`} before the statement, so ${early === 1 ? 'it runs' : 'they run'} before its first request` : ''}`;
}

/**
 * Whether MySQL's page cleaner ran an LRU batch between two runs on the same pool, outside both runs'
 * windows: the free list grew from the end of the earlier (its INNODB_BUFFER_POOL_STATS after) to the
 * start of the later (before), which on an idle server only the cleaner does. bplab's own statements
 * after a run (closing InnoDB table handles) mark the server active, and a batch follows 1–2 s later.
 * bench/whatif-sizes, MySQL 8.0.31 and 9.7.4, 16 MiB: each of 24 traced cold → hot pairs (5–10 s
 * apart) had one batch, 17 in the gap (free up by 237–766 pages, the LRU down to ~256) and 7 in the hot
 * run's own window (its lruBatches, cleanerBatchesOfRun); each of 90 untraced pairs 5 s or more apart
 * whose pool ended short of free pages had the free list grown. Left out, a hot pass at 2× started from
 * the full pool the cold pass left and the replay read 71% (shipments' join, 34,954 for 20,430) too
 * many; at 4× the batch's 1,024 evicted pages were read again (224 predicted for 1,213). Where the
 * traced pool had innodb_lru_scan_depth free pages already a batch cannot show, and none is taken.
 */
export function cleanerRanBetween(earlier: RunResult, later: RunResult): boolean {
  if (later.server.flavor === 'mariadb') return false;
  const free = (pools: readonly { freeBuffers: number }[] | null | undefined) =>
    pools && pools.length > 0 ? pools.reduce((n, p) => n + p.freeBuffers, 0) : null;
  const end = free(earlier.poolStats?.after);
  const begin = free(later.poolStats?.before);
  return end !== null && begin !== null && begin > end;
}

/**
 * A run's batches when it is replayed after `earlier` (null: the first replayed): its own, and one
 * before its first request when the cleaner ran between the two (cleanerRanBetween).
 */
export function cleanerBatchesAfter(earlier: RunResult | null, run: RunResult): number[] {
  const own = cleanerBatchesOfRun(run);
  return earlier && cleanerRanBetween(earlier, run) ? [0, ...own] : own;
}

/** Several runs' batches on one clock, the runs one after the other (their measured times summed). */
export function cleanerBatchesOfRuns(runs: readonly RunResult[]): number[] {
  let shift = 0;
  const out: number[] = [];
  runs.forEach((run, i) => {
    out.push(...cleanerBatchesAfter(runs[i - 1] ?? null, run).map((t) => t + shift));
    shift += run.elapsedMs ?? 0;
  });
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
