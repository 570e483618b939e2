/**
 * The stacked old/young bars per table and index, from one LRU composition: the post's
 * "pages | old | hot | pct_buffer_pool" table as a chart's fully prepared input.
 */
import { noIndexPages, type LruComposition, type LruIndexPages } from '../../../shared/runs/runs';
import { formatCount, formatShare } from '../../../shared/format';
import { indexName } from '../../../shared/runs/lru-diff';
import {
  cssColor,
  indexKey,
  keyColor,
  oldShade,
  SERVER_GROUPS,
  serverGroupOf,
  userColors,
  type ServerGroup,
  type ColorScheme,
  type Rgb,
} from '../../../shared/runs/palette';

export interface LruBar {
  key: string;
  /** "lineorder GEN_CLUST_INDEX": the table without its schema, then the index. */
  label: string;
  /** The full name, for a tooltip. */
  title: string;
  young: number;
  old: number;
  pages: number;
  share: number;
  shareText: string;
  /** Young pages' colour (the index's) and old pages' (the same, washed), as the LRU map draws them. */
  color: string;
  oldColor: string;
}

export interface LruBarsView {
  bars: LruBar[];
  /** Indexes beyond the limit, summed into one grey bar; null when every index has its own. */
  others: LruBar | null;
  databasePages: number;
  /** How old pages were counted, in words (MariaDB derives them from LRU positions). */
  oldNote: string;
}

const OTHERS_RGB: Rgb = [160, 166, 174];
export const OTHERS_COLOR = cssColor(OTHERS_RGB);

export const OLD_NOTE: Record<LruComposition['oldMethod'], string> = {
  'is-old': 'old pages as IS_OLD reports them',
  'lru-position': 'old pages derived as LRU_POSITION < OLD_DATABASE_PAGES (IS_OLD is NULL here)',
};

/**
 * The user's indexes and the server's own, the latter summed per group (its dictionary's dozens of
 * small indexes are one bar): what the bars show, each with its legend key.
 */
function barEntries(
  composition: LruComposition,
): Array<LruIndexPages & { key: string; group: ServerGroup | null }> {
  const groups = new Map<ServerGroup, LruIndexPages & { key: string; group: ServerGroup }>();
  const users: Array<LruIndexPages & { key: string; group: null }> = [];
  for (const i of composition.indexes) {
    const key = indexKey(i.table, i.index);
    const group = serverGroupOf(key);
    if (!group) {
      users.push({ ...i, key, group: null });
      continue;
    }
    const sum = groups.get(group) ?? {
      ...i,
      ...noIndexPages(SERVER_GROUPS[group].label, ''),
      key: `server:${group}`,
      group,
    };
    sum.pages += i.pages;
    sum.oldPages += i.oldPages;
    sum.youngPages += i.youngPages;
    sum.records += i.records;
    sum.dataSizeBytes += i.dataSizeBytes;
    sum.poolShare += i.poolShare;
    groups.set(group, sum);
  }
  return [...users, ...groups.values()];
}

/** The largest `limit` entries by pages, largest first, coloured as the map colours them (palette.ts). */
export function lruBars(
  composition: LruComposition,
  legend: readonly string[] = [],
  limit = 12,
  scheme: ColorScheme = 'light',
): LruBarsView {
  const sorted = barEntries(composition).sort(
    (a, b) => b.pages - a.pages || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const users = userColors([...legend, ...sorted.map((i) => i.key)]);
  const toBar = (i: LruIndexPages & { key: string; group: ServerGroup | null }): LruBar => {
    const key = i.key;
    const rgb = i.group ? SERVER_GROUPS[i.group].rgb : keyColor(key, users);
    return {
      key,
      label: i.group ? SERVER_GROUPS[i.group].label : indexName(i.table, i.index),
      title: i.group ? SERVER_GROUPS[i.group].label : `${i.table} ${i.index}`,
      young: i.youngPages,
      old: i.oldPages,
      pages: i.pages,
      share: i.poolShare,
      shareText: formatShare(i.poolShare),
      color: cssColor(rgb),
      oldColor: cssColor(oldShade(rgb, scheme)),
    };
  };
  const rest = sorted.slice(limit);
  const others =
    rest.length === 0
      ? null
      : {
          key: 'others',
          label: `${rest.length} more`,
          title: rest.map((i) => i.key).join(', '),
          young: sum(rest, (i) => i.youngPages),
          old: sum(rest, (i) => i.oldPages),
          pages: sum(rest, (i) => i.pages),
          share: sum(rest, (i) => i.poolShare),
          shareText: formatShare(sum(rest, (i) => i.poolShare)),
          color: OTHERS_COLOR,
          oldColor: cssColor(oldShade(OTHERS_RGB, scheme)),
        };
  return {
    bars: sorted.slice(0, limit).map(toBar),
    others,
    databasePages: composition.databasePages,
    oldNote: OLD_NOTE[composition.oldMethod],
  };
}

/** A bar's words, for its tooltip and the table under the chart. */
export function describeBar(bar: LruBar): string {
  return `${formatCount(bar.pages)} pages (${formatCount(bar.young)} young, ${formatCount(bar.old)} old), ${bar.shareText} of the pool`;
}

function sum<T>(items: readonly T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}
