/**
 * The LRU map's pixels, from one decoded frame (LruMapCells, see shared/runs/lru-map-codec): one horizontal strip per buffer pool instance, the head
 * (most recently used) on the left and the tail on the right. Each pixel column covers a run of LRU
 * positions and takes the colour of the index holding most of them, washed lighter when most of
 * them are old (inside a segment, its old pages lie on the tail's side); the old/young boundary is a dark column; positions past the LRU's end (free
 * buffers) are grey, hatched. Pure: the canvas only copies the buffer this fills.
 */
import type { LruMapCells, PackedLruMapFrame } from '../../../shared/runs/lru-map-codec';
import { formatMs } from '../../../shared/format';
import type { LruMapFrame } from '../../../shared/runs/runs';
import {
  isHatch,
  legendColors,
  MAP_COLORS,
  oldShade,
  SERVER_GROUP_ORDER,
  type ColorScheme,
  type Rgb,
} from '../../../shared/runs/palette';

export const EMPTY_RGB: Rgb = MAP_COLORS.light.empty;
export const EMPTY_HATCH_RGB: Rgb = MAP_COLORS.light.emptyHatch;
export const BOUNDARY_RGB: Rgb = MAP_COLORS.light.boundary;

/** When a frame was taken, in words: "before the query", "at 1.20 s", "after the query (at 7.90 s)". */
export function frameMoment(frame: Pick<LruMapFrame, 'atMs' | 'moment'>): string {
  if (frame.moment === 'before') return 'before the query';
  if (frame.moment === 'after') return `after the query (at ${formatMs(frame.atMs)})`;
  return `at ${formatMs(frame.atMs)}`;
}

/** Hands each new frame (and the pool's size in pages, 0 when unknown) to `show`; returns a stop function. */
export type FollowFrames = (show: (frame: PackedLruMapFrame, capacityPages: number) => void) => () => void;

export interface LruMapGeometry {
  width: number;
  stripHeight: number;
  /** Pixels between strips. */
  gap: number;
}

export interface LruMapStrip {
  poolId: number;
  top: number;
  /** The pixel column drawn as the old/young boundary; null when the pool has no old sublist yet. */
  boundaryX: number | null;
  lruLength: number;
  oldLength: number;
}

export interface LruMapImage {
  width: number;
  height: number;
  /** RGBA, row-major: what ImageData holds. */
  data: Uint8ClampedArray;
  strips: LruMapStrip[];
  /** LRU positions per pixel column (the same for every strip, so strips compare). */
  pagesPerPixel: number;
}

/** Height of the image for a frame's pools. */
export function lruMapHeight(pools: number, g: LruMapGeometry): number {
  return pools === 0 ? 0 : pools * g.stripHeight + (pools - 1) * g.gap;
}

/**
 * The positions one pixel column covers: every strip uses the same scale, the longest of the pools'
 * LRUs or `capacityPages` (the pool's size, so a cold pool shows its free space), whichever is larger.
 */
export function pagesPerPixel(frame: Pick<LruMapCells, 'pools'>, width: number, capacityPages = 0): number {
  const longest = frame.pools.reduce((m, p) => Math.max(m, p.lruLength), capacityPages);
  return Math.max(longest, 1) / Math.max(width, 1);
}

/** The boundary's pixel column: young positions come first, then `oldLength` old ones up to the tail. */
export function boundaryColumn(
  lruLength: number,
  oldLength: number,
  perPixel: number,
  width: number,
): number | null {
  if (oldLength <= 0 || lruLength <= 0) return null;
  const youngLength = Math.max(0, lruLength - oldLength);
  return Math.min(width - 1, Math.floor(youngLength / perPixel));
}

/**
 * What one draw needs besides the frame, kept from draw to draw so a live map allocates nothing per
 * frame: the per-column results, the per-class accumulators, one strip row, and the legend's colours
 * (palette.ts's legendColors: each user index its own class, the server's indexes one class a group).
 */
export class LruMapScratch {
  ordinal = new Int32Array(0);
  old = new Uint8Array(0);
  acc = new Float64Array(1);
  touched = new Int32Array(1);
  row = new Uint8ClampedArray(0);
  /** Per legend ordinal, the colour class its pages count in. */
  classOf = new Int32Array(0);
  /** Per class: its colour, and that colour washed for old pages. */
  palette: Rgb[] = [];
  washed: Rgb[] = [];
  scheme: ColorScheme = 'light';
  private legend: readonly string[] = [];

  /** Makes room for `width` columns and the legend's classes, and takes its colours when it changed. */
  fit(width: number, legend: readonly string[], scheme: ColorScheme = 'light'): this {
    if (this.ordinal.length !== width) {
      this.ordinal = new Int32Array(width);
      this.old = new Uint8Array(width);
      this.row = new Uint8ClampedArray(width * 4);
    }
    const classes = legend.length + SERVER_GROUP_ORDER.length;
    if (this.acc.length < classes) {
      this.acc = new Float64Array(classes);
      this.touched = new Int32Array(classes);
    }
    if (!sameLegend(this.legend, legend)) {
      const colors = legendColors(legend);
      this.legend = legend;
      this.classOf = Int32Array.from(colors.classOf);
      this.palette = colors.colors;
      this.washed = this.palette.map((rgb) => oldShade(rgb, scheme));
      this.scheme = scheme;
    }
    if (this.scheme !== scheme) {
      this.scheme = scheme;
      this.washed = this.palette.map((rgb) => oldShade(rgb, scheme));
    }
    return this;
  }
}

