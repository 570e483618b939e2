/**
 * A comparison whose two sides were watched differently says so: the watching may be part of the
 * difference. Not where a side is MyISAM: its rows are not in the pool the poller walks.
 */
import { watchedAs, watchedDifferently } from '../runs/observer-cost';
import { pairTableId } from './anchors';
import { ev, weightOf, type PairRule } from './finding';

/** A MyISAM run has no buffer pool LRU of its own to watch: how the pool was watched cannot matter to it. */
const poolless = (pair: Parameters<PairRule>[0]) =>
  [pair.a, pair.b].some((s) => s.run.dataset?.engine === 'MyISAM');

export const watchedDifferentlyRule: PairRule = (pair) => {
  if (poolless(pair)) return [];
  const differs = watchedDifferently(pair.a.run, pair.b.run);
  const [a, b] = [pair.a.run.observer, pair.b.run.observer];
  if (!differs || !a || !b) return [];
  const batches =
    a.lruBatches !== null && b.lruBatches !== null && a.lruBatches !== b.lruBatches
      ? `; MySQL's page cleaner ran ${a.lruBatches} LRU batches during ${pair.a.label} and ${b.lruBatches} during ${pair.b.label}`
      : '';
  return [
    {
      rule: 'watched-differently',
      kind: differs.strong ? 'warning' : 'difference',
      text: `${pair.a.label} and ${pair.b.label} were watched differently (${watchedAs(a)} against ${watchedAs(b)})${batches}: a snapshot takes the server's time, so part of the difference may be the watching`,
      evidence: [
        ev(`LRU snapshots, ${pair.a.label}`, a.snapshots),
        ev(`LRU snapshots, ${pair.b.label}`, b.snapshots),
        ev(`poll, ${pair.a.label}`, String(a.poll)),
        ev(`poll, ${pair.b.label}`, String(b.poll)),
        ev(`LRU batches, ${pair.a.label}`, a.lruBatches),
        ev(`LRU batches, ${pair.b.label}`, b.lruBatches),
      ],
      tableId: pairTableId(pair.id, 'summary'),
      weight: differs.strong
        ? 20
        : weightOf(0, Math.max(a.snapshots, b.snapshots), Math.min(a.snapshots, b.snapshots)),
    },
  ];
};
