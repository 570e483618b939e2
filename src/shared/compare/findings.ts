/**
 * Findings: the few largest differences between runs, in words, each with the figures it came from
 * and the id of the table that holds them. Every rule is a small pure function that fires only when
 * the figures show what it says; the thresholds are in the rules, so a test can show each firing and
 * not firing. Explanations (counters that look wrong) and warnings always come first.
 */
import { AHI_PRESET_TITLE } from '../experiments';
import { formatCount, formatMs, formatRatio, formatSwitch } from '../format';
import { pairTableId, TABLE_IDS } from './anchors';
import type { Comparison, PairComparison, PairSide } from './comparison';
import { indexName, pagesOfIndex } from './lru-diff';
import { POOL_FIELDS, poolRow, sumPools } from './pool-diff';
import { statusRow } from './status-diff';

export interface Evidence {
  label: string;
  value: string;
}

export interface Finding {
  /** The rule that fired, e.g. 'pages-from-disk'. */
  rule: string;
  kind: 'warning' | 'explanation' | 'difference';
  text: string;
  evidence: Evidence[];
  /** The table holding the evidence (an anchor id). */
  tableId: string;
  /** How large the difference is; the summary shows the largest. */
  weight: number;
}

export type PairRule = (pair: PairComparison) => Finding[];

const ev = (label: string, value: number | string | null): Evidence => ({
  label,
  value: value === null ? '—' : typeof value === 'number' ? formatCount(value) : value,
});

/** The larger of two figures first: [big side, its value, small side, its value]. */
function ordered(pair: PairComparison, a: number, b: number): [PairSide, number, PairSide, number] {
  return b >= a ? [pair.b, b, pair.a, a] : [pair.a, a, pair.b, b];
}

// ---------- warnings ----------

/** Different results: the comparison may be of two different questions. */
export const checksumRule: PairRule = (pair) => {
  if (pair.checksum.same !== false) return [];
  return [
    {
      rule: 'checksum-differs',
      kind: 'warning',
      text: `${pair.a.label} and ${pair.b.label} returned different results (checksum ${pair.checksum.a} against ${pair.checksum.b})`,
      evidence: [
        ev(`checksum, ${pair.a.label}`, pair.checksum.a),
        ev(`checksum, ${pair.b.label}`, pair.checksum.b),
        ev(`rows, ${pair.a.label}`, pair.rows.a),
        ev(`rows, ${pair.b.label}`, pair.rows.b),
      ],
      tableId: pairTableId(pair.id, 'summary'),
      weight: 100,
    },
  ];
};

/** A run that did not complete: its figures cover only what was captured before it stopped. */
export const incompleteRule: PairRule = (pair) =>
  [pair.a, pair.b]
    .filter((s) => s.run.state !== 'complete')
    .map((s) => ({
      rule: 'run-incomplete',
      kind: 'warning' as const,
      text: `${s.label}'s run was ${s.run.state}${s.run.error ? ` (${s.run.error})` : ''}: its figures cover only what was captured before it stopped`,
      evidence: [ev(`state, ${s.label}`, s.run.state)],
      tableId: pairTableId(pair.id, 'summary'),
      weight: 90,
    }));

