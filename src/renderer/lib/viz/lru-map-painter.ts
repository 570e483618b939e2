/**
 * Draws LRU map frames on a canvas, outside React: `show()` only keeps the latest frame and asks for
 * an animation frame; the draw fills one reused ImageData with fillLruMap and puts it. A renderer that
 * falls behind skips frames instead of queueing them.
 */
import type { LruMapFrame } from '../../../shared/runs';
import { fillLruMap, lruMapHeight, type LruMapImage } from './lru-map';
import type { ColorScheme } from './palette';

export interface LruMapPainterOptions {
  stripHeight: number;
  gap: number;
  /** The theme to draw in, read at each draw (light when not given). */
  scheme?: () => ColorScheme;
  /** Called after each draw, with the image and the draw's time in ms (fill and put). */
  onDraw?: (image: LruMapImage, frame: LruMapFrame, drawMs: number) => void;
}

export class LruMapPainter {
  private frame: LruMapFrame | null = null;
  private capacityPages = 0;
  private image: ImageData | null = null;
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
  show(frame: LruMapFrame, capacityPages = 0): void {
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
    const width = Math.max(1, Math.floor(this.canvas.clientWidth || this.canvas.width));
    const geometry = { width, stripHeight: this.options.stripHeight, gap: this.options.gap };
    const height = Math.max(1, lruMapHeight(frame.pools.length, geometry));
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    if (!this.image || this.image.width !== width || this.image.height !== height)
      this.image = this.context.createImageData(width, height);
    const image = fillLruMap(
      frame,
      geometry,
      this.capacityPages,
      this.image.data,
      this.options.scheme?.() ?? 'light',
    );
    this.context.putImageData(this.image, 0, 0);
    // What is on the canvas now, for anyone reading it (the e2e compares frames by this).
    this.canvas.dataset.frameAt = String(frame.atMs);
    this.options.onDraw?.(image, frame, performance.now() - started);
  }

  dispose(): void {
    if (this.pending !== 0) cancelAnimationFrame(this.pending);
    this.pending = 0;
    this.frame = null;
  }
}
