/**
 * Sizes the way my.cnf writes them ("128M", "2G"), shared by the contract, the CLI, the form and the
 * sandbox service. bplab always hands the server plain bytes, so T is accepted here even for MySQL 5.7,
 * whose own option parser stops at G.
 */

/** How every size parser describes what it accepts. */
export const SIZE_WORDS = 'a whole number of bytes, or a number with a unit K, M, G or T (e.g. 128M or 2G)';

const SIZE = /^(\d+)([KMGT]?)$/i;
const MULT: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** Whether text is a size parseByteSize takes. */
export function isByteSize(text: string): boolean {
  return SIZE.test(text.trim());
}

/** "128M" → 134217728. Throws on anything else, naming the units. */
export function parseByteSize(size: number | string): number {
  if (typeof size === 'number') return size;
  const m = SIZE.exec(size.trim());
  if (!m?.[1]) throw new Error(`"${size}" is not a size: write ${SIZE_WORDS}`);
  return Number(m[1]) * (MULT[(m[2] ?? '').toUpperCase()] ?? 1);
}

/** 134217728 → "128M"; sizes that are not a whole number of K print as bytes. */
export function formatByteSize(bytes: number): string {
  for (const [unit, mult] of [
    ['T', 1024 ** 4],
    ['G', 1024 ** 3],
    ['M', 1024 ** 2],
    ['K', 1024],
  ] as const) {
    if (bytes >= mult && bytes % mult === 0) return `${bytes / mult}${unit}`;
  }
  return String(bytes);
}
