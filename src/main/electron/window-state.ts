/**
 * The window's size, position and maximised state across restarts: a small JSON file in the data
 * folder, written atomically. Where to put the window is a pure function of what was saved and the
 * displays there are now: a window that would sit off every display (a monitor unplugged since)
 * comes back centred on the primary one. No `electron` import: main.ts passes the displays in.
 */
import { readFileSync } from 'node:fs';
import { z } from '../../shared/zod';
import { writeFileAtomic } from '../files/atomic-file';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const SavedSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});
export type SavedWindowState = z.infer<typeof SavedSchema>;

/** Where the window opens: no x/y means centred. */
export interface WindowPlacement {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface WindowSizes {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** How much of the window's top strip (its title bar) must be on a display for the position to be kept. */
const VISIBLE_WIDTH = 100;
const VISIBLE_HEIGHT = 30;

export const WINDOW_STATE_FILE = 'window-state.json';

/** The saved state, or null when there is none or it cannot be read (the window then opens as new). */
export function readWindowState(file: string): SavedWindowState | null {
  try {
    const parsed = SavedSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeWindowState(file: string, state: SavedWindowState): void {
  const valid = SavedSchema.parse({
    ...state,
    x: Math.round(state.x),
    y: Math.round(state.y),
    width: Math.round(state.width),
    height: Math.round(state.height),
  });
  writeFileAtomic(file, JSON.stringify(valid), 0o644);
}

/**
 * The window's placement from the saved state and the displays' work areas (the primary first):
 * the saved size, no smaller than the minimum and no larger than the display it lands on; the saved
 * position when the title bar would be on some display, else centred on the primary display.
 */
export function placeWindow(
  saved: SavedWindowState | null,
  workAreas: readonly Rect[],
  sizes: WindowSizes,
): WindowPlacement {
  const primary = workAreas[0];
  if (!saved) return { ...fit(sizes.width, sizes.height, primary, sizes), maximized: false };
  const home = workAreas.find((area) => titleBarVisible(saved, area));
  const size = fit(saved.width, saved.height, home ?? primary, sizes);
  if (!home) return { ...size, maximized: saved.maximized };
  // Pulled back inside the display when the saved size was cut to fit it.
  const x = Math.min(Math.max(saved.x, home.x), home.x + home.width - size.width);
  const y = Math.min(Math.max(saved.y, home.y), home.y + home.height - size.height);
  return { x, y, ...size, maximized: saved.maximized };
}

function fit(width: number, height: number, area: Rect | undefined, sizes: WindowSizes) {
  const maxWidth = area ? Math.max(area.width, sizes.minWidth) : Infinity;
  const maxHeight = area ? Math.max(area.height, sizes.minHeight) : Infinity;
  return {
    width: Math.min(Math.max(width, sizes.minWidth), maxWidth),
    height: Math.min(Math.max(height, sizes.minHeight), maxHeight),
  };
}

function titleBarVisible(window: Rect, area: Rect): boolean {
  const left = Math.max(window.x, area.x);
  const right = Math.min(window.x + window.width, area.x + area.width);
  const top = Math.max(window.y, area.y);
  const bottom = Math.min(window.y + VISIBLE_HEIGHT, area.y + area.height);
  return right - left >= VISIBLE_WIDTH && bottom - top >= VISIBLE_HEIGHT;
}
