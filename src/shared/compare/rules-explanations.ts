/** The findings that explain counters: nothing evicted, globals moved by others, same reads, the adaptive hash index's work. */
import { AHI_PRESET_TITLE } from '../experiments/experiments';
import { formatCount, formatMs, formatRatio, formatShare, formatSwitch } from '../format';
import type { RunResult } from '../runs/runs';
import { pairTableId } from './anchors';
import { readPathDiffers, type PairComparison } from './comparison';
import { counterOf, ev, ordered, type Finding, type PairRule } from './finding';
import { sumPools } from './pool-diff';
import { statusRow } from './status-diff';

/**
 * InnoDB makes no page young (and counts none as not made young) until its pool has evicted a page:
 * with every page ever read still in the pool, innodb_old_blocks_time cannot have mattered.
 * Detected per run: in every pool instance, pages read + created since startup ≤ pages in the pool.
 * Said only where the old-blocks settings are what the pair compares: elsewhere it answers no question.
 */
export const neverEvictedRule: PairRule = (pair) => {
  if (!oldBlocksCompared(pair)) return [];
  const out: Finding[] = [];
  for (const side of [pair.a, pair.b]) {
    const pools = side.run.poolStats.after;
    if (!pools || pools.length === 0) continue;
    if (!pools.every((p) => p.pagesRead + p.pagesCreated <= p.databasePages)) continue;
    const read = sumPools(pools, 'pagesRead') ?? 0;
    const created = sumPools(pools, 'pagesCreated') ?? 0;
    const inPool = sumPools(pools, 'databasePages') ?? 0;
    const free = sumPools(pools, 'freeBuffers') ?? 0;
    const t = side.run.server.oldBlocksTimeMs;
    out.push({
      rule: 'pool-never-evicted',
      kind: 'explanation',
      text:
        `${side.label}'s pool never evicted a page (${formatCount(read + created)} read or created, ` +
        `${formatCount(inPool)} in the pool): innodb_old_blocks_time=${t} cannot have mattered`,
      evidence: [
        ev(`NUMBER_PAGES_READ since startup, ${side.label}`, read),
        ev(`NUMBER_PAGES_CREATED since startup, ${side.label}`, created),
        ev(`DATABASE_PAGES, ${side.label}`, inPool),
        ev(`FREE_BUFFERS, ${side.label}`, free),
      ],
      tableId: pairTableId(pair.id, 'pool'),
      weight: 80,
    });
  }
  return out;
};

/** The two runs differ in innodb_old_blocks_time or innodb_old_blocks_pct. */
export function oldBlocksCompared(pair: PairComparison): boolean {
  const [a, b] = [pair.a.run.server, pair.b.run.server];
  return a.oldBlocksTimeMs !== b.oldBlocksTimeMs || a.oldBlocksPct !== b.oldBlocksPct;
}

const HANDLER_READS = [
  'Handler_read_first',
  'Handler_read_key',
  'Handler_read_last',
  'Handler_read_next',
  'Handler_read_prev',
  'Handler_read_rnd',
  'Handler_read_rnd_next',
];

/**
 * Global counters include other sessions' work: when Innodb_rows_read (global) rose clearly more than
 * the run's own session read rows (its Handler_read_* counters), someone else was reading too.
 */
export const globalCountersRule: PairRule = (pair) => {
  const out: Finding[] = [];
  for (const [side, pick] of [
    [pair.a, 'a'],
    [pair.b, 'b'],
  ] as const) {
    const rows = statusRow(pair.status, 'Innodb_rows_read');
    const global = rows?.[pick] ?? null;
    if (rows?.scope !== 'global' || global === null) continue;
    const handler = HANDLER_READS.map((n) => statusRow(pair.status, n))
      .filter((r) => r?.scope === 'session' && r[pick] !== null)
      .reduce((s, r) => s + (r?.[pick] ?? 0), 0);
    if (handler <= 0 || global <= handler * 1.1 + 1000) continue;
    out.push({
      rule: 'global-counters',
      kind: 'explanation',
      text: `${side.label}'s session read ${formatCount(handler)} rows, Innodb_rows_read rose ${formatCount(global)}: other sessions were reading too`,
      evidence: [
        ev(`Innodb_rows_read (global), ${side.label}`, global),
        ev(`Handler_read_* (session), ${side.label}`, handler),
      ],
      tableId: pairTableId(pair.id, 'status'),
      weight: 70,
    });
  }
  return out;
};

