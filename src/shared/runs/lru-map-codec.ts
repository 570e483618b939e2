/**
 * An LRU map frame as it crosses the wire (the 'runs/sample' event, over Electron IPC and the browser
 * mode's WebSocket alike): the frame's header as it is, its buckets packed into one array of words
 * sent as base64. Parsing the nested JSON arrays of a frame of 8 pools × 512 buckets cost more than
 * drawing it; a packed frame parses as one string and decodes into a buffer the painter reuses, so a
 * live map allocates nothing per frame. Saved runs keep the readable LruMapFrame; this is only the
 * wire's form. Pure, for main and the renderer both.
 *
 * Words (little-endian, 16 bits when every value fits, else 32), per pool in the header's order, per
 * bucket from head to tail: the bucket's segment count, then (ordinal, pages, oldPages) per segment.
 */
import type { LruMapFrame, RunSample } from './runs';

export interface PackedLruMapFrame {
  atMs: number;
  /** As LruMapFrame's: the run's own walk before or after the query; absent during it. */
  moment?: LruMapFrame['moment'];
  costMs: number;
  bucketPages: number;
  legend: string[];
  pools: Array<{ poolId: number; lruLength: number; oldLength: number; buckets: number }>;
  wordBits: 16 | 32;
  /** base64 of the words (see the module's comment). */
  cells: string;
}

/** A run's live sample as the renderer receives it: its map frame packed. */
export type LiveRunSample = Omit<RunSample, 'map'> & { map?: PackedLruMapFrame };

/**
 * A packed frame decoded for drawing: `words` holds every pool's buckets; pool n's words are
 * words[poolStart[n]] .. words[poolStart[n + 1]]. Reused from frame to frame by decodeLruMapCells.
 */
export interface LruMapCells {
  atMs: number;
  /** The frame's legend: each ordinal's name, which gives it its colour (palette.ts). */
  legend: readonly string[];
  legendSize: number;
  pools: PackedLruMapFrame['pools'];
  words: Uint16Array | Uint32Array;
  poolStart: Int32Array;
}

/** A frame that cannot be what bplab sent: the message says what is wrong with it. */
export class LruMapFrameError extends Error {
  constructor(detail: string) {
    super(`bplab: an LRU map frame is malformed: ${detail}`);
    this.name = 'LruMapFrameError';
  }
}

export function encodeLruMapFrame(frame: LruMapFrame): PackedLruMapFrame {
  let count = 0;
  let largest = 0;
  for (const pool of frame.pools)
    for (const bucket of pool.buckets) {
      count += 1 + 3 * bucket.length;
      largest = Math.max(largest, bucket.length);
      for (const [ordinal, pages, oldPages] of bucket) largest = Math.max(largest, ordinal, pages, oldPages);
    }
  const wordBits = largest <= 0xffff ? 16 : 32;
  const bytes = new Uint8Array(count * (wordBits / 8));
  const view = new DataView(bytes.buffer);
  const step = wordBits / 8;
  const put = wordBits === 16 ? view.setUint16.bind(view) : view.setUint32.bind(view);
  let at = 0;
  for (const pool of frame.pools)
    for (const bucket of pool.buckets) {
      put(at, bucket.length, true);
      at += step;
      for (const [ordinal, pages, oldPages] of bucket) {
        put(at, ordinal, true);
        put(at + step, pages, true);
        put(at + 2 * step, oldPages, true);
        at += 3 * step;
      }
    }
  return {
    atMs: frame.atMs,
    ...(frame.moment ? { moment: frame.moment } : {}),
    costMs: frame.costMs,
    bucketPages: frame.bucketPages,
    legend: frame.legend,
    pools: frame.pools.map((p) => ({
      poolId: p.poolId,
      lruLength: p.lruLength,
      oldLength: p.oldLength,
      buckets: p.buckets.length,
    })),
    wordBits,
    cells: base64Of(bytes),
  };
}

