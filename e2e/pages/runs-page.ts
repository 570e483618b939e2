/** The Runs screen: saved runs, the live view (LRU map, bars, rates, Cancel) and a run's result. */
import type { Locator, Page } from '@playwright/test';

/** What the LRU map's canvas holds: the frame drawn, and a digest of its pixels. */
export interface MapReading {
  frameAt: string | null;
  width: number;
  height: number;
  /** Pixels that are not background (an index's colour, old or young). */
  coloured: number;
  /** A digest of every pixel: two different pictures give different digests. */
  digest: number;
}

export class RunsPage {
  constructor(readonly page: Page) {}

  get screen() {
    return this.page.getByTestId('runs-screen');
  }
  get live() {
    return this.page.getByTestId('run-live');
  }
  get liveTitle() {
    return this.page.getByTestId('run-live-title');
  }
  get samples() {
    return this.page.getByTestId('run-live-samples');
  }
  get cancel() {
    return this.page.getByTestId('run-cancel');
  }
  get mapCanvas() {
    return this.page.getByTestId('lru-map-canvas');
  }
  get mapLegend() {
    return this.page.getByTestId('lru-map-legend');
  }
  get bars() {
    return this.page.getByTestId('lru-bars');
  }
  get rates() {
    return this.page.getByTestId('pool-rates');
  }
  get result() {
    return this.page.getByTestId('run-result');
  }
  section(
    name:
      'outcome' | 'settings' | 'explain' | 'profile' | 'status' | 'pool-stats' | 'lru' | 'samples' | 'whatif',
  ) {
    return this.page.getByTestId(`run-section-${name}`);
  }
  get resultError() {
    return this.page.getByTestId('run-result-error');
  }
  row(runId: string): Locator {
    return this.page.locator(`[data-testid="run-row"][data-run="${runId}"]`);
  }
  get rows() {
    return this.page.getByTestId('run-row');
  }
  get compareSelected() {
    return this.page.getByTestId('runs-compare-selected');
  }
  /** The rows of runs on one schema: other journeys' runs share the data folder's list. */
  rowsOn(schema: string): Locator {
    return this.rows.filter({ hasText: ` on ${schema}` });
  }

  /**
   * Starts recording every value the live bars take (their data-bars attribute, one per frame drawn),
   * so a journey can tell that they changed while the run was live, however short it was.
   */
  async recordBars(): Promise<void> {
    await this.page.evaluate(`(() => {
      const seen = (globalThis.__bplabBarsSeen = []);
      const note = () => {
        const value = document.querySelector('[data-testid="lru-bars"]')?.getAttribute('data-bars');
        if (value && seen[seen.length - 1] !== value) seen.push(value);
      };
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-bars'],
      });
    })()`);
  }

  /** The distinct values the bars took since recordBars(), in order. */
  async barsSeen(): Promise<string[]> {
    return this.page.evaluate('[...new Set(globalThis.__bplabBarsSeen ?? [])]');
  }

  /**
   * Starts recording each picture the live LRU map draws (a digest read at every data-frame-at
   * change), so a journey can tell that the map changed while the run was live, however its frames
   * and the test's reads fell in time.
   */
  async recordMap(): Promise<void> {
    await this.page.evaluate(`(() => {
      const read = ${READ_CANVAS};
      const seen = (globalThis.__bplabMapsSeen = []);
      const note = () => {
        const canvas = document.querySelector('[data-testid="lru-map-canvas"]');
        if (!canvas?.dataset.frameAt) return;
        const digest = read(canvas).digest;
        if (seen[seen.length - 1] !== digest) seen.push(digest);
      };
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-frame-at'],
      });
    })()`);
  }

  /** The distinct pictures (digests) the live map drew since recordMap(). */
  async mapsSeen(): Promise<number[]> {
    return this.page.evaluate('[...new Set(globalThis.__bplabMapsSeen ?? [])]');
  }

  /**
   * Starts recording each frame the live LRU map draws: its time and moment ('before', 'during',
   * 'after'), as the painter stamps them on the canvas.
   */
  async recordFrames(): Promise<void> {
    await this.page.evaluate(`(() => {
      const seen = (globalThis.__bplabFramesSeen = []);
      const note = () => {
        const canvas = document.querySelector('[data-testid="lru-map-canvas"]');
        if (!canvas?.dataset.frameAt) return;
        const frame = canvas.dataset.frameAt + '@' + (canvas.dataset.frameMoment ?? '');
        if (seen[seen.length - 1] !== frame) seen.push(frame);
      };
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-frame-at'],
      });
    })()`);
  }

  /** The distinct frames ("atMs@moment") the live map drew since recordFrames(). */
  async framesSeen(): Promise<string[]> {
    return this.page.evaluate('[...new Set(globalThis.__bplabFramesSeen ?? [])]');
  }

  /** A map legend's entries in order: each one's key ("schema.table/index" or "server:<group>") and colour. */
  async legendEntries(testId = 'samples-map'): Promise<Array<{ key: string; color: string; text: string }>> {
    return this.page.locator(`[data-testid="${testId}-legend-entry"]`).evaluateAll((items) =>
      items.map((li) => ({
        key: li.getAttribute('data-key') ?? '',
        color: li.getAttribute('data-color') ?? '',
        text: (li.textContent ?? '').trim(),
      })),
    );
  }

  /** The colour of each bar of a bars chart, by key. */
  async barColors(testId = 'samples-bars'): Promise<Map<string, string>> {
    const attr = (await this.page.getByTestId(testId).getAttribute('data-colors')) ?? '';
    return new Map(
      attr
        .split(';')
        .filter(Boolean)
        .map((pair) => {
          const at = pair.lastIndexOf('=');
          return [pair.slice(0, at), pair.slice(at + 1)] as [string, string];
        }),
    );
  }

  /** Reads an LRU map's canvas as it is now (the live one, or the result view's by its test id). */
  async readMap(testId = 'lru-map-canvas'): Promise<MapReading> {
    await this.page.getByTestId(testId).waitFor();
    return this.page.evaluate(`(${READ_CANVAS})(document.querySelector('[data-testid="${testId}"]'))`);
  }
}

/**
 * Reads a canvas in the page: its frame, size, coloured pixels and a digest of every pixel. A string,
 * run in the page, so the recorder and readMap read a picture the same way.
 */
const READ_CANVAS = `(canvas) => {
  const { width, height } = canvas;
  const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  let coloured = 0;
  let digest = 0;
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i], g = data[i + 1], b = data[i + 2];
    // Background: white gaps and the hatched grey of free blocks.
    if (!(r === 255 && g === 255 && b === 255) && !(r === 221 && g === 226 && b === 233) && !(r === 168 && g === 179 && b === 193)) coloured += 1;
    digest = (Math.imul(digest, 31) + ((r << 16) | (g << 8) | b)) | 0;
  }
  return { frameAt: canvas.dataset.frameAt ?? null, width, height, coloured, digest };
}`;
