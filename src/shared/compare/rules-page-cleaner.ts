/**
 * A pool the page cleaner kept mostly free, with no old sublist (shared/runs/page-cleaner.ts): where the pair
 * compares innodb_old_blocks_time or innodb_old_blocks_pct, a side with such a pool compared nothing, as
 * a 14 MB pool on MySQL 5.6 (896 pages, innodb_lru_scan_depth 1,024) or a 16 MB one on MariaDB does.
 */
import { formatCount, formatShare } from '../format';
import { cleanerEmptiedPool, OLD_SUBLIST_MIN_PAGES } from '../runs/page-cleaner';
import { pairTableId } from './anchors';
import { ev, type Finding, type PairRule } from './finding';
import { oldBlocksCompared } from './rules-explanations';

export const pageCleanerRule: PairRule = (pair) => {
  if (!oldBlocksCompared(pair)) return [];
  const out: Finding[] = [];
  for (const side of [pair.a, pair.b]) {
    const { server } = side.run;
    const emptied = cleanerEmptiedPool(side.run.poolStats.after, server.lruScanDepth, side.run.samples.stats);
    if (!emptied) continue;
    const { depth, instances, target, poolPages, free } = emptied;
    const each = instances === 1 ? 'its one pool instance' : `each of ${instances} pool instances`;
    const against =
      target >= poolPages
        ? `more than the pool's ${formatCount(poolPages)} pages`
        : `${formatShare(target / poolPages)} of the pool's ${formatCount(poolPages)} pages`;
    out.push({
      rule: 'page-cleaner-emptied',
      kind: 'explanation',
      text:
        `${side.label}: the page cleaner keeps innodb_lru_scan_depth=${formatCount(depth)} pages free in ${each}, ` +
        `${against}; ${formatCount(free)} of them were free at the run's end and no old sublist had formed${emptied.polls > 0 ? ` in any of its ${formatCount(emptied.polls)} polls` : ''} ` +
        `(InnoDB keeps one once the LRU holds ${OLD_SUBLIST_MIN_PAGES} pages), so innodb_old_blocks_time=${server.oldBlocksTimeMs} ` +
        'could not change which pages stayed',
      evidence: [
        ev(`innodb_lru_scan_depth, ${side.label}`, depth),
        ev(`pool instances, ${side.label}`, instances),
        ev(`POOL_SIZE, ${side.label}`, poolPages),
        ev(`FREE_BUFFERS, ${side.label}`, free),
        ev(`DATABASE_PAGES, ${side.label}`, emptied.databasePages),
        ev(`OLD_DATABASE_PAGES, ${side.label}`, 0),
        ...(emptied.polls > 0
          ? [ev(`polls during the run with old pages, ${side.label}`, `0 of ${formatCount(emptied.polls)}`)]
          : []),
        ev(`NUMBER_PAGES_READ + NUMBER_PAGES_CREATED since startup, ${side.label}`, emptied.readOrCreated),
      ],
      tableId: pairTableId(pair.id, 'pool'),
      weight: 80,
    });
  }
  return out;
};
