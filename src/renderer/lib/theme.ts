/**
 * The OS's light or dark theme, for what CSS cannot colour (the LRU map's canvas, the bars' old
 * shades). styles.css follows prefers-color-scheme by itself; in the desktop app Electron's
 * nativeTheme follows the OS, so the same media query answers there.
 */
import { useSyncExternalStore } from 'react';
import type { ColorScheme } from '../../shared/runs/palette';

const DARK = '(prefers-color-scheme: dark)';

export function colorScheme(): ColorScheme {
  return typeof matchMedia === 'function' && matchMedia(DARK).matches ? 'dark' : 'light';
}

/** Calls `listener` when the OS switches theme; returns the unsubscribe. */
export function onColorSchemeChange(listener: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(DARK);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(onColorSchemeChange, colorScheme, () => 'light');
}
