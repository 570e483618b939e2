/**
 * Pool blocks that held neither a data page nor free (issue 32): post 001's own 5.6.10 figures (its
 * INNODB_BUFFER_POOL_STATS after each Q1.1, read off the post) show them. Lineorder first at 1000:
 * 8,191 − 1,024 free − 7,162 data = 5; dim_date first at 1000: 8,192 − 1,024 − 6,175 = 993; at 0 the
 * lineorder-first run: 8,192 − 1,024 − 7,163 = 5. Figures by hand.
 */
import { describe, expect, it } from 'vitest';
import { heldBlocks, heldBlocksRule } from '../../../../src/shared/compare/rules-pool-blocks';
import { findFindings } from '../../../../src/shared/compare/findings';
import { compareSides } from '../../../../src/shared/compare/comparison';
import type { RunResult } from '../../../../src/shared/runs/runs';
import {
  dimDateFirstOb1000,
  lineorderFirstOb0,
  lineorderFirstOb1000,
  pool,
  server,
} from '../../../support/post001';
import { pair } from './findings-pairs';

const withAhi = (run: RunResult, on: boolean | undefined) => {
  run.server = server({ ...run.server, ...(on !== undefined && { adaptiveHashIndex: on }) });
  return run;
};

describe('pool blocks held by neither data nor the free list', () => {
  it('sums them over the instances and never goes below zero', () => {
    expect(heldBlocks(dimDateFirstOb1000().poolStats.after)).toEqual({
      poolPages: 8192,
      free: 1024,
      data: 6175,
      held: 993,
    });
    const two = [
      pool({ poolId: 0, poolSize: 100, freeBuffers: 10, databasePages: 80 }),
      pool({ poolId: 1, poolSize: 100, freeBuffers: 60, databasePages: 50 }),
    ];
    expect(heldBlocks(two)).toEqual({ poolPages: 200, free: 70, data: 130, held: 0 });
    expect(heldBlocks([])).toBeNull();
    expect(heldBlocks(null)).toBeNull();
  });

  it('names the side whose pool held less data, and the adaptive hash index when it was on', () => {
    const found = heldBlocksRule(
      pair(withAhi(lineorderFirstOb1000(), true), withAhi(dimDateFirstOb1000(), true)),
    );
    expect(found.map((f) => [f.rule, f.kind, f.tableId])).toEqual([
      ['pool-blocks-held', 'explanation', 'p1-pool'],
    ]);
    expect(found[0]!.text).toBe(
      'B ended with 993 of its 8,192 pool blocks (12.1%) holding neither a data page nor free, against 5 (0.06%) for A: that much less of the pool held data; most likely the adaptive hash index (on there), which takes its memory from the pool and gives a block back only when the pages it hashed leave it',
    );
    expect(found[0]!.evidence.map((e) => `${e.label}: ${e.value}`)).toEqual([
      'POOL_SIZE, A: 8,191',
      'FREE_BUFFERS, A: 1,024',
      'DATABASE_PAGES, A: 7,162',
      'innodb_adaptive_hash_index, A: ON',
      'POOL_SIZE, B: 8,192',
      'FREE_BUFFERS, B: 1,024',
      'DATABASE_PAGES, B: 6,175',
      'innodb_adaptive_hash_index, B: ON',
    ]);
  });

  it('does not blame the adaptive hash index where it was off, and does not guess where not recorded', () => {
    const off = heldBlocksRule(pair(withAhi(dimDateFirstOb1000(), false), lineorderFirstOb0()));
    expect(off[0]!.text).toMatch(
      /^A ended with 993 .*; not the adaptive hash index \(off there\): lock memory/,
    );
    const unknown = heldBlocksRule(pair(withAhi(dimDateFirstOb1000(), undefined), lineorderFirstOb0()));
    expect(unknown[0]!.text).toMatch(
      /; the adaptive hash index and lock memory take their blocks from the pool$/,
    );
  });

  it('stays quiet on a small difference, in blocks or in share of the pool', () => {
    // Post 001's own 1000 against 0, lineorder first: 5 and 5.
    expect(heldBlocksRule(pair(lineorderFirstOb1000(), lineorderFirstOb0()))).toEqual([]);
    const some = (databasePages: number, poolSize = 8192) => {
      const r = lineorderFirstOb0();
      r.poolStats.after = [pool({ poolSize, freeBuffers: 1024, databasePages })];
      return r;
    };
    // 63 more blocks: under 64.
    expect(heldBlocksRule(pair(some(7100), lineorderFirstOb0()))).toEqual([]);
    // 400 more blocks, but 2.4% of a 16,384-page pool.
    expect(heldBlocksRule(pair(some(14_960, 16_384), some(15_360, 16_384)))).toEqual([]);
    // No pool figures on a side.
    const none = lineorderFirstOb0();
    none.poolStats.after = [];
    expect(heldBlocksRule(pair(dimDateFirstOb1000(), none))).toEqual([]);
  });

  it('is among the comparison findings of the pair', () => {
    const runs = [withAhi(lineorderFirstOb1000(), true), withAhi(dimDateFirstOb1000(), true)];
    const c = compareSides(runs.map((run, i) => ({ label: i === 0 ? 'A' : 'B', runs: [run] })));
    const all = Object.values(findFindings(c).byPair).flat();
    expect(all.map((f) => f.rule)).toContain('pool-blocks-held');
  });
});
