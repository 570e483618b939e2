/** The findings that name the largest differences between two runs, and over all queries, each firing at its own threshold. */
import { formatCount, formatMs, formatRatio } from '../format';
import { pairTableId, TABLE_IDS } from './anchors';
import type { Comparison, PairSide } from './comparison';
import { counterOf, ev, ordered, weightOf, type Finding, type PairRule } from './finding';
import { poolRow } from './pool-diff';
import { indexName, pagesOfIndex, shortTable, type LruRow } from '../runs/lru-diff';
import { oldBlocksCompared } from './rules-explanations';
import { NO_TABLE } from '../runs/runs';

/** Elapsed time: fires at 10% and 10 ms apart. */
export const elapsedRule: PairRule = (pair) => {
  const { a, b } = pair.elapsed;
  if (a === null || b === null || Math.min(a, b) <= 0) return [];
  const [big, vb, small, vs] = ordered(pair, a, b);
  const ratio = vb / vs;
  if (ratio < 1.1 || vb - vs < 10) return [];
  return [
    {
      rule: 'elapsed',
      kind: 'difference',
      text: `${big.label} took ${formatRatio(ratio)} as long as ${small.label} (${formatMs(vb)} against ${formatMs(vs)})`,
      evidence: [ev(`time, ${pair.a.label}`, formatMs(a)), ev(`time, ${pair.b.label}`, formatMs(b))],
      tableId: pairTableId(pair.id, 'summary'),
      weight: weightOf(3, vb, vs),
    },
  ];
};

/** Pages read into the pool (Innodb_pages_read, else the pool's NUMBER_PAGES_READ): fires at 1.5× and 100 pages. */
export const pagesFromDiskRule: PairRule = (pair) => {
  const [a, b, source, tableId] = counterOf(pair, 'Innodb_pages_read', 'pagesRead');
  if (a === null || b === null) return [];
  const [big, vb, small, vs] = ordered(pair, a, b);
  if (vb < 100 || vb < vs * 1.5) return [];
  const ratio = vs > 0 ? vb / vs : Infinity;
  return [
    {
      rule: 'pages-from-disk',
      kind: 'difference',
      text:
        vs > 0
          ? `${big.label} read ${formatRatio(ratio)} as many pages into the pool (${formatCount(vb)} against ${formatCount(vs)})`
          : `${big.label} read ${formatCount(vb)} pages into the pool, ${small.label} none`,
      evidence: [ev(`${source}, ${pair.a.label}`, a), ev(`${source}, ${pair.b.label}`, b)],
      tableId,
      weight: weightOf(3, vb, vs),
    },
  ];
};

/** Read-ahead: one run brought ≥ 1,000 pages in by read-ahead, the other at most a tenth of that. */
export const readAheadRule: PairRule = (pair) => {
  const [a, b, source, tableId] = counterOf(pair, 'Innodb_buffer_pool_read_ahead', 'readAhead');
  if (a === null || b === null) return [];
  const [big, vb, small, vs] = ordered(pair, a, b);
  if (vb < 1000 || vs > vb / 10) return [];
  return [
    {
      rule: 'read-ahead',
      kind: 'difference',
      text: `${big.label} brought ${formatCount(vb)} pages in by read-ahead, ${small.label} ${vs === 0 ? 'none' : formatCount(vs)}`,
      evidence: [ev(`${source}, ${pair.a.label}`, a), ev(`${source}, ${pair.b.label}`, b)],
      tableId,
      weight: weightOf(1.5, vb, vs),
    },
  ];
};

/** Does the run's plan read any table whole (type ALL or index)? Then its pages came from a scan. */
function scans(side: PairSide): boolean {
  return (side.run.explain?.table ?? []).some((row) =>
    Object.entries(row).some(([k, v]) => k.toLowerCase() === 'type' && (v === 'ALL' || v === 'index')),
  );
}

/**
 * Pages not made young: one run's pool counted ≥ 1,000 (and at least 10× the other's) while its
 * innodb_old_blocks_time was above 0 — the setting that keeps a page old when it is touched again too soon.
 */
