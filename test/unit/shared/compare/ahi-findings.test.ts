// The adaptive hash index finding, from INNODB_METRICS deltas: it fires on a clear difference, and not otherwise.
import { describe, expect, it } from 'vitest';
import { comparePair } from '../../../../src/shared/compare/comparison';
import { adaptiveHashRule } from '../../../../src/shared/compare/rules-explanations';
import type { RunResult } from '../../../../src/shared/runs/runs';
import { lineorderFirstOb0, lineorderFirstOb1000 } from '../../../support/post001';

const ahi = (run: RunResult, counters: Record<string, number>): RunResult => ({
  ...run,
  innodbMetrics: {
    counters: Object.entries(counters).map(([name, delta]) => ({
      subsystem: 'adaptive_hash_index',
      name,
      delta,
    })),
    enabledForRun: [],
    note: 'INNODB_METRICS counters',
  },
});
const pair = (a: RunResult, b: RunResult) =>
  comparePair({ label: 'A', run: a, ordinal: 1, of: 1 }, { label: 'B', run: b, ordinal: 1, of: 1 }, 'p1');

describe('the adaptive hash index finding', () => {
  it('says A searched the index less often and fell back to the B-tree more (post 001’s 1000 against 0 on MySQL 8.0)', () => {
    const a = ahi(lineorderFirstOb1000(), {
      adaptive_hash_searches: 420_000,
      adaptive_hash_searches_btree: 3_100_000,
      adaptive_hash_pages_added: 4_500,
      adaptive_hash_pages_removed: 4_100,
    });
    const b = ahi(lineorderFirstOb0(), {
      adaptive_hash_searches: 3_500_000,
      adaptive_hash_searches_btree: 20_000,
      adaptive_hash_pages_added: 14_586,
      adaptive_hash_pages_removed: 0,
    });
    const [f] = adaptiveHashRule(pair(a, b));
    expect(f?.kind).toBe('explanation');
    expect(f?.text).toBe(
      'A searched the adaptive hash index 12.0% as often as B (420 k against 3.5 M) and fell back to the B-tree 3.1 M times (against 20 k): 11.9% of its searches were answered by the index, against 99.4%; it added 4,500 pages to the index (against 14,586)',
    );
    expect(f?.evidence.map((e) => `${e.label}: ${e.value}`)).toEqual([
      'adaptive_hash_searches, A: 420,000',
      'adaptive_hash_searches_btree, A: 3,100,000',
      'adaptive_hash_pages_added, A: 4,500',
      'adaptive_hash_pages_removed, A: 4,100',
      'adaptive_hash_searches, B: 3,500,000',
      'adaptive_hash_searches_btree, B: 20,000',
      'adaptive_hash_pages_added, B: 14,586',
      'adaptive_hash_pages_removed, B: 0',
    ]);
    // Either side may be the one that used it less.
    expect(adaptiveHashRule(pair(b, a))[0]?.text).toMatch(
      /^B searched the adaptive hash index 12\.0% as often as A/,
    );
  });

  it('stays silent when both used the index alike, when the index barely ran, or when a run has no counters', () => {
    const alike = (hash: number, btree: number, run = lineorderFirstOb0()) =>
      ahi(run, { adaptive_hash_searches: hash, adaptive_hash_searches_btree: btree });
    expect(
      adaptiveHashRule(pair(alike(3_000_000, 50_000, lineorderFirstOb1000()), alike(3_300_000, 40_000))),
    ).toEqual([]);
    expect(adaptiveHashRule(pair(alike(10, 500), alike(900, 20)))).toEqual([]);
    // The index off on one side: its counters only say so.
    const off = alike(0, 900_000);
    off.server = { ...off.server, adaptiveHashIndex: false };
    expect(adaptiveHashRule(pair(alike(420_000, 3_100_000, lineorderFirstOb1000()), off))).toEqual([]);
    // Results saved before bplab recorded INNODB_METRICS, and a server that has none.
    expect(adaptiveHashRule(pair(lineorderFirstOb1000(), alike(3_300_000, 40_000)))).toEqual([]);
  });
});
