/**
 * Draws LRU map frames on a canvas, outside React: `show()` only keeps the latest packed frame and
 * asks for an animation frame; the draw decodes it into cells it reuses, fills one reused ImageData
 * with fillLruMap (its scratch reused too) and puts it, so a live map allocates nothing per frame. A
 * renderer that falls behind skips frames instead of queueing them.
 */
import {
  decodeLruMapCells,
  LruMapFrameError,
  type LruMapCells,
  type PackedLruMapFrame,
} from '../../../shared/runs/lru-map-codec';
import { fillLruMap, lruMapHeight, LruMapScratch, type LruMapImage } from './lru-map';
import type { ColorScheme } from '../../../shared/runs/palette';

export interface LruMapPainterOptions {
  stripHeight: number;
  gap: number;
  /** The theme to draw in, read at each draw (light when not given). */
  scheme?: () => ColorScheme;
  /** Called after each draw, with the image and the draw's time in ms (decode, fill and put). */
  onDraw?: (image: LruMapImage, frame: PackedLruMapFrame, drawMs: number) => void;
  /** A frame that cannot be decoded: the canvas keeps the last good one, this gets the words. */
  onError?: (message: string) => void;
}

export class LruMapPainter {
  private frame: PackedLruMapFrame | null = null;
  private capacityPages = 0;
  private image: ImageData | null = null;
  private cells: LruMapCells | undefined;
  private readonly scratch = new LruMapScratch();
  private pending = 0;
  private readonly context: CanvasRenderingContext2D;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly options: LruMapPainterOptions,
  ) {
    const context = canvas.getContext('2d', { willReadFrequently: false });
    if (!context) throw new Error('bplab: this browser gives no 2D canvas for the LRU map');
    this.context = context;
  }

  /** Keeps `frame` as the one to draw next; `capacityPages` is the pool's size in pages (0: unknown). */
  show(frame: PackedLruMapFrame, capacityPages = 0): void {
    this.frame = frame;
    this.capacityPages = capacityPages;
    if (this.pending === 0) this.pending = requestAnimationFrame(() => this.draw());
  }

  /** Draws the latest frame now (the animation frame calls this; a resize may too). */
  draw(): void {
    this.pending = 0;
    const frame = this.frame;
    if (!frame) return;
    const started = performance.now();
    try {
      this.cells = decodeLruMapCells(frame, this.cells);
    } catch (e) {
      this.frame = null;
      if (!(e instanceof LruMapFrameError)) throw e;
      this.options.onError?.(e.message);
      return;
    }
    const width = Math.max(1, Math.floor(this.canvas.clientWidth || this.canvas.width));
    const geometry = { width, stripHeight: this.options.stripHeight, gap: this.options.gap };
    const height = Math.max(1, lruMapHeight(frame.pools.length, geometry));
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    if (!this.image || this.image.width !== width || this.image.height !== height)
      this.image = this.context.createImageData(width, height);
    const image = fillLruMap(
      this.cells,
      geometry,
      this.capacityPages,
      this.image.data,
      this.scratch,
      this.options.scheme?.() ?? 'light',
    );
    this.context.putImageData(this.image, 0, 0);
    // What is on the canvas now, for anyone reading it (the e2e compares frames by this).
    this.canvas.dataset.frameAt = String(frame.atMs);
    this.canvas.dataset.frameMoment = frame.moment ?? 'during';
    this.options.onDraw?.(image, frame, performance.now() - started);
  }

  dispose(): void {
    if (this.pending !== 0) cancelAnimationFrame(this.pending);
    this.pending = 0;
    this.frame = null;
  }
}
