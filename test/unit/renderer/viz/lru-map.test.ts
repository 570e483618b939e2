import { describe, expect, it } from 'vitest';
import type { LruMapFrame } from '../../../../src/shared/runs/runs';
import { decodeLruMapCells, encodeLruMapFrame } from '../../../../src/shared/runs/lru-map-codec';
import {
  BOUNDARY_RGB,
  EMPTY_RGB,
  boundaryColumn,
  fillLruMap,
  lruMapHeight,
  pixelAt,
  stripColumns,
} from '../../../../src/renderer/lib/viz/lru-map';
import { legendColors, MAP_COLORS, oldShade, SERVER_GROUPS } from '../../../../src/shared/runs/palette';

const CLUSTERED = 0;
const DATE = 1;
const PARTKEY = 2;

/** 100 positions in buckets of 10: 40 young clustered, 20 date (10 young, 10 old), 40 old clustered. */
const onePool: LruMapFrame = {
  atMs: 1000,
  costMs: 12,
  bucketPages: 10,
  legend: ['ssb.lineorder/GEN_CLUST_INDEX', 'ssb.dim_date/PRIMARY', 'ssb.lineorder/LO_PartKey'],
  pools: [
    {
      poolId: 0,
      lruLength: 100,
      oldLength: 50,
      buckets: [
        [[CLUSTERED, 10, 0]],
        [[CLUSTERED, 10, 0]],
        [[CLUSTERED, 10, 0]],
        [[CLUSTERED, 10, 0]],
        [[DATE, 10, 0]],
        [[DATE, 10, 10]],
        [[CLUSTERED, 10, 10]],
        [[CLUSTERED, 10, 10]],
        [[CLUSTERED, 10, 10]],
        [[CLUSTERED, 10, 10]],
      ],
    },
  ],
};

/** The colour the legend gives an ordinal of onePool's (palette.ts: by name). */
const ordinalColor = (ordinal: number) => legendColors(onePool.legend).colors[ordinal]!;

/** A frame as the painter gets it: packed for the wire, then decoded. */
const cellsOf = (frame: LruMapFrame) => decodeLruMapCells(encodeLruMapFrame(frame));
/** One pool's frame with a legend of three indexes. */
const poolFrame = (pool: LruMapFrame['pools'][number]): LruMapFrame => ({ ...onePool, pools: [pool] });

describe('stripColumns', () => {
  it('gives each pixel column the index holding most of its positions, head first', () => {
    const { ordinal, old } = stripColumns(cellsOf(onePool), 0, 10, 10);
    expect([...ordinal]).toEqual([0, 0, 0, 0, 1, 1, 0, 0, 0, 0]);
    expect([...old]).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
  });

  it('takes the majority inside a column when it covers several indexes', () => {
    const pool = {
      poolId: 0,
      lruLength: 10,
      oldLength: 0,
      buckets: [
        [
          [PARTKEY, 3, 0],
          [DATE, 6, 0],
          [CLUSTERED, 1, 0],
        ],
      ] as LruMapFrame['pools'][number]['buckets'],
    };
    expect([...stripColumns(cellsOf(poolFrame(pool)), 0, 1, 10).ordinal]).toEqual([DATE]);
    // Zoomed in (fewer positions than pixels), each position spans whole columns.
    expect([...stripColumns(cellsOf(poolFrame(pool)), 0, 20, 0.5).ordinal]).toEqual([
      2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0,
    ]);
  });

  it("counts the server's dictionary indexes together: many small ones outweigh one larger user index", () => {
    const frame: LruMapFrame = {
      ...onePool,
      legend: [
        'ssb.lineorder/GEN_CLUST_INDEX',
        'mysql.tables/PRIMARY',
        'mysql.columns/PRIMARY',
        '(data dictionary)/(none)',
      ],
      pools: [
        {
          poolId: 0,
          lruLength: 10,
          oldLength: 0,
          buckets: [
            [
              [0, 4, 0],
              [1, 2, 0],
              [2, 2, 0],
              [3, 2, 0],
            ],
          ],
        },
      ],
    };
    const dictionary = frame.legend.length; // the first group's class
    expect([...stripColumns(cellsOf(frame), 0, 1, 10).ordinal]).toEqual([dictionary]);
    const image = fillLruMap(cellsOf(frame), { width: 1, stripHeight: 1, gap: 0 });
    expect(pixelAt(image, 0, 0)).toEqual(SERVER_GROUPS.dictionary.rgb);
  });

  it('leaves columns past the end of the LRU empty', () => {
    const pool = {
      poolId: 0,
      lruLength: 30,
      oldLength: 0,
      buckets: [[[CLUSTERED, 30, 0]]] as LruMapFrame['pools'][number]['buckets'],
    };
    expect([...stripColumns(cellsOf(poolFrame(pool)), 0, 10, 10).ordinal]).toEqual([
      0, 0, 0, -1, -1, -1, -1, -1, -1, -1,
    ]);
  });
});