/**
 * A time difference the page counts do not explain: one run took ≥ 1.25× as long (and 100 ms more)
 * while both read the same pages from disk and asked the pool for the same pages (each within 5%).
 * Post 001's own old_blocks_time pair is one (33.9 s against 7.81 s on 38,961 and 39,010 pages read).
 */
export const sameReadsRule: PairRule = (pair) => {
  const { a, b } = pair.elapsed;
  if (a === null || b === null || Math.min(a, b) <= 0) return [];
  const [big, vb, small, vs] = ordered(pair, a, b);
  if (vb < vs * 1.25 || vb - vs < 100) return [];
  const read = counterOf(pair, 'Innodb_pages_read', 'pagesRead');
  const asked = counterOf(pair, 'Innodb_buffer_pool_read_requests', 'pagesGet');
  const alike = ([x, y]: [number | null, number | null, ...unknown[]]) =>
    x !== null && y !== null && Math.max(x, y) > 0 && Math.abs(x - y) <= 0.05 * Math.max(x, y);
  if (!alike(read) || !alike(asked)) return [];
  // Read from storage another way (O_DIRECT against the OS page cache): the same pages say nothing of
  // where the time went, and the storage is what differs.
  const path = readPathDiffers(pair.a.run, pair.b.run);
  if (path)
    return [
      {
        rule: 'same-reads-other-path',
        kind: 'explanation',
        text: `${big.label} took ${formatRatio(vb / vs)} as long as ${small.label} on the same pages read into the pool, read from storage by another path (${path}): the time may be in how they came, so it is not said to be inside the server`,
        evidence: [
          ev(`time, ${pair.a.label}`, formatMs(a)),
          ev(`time, ${pair.b.label}`, formatMs(b)),
          ev(`${read[2]}, ${pair.a.label}`, read[0]),
          ev(`${read[2]}, ${pair.b.label}`, read[1]),
          ev(`innodb_flush_method, ${pair.a.label}`, pair.a.run.server.flushMethod),
          ev(`innodb_flush_method, ${pair.b.label}`, pair.b.run.server.flushMethod),
        ],
        tableId: read[3],
        weight: 60,
      },
    ];
  const ahi = [pair.a, pair.b].map((s) => s.run.server.adaptiveHashIndex);
  const next =
    ahi[0] === true && ahi[1] === true
      ? '; both had the adaptive hash index on: its preset turns it off'
      : ahi[0] !== undefined && ahi[1] !== undefined && ahi[0] !== ahi[1]
        ? '; they also differ in innodb_adaptive_hash_index'
        : '';
  return [
    {
      rule: 'same-reads',
      kind: 'explanation',
      text: `${big.label} took ${formatRatio(vb / vs)} as long as ${small.label} on the same pages read and asked for: the time is inside the server${next}`,
      evidence: [
        ev(`time, ${pair.a.label}`, formatMs(a)),
        ev(`time, ${pair.b.label}`, formatMs(b)),
        ev(`${read[2]}, ${pair.a.label}`, read[0]),
        ev(`${read[2]}, ${pair.b.label}`, read[1]),
        ev(`${asked[2]}, ${pair.a.label}`, asked[0]),
        ev(`${asked[2]}, ${pair.b.label}`, asked[1]),
        ...(ahi[0] === true && ahi[1] === true ? [ev('the preset that turns it off', AHI_PRESET_TITLE)] : []),
        ...(next
          ? ahi.map((on, i) =>
              ev(`innodb_adaptive_hash_index, ${[pair.a, pair.b][i]!.label}`, formatSwitch(on)),
            )
          : []),
      ],
      tableId: read[3],
      weight: 60,
    },
  ];
};

