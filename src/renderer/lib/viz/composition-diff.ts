/**
 * The LRU composition before and after a run, per table and index: what the query brought in, what it
 * pushed out, and how the old/young split moved (the post's before/after tables, as one diff). The
 * server's own pages (its dictionary's dozens of indexes, undo, system files) are one row per group,
 * as the map's legend groups them.
 */
import type { LruComposition, LruIndexPages } from '../../../shared/runs/runs';
import { formatCount, formatShare, formatSigned } from '../../../shared/format';
import { indexName } from '../../../shared/runs/lru-diff';
import { indexKey, serverGroupOf, serverGroupWords, type ServerGroup } from '../../../shared/runs/palette';

export interface CompositionFigures {
  pages: number;
  old: number;
  young: number;
  share: number;
}

export interface CompositionDiffRow {
  key: string;
  table: string;
  index: string;
  /** In words: "lineorder GEN_CLUST_INDEX", or the server's group with how many indexes it sums. */
  label: string;
  /** The full name, or the group's members, for a tooltip. */
  title: string;
  /** 'new': not in the pool before; 'gone': pushed out entirely; 'kept': in both. */
  change: 'new' | 'gone' | 'kept';
  before: CompositionFigures;
  after: CompositionFigures;
  delta: CompositionFigures;
  /** Every figure formatted: "6,909", "+1,204", "84.3%", "+2.1%". */
  text: {
    before: Record<keyof CompositionFigures, string>;
    after: Record<keyof CompositionFigures, string>;
    delta: Record<keyof CompositionFigures, string>;
  };
}

export interface CompositionDiff {
  rows: CompositionDiffRow[];
  total: CompositionDiffRow;
  /** Why a side is missing, in words (the snapshot failed or was not taken); null when both are there. */
  missing: string | null;
}

const ZERO: CompositionFigures = { pages: 0, old: 0, young: 0, share: 0 };

/** Rows sorted by pages after (then before), largest first; the total sums every index. */
export function compositionDiff(
  before: LruComposition | null,
  after: LruComposition | null,
): CompositionDiff {
  const beforeBy = byKey(before);
  const afterBy = byKey(after);
  const keys = new Set([...beforeBy.keys(), ...afterBy.keys()]);
  const rows = [...keys].map((key) => {
    const b = beforeBy.get(key);
    const a = afterBy.get(key);
    const named = (a ?? b)!;
    const members = [...new Set([...(b?.members ?? []), ...(a?.members ?? [])])];
    const names = named.group
      ? {
          label: serverGroupWords(named.group, members.length),
          title: members.join(', '),
        }
      : { label: indexName(named.table, named.index), title: `${named.table} ${named.index}` };
    return row(
      key,
      named.table,
      named.index,
      names,
      b ? figures(b) : ZERO,
      a ? figures(a) : ZERO,
      !b ? 'new' : !a ? 'gone' : 'kept',
    );
  });
  rows.sort(
    (x, y) => y.after.pages - x.after.pages || y.before.pages - x.before.pages || x.key.localeCompare(y.key),
  );
  const total = row(
    'total',
    'all tables',
    '',
    { label: 'all tables', title: 'every table and index in the pool' },
    totals(rows.map((r) => r.before)),
    totals(rows.map((r) => r.after)),
    'kept',
  );
  const missing =
    !before && !after
      ? 'no LRU snapshot was taken before or after this run'
      : !before
        ? 'no LRU snapshot was taken before this run: every index shows as new'
        : !after
          ? 'no LRU snapshot was taken after this run (it ended early): every index shows as gone'
          : null;
  return { rows, total, missing };
}

type Entry = LruIndexPages & { group: ServerGroup | null; members: string[] };

/** A composition's indexes by key, the server's own summed into one entry per group. */
function byKey(c: LruComposition | null): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const i of c?.indexes ?? []) {
    const name = indexKey(i.table, i.index);
    const group = serverGroupOf(name);
    const key = group ? `server:${group}` : name;
    const e = entries.get(key);
    if (!e) {
      entries.set(key, { ...i, group, members: [name] });
      continue;
    }
    e.pages += i.pages;
    e.oldPages += i.oldPages;
    e.youngPages += i.youngPages;
    e.poolShare += i.poolShare;
    e.members.push(name);
  }
  return entries;
}

function figures(i: LruIndexPages): CompositionFigures {
  return { pages: i.pages, old: i.oldPages, young: i.youngPages, share: i.poolShare };
}

function totals(list: CompositionFigures[]): CompositionFigures {
  return list.reduce(
    (t, f) => ({
      pages: t.pages + f.pages,
      old: t.old + f.old,
      young: t.young + f.young,
      share: t.share + f.share,
    }),
    ZERO,
  );
}

function row(
  key: string,
  table: string,
  index: string,
  names: { label: string; title: string },
  before: CompositionFigures,
  after: CompositionFigures,
  change: CompositionDiffRow['change'],
): CompositionDiffRow {
  const delta = {
    pages: after.pages - before.pages,
    old: after.old - before.old,
    young: after.young - before.young,
    share: after.share - before.share,
  };
  const plain = (f: CompositionFigures) => ({
    pages: formatCount(f.pages),
    old: formatCount(f.old),
    young: formatCount(f.young),
    share: formatShare(f.share),
  });
  return {
    key,
    table,
    index,
    ...names,
    change,
    before,
    after,
    delta,
    text: {
      before: plain(before),
      after: plain(after),
      delta: {
        pages: formatSigned(delta.pages),
        old: formatSigned(delta.old),
        young: formatSigned(delta.young),
        share: signedPercent(delta.share),
      },
    },
  };
}

/** +0.021 → "+2.1%"; −0.5 → "−50%"; 0 → "0%". */
export function signedPercent(share: number): string {
  // A change that rounds to nothing is no change ("−0.00%" from the float sum of every index's share).
  if (Math.abs(share) < 0.000005 || !Number.isFinite(share))
    return formatShare(Number.isFinite(share) ? 0 : share);
  const text = formatShare(Math.abs(share));
  return share > 0 ? `+${text}` : `−${text}`;
}
