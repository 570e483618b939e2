/**
 * The LRU map frame's wire form: a frame packed and decoded is the frame again (16- and 32-bit words,
 * empty buckets, several pools), decoding reuses the buffer it is given, and anything that is not
 * what bplab sends is refused in words rather than drawn.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeLruMapCells,
  decodeLruMapFrame,
  encodeLruMapFrame,
  liveSampleOf,
  LruMapFrameError,
  type PackedLruMapFrame,
} from '../../../../src/shared/runs/lru-map-codec';
import type { LruMapFrame } from '../../../../src/shared/runs/runs';

const frame: LruMapFrame = {
  atMs: 1500,
  costMs: 12.5,
  bucketPages: 16,
  legend: ['ssb.lineorder/GEN_CLUST_INDEX', 'ssb.dim_date/PRIMARY', '(no table)/(none)'],
  pools: [
    {
      poolId: 0,
      lruLength: 40,
      oldLength: 15,
      buckets: [
        [
          [0, 10, 0],
          [1, 6, 0],
        ],
        [],
        [[2, 16, 15]],
      ],
    },
    { poolId: 1, lruLength: 8, oldLength: 3, buckets: [[[1, 8, 3]]] },
  ],
};

describe('the LRU map codec', () => {
  it('gives back the frame it packed, in 16-bit words when every value fits', () => {
    const packed = encodeLruMapFrame(frame);
    expect(packed.wordBits).toBe(16);
    expect(packed.pools).toEqual([
      { poolId: 0, lruLength: 40, oldLength: 15, buckets: 3 },
      { poolId: 1, lruLength: 8, oldLength: 3, buckets: 1 },
    ]);
    // Pool 0: 2 segments + 0 + 1 segment, pool 1: 1 segment: 4 counts and 4 × 3 values, 2 bytes each.
    expect(atob(packed.cells)).toHaveLength((4 + 12) * 2);
    expect(decodeLruMapFrame(JSON.parse(JSON.stringify(packed)) as PackedLruMapFrame)).toEqual(frame);
  });

  it('writes its cells as standard base64 of little-endian words, whatever the length modulo 3', () => {
    // k buckets of n segments: k(1 + 3n) words of 2 bytes, so k = 1, 2, 3 leave 2, 1 and 0 bytes mod 3.
    for (const k of [1, 2, 3])
      for (const n of [0, 1, 4]) {
        const bucket = Array.from({ length: n }, (_, i): [number, number, number] => [i, 300 + i, 255 * i]);
        const words = Array.from({ length: k }, () => [n, ...bucket.flat()]).flat();
        const bytes = Buffer.alloc(words.length * 2);
        words.forEach((w, i) => bytes.writeUInt16LE(w, i * 2));
        const packed = encodeLruMapFrame({
          ...frame,
          pools: [
            { poolId: 0, lruLength: 8, oldLength: 0, buckets: Array.from({ length: k }, () => bucket) },
          ],
        });
        expect(packed.cells).toBe(bytes.toString('base64'));
      }
  });

  it('switches to 32-bit words when a count does not fit in 16 bits', () => {
    const big: LruMapFrame = {
      ...frame,
      bucketPages: 100_000,
      pools: [
        {
          poolId: 3,
          lruLength: 150_000,
          oldLength: 70_000,
          buckets: [[[0, 100_000, 70_000]], [[1, 50_000, 0]]],
        },
      ],
    };
    const packed = encodeLruMapFrame(big);
    expect(packed.wordBits).toBe(32);
    expect(decodeLruMapFrame(packed)).toEqual(big);
  });

  it('lays out each pool\u2019s words for the painter and reuses the buffer it is given', () => {
    const cells = decodeLruMapCells(encodeLruMapFrame(frame));
    expect([...cells.poolStart]).toEqual([0, 12, 16]);
    expect([...cells.words.subarray(12, 16)]).toEqual([1, 1, 8, 3]);
    expect(cells.legendSize).toBe(3);
    const buffer = cells.words.buffer;
    const smaller = encodeLruMapFrame({ ...frame, pools: [frame.pools[1]!] });
    const again = decodeLruMapCells(smaller, cells);
    expect(again).toBe(cells);
    expect(again.words.buffer).toBe(buffer);
    expect([...again.words]).toEqual([1, 1, 8, 3]);
  });

  it('packs the map of a live sample and leaves the rest as it is', () => {
    const cost = {
      intervalMs: 500,
      adaptive: true,
      snapshots: 1,
      meanSnapshotMs: 5,
      maxSnapshotMs: 5,
      serverShare: 0,
    };
    const live = liveSampleOf({ runId: 'run-1', elapsedMs: 10, cost, map: frame });
    expect(live.map?.cells).toEqual(encodeLruMapFrame(frame).cells);
    expect(live.cost).toBe(cost);
    expect(liveSampleOf({ runId: 'run-1', elapsedMs: 10, cost }).map).toBeUndefined();
  });

  describe('refuses a malformed frame in words', () => {
    const good = encodeLruMapFrame(frame);
    const refused = (packed: unknown, words: RegExp) => {
      expect(() => decodeLruMapCells(packed as PackedLruMapFrame)).toThrow(LruMapFrameError);
      expect(() => decodeLruMapCells(packed as PackedLruMapFrame)).toThrow(words);
    };

    it('that is not a frame at all', () => {
      refused(null, /LRU map frame is malformed: it is not an object/);
      refused({ ...good, cells: 42 }, /cells are not a string/);
      refused({ ...good, pools: undefined }, /no pools/);
    });

    it('whose words are of an unknown width', () => {
      refused({ ...good, wordBits: 8 }, /wordBits is 8, not 16 or 32/);
    });

    it('whose cells are not base64', () => {
      refused({ ...good, cells: 'abc' }, /not base64 \(3 characters/);
      refused({ ...good, cells: `${good.cells.slice(0, -4)}!!!!` }, /not base64 \(character/);
    });

    it('whose cells end early or run on', () => {
      refused(
        { ...good, cells: btoa(atob(good.cells).slice(0, -6)) },
        /bucket 0: 1 segments run past the end/,
      );
      refused(
        { ...good, cells: btoa(`${atob(good.cells)}\u0000\u0000`) },
        /1 words are left after the last pool/,
      );
      refused({ ...good, cells: btoa(`${atob(good.cells)}\u0000`) }, /not a whole number of 16-bit words/);
      refused(
        { ...good, pools: [good.pools[0]!, { ...good.pools[1]!, buckets: 2 }] },
        /pool 1 ends at bucket 1 of 2/,
      );
    });

    it('whose segments name no index of the legend or hold more old pages than pages', () => {
      refused({ ...good, legend: good.legend.slice(0, 2) }, /ordinal 2 is outside the legend \(2\)/);
      const tooOld = encodeLruMapFrame({ ...frame, pools: [{ ...frame.pools[1]!, buckets: [[[1, 8, 9]]] }] });
      refused(tooOld, /9 old pages of 8 pages/);
    });
  });
});
