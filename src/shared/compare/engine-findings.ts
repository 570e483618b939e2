/**
 * Findings for sides that differ by storage engine (post 003's InnoDB against MyISAM): they speak of
 * engines, not of InnoDB's pool alone. Which side wins cold and which hot, per query; the bytes each
 * engine's server read from storage, with the OS page cache MyISAM reads its rows through; and the
 * cache each engine reads through (MyISAM's key cache holds keys only, InnoDB's pool pages).
 * InnoDB's pool rules (pages from disk, made young, never evicted...) say nothing of a MyISAM side:
 * `innodbOnly` keeps them to pairs of one engine.
 */
import { formatBytes, formatCount, formatShare } from '../format';
import { pairTableId, TABLE_IDS } from './anchors';
import { cacheCounts, MARGIN, named, ratio, type ColdHotFigures, type ColdHotView } from './cold-hot';
import type { PairComparison } from './comparison';
import { ev, type Evidence, type Finding, type PairRule } from './finding';

const engineOf = (pair: PairComparison, side: 'a' | 'b'): string | null =>
  pair[side].run.dataset?.engine ?? null;

/** Both runs recorded their dataset's engine, and they differ. */
export function enginesDiffer(pair: PairComparison): boolean {
  const [a, b] = [engineOf(pair, 'a'), engineOf(pair, 'b')];
  return a !== null && b !== null && a !== b;
}

/** A rule about InnoDB's buffer pool, kept to pairs whose runs read the same engine. */
export const innodbOnly =
  (rule: PairRule): PairRule =>
  (pair) =>
    enginesDiffer(pair) ? [] : rule(pair);

const cacheName = (engine: string | null) => (engine === 'MyISAM' ? 'key cache' : 'buffer pool');
const unitName = (engine: string | null) => (engine === 'MyISAM' ? 'key blocks' : 'pages');

/** "B (MyISAM)" unless the label says its engine already. */
const sideName = (label: string, engine: string | null) =>
  engine && !label.includes(engine) ? `${label} (${engine})` : label;

function cacheWords(label: string, engine: string | null, c: { requests: number; reads: number }): string {
  const hits = c.requests > 0 ? formatShare(Math.max(0, 1 - c.reads / c.requests)) : '—';
  return `${sideName(label, engine)}'s ${cacheName(engine)} answered ${hits} of ${formatCount(c.requests)} ${unitName(engine)} asked for (${formatCount(c.reads)} read from storage)`;
}

/** Per pair: the cache each engine read through, in one sentence. */
export const engineCacheRule: PairRule = (pair) => {
  if (!enginesDiffer(pair)) return [];
  const [ca, cb] = [cacheCounts(pair.a.run), cacheCounts(pair.b.run)];
  if (!ca || !cb) return [];
  const [ea, eb] = [engineOf(pair, 'a'), engineOf(pair, 'b')];
  const counters = (engine: string | null) =>
    engine === 'MyISAM'
      ? ['Key_read_requests', 'Key_reads']
      : ['Innodb_buffer_pool_read_requests', 'Innodb_buffer_pool_reads'];
  return [
    {
      rule: 'engine-caches',
      kind: 'difference',
      text: `${cacheWords(pair.a.label, ea, ca)}; ${cacheWords(pair.b.label, eb, cb)}`,
      evidence: [
        ev(`${counters(ea)[0]}, ${pair.a.label}`, ca.requests),
        ev(`${counters(ea)[1]}, ${pair.a.label}`, ca.reads),
        ev(`${counters(eb)[0]}, ${pair.b.label}`, cb.requests),
        ev(`${counters(eb)[1]}, ${pair.b.label}`, cb.reads),
      ],
      tableId: pairTableId(pair.id, 'status'),
      weight: 4,
    },
  ];
};

type Pass = 'cold' | 'hot';

/**
 * Over an experiment's cold and hot runs, for each side whose engine differs from the baseline's:
 * who wins each pass, what each read from storage and from its cache.
 */
