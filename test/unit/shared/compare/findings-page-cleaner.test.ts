/**
 * A small pool the page cleaner kept free (issue 32): on MySQL 5.6 a 14 MB pool holds 896 pages and the
 * page cleaner keeps innodb_lru_scan_depth (1,024 by default) of them free, so the LRU stays short and
 * no old sublist forms: an innodb_old_blocks_time pair there compared nothing. Figures by hand.
 */
import { describe, expect, it } from 'vitest';
import { findFindings } from '../../../../src/shared/compare/findings';
import { compareSides } from '../../../../src/shared/compare/comparison';
import { pageCleanerRule } from '../../../../src/shared/compare/rules-page-cleaner';
import { cleanerEmptiedPool } from '../../../../src/shared/runs/page-cleaner';
import type { PoolStats, RunResult } from '../../../../src/shared/runs/runs';
import { lineorderFirstOb0, lineorderFirstOb1000, pool, server } from '../../../support/post001';
import { pair } from './findings-pairs';

/** 14 MB, one instance: 896 pages, 700 free at the end, 196 on the LRU, none old, 38,961 read since startup. */
const SMALL = { poolSize: 896, freeBuffers: 700, databasePages: 196, oldDatabasePages: 0, pagesRead: 38_961 };

/** The run on the 14 MB pool; `lruScanDepth` null: not recorded (5.5, or a result saved before bplab did). */
function smallPool(run: RunResult, over: Partial<PoolStats> = {}, lruScanDepth: number | null = 1024) {
  run.server = server({
    ...run.server,
    bufferPoolSizeBytes: 14 * 1024 * 1024,
    ...(lruScanDepth !== null && { lruScanDepth }),
  });
  run.poolStats = { ...run.poolStats, after: [pool({ ...SMALL, ...over })] };
  return run;
}

describe('a small pool the page cleaner kept free', () => {
  it('says the cleaner kept more than the pool free, so old_blocks_time could not change which pages stayed', () => {
    const found = pageCleanerRule(pair(smallPool(lineorderFirstOb1000()), smallPool(lineorderFirstOb0())));
    expect(found.map((f) => [f.rule, f.kind, f.tableId])).toEqual([
      ['page-cleaner-emptied', 'explanation', 'p1-pool'],
      ['page-cleaner-emptied', 'explanation', 'p1-pool'],
    ]);
    expect(found[0]!.text).toBe(
      "A: the page cleaner keeps innodb_lru_scan_depth=1,024 pages free in its one pool instance, more than the pool's 896 pages; 700 of them were free at the run's end and no old sublist had formed (InnoDB keeps one once the LRU holds 512 pages), so innodb_old_blocks_time=1000 could not change which pages stayed",
    );
    expect(found[1]!.text).toMatch(/^B: .*so innodb_old_blocks_time=0 could not change which pages stayed$/);
    expect(found[0]!.evidence.map((e) => `${e.label}: ${e.value}`)).toEqual([
      'innodb_lru_scan_depth, A: 1,024',
      'pool instances, A: 1',
      'POOL_SIZE, A: 896',
      'FREE_BUFFERS, A: 700',
      'DATABASE_PAGES, A: 196',
      'OLD_DATABASE_PAGES, A: 0',
      'NUMBER_PAGES_READ + NUMBER_PAGES_CREATED since startup, A: 38,961',
    ]);
  });

  it("gives the cleaner's share where it keeps less than the pool free (256 of 4 instances' 2,048 pages each)", () => {
    const four = lineorderFirstOb1000();
    smallPool(four, {}, 256);
    const each = { ...SMALL, poolSize: 512, freeBuffers: 300, databasePages: 212 };
    four.poolStats.after = [0, 1, 2, 3].map((poolId) => pool({ ...each, poolId }));
    const [f] = pageCleanerRule(pair(four, lineorderFirstOb0()));
    expect(f?.text).toMatch(
      /^A: the page cleaner keeps innodb_lru_scan_depth=256 pages free in each of 4 pool instances, 50\.0% of the pool's 2,048 pages; 1,200 of them were free/,
    );
  });

  it('says it first in the summary, beside the pair it explains', () => {
    const runs = [smallPool(lineorderFirstOb1000()), smallPool(lineorderFirstOb0())];
    const c = compareSides(runs.map((run, i) => ({ label: i === 0 ? 'A' : 'B', runs: [run] })));
    const summary = findFindings(c).summary;
    expect(summary[0]?.rule).toBe('page-cleaner-emptied');
  });

  it('stays quiet where the figures do not show a pool the cleaner emptied', () => {
    const quiet = (a: RunResult) => pageCleanerRule(pair(a, lineorderFirstOb0()));
    // An old sublist formed: old_blocks_time had pages to act on.
    expect(quiet(smallPool(lineorderFirstOb1000(), { oldDatabasePages: 60 }))).toEqual([]);
    // Few pages free.
    expect(quiet(smallPool(lineorderFirstOb1000(), { freeBuffers: 100, databasePages: 796 }))).toEqual([]);
    // The data fit: nothing evicted, so the free pages are not the cleaner's doing (pool-never-evicted says it).
    expect(quiet(smallPool(lineorderFirstOb1000(), { pagesRead: 196 }))).toEqual([]);
    // A target that is a small share of the pool (128 pages of 896).
    expect(quiet(smallPool(lineorderFirstOb1000(), {}, 128))).toEqual([]);
    // 5.5 has no page cleaner, and results saved before bplab recorded the setting: not guessed.
    expect(quiet(smallPool(lineorderFirstOb1000(), {}, null))).toEqual([]);
    // A pair that does not compare old_blocks_time.
    expect(
      pageCleanerRule(pair(smallPool(lineorderFirstOb1000()), smallPool(lineorderFirstOb1000()))),
    ).toEqual([]);
  });

  it('reads the end of the run summed over instances, and every poll during it', () => {
    expect(cleanerEmptiedPool(null, 1024)).toBeNull();
    expect(cleanerEmptiedPool([pool(SMALL)], 1024)).toEqual({
      depth: 1024,
      instances: 1,
      target: 1024,
      poolPages: 896,
      free: 700,
      readOrCreated: 38_961,
      databasePages: 196,
      polls: 0,
    });
    const poll = (old: number) => ({ pools: [{ oldDatabasePages: old }] });
    expect(cleanerEmptiedPool([pool(SMALL)], 1024, [poll(0), poll(0), poll(0)])?.polls).toBe(3);
    // MySQL 5.6.14's 16 MB pool mid-scan: an old sublist of 317 pages between the cleaner's passes.
    expect(cleanerEmptiedPool([pool(SMALL)], 1024, [poll(0), poll(317), poll(0)])).toBeNull();
  });

  it('says how many polls saw no old sublist, and stays quiet where one saw it', () => {
    const polled = (old: number) => {
      const run = smallPool(lineorderFirstOb1000());
      run.samples = {
        ...run.samples,
        stats: [0, 1, 2].map((i) => ({
          atMs: i * 500,
          pools: [pool({ ...SMALL, oldDatabasePages: i === 1 ? old : 0 })],
        })),
      };
      return pageCleanerRule(pair(run, lineorderFirstOb0()));
    };
    const [f] = polled(0);
    expect(f?.text).toContain(
      "700 of them were free at the run's end and no old sublist had formed in any of its 3 polls (InnoDB",
    );
    expect(f?.evidence).toContainEqual({ label: 'polls during the run with old pages, A', value: '0 of 3' });
    expect(polled(317)).toEqual([]);
  });
});