export const notMadeYoungRule: PairRule = (pair) => {
  const row = poolRow(pair.pool, 'pagesNotMadeYoung');
  const a = row?.aDelta ?? null;
  const b = row?.bDelta ?? null;
  if (a === null || b === null) return [];
  const [big, vb, small, vs] = ordered(pair, a, b);
  const t = big.run.server.oldBlocksTimeMs;
  // It names innodb_old_blocks_time as the cause: only where that setting is what differs.
  if (vb < 1000 || vs * 10 > vb || t <= 0 || !oldBlocksCompared(pair)) return [];
  return [
    {
      rule: 'not-made-young',
      kind: 'difference',
      text: `${big.label} left ${formatCount(vb)} pages not made young: innodb_old_blocks_time=${t} kept ${scans(big) ? "the scan's pages" : 'the pages it read'} old`,
      evidence: [
        ev(`PAGES_NOT_MADE_YOUNG during the run, ${big.label}`, vb),
        ev(`PAGES_NOT_MADE_YOUNG during the run, ${small.label}`, vs),
        ev(`innodb_old_blocks_time, ${big.label}`, String(t)),
        ev(`innodb_old_blocks_time, ${small.label}`, String(small.run.server.oldBlocksTimeMs)),
      ],
      tableId: pairTableId(pair.id, 'pool'),
      weight: weightOf(3, vb, vs),
    },
  ];
};

/** Pages made young: one run moved ≥ 1,000 pages to the young end, the other at most a tenth of that. */
export const madeYoungRule: PairRule = (pair) => {
  const row = poolRow(pair.pool, 'pagesMadeYoung');
  const a = row?.aDelta ?? null;
  const b = row?.bDelta ?? null;
  if (a === null || b === null) return [];
  const [big, vb, small, vs] = ordered(pair, a, b);
  if (vb < 1000 || vs * 10 > vb) return [];
  return [
    {
      rule: 'made-young',
      kind: 'difference',
      text: `${big.label} made ${formatCount(vb)} pages young, ${small.label} ${vs === 0 ? 'none' : formatCount(vs)}`,
      evidence: [
        ev(`PAGES_MADE_YOUNG during the run, ${pair.a.label}`, a),
        ev(`PAGES_MADE_YOUNG during the run, ${pair.b.label}`, b),
      ],
      tableId: pairTableId(pair.id, 'pool'),
      weight: weightOf(2, vb, vs),
    },
  ];
};

/**
 * An index of the data the queries read: bplab's own bookkeeping (`_bplab_dataset`...) and the pages
 * of no table (system, undo) are in the LRU table, but never make a finding.
 */
function aboutTheData(row: LruRow): boolean {
  return row.table !== NO_TABLE && !/^_bplab/i.test(shortTable(row.table));
}

/** Per index: ≥ 5 young pages after one run, none after the other though it holds the index (at most three, the largest). */
export const youngPagesRule: PairRule = (pair) =>
  pair.lru
    .filter(aboutTheData)
    .flatMap((row) => {
      const ya = row.a?.youngPages ?? 0;
      const yb = row.b?.youngPages ?? 0;
      if (Math.max(ya, yb) < 5 || Math.min(ya, yb) > 0) return [];
      if (!pair.a.run.lru.after || !pair.b.run.lru.after) return [];
      const [big, vb, small] = ordered(pair, ya, yb);
      const other = small === pair.a ? row.a : row.b;
      // An index gone from the other side is the pushed-out rule's to report.
      if (!other || other.pages === 0) return [];
      const name = indexName(row.table, row.index);
      return [
        {
          rule: 'young-pages',
          kind: 'difference' as const,
          text:
            `${name}: ${formatCount(vb)} young pages after ${big.label}, none after ${small.label} ` +
            `(${formatCount(other.pages)} pages there, all old)`,
          evidence: [
            ev(`young pages, ${pair.a.label}`, ya),
            ev(`young pages, ${pair.b.label}`, yb),
            ev(`pages, ${pair.a.label}`, row.a?.pages ?? 0),
            ev(`pages, ${pair.b.label}`, row.b?.pages ?? 0),
          ],
          tableId: pairTableId(pair.id, 'lru'),
          weight: 1 + Math.log10(vb),
        },
      ];
    })
    .sort((x, y) => y.weight - x.weight)
    .slice(0, 3);

/** Indexes that held pages after one run and none after the other (both runs have a composition). */
export const pushedOutRule: PairRule = (pair) => {
  if (!pair.a.run.lru.after || !pair.b.run.lru.after) return [];
  const out: Finding[] = [];
  for (const [had, lacked, pick] of [
    [pair.a, pair.b, 'a'],
    [pair.b, pair.a, 'b'],
  ] as const) {
    const gone = pair.lru
      .filter(aboutTheData)
      .filter((r) => (r[pick]?.pages ?? 0) > 0 && r[pick === 'a' ? 'b' : 'a'] === null);
    if (gone.length === 0) continue;
    const names = gone.map((r) => `${indexName(r.table, r.index)} (${formatCount(r[pick]?.pages ?? 0)})`);
    const listed =
      names.length > 2 ? `${names.slice(0, 2).join(', ')} and ${names.length - 2} more` : names.join(', ');
    out.push({
      rule: 'pushed-out',
      kind: 'difference',
      text: `${gone.length === 1 ? '1 index' : `${gone.length} indexes`} held pages after ${had.label} and none after ${lacked.label}: ${listed}`,
      evidence: gone.map((r) => ev(`${pagesOfIndex(r.table, r.index)}, ${had.label}`, r[pick]?.pages ?? 0)),
      tableId: pairTableId(pair.id, 'lru'),
      weight: 1 + gone.length / 4,
    });
  }
  return out;
};

