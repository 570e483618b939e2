/**
 * One colour per table/index, stable across runs and screens: a user's index takes its colour from a
 * hash of its name ("schema.table/index"), so lineorder's clustered index is the same colour in every
 * run, in the LRU map, the bars, the charts and the report. The server's own pages (its dictionary and
 * mysql.* tables, undo logs, system and temporary files) are grouped, one grey each.
 */

export type Rgb = readonly [r: number, g: number, b: number];

/** The OS's light or dark theme (lib/theme.ts reads it). */
export type ColorScheme = 'light' | 'dark';

/**
 * What the LRU map draws besides the indexes, per theme: free blocks (positions past the LRU's end),
 * grey with diagonal hatching so that they read as drawn, not blank; the old/young boundary; and the
 * panel behind it (between strips, and what old pages are washed towards).
 */
export const MAP_COLORS: Record<
  ColorScheme,
  { empty: Rgb; emptyHatch: Rgb; boundary: Rgb; background: Rgb }
> = {
  light: {
    empty: [221, 226, 233],
    emptyHatch: [168, 179, 193],
    boundary: [29, 34, 40],
    background: [255, 255, 255],
  },
  dark: {
    empty: [55, 62, 71],
    emptyHatch: [96, 106, 119],
    boundary: [227, 231, 236],
    background: [31, 35, 40],
  },
};

/** Which pixels of a free block's area carry the hatching: one diagonal in six. */
export const isHatch = (x: number, y: number): boolean => (x + y) % 6 === 0;

/**
 * The user's indexes' colours: distinct, print-safe, none grey (greys are the server's own and free
 * blocks), each still told apart when washed lighter for old pages.
 */
const USER_COLORS: Rgb[] = [
  [31, 119, 180],
  [255, 127, 14],
  [44, 160, 44],
  [214, 39, 40],
  [148, 103, 189],
  [140, 86, 75],
  [227, 119, 194],
  [188, 189, 34],
  [23, 190, 207],
  [40, 60, 150],
  [230, 190, 0],
  [0, 128, 128],
  [140, 20, 40],
  [110, 200, 90],
  [250, 140, 120],
  [170, 120, 220],
  [0, 90, 50],
  [200, 0, 150],
  [90, 160, 230],
  [200, 120, 40],
  [90, 40, 150],
  [0, 170, 140],
  [180, 60, 90],
  [130, 130, 0],
];

/** The server's own pages, grouped: its dictionary and system tables, its undo logs, the rest of its files. */
export type ServerGroup = 'dictionary' | 'undo' | 'system';

export const SERVER_GROUPS: Record<ServerGroup, { label: string; rgb: Rgb; one: string; many: string }> = {
  dictionary: {
    label: 'server: data dictionary and mysql.* tables',
    rgb: [122, 128, 138],
    one: 'index',
    many: 'indexes',
  },
  undo: { label: 'server: undo logs', rgb: [92, 84, 78], one: 'tablespace', many: 'tablespaces' },
  system: {
    label: 'server: system, temporary and file-space pages',
    rgb: [163, 160, 148],
    one: 'tablespace',
    many: 'tablespaces',
  },
};

/** "server: undo logs (2 tablespaces)": a group with how many of the server's parts it sums. */
export function serverGroupWords(group: ServerGroup, members: number): string {
  const g = SERVER_GROUPS[group];
  return `${g.label} (${members.toLocaleString('en-US')} ${members === 1 ? g.one : g.many})`;
}
export const SERVER_GROUP_ORDER: readonly ServerGroup[] = ['dictionary', 'undo', 'system'];

/**
 * Whose pages a legend key ("schema.table/index") names: null for the user's, else the server's
 * group. The server's own: the mysql schema and the data dictionary (MySQL 5.5's bare SYS_* tables),
 * undo tablespaces, and what the composition names in parentheses (system, temporary, a tablespace's
 * pages outside any index).
 */
