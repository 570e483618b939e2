/** The LRU map's words on free blocks: a 16 MB MariaDB pool was 80% free with no word why. */
import { describe, expect, it } from 'vitest';
import { freeBlocksNote, poolFiguresAt } from '../../../../src/renderer/lib/viz/free-blocks';
import { runResult } from '../../../support/run-fixture';
import { EMPTY_HATCH_RGB, EMPTY_RGB, fillLruMap, pixelAt } from '../../../../src/renderer/lib/viz/lru-map';
import { decodeLruMapCells, encodeLruMapFrame } from '../../../../src/shared/runs/lru-map-codec';

describe('free blocks on the LRU map', () => {
  it('says why a 16 MB MariaDB pool is mostly free (794 of 1,014), and that old_blocks_time cannot matter', () => {
    const pool = { poolSize: 1014, freeBuffers: 794, databasePages: 140, oldDatabasePages: 0 };
    expect(freeBlocksNote([pool], 'mariadb')).toBe(
      "794 of 1,014 blocks are free (78.3%), hatched on the map: MariaDB's page cleaner keeps innodb_lru_scan_depth blocks free in each pool instance. No old sublist has formed (InnoDB forms one once the LRU holds 512 pages), so innodb_old_blocks_time cannot matter at this pool size.",
    );
  });

  it("names the page cleaner on MySQL 5.6 where the run recorded innodb_lru_scan_depth (1,024 against a 14 MB pool's 896)", () => {
    const pool = { poolSize: 896, freeBuffers: 700, databasePages: 196, oldDatabasePages: 0 };
    expect(freeBlocksNote([pool], 'mysql', 1024)).toBe(
      '700 of 896 blocks are free (78.1%), hatched on the map: the page cleaner keeps innodb_lru_scan_depth (1,024) blocks free in each pool instance. No old sublist has formed (InnoDB forms one once the LRU holds 512 pages), so innodb_old_blocks_time cannot matter at this pool size.',
    );
    // Not recorded (5.5, an older result): said as before, not guessed.
    expect(freeBlocksNote([pool], 'mysql')).toMatch(
      /: pages read so far fit in the pool without evicting\. /,
    );
  });

  it('says nothing when few blocks are free', () => {
    expect(
      freeBlocksNote(
        [{ poolSize: 8192, freeBuffers: 1024, databasePages: 7100, oldDatabasePages: 2600 }],
        'mysql',
      ),
    ).toBeNull();
  });

  it('draws free blocks hatched, not blank', () => {
    const frame = {
      atMs: 0,
      costMs: 0,
      bucketPages: 10,
      legend: ['ssb.lineorder/GEN_CLUST_INDEX'],
      pools: [
        {
          poolId: 0,
          lruLength: 20,
          oldLength: 0,
          buckets: [[[0, 10, 0]], [[0, 10, 0]]] as Array<Array<[number, number, number]>>,
        },
      ],
    };
    const cells = decodeLruMapCells(encodeLruMapFrame(frame));
    // 100 blocks in 100 pixels: 20 on the LRU, 80 free.
    const image = fillLruMap(cells, { width: 100, stripHeight: 12, gap: 0 }, 100);
    const free: string[] = [];
    for (let x = 20; x < 100; x++) for (let y = 0; y < 12; y++) free.push(pixelAt(image, x, y).join());
    expect(new Set(free)).toEqual(new Set([EMPTY_RGB.join(), EMPTY_HATCH_RGB.join()]));
    expect(free.filter((p) => p === EMPTY_HATCH_RGB.join()).length).toBeGreaterThan(80 * 12 * 0.1);
  });
});

describe("a saved frame's pool figures (the note on the frame shown)", () => {
  const pool = (freeBuffers: number) => ({
    poolSize: 1014,
    freeBuffers,
    databasePages: 1014 - freeBuffers,
    oldDatabasePages: 0,
  });
  const result = {
    poolStats: { before: [pool(900)], after: [pool(60)] },
    samples: {
      ...runResult().samples,
      stats: [0, 500, 1000].map((atMs, i) => ({ atMs, pools: [pool(700 - 300 * i)] })),
    },
  } as unknown as Parameters<typeof poolFiguresAt>[0];

  it('takes the stats before the query for the frame before it, and after it for the frame after', () => {
    expect(poolFiguresAt(result, { atMs: -40, moment: 'before' })[0]!.freeBuffers).toBe(900);
    expect(poolFiguresAt(result, { atMs: 1300, moment: 'after' })[0]!.freeBuffers).toBe(60);
  });

  it('takes the last sample at or before a frame during the query, the stats before it when none was', () => {
    expect(poolFiguresAt(result, { atMs: 700 })[0]!.freeBuffers).toBe(400);
    expect(poolFiguresAt(result, { atMs: -10 })[0]!.freeBuffers).toBe(900);
  });
});
