/**
 * The LRU map's legend: the user's tables and indexes first, each in its own colour (palette.ts: by
 * name, the same in every run), then the server's own pages in one entry per group (its dictionary
 * and mysql.* tables, undo logs, system and temporary files), with how many indexes each holds.
 */
import { indexName } from '../../../shared/runs/lru-diff';
import type { LruComposition } from '../../../shared/runs/runs';
import {
  cssColor,
  indexKey,
  keyColor,
  oldShade,
  SERVER_GROUP_ORDER,
  SERVER_GROUPS,
  serverGroupOf,
  serverGroupWords,
  userColors,
  type ColorScheme,
  type ServerGroup,
} from '../../../shared/runs/palette';

export interface LegendEntry {
  /** The legend key ("schema.table/index"), or "server:<group>". */
  key: string;
  label: string;
  /** The full name, or the group's members, for a tooltip. */
  title: string;
  color: string;
  oldColor: string;
  group: ServerGroup | null;
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every index that held pages in any of these compositions: what a legend lists. */
export function presentKeys(compositions: readonly LruComposition[]): Set<string> {
  const keys = new Set<string>();
  for (const c of compositions)
    for (const i of c.indexes) if (i.pages > 0) keys.add(indexKey(i.table, i.index));
  return keys;
}

/**
 * The entries for a legend: colours from the whole legend (a run's starts with its dataset's indexes,
 * which fixes their colours), listed only for the indexes `present` names when it is given (those that
 * held pages during the run), so the legend says what the map shows.
 */
export function lruLegend(
  legend: readonly string[],
  scheme: ColorScheme = 'light',
  present?: ReadonlySet<string>,
): LegendEntry[] {
  const users = userColors(legend);
  const members = new Map<ServerGroup, string[]>();
  const entries: LegendEntry[] = [];
  const listed = [...new Set(legend)].filter((k) => !present || present.has(k));
  for (const key of listed.sort(byCodePoint)) {
    const group = serverGroupOf(key);
    if (group) {
      members.set(group, [...(members.get(group) ?? []), key]);
      continue;
    }
    const rgb = keyColor(key, users);
    const slash = key.lastIndexOf('/');
    const [table, index] = slash < 0 ? [key, ''] : [key.slice(0, slash), key.slice(slash + 1)];
    entries.push({
      key,
      label: indexName(table, index),
      title: key,
      color: cssColor(rgb),
      oldColor: cssColor(oldShade(rgb, scheme)),
      group: null,
    });
  }
  for (const group of SERVER_GROUP_ORDER) {
    const keys = members.get(group);
    if (!keys) continue;
    const rgb = SERVER_GROUPS[group].rgb;
    entries.push({
      key: `server:${group}`,
      label: serverGroupWords(group, keys.length),
      title: keys.join(', '),
      color: cssColor(rgb),
      oldColor: cssColor(oldShade(rgb, scheme)),
      group,
    });
  }
  return entries;
}
