/**
 * Writing .tbl fields straight into a Buffer: digits without number-to-string conversions, text
 * from pre-encoded bytes. Every function takes the write position and returns the next one.
 */

export const PIPE = 0x7c;
export const NEWLINE = 0x0a;

/** Decimal digits of n (n ≥ 0). */
export function digitCount(n: number): number {
  if (n < 1e5) return n < 10 ? 1 : n < 100 ? 2 : n < 1e3 ? 3 : n < 1e4 ? 4 : 5;
  if (n < 1e10) return n < 1e6 ? 6 : n < 1e7 ? 7 : n < 1e8 ? 8 : n < 1e9 ? 9 : 10;
  let len = 11;
  for (let t = n; t >= 1e11; t = Math.floor(t / 10)) len++;
  return len;
}

/** Writes a non-negative integer (below 2⁵³) in decimal. */
export function putUint(buf: Uint8Array, pos: number, n: number): number {
  const end = pos + digitCount(n);
  let p = end;
  if (n < 2147483648) {
    while (n >= 10) {
      const q = (n / 10) | 0;
      buf[--p] = 48 + n - q * 10;
      n = q;
    }
  } else {
    while (n >= 10) {
      const q = Math.floor(n / 10);
      buf[--p] = 48 + (n - q * 10);
      n = q;
    }
  }
  buf[p - 1] = 48 + n;
  return end;
}

/** Writes n with at least `width` digits, zero-padded (Customer#000000001). */
export function putUintPadded(buf: Uint8Array, pos: number, n: number, width: number): number {
  for (let i = digitCount(n); i < width; i++) buf[pos++] = 48;
  return putUint(buf, pos, n);
}

/** Copies pre-encoded bytes (short values: a loop beats Buffer#set's call overhead). */
export function putBytes(buf: Uint8Array, pos: number, bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = 0; i < n; i++) buf[pos + i] = bytes[i]!;
  return pos + n;
}