export function serverGroupOf(key: string): ServerGroup | null {
  // "table/index": the table is what precedes the last slash (a key without one is a table alone).
  const slash = key.lastIndexOf('/');
  const table = slash < 0 ? key : key.slice(0, slash);
  if (/^\(undo\b/.test(table)) return 'undo';
  if (table === '(data dictionary)' || /^(mysql|sys|information_schema|performance_schema)\./.test(table))
    return 'dictionary';
  if (/^SYS_[A-Z_]+$/.test(table)) return 'dictionary';
  if (table.startsWith('(')) return 'system';
  return null;
}

/** FNV-1a of a string: the same key gives the same slot in every run, on every screen. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Past the palette (more user indexes than colours), hues step by the golden angle, dark and light in turn. */
function extraColor(n: number): Rgb {
  return hslToRgb((n * 137.508 + 17) % 360, 0.6, n % 2 === 0 ? 0.35 : 0.6);
}

/**
 * The colour of each user key (the server's keys are left out: their groups have theirs): a slot of
 * USER_COLORS from a hash of the key; a key whose slot an earlier key took takes the next free one,
 * in the order given. Callers give a run's legend in its order, which starts with its dataset's indexes
 * (sorted: the run seeds them before its first frame), so a dataset's indexes take the same colours in
 * every run on it, whatever else passes through the pool, on every screen and in the report.
 */
export function userColors(keys: Iterable<string>): Map<string, Rgb> {
  const taken = new Set<number>();
  const colors = new Map<string, Rgb>();
  let extra = 0;
  for (const key of keys) {
    if (colors.has(key) || serverGroupOf(key) !== null) continue;
    if (taken.size >= USER_COLORS.length) {
      colors.set(key, extraColor(extra++));
      continue;
    }
    let slot = fnv1a(key) % USER_COLORS.length;
    while (taken.has(slot)) slot = (slot + 1) % USER_COLORS.length;
    taken.add(slot);
    colors.set(key, USER_COLORS[slot]!);
  }
  return colors;
}

/** The colour of any key: the user's from userColors (given), the server's its group's. */
export function keyColor(key: string, users: ReadonlyMap<string, Rgb>): Rgb {
  const group = serverGroupOf(key);
  if (group) return SERVER_GROUPS[group].rgb;
  return users.get(key) ?? userColors([key]).get(key)!;
}

/**
 * A map legend's colours, by ordinal, and the class each ordinal's pixels count in: a user index is
 * its own class (its ordinal); the server's indexes count together, one class per group (after the
 * legend's ordinals), so a column of many small dictionary indexes shows as the dictionary's.
 */
export interface LegendColors {
  classOf: number[];
  /** By class: the legend's ordinals, then the groups in SERVER_GROUP_ORDER. */
  colors: Rgb[];
}

export function legendColors(legend: readonly string[]): LegendColors {
  const users = userColors(legend);
  const classOf = legend.map((key, ordinal) => {
    const group = serverGroupOf(key);
    return group ? legend.length + SERVER_GROUP_ORDER.indexOf(group) : ordinal;
  });
  const colors = [
    ...legend.map((key) => keyColor(key, users)),
    ...SERVER_GROUP_ORDER.map((g) => SERVER_GROUPS[g].rgb),
  ];
  return { classOf, colors };
}

export function cssColor([r, g, b]: Rgb): string {
  return `rgb(${r}, ${g}, ${b})`;
}

/** The colour an old page is drawn in: its index's colour washed towards the panel (white, or the dark theme's). */
export function oldShade([r, g, b]: Rgb, scheme: ColorScheme = 'light'): Rgb {
  const [br, bg, bb] = MAP_COLORS[scheme].background;
  const wash = (c: number, to: number) => Math.round(c + (to - c) * 0.55);
  return [wash(r, br), wash(g, bg), wash(b, bb)];
}

/** "ssb_sf1.lineorder" + "GEN_CLUST_INDEX" → "ssb_sf1.lineorder/GEN_CLUST_INDEX", the legend's naming. */
export function indexKey(table: string, index: string): string {
  return `${table}/${index}`;
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}