/** The plans differ: join order, or a table's access type or key. */
export const explainRule: PairRule = (pair) => {
  const x = pair.explain;
  if (!x.available) return [];
  const changed = x.rows.filter((r) => r.a && r.b && (r.a.type !== r.b.type || r.a.key !== r.b.key));
  if (!x.joinOrderDiffers && changed.length === 0) return [];
  const access = (l: { type: string; key: string; rows: number | null }) =>
    `${l.type}${l.key ? ` on ${l.key}` : ''}${l.rows !== null ? `, ${formatCount(l.rows)} row${l.rows === 1 ? '' : 's'}` : ''}`;
  // One line: the join order, else the first table read another way; the rest is in the evidence.
  const first = changed[0];
  const said = x.joinOrderDiffers
    ? `${pair.a.label} joins ${x.orderA.join(' → ')}, ${pair.b.label} ${x.orderB.join(' → ')}`
    : first?.a && first.b
      ? `${first.table} is ${access(first.a)} in ${pair.a.label}, ${access(first.b)} in ${pair.b.label}`
      : '';
  const more = changed.length - (x.joinOrderDiffers ? 0 : 1);
  const rest = more > 0 ? `; ${more} table${more === 1 ? '' : 's'} read another way` : '';
  return [
    {
      rule: 'plan-differs',
      kind: 'difference',
      text: `The plans differ: ${said}${rest}`,
      evidence: changed.flatMap((r) => [
        ev(`${r.table} type/key, ${pair.a.label}`, `${r.a?.type} ${r.a?.key || '(none)'}`),
        ev(`${r.table} type/key, ${pair.b.label}`, `${r.b?.type} ${r.b?.key || '(none)'}`),
      ]),
      tableId: pairTableId(pair.id, 'explain'),
      weight: 2.5,
    },
  ];
};

/** The stage that holds most of the time difference (≥ half of it, and ≥ 10 ms). */
export const stageRule: PairRule = (pair) => {
  const top = pair.stages.rows[0];
  const diff = pair.elapsed.diffMs;
  if (!top || diff === null || !top.a || !top.b) return [];
  if (Math.abs(top.durationDiffMs) < 10 || Math.abs(top.durationDiffMs) < Math.abs(diff) / 2) return [];
  const cpu = (v: number | null) => (v === null ? '—' : formatMs(v));
  return [
    {
      rule: 'stage',
      kind: 'difference',
      text: `"${top.stage}" took ${formatMs(top.a.durationMs)} in ${pair.a.label} against ${formatMs(top.b.durationMs)} in ${pair.b.label}`,
      evidence: [
        ev(`duration, ${pair.a.label}`, formatMs(top.a.durationMs)),
        ev(`duration, ${pair.b.label}`, formatMs(top.b.durationMs)),
        ev(`CPU, ${pair.a.label}`, cpu(top.a.cpuMs)),
        ev(`CPU, ${pair.b.label}`, cpu(top.b.cpuMs)),
        ev(`context switches, ${pair.a.label}`, top.a.contextSwitches),
        ev(`context switches, ${pair.b.label}`, top.b.contextSwitches),
      ],
      tableId: pairTableId(pair.id, 'stages'),
      weight: 1.5,
    },
  ];
};

/** Total time over the queries every side completed: fires at 10% apart. */
export function totalTimeRule(c: Comparison): Finding[] {
  const base = c.totals.elapsedMs[0];
  const baseLabel = c.sides[0]?.label;
  if (base == null || !baseLabel || c.totals.queries < 2) return [];
  return c.sides.slice(1).flatMap((side, i) => {
    const t = c.totals.elapsedMs[i + 1];
    if (t == null || Math.min(t, base) <= 0) return [];
    const [bigLabel, vb, smallLabel, vs] =
      t >= base ? [side.label, t, baseLabel, base] : [baseLabel, base, side.label, t];
    if (vb / vs < 1.1) return [];
    return [
      {
        rule: 'total-time',
        kind: 'difference' as const,
        text: `${bigLabel} took ${formatRatio(vb / vs)} as long as ${smallLabel} over the ${c.totals.queries} queries both completed (${formatMs(vb)} against ${formatMs(vs)})`,
        evidence: [ev(`total, ${baseLabel}`, formatMs(base)), ev(`total, ${side.label}`, formatMs(t))],
        tableId: TABLE_IDS.queryTimes,
        weight: weightOf(4, vb, vs),
      },
    ];
  });
}