// ---------- explanations of counters that look wrong ----------

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
        `${side.label}'s pool never evicted a page (${formatCount(read + created)} pages read or created since the server started, ` +
        `${formatCount(inPool)} in the pool, ${formatCount(free)} free): InnoDB makes no page young until its pool has evicted one, ` +
        `so innodb_old_blocks_time=${t} cannot have mattered in this run`,
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
      text:
        `Innodb_rows_read rose by ${formatCount(global)} during ${side.label}'s run, but its own session read ` +
        `${formatCount(handler)} rows (Handler_read_*): global counters include other sessions' work`,
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
      ? `. Both ran with innodb_adaptive_hash_index=ON: the preset "${AHI_PRESET_TITLE}" runs them again with it OFF, ` +
        `to show whether that work is in the adaptive hash index`
      : ahi[0] !== undefined && ahi[1] !== undefined && ahi[0] !== ahi[1]
        ? `. The two also differ in innodb_adaptive_hash_index (${pair.a.label}: ${formatSwitch(ahi[0])}, ${pair.b.label}: ${formatSwitch(ahi[1])})`
        : '';
  return [
    {
      rule: 'same-reads',
      kind: 'explanation',
      text:
        `${big.label} took ${formatRatio(vb / vs)} as long as ${small.label}, yet both read as many pages from disk ` +
        `(${formatCount(read[0]!)} against ${formatCount(read[1]!)}) and asked the pool for as many ` +
        `(${formatCount(asked[0]!)} against ${formatCount(asked[1]!)}): the extra time is not in how many pages ` +
        `were read or asked for, but in how long each took or in other work inside the server${next}`,
      evidence: [
        ev(`time, ${pair.a.label}`, formatMs(a)),
        ev(`time, ${pair.b.label}`, formatMs(b)),
        ev(`${read[2]}, ${pair.a.label}`, read[0]),
        ev(`${read[2]}, ${pair.b.label}`, read[1]),
        ev(`${asked[2]}, ${pair.a.label}`, asked[0]),
        ev(`${asked[2]}, ${pair.b.label}`, asked[1]),
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

// ---------- differences ----------

/**
 * A difference's weight: how much the rule's subject matters (time and disk reads first), plus how far
 * apart the two figures are (log2 of their ratio, capped, so a 0 against 3 does not outweigh everything).
 */
const weightOf = (importance: number, big: number, small: number) =>
  importance + Math.min(Math.log2((big + 1) / (small + 1)), 6) / 3;

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

/**
 * A counter's change during each run, from the status table when both runs have it, else from the
 * pool's stats: [A, B, the counter's name, the table holding it].
 */
function counterOf(
  pair: PairComparison,
  status: string,
  pool: Parameters<typeof poolRow>[1],
): [number | null, number | null, string, string] {
  const s = statusRow(pair.status, status);
  if (s && s.a !== null && s.b !== null) return [s.a, s.b, status, pairTableId(pair.id, 'status')];
  const p = poolRow(pair.pool, pool);
  const column = POOL_FIELDS.find((f) => f.field === pool)!.column;
  return [p?.aDelta ?? null, p?.bDelta ?? null, column, pairTableId(pair.id, 'pool')];
}

/** Pages read from disk (Innodb_pages_read, else the pool's NUMBER_PAGES_READ): fires at 1.5× and 100 pages. */
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
          ? `${big.label} read ${formatRatio(ratio)} more pages from disk (${formatCount(vb)} against ${formatCount(vs)})`
          : `${big.label} read ${formatCount(vb)} pages from disk, ${small.label} none`,
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
  if (vb < 1000 || vs * 10 > vb || t <= 0) return [];
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

/** Per index: ≥ 5 young pages after one run, none after the other though it holds the index (at most three, the largest). */
export const youngPagesRule: PairRule = (pair) =>
  pair.lru
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
    const gone = pair.lru.filter((r) => (r[pick]?.pages ?? 0) > 0 && r[pick === 'a' ? 'b' : 'a'] === null);
    if (gone.length === 0) continue;
    const names = gone.map((r) => `${indexName(r.table, r.index)} (${formatCount(r[pick]?.pages ?? 0)})`);
    const listed =
      names.length > 4 ? `${names.slice(0, 4).join(', ')} and ${names.length - 4} more` : names.join(', ');
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
  const parts: string[] = [];
  if (x.joinOrderDiffers)
    parts.push(`${pair.a.label} joins ${x.orderA.join(', ')}; ${pair.b.label} joins ${x.orderB.join(', ')}`);
  for (const r of changed.slice(0, 3))
    if (r.a && r.b)
      parts.push(`${r.table}: ${access(r.a)} in ${pair.a.label}, ${access(r.b)} in ${pair.b.label}`);
  return [
    {
      rule: 'plan-differs',
      kind: 'difference',
      text: `The plans differ: ${parts.join('; ')}`,
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

export const PAIR_RULES: readonly PairRule[] = [
  checksumRule,
  incompleteRule,
  neverEvictedRule,
  globalCountersRule,
  sameReadsRule,
  elapsedRule,
  pagesFromDiskRule,
  readAheadRule,
  notMadeYoungRule,
  madeYoungRule,
  youngPagesRule,
  pushedOutRule,
  explainRule,
  stageRule,
];

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

const KIND_ORDER = { warning: 0, explanation: 1, difference: 2 } as const;

export function sortFindings(list: Finding[]): Finding[] {
  return [...list].sort((x, y) => KIND_ORDER[x.kind] - KIND_ORDER[y.kind] || y.weight - x.weight);
}

export interface Findings {
  /** Above the tables: up to `limit` warnings and explanations, then the `limit` largest differences. */
  summary: Finding[];
  /** Findings left out of the summary (each is still in its pair's list). */
  notInSummary: number;
  /** Every finding of each pair, by pair id. */
  byPair: Record<string, Finding[]>;
}

/**
 * Runs every rule. With more than one pair, a pair's findings in the summary start with its title.
 * `across`: findings drawn from more than one pair (post 003's cold/hot crossover), ranked with the rest.
 */
export function findFindings(
  c: Comparison,
  limit = 6,
  rules: readonly PairRule[] = PAIR_RULES,
  across: readonly Finding[] = [],
): Findings {
  const byPair: Record<string, Finding[]> = {};
  const all: Finding[] = [...totalTimeRule(c), ...across];
  for (const pair of c.pairs) {
    const found = sortFindings(rules.flatMap((rule) => rule(pair)));
    byPair[pair.id] = found;
    all.push(
      ...(c.pairs.length > 1 ? found.map((f) => ({ ...f, text: `${pair.title}: ${f.text}` })) : found),
    );
  }
  const sorted = sortFindings(all);
  const notes = sorted.filter((f) => f.kind !== 'difference').slice(0, limit);
  const differences = sorted.filter((f) => f.kind === 'difference').slice(0, limit);
  return {
    summary: [...notes, ...differences],
    notInSummary: all.length - notes.length - differences.length,
    byPair,
  };
}
