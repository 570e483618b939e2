/** Where the window opens again: the saved place when a display still shows it, centred otherwise. */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  placeWindow,
  readWindowState,
  writeWindowState,
  type Rect,
} from '../../../src/main/electron/window-state';

const sizes = { width: 1320, height: 880, minWidth: 900, minHeight: 600 };
const laptop: Rect = { x: 0, y: 0, width: 1440, height: 900 };
const rightMonitor: Rect = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('window placement', () => {
  it('opens a first window at the default size, centred (no position)', () => {
    expect(placeWindow(null, [laptop], sizes)).toEqual({ width: 1320, height: 880, maximized: false });
  });

  it('keeps a saved place on a second display that is still there, and the maximised state', () => {
    const saved = { x: 1600, y: 100, width: 1800, height: 1000, maximized: true };
    expect(placeWindow(saved, [laptop, rightMonitor], sizes)).toEqual(saved);
  });

  it('centres a window whose display is gone (the monitor was unplugged)', () => {
    const saved = { x: 1600, y: 100, width: 1800, height: 1000, maximized: false };
    expect(placeWindow(saved, [laptop], sizes)).toEqual({ width: 1440, height: 900, maximized: false });
  });

  it('centres a window whose title bar would be above the display, where it cannot be dragged', () => {
    const saved = { x: 100, y: -500, width: 1000, height: 700, maximized: false };
    expect(placeWindow(saved, [laptop], sizes)).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('keeps a window whose title bar shows on its display, pulled inside that display', () => {
    const saved = { x: -200, y: 50, width: 1000, height: 700, maximized: false };
    expect(placeWindow(saved, [laptop], sizes)).toMatchObject({ y: 50, width: 1000, height: 700 });
  });

  it('never opens smaller than the minimum, nor larger than the display', () => {
    expect(placeWindow({ x: 0, y: 0, width: 300, height: 200, maximized: false }, [laptop], sizes)).toEqual({
      x: 0,
      y: 0,
      width: 900,
      height: 600,
      maximized: false,
    });
    expect(
      placeWindow({ x: 10, y: 10, width: 3000, height: 2000, maximized: false }, [laptop], sizes),
    ).toEqual({ x: 0, y: 0, width: 1440, height: 900, maximized: false });
  });
});

describe('the window state file', () => {
  it('reads back what was written, leaving no temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bplab-window-'));
    const file = join(dir, 'window-state.json');
    writeWindowState(file, { x: 10.4, y: 20, width: 1000, height: 700, maximized: true });
    expect(readWindowState(file)).toEqual({ x: 10, y: 20, width: 1000, height: 700, maximized: true });
    expect(readdirSync(dir)).toEqual(['window-state.json']);
  });

  it('reads a missing, broken or foreign file as nothing saved', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bplab-window-'));
    expect(readWindowState(join(dir, 'none.json'))).toBeNull();
    writeFileSync(join(dir, 'broken.json'), '{"x": 1, "y"');
    expect(readWindowState(join(dir, 'broken.json'))).toBeNull();
    writeFileSync(join(dir, 'foreign.json'), JSON.stringify({ x: 'left', width: -5 }));
    expect(readWindowState(join(dir, 'foreign.json'))).toBeNull();
  });
});