export function engineFindings(view: ColdHotView): Finding[] {
  const out: Finding[] = [];
  const queries = view.flights.flatMap((f) => f.queries);
  for (let b = 1; b < view.sides.length; b++) {
    const first = queries.find((q) => q.sides[0]?.engine && q.sides[b]?.engine);
    const [ea, eb] = [first?.sides[0]?.engine ?? null, first?.sides[b]?.engine ?? null];
    if (!first || ea === eb) continue;
    const [A, B] = [named(first.sides[0]!), named(first.sides[b]!)];
    // Like against like: a query counts on both sides or on neither (a failed run counts in no sum).
    const pick = (side: 0 | 1, pass: Pass) =>
      queries.map((q) => {
        const [fa, fb] = [q.sides[0]?.[pass] ?? null, q.sides[b]?.[pass] ?? null];
        const both = fa?.ms != null && fb?.ms != null;
        return { q, f: both ? (side === 0 ? fa : fb) : null };
      });
    const winners = winnersFinding(queries, b, A, B);
    if (winners) out.push(winners);
    const sides: EngineSides = { A, B, ea, eb, pick };
    const storage = storageFinding(sides);
    if (storage) out.push(storage);
    const caches = cachesFinding(sides);
    if (caches) out.push(caches);
  }
  return out;
}

function winnersFinding(
  queries: ColdHotView['flights'][number]['queries'],
  b: number,
  A: string,
  B: string,
): Finding | null {
  const tally = (pass: Pass) => {
    const aWins: string[] = [];
    const bWins: string[] = [];
    let judged = 0;
    for (const q of queries) {
      const r = ratio(q.sides[b]?.[pass]?.ms, q.sides[0]?.[pass]?.ms);
      if (r === null) continue;
      judged++;
      if (r * MARGIN <= 1) bWins.push(q.queryId);
      else if (r >= MARGIN) aWins.push(q.queryId);
    }
    return { aWins, bWins, judged };
  };
  const [cold, hot] = [tally('cold'), tally('hot')];
  if (cold.judged === 0 && hot.judged === 0) return null;
  const words = (pass: Pass, t: ReturnType<typeof tally>) => {
    if (t.judged === 0) return `${pass}, no query ran on both`;
    const even = t.judged - t.aWins.length - t.bWins.length;
    const [lead, leadWins, other, otherWins] =
      t.bWins.length > t.aWins.length ? [B, t.bWins, A, t.aWins] : [A, t.aWins, B, t.bWins];
    return (
      `${pass}, ${lead} was faster on ${leadWins.length} of ${t.judged} ${t.judged === 1 ? 'query' : 'queries'}` +
      `${otherWins.length > 0 ? `, ${other} on ${otherWins.length}${otherWins.length <= 4 ? ` (${otherWins.join(', ')})` : ''}` : ''}` +
      `${even > 0 ? `, ${even} within 10%` : ''}`
    );
  };
  const text = `${words('cold', cold)}; ${words('hot', hot)}`;
  const evidence: Evidence[] = [
    { label: `faster cold, ${A}`, value: cold.aWins.join(', ') || 'none' },
    { label: `faster cold, ${B}`, value: cold.bWins.join(', ') || 'none' },
    { label: `faster hot, ${A}`, value: hot.aWins.join(', ') || 'none' },
    { label: `faster hot, ${B}`, value: hot.bWins.join(', ') || 'none' },
  ];
  return {
    rule: 'engine-winners',
    kind: 'difference',
    text: text[0]!.toUpperCase() + text.slice(1),
    evidence,
    tableId: TABLE_IDS.coldHot,
    weight: 56,
  };
}

/** The baseline (A) and one side of another engine (B): their names, engines, and each one's figures by pass. */
interface EngineSides {
  A: string;
  B: string;
  ea: string | null;
  eb: string | null;
  pick: (side: 0 | 1, pass: Pass) => Array<{ f: ColdHotFigures | null }>;
}

