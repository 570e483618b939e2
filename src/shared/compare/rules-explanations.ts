/** The findings that explain counters that look wrong before they are compared: nothing evicted, globals moved by others, same reads. */
import { AHI_PRESET_TITLE } from '../experiments';
import { formatCount, formatMs, formatRatio, formatSwitch } from '../format';
import { pairTableId } from './anchors';
import { counterOf, ev, ordered, type Finding, type PairRule } from './finding';
import { sumPools } from './pool-diff';
import { statusRow } from './status-diff';

/**
 * InnoDB makes no page young (and counts none as not made young) until its pool has evicted a page:
 * with every page ever read still in the pool, innodb_old_blocks_time cannot have mattered.
 * Detected per run: in every pool instance, pages read + created since startup ≤ pages in the pool.
 */
export const neverEvictedRule: PairRule = (pair) => {
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