function sameLegend(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Which colour class each pixel column of pool `n`'s strip shows (-1: no page there; a user index's
 * class is its ordinal, a server group's comes after the legend's) and whether it is old, in
 * scratch.ordinal and scratch.old. Segments are laid out head to tail in the order the frame lists them.
 */
export function stripColumns(
  cells: LruMapCells,
  n: number,
  width: number,
  perPixel: number,
  scratch = new LruMapScratch(),
): { ordinal: Int32Array; old: Uint8Array } {
  scratch.fit(width, cells.legend);
  const { ordinal, old, acc, touched, classOf } = scratch;
  const words = cells.words;
  const pool = cells.pools[n]!;
  ordinal.fill(-1);
  old.fill(0);
  let nTouched = 0;
  let covered = 0;
  let oldCovered = 0;
  let column = 0;
  let columnEnd = perPixel;
  let cursor = 0;

  const flush = () => {
    if (column < width && covered > 0) {
      let best = -1;
      let bestPages = -1;
      for (let k = 0; k < nTouched; k++) {
        const ord = touched[k]!;
        if (acc[ord]! > bestPages || (acc[ord] === bestPages && ord < best)) {
          best = ord;
          bestPages = acc[ord]!;
        }
      }
      ordinal[column] = best;
      old[column] = oldCovered * 2 > covered ? 1 : 0;
    }
    for (let k = 0; k < nTouched; k++) acc[touched[k]!] = 0;
    nTouched = 0;
    covered = 0;
    oldCovered = 0;
  };

  let i = cells.poolStart[n]!;
  for (let b = 0; b < pool.buckets; b++) {
    const segments = words[i++]!;
    for (let s = 0; s < segments; s++, i += 3) {
      const ord = classOf[words[i]!]!;
      const pages = words[i + 1]!;
      const oldPages = words[i + 2]!;
      if (pages === 0) continue;
      let start = cursor;
      const end = cursor + pages;
      // Inside a segment its old pages lie on the tail's side.
      const oldStart = end - oldPages;
      while (start < end && column < width) {
        const stop = Math.min(end, columnEnd);
        const length = stop - start;
        if (acc[ord] === 0) touched[nTouched++] = ord;
        acc[ord] = acc[ord]! + length;
        covered += length;
        if (stop > oldStart) oldCovered += stop - Math.max(start, oldStart);
        start = stop;
        if (stop >= columnEnd) {
          flush();
          column += 1;
          columnEnd = (column + 1) * perPixel;
        }
      }
      cursor = end;
    }
  }
  flush();
  return { ordinal, old };
}

/**
 * Fills (or allocates) the RGBA buffer for a frame at a given width. `into` is reused when its size
 * matches and `scratch` holds what a draw needs, so a live map allocates once.
 */
export function fillLruMap(
  cells: LruMapCells,
  g: LruMapGeometry,
  capacityPages = 0,
  into?: Uint8ClampedArray,
  scratch = new LruMapScratch(),
  scheme: ColorScheme = 'light',
): LruMapImage {
  const width = Math.max(1, Math.floor(g.width));
  const height = lruMapHeight(cells.pools.length, g);
  const size = width * height * 4;
  const data = into?.length === size ? into : new Uint8ClampedArray(size);
  const { empty, emptyHatch, boundary, background } = MAP_COLORS[scheme];
  if (scheme === 'light') data.fill(255);
  else
    for (let i = 0; i < size; i += 4) {
      data.set(background, i);
      data[i + 3] = 255;
    }
  const perPixel = pagesPerPixel(cells, width, capacityPages);
  scratch.fit(width, cells.legend, scheme);
  const { row, palette, washed } = scratch;
  const strips: LruMapStrip[] = [];

  cells.pools.forEach((pool, n) => {
    const top = n * (g.stripHeight + g.gap);
    const columns = stripColumns(cells, n, width, perPixel, scratch);
    for (let x = 0; x < width; x++) {
      const ord = columns.ordinal[x]!;
      const rgb = ord < 0 ? empty : columns.old[x] ? washed[ord]! : palette[ord]!;
      row[x * 4] = rgb[0];
      row[x * 4 + 1] = rgb[1];
      row[x * 4 + 2] = rgb[2];
      row[x * 4 + 3] = 255;
    }
    const boundaryX = boundaryColumn(pool.lruLength, pool.oldLength, perPixel, width);
    if (boundaryX !== null) {
      row[boundaryX * 4] = boundary[0];
      row[boundaryX * 4 + 1] = boundary[1];
      row[boundaryX * 4 + 2] = boundary[2];
    }
    for (let y = 0; y < g.stripHeight; y++) {
      const at = (top + y) * width * 4;
      data.set(row, at);
      // Free blocks are hatched: drawn as free, not left blank.
      for (let x = 0; x < width; x++)
        if (columns.ordinal[x]! < 0 && x !== boundaryX && isHatch(x, y)) data.set(emptyHatch, at + x * 4);
    }
    strips.push({
      poolId: pool.poolId,
      top,
      boundaryX,
      lruLength: pool.lruLength,
      oldLength: pool.oldLength,
    });
  });
  return { width, height, data, strips, pagesPerPixel: perPixel };
}

/** The colour a pixel of the image has, for tests and the e2e's reading of the canvas. */
export function pixelAt(image: Pick<LruMapImage, 'width' | 'data'>, x: number, y: number): Rgb {
  const i = (y * image.width + x) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
}
