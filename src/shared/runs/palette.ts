/**
 * One colour per table/index, stable for a whole run: the LRU map, the bars and the charts all colour
 * an index by its ordinal in the run's legend (LruMapFrame.legend), so an index keeps its colour as
 * others come and go.
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

/** Distinct, print-safe colours for the first ordinals (Tableau 10, then a few more). */
const BASE: Rgb[] = [
  [78, 121, 167],
  [242, 142, 43],
  [225, 87, 89],
  [118, 183, 178],
  [89, 161, 79],
  [237, 201, 72],
  [176, 122, 161],
  [255, 157, 167],
  [156, 117, 95],
  [186, 176, 172],
  [31, 119, 180],
  [148, 103, 189],
];

/** The colour of a legend ordinal; past the base colours, hues step by the golden angle. */
export function ordinalColor(ordinal: number): Rgb {
  const base = BASE[ordinal];
  if (base) return base;
  return hslToRgb(((ordinal - BASE.length) * 137.508) % 360, 0.55, 0.5);
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

/**
 * The ordinal of each key: its place in the legend when it has one; keys the legend does not name
 * (no map polled yet, or polling off) follow, in the order given, so colours never collide.
 */
export function ordinalsFor(legend: readonly string[], keys: readonly string[]): Map<string, number> {
  const ordinals = new Map<string, number>();
  legend.forEach((key, i) => ordinals.set(key, i));
  let next = legend.length;
  for (const key of keys) if (!ordinals.has(key)) ordinals.set(key, next++);
  return ordinals;
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