describe('boundaryColumn', () => {
  it('puts the old/young boundary after the young positions, scaled', () => {
    expect(boundaryColumn(100, 50, 10, 10)).toBe(5);
    // The post's pool: 7162 pages, 2623 old (37%): at 1000 px over 8192 positions.
    expect(boundaryColumn(7162, 2623, 8.192, 1000)).toBe(554);
    expect(boundaryColumn(100, 0, 1, 100)).toBeNull();
    expect(boundaryColumn(100, 100, 1, 100)).toBe(0);
  });
});

describe('fillLruMap', () => {
  it('colours each pixel by its index, washes old ones, marks the boundary, and fills every strip row', () => {
    const image = fillLruMap(cellsOf(onePool), { width: 10, stripHeight: 3, gap: 2 });
    expect([image.width, image.height]).toEqual([10, 3]);
    const clustered = ordinalColor(CLUSTERED);
    const date = ordinalColor(DATE);
    for (const y of [0, 1, 2]) {
      expect(pixelAt(image, 0, y)).toEqual(clustered);
      expect(pixelAt(image, 4, y)).toEqual(date);
      expect(pixelAt(image, 5, y)).toEqual(BOUNDARY_RGB);
      expect(pixelAt(image, 6, y)).toEqual(oldShade(clustered));
      expect(pixelAt(image, 9, y)).toEqual(oldShade(clustered));
    }
    expect(image.strips).toEqual([{ poolId: 0, top: 0, boundaryX: 5, lruLength: 100, oldLength: 50 }]);
  });

  it('draws in the dark theme: a light boundary, old pages washed towards the dark panel, dark gaps', () => {
    const twoStrips: LruMapFrame = {
      ...onePool,
      pools: [onePool.pools[0]!, { ...onePool.pools[0]!, poolId: 1 }],
    };
    const image = fillLruMap(
      cellsOf(twoStrips),
      { width: 10, stripHeight: 2, gap: 1 },
      0,
      undefined,
      undefined,
      'dark',
    );
    const clustered = ordinalColor(CLUSTERED);
    const old = oldShade(clustered, 'dark');
    const lum = ([r, g, b]: readonly number[]) => r! + g! + b!;
    expect(pixelAt(image, 5, 0)).toEqual(MAP_COLORS.dark.boundary);
    expect(pixelAt(image, 6, 0)).toEqual(old);
    // Old is darker than young here (lighter in the light theme), and never the gap's colour.
    expect(lum(old)).toBeLessThan(lum(clustered));
    expect(lum(oldShade(clustered))).toBeGreaterThan(lum(clustered));
    expect(old).not.toEqual(MAP_COLORS.dark.background);
    expect(pixelAt(image, 3, 2)).toEqual(MAP_COLORS.dark.background);
  });

  it('draws one strip per pool instance on a common scale, and free space as empty', () => {
    const twoPools: LruMapFrame = {
      ...onePool,
      pools: [onePool.pools[0]!, { poolId: 1, lruLength: 50, oldLength: 20, buckets: [[[PARTKEY, 50, 20]]] }],
    };
    const image = fillLruMap(cellsOf(twoPools), { width: 20, stripHeight: 2, gap: 1 }, 200);
    expect(image.height).toBe(lruMapHeight(2, { width: 20, stripHeight: 2, gap: 1 }));
    expect(image.height).toBe(5);
    expect(image.pagesPerPixel).toBe(10);
    // Pool 0: 100 positions over 10 columns; the rest of its strip is free buffers.
    expect(pixelAt(image, 0, 0)).toEqual(ordinalColor(CLUSTERED));
    expect(pixelAt(image, 12, 1)).toEqual(EMPTY_RGB);
    // The gap between strips stays blank.
    expect(pixelAt(image, 0, 2)).toEqual([255, 255, 255]);
    // Pool 1 starts at row 3: 50 positions over 5 columns, its boundary after 30 young positions.
    expect(image.strips[1]).toMatchObject({ poolId: 1, top: 3, boundaryX: 3 });
    expect(pixelAt(image, 0, 3)).toEqual(ordinalColor(PARTKEY));
    expect(pixelAt(image, 3, 4)).toEqual(BOUNDARY_RGB);
    expect(pixelAt(image, 4, 3)).toEqual(oldShade(ordinalColor(PARTKEY)));
    expect(pixelAt(image, 5, 3)).toEqual(EMPTY_RGB);
  });

  it('reuses the buffer it is given when the size matches', () => {
    const first = fillLruMap(cellsOf(onePool), { width: 10, stripHeight: 3, gap: 2 });
    const second = fillLruMap(cellsOf(onePool), { width: 10, stripHeight: 3, gap: 2 }, 0, first.data);
    expect(second.data).toBe(first.data);
  });
});
