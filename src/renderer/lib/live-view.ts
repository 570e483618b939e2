/**
 * What the live view (a run's, and an experiment's current run) and a run's result view share:
 * label/value rows, and the poller's own cost in words.
 */
import type { PollerCost } from '../../shared/runs/runs';
import { formatCount, formatMs, formatShare } from '../../shared/format';

/** One label/value pair as the Pairs component shows it. */
export interface Row {
  label: string;
  value: string;
  testId?: string;
}

/**
 * The poller's own cost while a run goes on: its walks during the query, how they are spaced, how long
 * each took, and its share of the query's time so far beside the budget 'auto' keeps to. (A saved run
 * states its cost once, in observerCostWords.)
 */
export function pollerCostRows(cost: PollerCost | null): Row[] {
  if (!cost) return [{ label: 'Poller', value: 'off: no samples were taken', testId: 'poller-off' }];
  const budget =
    cost.targetShare === undefined ? '' : ` (auto keeps it near ${Math.round(cost.targetShare * 100)}%)`;
  return [
    {
      label: 'Walks',
      value: cost.adaptive
        ? `as often as the budget allows: about every ${formatMs(cost.intervalMs)} now`
        : `every ${formatMs(cost.intervalMs)} (fixed)`,
      testId: 'poller-interval',
    },
    { label: 'LRU walks during the query', value: formatCount(cost.snapshots), testId: 'poller-snapshots' },
    {
      label: 'Per walk',
      value: `${formatMs(cost.meanSnapshotMs)} mean, ${formatMs(cost.maxSnapshotMs)} max`,
    },
    {
      label: 'Share of the query’s time so far',
      value: `${formatShare(cost.serverShare)}${budget}`,
      testId: 'poller-share',
    },
  ];
}