/** A run's INNODB_METRICS delta by counter name, or null when the run did not record it. */
function metric(run: RunResult, name: string): number | null {
  return run.innodbMetrics?.counters.find((c) => c.name === name)?.delta ?? null;
}

/** 3,100,000 → "3.1 M"; 12,000 → "12 k"; below 10,000 as counted. */
function short(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(n >= 1e7 ? 0 : 1)} M`;
  if (n >= 1e4) return `${Math.round(n / 1e3)} k`;
  return formatCount(n);
}

/**
 * The adaptive hash index's share of the work (INNODB_METRICS, MySQL): how often each side found a
 * row through it and how often it fell back to the B-tree. Fires when both sides searched (over 1,000
 * searches each, the index on for both) and one used the index clearly less: its hash searches under
 * 80% of the other's, or its share of searches the index answered 5 points lower. With 1000 on post 001's pair, MySQL 8.0
 * indexed fewer pages and answered fewer searches from the hash: the time is there.
 */
export const adaptiveHashRule: PairRule = (pair) => {
  // With the index off on a side, its counters only say it was off (sameReadsRule names the setting).
  if (pair.a.run.server.adaptiveHashIndex === false || pair.b.run.server.adaptiveHashIndex === false)
    return [];
  const figures = [pair.a, pair.b].map((side) => {
    const hash = metric(side.run, 'adaptive_hash_searches');
    const btree = metric(side.run, 'adaptive_hash_searches_btree');
    return hash === null || btree === null
      ? null
      : { side, hash, btree, share: hash / Math.max(1, hash + btree) };
  });
  const [fa, fb] = figures;
  if (!fa || !fb || fa.hash + fa.btree <= 1000 || fb.hash + fb.btree <= 1000) return [];
  const [less, more] = fa.hash <= fb.hash ? [fa, fb] : [fb, fa];
  const asOften = more.hash > 0 ? less.hash / more.hash : 1;
  if (asOften >= 0.8 && more.share - less.share < 0.05) return [];
  const pages = (run: RunResult) => metric(run, 'adaptive_hash_pages_added');
  const [addedLess, addedMore] = [pages(less.side.run), pages(more.side.run)];
  const addedWords =
    addedLess !== null && addedMore !== null && (addedLess > 0 || addedMore > 0)
      ? `; it added ${formatCount(addedLess)} pages to the index (against ${formatCount(addedMore)})`
      : '';
  const evidence = [pair.a, pair.b].flatMap((side) =>
    [
      'adaptive_hash_searches',
      'adaptive_hash_searches_btree',
      'adaptive_hash_pages_added',
      'adaptive_hash_pages_removed',
      'adaptive_hash_rows_added',
      'adaptive_hash_rows_removed',
    ]
      .filter((name) => metric(side.run, name) !== null)
      .map((name) => ev(`${name}, ${side.label}`, metric(side.run, name))),
  );
  return [
    {
      rule: 'adaptive-hash-index',
      kind: 'explanation',
      text:
        `${less.side.label} searched the adaptive hash index ${formatShare(asOften)} as often as ${more.side.label} ` +
        `(${short(less.hash)} against ${short(more.hash)}) and fell back to the B-tree ${short(less.btree)} times ` +
        `(against ${short(more.btree)}): ${formatShare(less.share)} of its searches were answered by the index, ` +
        `against ${formatShare(more.share)}${addedWords}`,
      evidence,
      tableId: pairTableId(pair.id, 'summary'),
      weight: 65,
    },
  ];
};
