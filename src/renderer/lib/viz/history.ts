/** Live history kept within a fixed bound: a long run thins its older points instead of growing. */

/**
 * Appends `item`; when the list already holds `max` items, every second one is dropped first (halving
 * the resolution of what was kept, newest point kept). Returns a new array: stores stay immutable.
 */
export function appendBounded<T>(list: readonly T[], item: T, max: number): T[] {
  if (max < 2) return [item];
  if (list.length < max) return [...list, item];
  const kept = list.filter((_, i) => (list.length - 1 - i) % 2 === 0);
  return [...kept, item];
}
