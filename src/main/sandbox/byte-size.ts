/** "128M" → 134217728. Sizes the way my.cnf writes them. */
export function parseByteSize(size: number | string): number {
  if (typeof size === 'number') return size;
  const m = /^(\d+)([KMG]?)$/i.exec(size.trim());
  if (!m?.[1]) throw new Error(`not a size: ${size}`);
  const unit = (m[2] ?? '').toUpperCase();
  const mult = unit === 'G' ? 1024 ** 3 : unit === 'M' ? 1024 ** 2 : unit === 'K' ? 1024 : 1;
  return Number(m[1]) * mult;
}

export function formatByteSize(bytes: number): string {
  for (const [unit, mult] of [
    ['G', 1024 ** 3],
    ['M', 1024 ** 2],
    ['K', 1024],
  ] as const) {
    if (bytes >= mult && bytes % mult === 0) return `${bytes / mult}${unit}`;
  }
  return String(bytes);
}
