/**
 * What watching a run cost it, from what the run recorded: the poller's cost and the INNODB_METRICS
 * counters over the statement. One line of words for the run's result view, and the words a
 * comparison uses when its two sides were watched differently (a watched run can keep other pages
 * and take longer than an unwatched one, so a difference may be the watching).
 */
import { formatCount, formatMs, formatShare } from '../format';
import type { InnodbMetricsCapture, ObserverCost, PollerCost, PollSetting, RunResult } from './runs';

/** The counter that counts the page cleaner's LRU batches (those that evicted pages). */
export const LRU_BATCHES_METRIC = 'buffer_LRU_batches_evict';
export const ACTIVITY_METRIC = 'innodb_activity_count';

const delta = (m: InnodbMetricsCapture | undefined, name: string): number | null =>
  m?.counters.find((c) => c.name === name)?.delta ?? null;

/** The run's observer cost: `cost` is the poller's (null when the run did not poll). */
export function observerCostOf(
  poll: PollSetting,
  cost: PollerCost | null,
  metrics: InnodbMetricsCapture | undefined,
  flavor: RunResult['server']['flavor'],
): ObserverCost {
  const mysql = flavor !== 'mariadb';
  return {
    poll,
    snapshots: cost?.snapshots ?? 0,
    intervalMs: cost ? cost.intervalMs : null,
    snapshotMs: cost ? Math.round(cost.snapshots * cost.meanSnapshotMs * 100) / 100 : 0,
    share: cost?.serverShare ?? 0,
    lruBatches: mysql ? delta(metrics, LRU_BATCHES_METRIC) : null,
    activityMarks: mysql ? delta(metrics, ACTIVITY_METRIC) : null,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** "every 250 ms" / "every 1.2 s (auto)". */
function cadence(o: ObserverCost): string {
  if (o.intervalMs === null) return '';
  return ` every ${formatMs(o.intervalMs)}${o.poll === 'auto' ? ' (auto)' : ''}`;
}

/** The cleaner's part, MySQL only: its LRU batches during the statement, or why they are not known. */
function batchWords(o: ObserverCost, flavor: RunResult['server']['flavor']): string {
  if (flavor === 'mariadb') return '';
  if (o.lruBatches === null) return '; the page cleaner\u2019s LRU batches were not counted';
  return `; MySQL\u2019s page cleaner ran ${plural(o.lruBatches, 'LRU batch', 'LRU batches')} during it`;
}

/** "one" for 1, else the count: the frames before and after are one each. */
const spelled = (n: number) => (n === 1 ? 'one' : formatCount(n));

/**
 * A watched run's frames in words, when it kept its walks before and after the query as frames:
 * "6 LRU frames: one before the query, 4 during it (87.0 ms inside them), one after". Null for a run
 * saved before bplab kept them.
 */
function framesWords(run: RunResult, o: ObserverCost): string | null {
  const maps = run.samples.maps;
  const before = maps.filter((m) => m.moment === 'before').length;
  const after = maps.filter((m) => m.moment === 'after').length;
  if (before + after === 0) return null;
  const during =
    o.snapshots === 0
      ? 'none during it'
      : `${formatCount(o.snapshots)} during it (${formatMs(o.snapshotMs)} inside them)`;
  const parts = [
    ...(before ? [`${spelled(before)} before the query`] : []),
    during,
    ...(after ? [`${spelled(after)} after`] : []),
  ];
  return `${plural(before + o.snapshots + after, 'LRU frame')}: ${parts.join(', ')}`;
}

/** What the poller keeps to: "auto keeps it near 5%", "a walk every 250 ms". */
function budgetWords(run: RunResult, o: ObserverCost): string {
  if (o.poll !== 'auto') return ` (a walk every ${formatMs(o.poll === 'off' ? 0 : o.poll)})`;
  const target = run.samples.cost?.targetShare;
  return target === undefined ? ' (auto)' : ` (auto keeps it near ${Math.round(target * 100)}%)`;
}

/**
 * The run's observer cost in one line, for its result view: the one place the run states what
 * watching it cost (the share is frozen at the statement's end, so it is the samples' too).
 */
export function observerCostWords(run: RunResult): string {
  const o = run.observer;
  if (!o) return 'Not recorded: a run saved before bplab recorded what watching it cost.';
  if (o.poll === 'off') return `Not watched while it ran (polling off)${batchWords(o, run.server.flavor)}.`;
  const frames = framesWords(run, o);
  if (frames)
    return `${frames}; the poller took ${formatShare(o.share)} of the query’s time${budgetWords(run, o)}${batchWords(o, run.server.flavor)}.`;
  if (o.snapshots === 0)
    return `No LRU snapshot fell during the statement${cadence(o)}; the poller\u2019s cheaper reads took ${formatShare(o.share)} of the run${batchWords(o, run.server.flavor)}.`;
  return `${plural(o.snapshots, 'LRU snapshot')}${cadence(o)}, ${formatMs(o.snapshotMs)} inside them; the poller took ${formatShare(o.share)} of the run${batchWords(o, run.server.flavor)}.`;
}

/** How a side was watched, in a few words: "polling off", "5 LRU snapshots every 250 ms". */
export function watchedAs(o: ObserverCost): string {
  if (o.poll === 'off') return 'polling off';
  return `${plural(o.snapshots, 'LRU snapshot')}${cadence(o)}`;
}

/**
 * Whether two runs were watched differently: another poll setting, or another number of snapshots
 * during the statement. `strong`: one side was watched and the other not, or the settings differ.
 * Null when either run did not record it.
 */
export function watchedDifferently(a: RunResult, b: RunResult): { strong: boolean } | null {
  const [x, y] = [a.observer, b.observer];
  if (!x || !y) return null;
  if (x.poll === y.poll && x.snapshots === y.snapshots) return null;
  return { strong: x.poll !== y.poll || x.snapshots === 0 || y.snapshots === 0 };
}