const total = (
  rows: Array<{ f: ColdHotFigures | null }>,
  value: (f: ColdHotFigures) => number | null | undefined,
) => {
  let sum = 0;
  let seen = 0;
  for (const { f } of rows) {
    const v = f ? value(f) : null;
    if (v === null || v === undefined) continue;
    sum += v;
    seen++;
  }
  return seen > 0 ? sum : null;
};

function storageFinding({ A, B, ea, eb, pick }: EngineSides): Finding | null {
  const read = (side: 0 | 1, pass: Pass) => total(pick(side, pass), (f) => f.readBytes);
  const [coldA, coldB, hotA, hotB] = [read(0, 'cold'), read(1, 'cold'), read(0, 'hot'), read(1, 'hot')];
  if (coldA === null || coldB === null) return null;
  const hot = hotA !== null && hotB !== null ? `; hot, ${formatBytes(hotA)} and ${formatBytes(hotB)}` : '';
  const myisam = ea === 'MyISAM' ? A : eb === 'MyISAM' ? B : null;
  const innodb = ea === 'InnoDB' ? A : eb === 'InnoDB' ? B : null;
  const why =
    myisam && innodb
      ? `: ${myisam} keeps only its keys in the key cache and reads its rows through the OS page cache, which holds them once read; ${innodb} keeps its pages in its buffer pool`
      : '';
  return {
    rule: 'engine-storage',
    kind: 'difference',
    text: `Cold, the server read ${formatBytes(coldA)} from storage for ${A} and ${formatBytes(coldB)} for ${B}${hot}${why}`,
    evidence: [
      ev(`read from storage cold, ${A}`, formatBytes(coldA)),
      ev(`read from storage cold, ${B}`, formatBytes(coldB)),
      ev(`read from storage hot, ${A}`, hotA === null ? null : formatBytes(hotA)),
      ev(`read from storage hot, ${B}`, hotB === null ? null : formatBytes(hotB)),
    ],
    tableId: TABLE_IDS.coldHot,
    weight: 55,
  };
}

function cachesFinding({ A, B, ea, eb, pick }: EngineSides): Finding | null {
  const sums = (side: 0 | 1, pass: Pass) => {
    const requests = total(pick(side, pass), (f) => f.cache?.requests);
    const reads = total(pick(side, pass), (f) => f.cache?.reads);
    return requests === null || reads === null ? null : { requests, reads };
  };
  const [coldA, coldB] = [sums(0, 'cold'), sums(1, 'cold')];
  if (!coldA || !coldB) return null;
  const [hotA, hotB] = [sums(0, 'hot'), sums(1, 'hot')];
  const hits = (c: { requests: number; reads: number }) =>
    c.requests > 0 ? ` (${formatShare(Math.max(0, 1 - c.reads / c.requests))} hits)` : '';
  const hot = (c: { requests: number; reads: number } | null) =>
    c ? `; hot ${formatCount(c.reads)} of ${formatCount(c.requests)}` : '';
  const one = (
    label: string,
    engine: string | null,
    cold: { requests: number; reads: number },
    h: typeof hotA,
  ) =>
    `${label}'s ${cacheName(engine)} read from storage ${formatCount(cold.reads)} of the ${formatCount(cold.requests)} ${unitName(engine)} asked for cold${hits(cold)}${hot(h)}`;
  return {
    rule: 'engine-caches',
    kind: 'difference',
    text: `${one(A, ea, coldA, hotA)}. ${one(B, eb, coldB, hotB)}`,
    evidence: [
      ev(`${unitName(ea)} asked for cold, ${A}`, coldA.requests),
      ev(`${unitName(ea)} read from storage cold, ${A}`, coldA.reads),
      ev(`${unitName(eb)} asked for cold, ${B}`, coldB.requests),
      ev(`${unitName(eb)} read from storage cold, ${B}`, coldB.reads),
    ],
    tableId: TABLE_IDS.coldHot,
    weight: 54,
  };
}
