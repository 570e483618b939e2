/**
 * Blocks of the pool that held no data page: POOL_SIZE less FREE_BUFFERS less DATABASE_PAGES. InnoDB's
 * adaptive hash index takes its memory from the pool, a block at a time (btr0sea: its heap is made in
 * the buffer pool), and gives a block back only when the hashed pages it indexes leave the pool. With
 * innodb_old_blocks_time=1000 the young sublist can stop moving (a scan churns only the old end), so
 * its hashed pages stay and keep their blocks: post 001's own 5.6.10 dim_date-first run held 993 such
 * blocks at 1000 against 121 at 0, and MySQL 5.5.34 here 1,030 against 13 (docs/reproductions.md). A
 * side that held many more of them had that much less pool for data. Pure.
 */
import { formatCount, formatShare, formatSwitch } from '../format';
import type { PoolStats } from '../runs/runs';
import { pairTableId } from './anchors';
import { ev, type Finding, type PairRule } from './finding';

/** The fewest blocks, and the smallest share of the pool, a difference must reach to be said. */
const MIN_BLOCKS = 64;
const MIN_SHARE = 0.05;

interface Held {
  poolPages: number;
  free: number;
  data: number;
  held: number;
}

/** The pool's blocks at the run's end, summed over its instances; null where the run kept none. */
export function heldBlocks(pools: PoolStats[] | null | undefined): Held | null {
  if (!pools || pools.length === 0) return null;
  const sum = (f: (p: PoolStats) => number) => pools.reduce((n, p) => n + f(p), 0);
  const poolPages = sum((p) => p.poolSize);
  const free = sum((p) => p.freeBuffers);
  const data = sum((p) => p.databasePages);
  if (poolPages <= 0) return null;
  return { poolPages, free, data, held: Math.max(0, poolPages - free - data) };
}

export const heldBlocksRule: PairRule = (pair) => {
  const [a, b] = [pair.a, pair.b].map((s) => heldBlocks(s.run.poolStats.after));
  if (!a || !b) return [];
  const [more, less, mSide, lSide] = a.held >= b.held ? [a, b, pair.a, pair.b] : [b, a, pair.b, pair.a];
  if (more.held - less.held < MIN_BLOCKS) return [];
  if (more.held / more.poolPages - less.held / less.poolPages < MIN_SHARE) return [];
  const ahi = mSide.run.server.adaptiveHashIndex;
  const holder =
    ahi === false
      ? 'not the adaptive hash index (off there): lock memory and other heaps take their blocks from the pool too'
      : ahi === true
        ? 'most likely the adaptive hash index (on there), which takes its memory from the pool and gives a block back only when the pages it hashed leave it'
        : 'the adaptive hash index and lock memory take their blocks from the pool';
  const finding: Finding = {
    rule: 'pool-blocks-held',
    kind: 'explanation',
    text:
      `${mSide.label} ended with ${formatCount(more.held)} of its ${formatCount(more.poolPages)} pool blocks (${formatShare(more.held / more.poolPages)}) ` +
      `holding neither a data page nor free, against ${formatCount(less.held)} (${formatShare(less.held / less.poolPages)}) for ${lSide.label}: ` +
      `that much less of the pool held data; ${holder}`,
    evidence: [pair.a, pair.b].flatMap((side, i) => {
      const h = [a, b][i]!;
      return [
        ev(`POOL_SIZE, ${side.label}`, h.poolPages),
        ev(`FREE_BUFFERS, ${side.label}`, h.free),
        ev(`DATABASE_PAGES, ${side.label}`, h.data),
        ev(`innodb_adaptive_hash_index, ${side.label}`, formatSwitch(side.run.server.adaptiveHashIndex)),
      ];
    }),
    tableId: pairTableId(pair.id, 'pool'),
    weight: 55,
  };
  return [finding];
};