/** A sample with its map packed for the wire (the rest is small and goes as it is). */
export function liveSampleOf(sample: RunSample): LiveRunSample {
  if (!sample.map) return sample as LiveRunSample;
  return { ...sample, map: encodeLruMapFrame(sample.map) };
}

/**
 * Decodes and checks a packed frame. `into` (the previous frame's cells) is reused when its buffer
 * is large enough, so a painter decoding every frame allocates only when frames grow.
 */
export function decodeLruMapCells(packed: PackedLruMapFrame, into?: LruMapCells): LruMapCells {
  if (!packed || typeof packed !== 'object') throw new LruMapFrameError('it is not an object');
  if (packed.wordBits !== 16 && packed.wordBits !== 32)
    throw new LruMapFrameError(`wordBits is ${String(packed.wordBits)}, not 16 or 32`);
  if (!Array.isArray(packed.legend)) throw new LruMapFrameError('it has no legend');
  if (!Array.isArray(packed.pools)) throw new LruMapFrameError('it has no pools');
  if (typeof packed.cells !== 'string') throw new LruMapFrameError('its cells are not a string');
  const wordBytes = packed.wordBits / 8;
  const byteLength = base64ByteLength(packed.cells);
  const count = Math.floor(byteLength / wordBytes);
  // A buffer of whole 32-bit words, so either view fits on it.
  const reusable =
    into && into.words.buffer.byteLength >= byteLength ? (into.words.buffer as ArrayBuffer) : null;
  const buffer = reusable ?? new ArrayBuffer(Math.ceil((byteLength * 1.25) / 4) * 4);
  const bytes = new Uint8Array(buffer, 0, byteLength);
  decodeBase64Into(packed.cells, bytes);
  if (byteLength % wordBytes !== 0)
    throw new LruMapFrameError(
      `its cells hold ${byteLength} bytes, not a whole number of ${packed.wordBits}-bit words`,
    );
  const words = toNativeWords(buffer, count, packed.wordBits);
  const poolStart =
    into && into.poolStart.length === packed.pools.length + 1
      ? into.poolStart
      : new Int32Array(packed.pools.length + 1);

  const legendSize = packed.legend.length;
  let i = 0;
  packed.pools.forEach((pool, n) => {
    poolStart[n] = i;
    const where = `pool ${n}`;
    if (!Number.isInteger(pool?.buckets) || pool.buckets < 0)
      throw new LruMapFrameError(`${where} has no bucket count`);
    for (let b = 0; b < pool.buckets; b++) {
      if (i >= count) throw new LruMapFrameError(`${where} ends at bucket ${b} of ${pool.buckets}`);
      const segments = words[i++]!;
      if (i + 3 * segments > count)
        throw new LruMapFrameError(`${where}, bucket ${b}: ${segments} segments run past the end`);
      for (let s = 0; s < segments; s++, i += 3) {
        const ordinal = words[i]!;
        if (ordinal >= legendSize)
          throw new LruMapFrameError(
            `${where}, bucket ${b}: ordinal ${ordinal} is outside the legend (${legendSize})`,
          );
        if (words[i + 2]! > words[i + 1]!)
          throw new LruMapFrameError(
            `${where}, bucket ${b}: ${words[i + 2]} old pages of ${words[i + 1]} pages`,
          );
      }
    }
  });
  poolStart[packed.pools.length] = i;
  if (i !== count) throw new LruMapFrameError(`${count - i} words are left after the last pool`);
  const cells = into ?? ({} as LruMapCells);
  cells.atMs = packed.atMs;
  cells.legend = packed.legend;
  cells.legendSize = legendSize;
  cells.pools = packed.pools;
  cells.words = words;
  cells.poolStart = poolStart;
  return cells;
}

