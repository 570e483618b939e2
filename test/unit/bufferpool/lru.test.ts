import { describe, expect, it } from 'vitest';
import {
  bucketPagesFor,
  compositionOf,
  LruLegend,
  mapFrameOf,
  poolStatsOf,
  tableLabel,
  type LruWalk,
} from '../../../src/main/bufferpool/lru';
import { engineStatsOf } from '../../../src/main/runs/capture';

const cell = (
  bucketFromTail: number,
  table: string,
  index: string,
  pages: number,
  oldPages: number,
  maxPosition: number,
) => ({
  poolId: 0,
  bucketFromTail,
  table,
  index,
  pages,
  oldPages,
  records: pages * 10,
  dataSizeBytes: pages * 1000,
  maxPosition,
});

// A pool of 10 pages in buckets of 4: positions 0-3 (tail, old), 4-7, 8-9 (head).
const walk: LruWalk = {
  oldMethod: 'lru-position',
  bucketPages: 4,
  costMs: 1.234,
  cells: [
    cell(0, 's.lineorder', 'GEN_CLUST_INDEX', 3, 3, 3),
    cell(0, 's.dim_date', 'PRIMARY', 1, 1, 2),
    cell(1, 's.lineorder', 'GEN_CLUST_INDEX', 4, 0, 7),
    cell(2, 's.dim_date', 'PRIMARY', 2, 0, 9),
  ],
};

describe('LRU composition and map', () => {
  it('sums the walk per index, most pages first, with old, young and the share of the pool', () => {
    const c = compositionOf(walk, -5);
    expect(c).toMatchObject({ atMs: -5, costMs: 1.23, databasePages: 10, oldMethod: 'lru-position' });
    expect(c.indexes).toEqual([
      {
        table: 's.lineorder',
        index: 'GEN_CLUST_INDEX',
        pages: 7,
        oldPages: 3,
        youngPages: 4,
        records: 70,
        dataSizeBytes: 7000,
        poolShare: 0.7,
      },
      {
        table: 's.dim_date',
        index: 'PRIMARY',
        pages: 3,
        oldPages: 1,
        youngPages: 2,
        records: 30,
        dataSizeBytes: 3000,
        poolShare: 0.3,
      },
    ]);
  });

  it('lays the LRU out from head to tail with stable legend ordinals', () => {
    const legend = new LruLegend();
    legend.ordinal('s.dim_date', 'PRIMARY');
    const f = mapFrameOf(walk, legend, 100);
    expect(f.legend).toEqual(['s.dim_date/PRIMARY', 's.lineorder/GEN_CLUST_INDEX']);
    expect(f.pools).toEqual([
      {
        poolId: 0,
        lruLength: 10,
        oldLength: 4,
        buckets: [
          [[0, 2, 0]],
          [[1, 4, 0]],
          [
            [0, 1, 1],
            [1, 3, 3],
          ],
        ],
      },
    ]);
    // The frame keeps its own copy of the legend.
    legend.ordinal('s.part', 'PRIMARY');
    expect(f.legend).toHaveLength(2);
  });

  it('names tables without quotes, and pages of no table as such', () => {
    expect(tableLabel('`ssb_sf1`.`lineorder`')).toBe('ssb_sf1.lineorder');
    expect(tableLabel('`a``b`.`c`')).toBe('a`b.c');
    expect(tableLabel(null)).toBe('(no table)');
  });

  it("names tables from MySQL 5.5's internal form, db/table with @hhhh escapes", () => {
    expect(tableLabel('ssb_sf1/lineorder')).toBe('ssb_sf1.lineorder');
    expect(tableLabel('ssb@002d1/line@0024order')).toBe('ssb-1.line$order');
  });

  it('sizes buckets to about 512 per pool', () => {
    expect(bucketPagesFor(8192)).toBe(16);
    expect(bucketPagesFor(262_144)).toBe(512);
    expect(bucketPagesFor(100)).toBe(1);
  });

  it('reads a pool stats row, keeping every column raw', () => {
    const s = poolStatsOf({
      POOL_ID: 0,
      POOL_SIZE: '8191',
      DATABASE_PAGES: 7162,
      PAGES_MADE_YOUNG_RATE: '951.6',
      NUMBER_PAGES_READ_AHEAD: 38457,
    });
    expect(s).toMatchObject({
      poolId: 0,
      poolSize: 8191,
      databasePages: 7162,
      readAhead: 38457,
      pagesMadeYoung: 0,
    });
    expect(s.raw.PAGES_MADE_YOUNG_RATE).toBe(951.6);
  });

  it("keeps ANALYZE's r_engine_stats per table", () => {
    const json = {
      query_block: {
        nested_loop: [
          { table: { table_name: 'dim_date', r_engine_stats: { pages_accessed: 12 } } },
          {
            table: { table_name: 'lineorder', r_engine_stats: { pages_accessed: 900, pages_read_count: 40 } },
          },
          { table: { table_name: 'x' } },
        ],
      },
    };
    expect(engineStatsOf(json)).toEqual([
      { table: 'dim_date', stats: { pages_accessed: 12 } },
      { table: 'lineorder', stats: { pages_accessed: 900, pages_read_count: 40 } },
    ]);
  });
});
