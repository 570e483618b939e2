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

/** The poller's own cost: how often, how long per snapshot, and its share of the server's time. */
export function pollerCostRows(cost: PollerCost | null): Row[] {
  if (!cost) return [{ label: 'Poller', value: 'off: no samples were taken', testId: 'poller-off' }];
  return [
    {
      label: 'Interval',
      value: `${formatMs(cost.intervalMs)}${cost.adaptive ? ' (adapts to the snapshot cost)' : ' (fixed)'}`,
      testId: 'poller-interval',
    },
    { label: 'Snapshots', value: formatCount(cost.snapshots), testId: 'poller-snapshots' },
    {
      label: 'Per snapshot',
      value: `${formatMs(cost.meanSnapshotMs)} mean, ${formatMs(cost.maxSnapshotMs)} max`,
    },
    { label: 'Share of the server’s time', value: formatShare(cost.serverShare), testId: 'poller-share' },
  ];
}