/** The frame back as the poller made it (saved runs and tests read this form). */
export function decodeLruMapFrame(packed: PackedLruMapFrame): LruMapFrame {
  const cells = decodeLruMapCells(packed);
  return {
    atMs: packed.atMs,
    ...(packed.moment ? { moment: packed.moment } : {}),
    costMs: packed.costMs,
    bucketPages: packed.bucketPages,
    legend: [...packed.legend],
    pools: packed.pools.map((pool, n) => {
      let i = cells.poolStart[n]!;
      const buckets: LruMapFrame['pools'][number]['buckets'] = [];
      for (let b = 0; b < pool.buckets; b++) {
        const segments = cells.words[i++]!;
        const bucket: LruMapFrame['pools'][number]['buckets'][number] = [];
        for (let s = 0; s < segments; s++, i += 3)
          bucket.push([cells.words[i]!, cells.words[i + 1]!, cells.words[i + 2]!]);
        buckets.push(bucket);
      }
      return { poolId: pool.poolId, lruLength: pool.lruLength, oldLength: pool.oldLength, buckets };
    }),
  };
}

// ---------- base64 (by hand, for browsers and Node alike; no Buffer here) ----------

/** Three bytes to four characters through a table (no binary string, no spread of a chunk of bytes). */
function base64Of(bytes: Uint8Array): string {
  const parts: string[] = [];
  const full = bytes.length - (bytes.length % 3);
  for (let i = 0; i < full; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    parts.push(PAIR[n >> 12]! + PAIR[n & 0xfff]!);
  }
  const rest = bytes.length - full;
  if (rest > 0) {
    const n = (bytes[full]! << 16) | ((rest === 2 ? bytes[full + 1]! : 0) << 8);
    const four = PAIR[n >> 12]! + PAIR[n & 0xfff]!;
    parts.push(rest === 2 ? `${four.slice(0, 3)}=` : `${four.slice(0, 2)}==`);
  }
  return parts.join('');
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Two base64 characters per 12 bits. */
const PAIR = Array.from({ length: 4096 }, (_, n) => ALPHABET[n >> 6]! + ALPHABET[n & 63]!);
const SEXTET = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) SEXTET[ALPHABET.charCodeAt(i)] = i;

function base64ByteLength(text: string): number {
  if (text.length % 4 !== 0)
    throw new LruMapFrameError(`its cells are not base64 (${text.length} characters, not a multiple of 4)`);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** Decodes straight into `out` (exactly the decoded length), without an intermediate string. */
function decodeBase64Into(text: string, out: Uint8Array): void {
  const full = out.length - (out.length % 3);
  // A character outside the alphabet maps to -1, which makes `bad` negative: checked once at the end.
  let bad = 0;
  let o = 0;
  let t = 0;
  const at = (i: number) => {
    const code = text.charCodeAt(i);
    return code < 128 ? SEXTET[code]! : -1;
  };
  for (; o < full; t += 4) {
    const a = at(t);
    const b = at(t + 1);
    const c = at(t + 2);
    const d = at(t + 3);
    bad |= a | b | c | d;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >>> 16;
    out[o++] = (n >>> 8) & 0xff;
    out[o++] = n & 0xff;
  }
  const rest = out.length - full;
  if (rest > 0) {
    const a = at(t);
    const b = at(t + 1);
    const c = rest === 2 ? at(t + 2) : 0;
    bad |= a | b | c;
    const n = (a << 18) | (b << 12) | (c << 6);
    out[o++] = n >>> 16;
    if (rest === 2) out[o++] = (n >>> 8) & 0xff;
  }
  if (bad < 0) {
    let i = 0;
    while (i < t + rest + 1 && at(i) >= 0) i++;
    throw new LruMapFrameError(`its cells are not base64 (character ${i})`);
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function toNativeWords(buffer: ArrayBuffer, count: number, bits: 16 | 32): Uint16Array | Uint32Array {
  const words = bits === 16 ? new Uint16Array(buffer, 0, count) : new Uint32Array(buffer, 0, count);
  if (!LITTLE_ENDIAN) {
    const view = new DataView(buffer);
    for (let i = 0; i < count; i++)
      words[i] = bits === 16 ? view.getUint16(i * 2, true) : view.getUint32(i * 4, true);
  }
  return words;
}
