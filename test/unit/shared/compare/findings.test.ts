/** The comparison's findings rule by rule on post 001's runs: what each difference rule and warning says, and when it stays quiet. Explanations and summaries: findings-explanations.test.ts. */
import { describe, expect, it } from 'vitest';
import { compareSides } from '../../../../src/shared/compare/comparison';
import { findFindings } from '../../../../src/shared/compare/findings';
import { checksumRule, incompleteRule } from '../../../../src/shared/compare/rules-warnings';
import {
  elapsedRule,
  explainRule,
  madeYoungRule,
  notMadeYoungRule,
  pagesFromDiskRule,
  pushedOutRule,
  readAheadRule,
  stageRule,
  youngPagesRule,
} from '../../../../src/shared/compare/rules-differences';
import { NO_INDEX, NO_TABLE, type RunResult } from '../../../../src/shared/runs/runs';
import {
  baseRun,
  bigPoolRun,
  dimDateFirstOb1000,
  lineorderFirstOb0,
  lineorderFirstOb1000,
} from '../../../support/post001';
import { pair, texts, joinOrders, oldBlocks } from './findings-pairs';

describe('pages read from disk', () => {
  it('fires on the join orders: B read 4.9× more (191,570 against 38,961), citing the status table', () => {
    const [f] = pagesFromDiskRule(joinOrders());
    expect(f?.text).toBe('B read 4.9× as many pages into the pool (191,570 against 38,961)');
    expect(f?.tableId).toBe('p1-status');
    expect(f?.evidence).toEqual([
      { label: 'Innodb_pages_read, A', value: '38,961' },
      { label: 'Innodb_pages_read, B', value: '191,570' },
    ]);
  });

  it('does not fire when both read about as much (38,961 against 39,010)', () => {
    expect(pagesFromDiskRule(oldBlocks())).toEqual([]);
  });

  it("falls back on the pool's NUMBER_PAGES_READ when the status counter is missing", () => {
    const [f] = pagesFromDiskRule(
      pair({ ...lineorderFirstOb1000(), status: [] }, { ...dimDateFirstOb1000(), status: [] }),
    );
    expect(f?.text).toBe('B read 4.9× as many pages into the pool (191,834 against 38,960)');
    expect(f?.tableId).toBe('p1-pool');
  });
});

describe('pages not made young', () => {
  it("fires for old_blocks_time=1000 against 0: the scan's pages were kept old", () => {
    const [f] = notMadeYoungRule(oldBlocks());
    expect(f?.text).toBe(
      "A left 4,824,154 pages not made young: innodb_old_blocks_time=1000 kept the scan's pages old",
    );
    expect(f?.tableId).toBe('p1-pool');
    expect(f?.evidence.map((e) => e.value)).toEqual(['4,824,154', '0', '1000', '0']);
  });

  it('does not fire when both runs kept pages old (4,824,154 against 2,054,952)', () => {
    expect(notMadeYoungRule(joinOrders())).toEqual([]);
  });

  it('does not blame innodb_old_blocks_time when it was 0 on that run', () => {
    const b = lineorderFirstOb1000();
    b.server.oldBlocksTimeMs = 0;
    expect(notMadeYoungRule(pair(b, lineorderFirstOb0()))).toEqual([]);
  });

  it('says "the pages it read" when the plan shows no scan', () => {
    const a = lineorderFirstOb1000();
    a.explain = dimDateFirstOb1000().explain;
    a.explain?.table.forEach((row) => (row.type = 'ref'));
    expect(notMadeYoungRule(pair(a, lineorderFirstOb0()))[0]?.text).toContain('kept the pages it read old');
  });
});

describe('pages made young', () => {
  it('fires when one run made thousands young and the other a handful (29,501 against 3)', () => {
    expect(texts(madeYoungRule(oldBlocks()))).toEqual(['B made 29,501 pages young, A 3']);
  });
  it('does not fire when both made few young', () => {
    expect(madeYoungRule(joinOrders())).toEqual([]);
  });
});

describe('young pages per index', () => {
  it('fires for dim_date PRIMARY: 17 young pages after A, none after B', () => {
    const found = youngPagesRule(oldBlocks());
    expect(texts(found)).toContain(
      'dim_date PRIMARY: 17 young pages after A, none after B (17 pages there, all old)',
    );
    expect(found.every((f) => f.tableId === 'p1-lru')).toBe(true);
    expect(found.length).toBeLessThanOrEqual(3);
  });
  it('does not fire when both sides have young pages of every index (join orders: 6 and 17 young)', () => {
    expect(texts(youngPagesRule(joinOrders()))).not.toContain(expect.stringContaining('dim_date PRIMARY'));
  });
  it('does not fire without a composition on both sides', () => {
    expect(youngPagesRule(pair(lineorderFirstOb1000(), baseRun()))).toEqual([]);
  });
});

describe('indexes pushed out', () => {
  it('fires for the six secondary indexes held after A and gone after B', () => {
    const [f, ...rest] = pushedOutRule(oldBlocks());
    expect(rest).toEqual([]);
    expect(f?.text).toBe(
      '6 indexes held pages after A and none after B: lineorder LO_CommitDateKey (17), lineorder LO_OrderDateKey (17) and 4 more',
    );
  });
  it('does not fire when the same indexes are in the pool after both', () => {
    expect(pushedOutRule(joinOrders())).toEqual([]);
  });
});

describe('read-ahead', () => {
  it('fires when only one run read ahead (38,392 pages, B none)', () => {
    expect(texts(readAheadRule(joinOrders()))).toEqual(['A brought 38,392 pages in by read-ahead, B none']);
  });
  it('does not fire when both read ahead alike', () => {
    expect(readAheadRule(oldBlocks())).toEqual([]);
  });
});

describe('elapsed time', () => {
  it('fires at 1.51× (33.9 s against 22.5 s)', () => {
    expect(texts(elapsedRule(joinOrders()))).toEqual(['A took 1.51× as long as B (33.9 s against 22.5 s)']);
  });
  it('does not fire within 10%', () => {
    expect(elapsedRule(pair(baseRun({ elapsedMs: 1000 }), baseRun({ elapsedMs: 1090 })))).toEqual([]);
  });
});

describe('stage holding the difference', () => {
  it('fires for "Sending data" (33.8 s against 7.52 s)', () => {
    const [f] = stageRule(oldBlocks());
    expect(f?.text).toBe('"Sending data" took 33.8 s in A against 7.52 s in B');
    expect(f?.evidence.find((e) => e.label === 'context switches, B')?.value).toBe('21,399');
  });
  it('does not fire when the largest stage difference is a small part of the time difference', () => {
    const a = lineorderFirstOb1000();
    const b = lineorderFirstOb0();
    b.profile = a.profile; // same stages, different times
    expect(stageRule(pair(a, b))).toEqual([]);
  });
});

describe('plans', () => {
  it('fires when the join order and the access differ', () => {
    const [f] = explainRule(joinOrders());
    expect(f?.text).toBe(
      'The plans differ: A joins lineorder → dim_date, B dim_date → lineorder; 2 tables read another way',
    );
    expect(f?.tableId).toBe('p1-explain');
  });
  it('does not fire for the same plan', () => {
    expect(explainRule(oldBlocks())).toEqual([]);
  });
});

describe('warnings', () => {
  it('warns when the checksums differ, and only then', () => {
    expect(checksumRule(pair(baseRun({ checksum: 'aa' }), baseRun({ checksum: 'bb' })))[0]).toMatchObject({
      kind: 'warning',
      text: 'A and B returned different results (checksum aa against bb)',
    });
    expect(checksumRule(oldBlocks())).toEqual([]);
    expect(checksumRule(pair(baseRun({ checksum: null }), baseRun()))).toEqual([]);
  });

  it('warns about a run that did not complete, and not about complete ones', () => {
    const cancelled = baseRun({ state: 'cancelled', error: 'cancelled by the user', elapsedMs: null });
    expect(texts(incompleteRule(pair(baseRun(), cancelled)))).toEqual([
      "B's run was cancelled (cancelled by the user): its figures cover only what was captured before it stopped",
    ]);
    expect(incompleteRule(oldBlocks())).toEqual([]);
  });
});

describe('young pages per index, and indexes gone', () => {
  it('leaves an index missing from the other side to the pushed-out rule', () => {
    const found = texts(youngPagesRule(oldBlocks()));
    expect(found).toEqual([
      'dim_date PRIMARY: 17 young pages after A, none after B (17 pages there, all old)',
    ]);
  });
});

describe('a summary of many pairs', () => {
  it('says an explanation that holds for many pairs once, with how many more like it, and counts none as left out', () => {
    const q = (queryId: string, oldBlocksTimeMs = 1000) => {
      const run = bigPoolRun({ queryId, variant: 'base' });
      return { ...run, server: { ...run.server, oldBlocksTimeMs } };
    };
    const ids = ['Q1.1', 'Q1.2', 'Q1.3', 'Q2.1', 'Q2.2'];
    const c = compareSides([
      { label: 'A', runs: ids.map((id) => q(id)) },
      { label: 'B', runs: ids.map((id) => q(id, 0)) },
    ]);
    const { summary, notInSummary, byPair } = findFindings(c, 3);
    // Each pair explains both runs' never-evicted pools: 10 explanations, said once in the summary.
    expect(
      Object.values(byPair)
        .flat()
        .filter((f) => f.rule === 'pool-never-evicted'),
    ).toHaveLength(10);
    expect(summary.map((f) => f.rule)).toEqual(['pool-never-evicted']);
    expect(summary[0]?.text).toMatch(/^Q1\.1: A's pool never evicted a page .* \(and 9 more like it\)$/);
    expect(notInSummary).toBe(0);
  });
});

describe('pages of no table (MariaDB: system and undo pages, TABLE_NAME and INDEX_NAME NULL)', () => {
  /** A run whose composition after it also holds pages of no table, as the poller groups them. */
  const withNoTable = (run: RunResult, pages: number, young: number): RunResult => {
    const after = run.lru.after!;
    const noTable = { ...after.indexes[0]!, table: NO_TABLE, index: NO_INDEX, pages, youngPages: young };
    return { ...run, lru: { ...run.lru, after: { ...after, indexes: [...after.indexes, noTable] } } };
  };

  it("never make a finding, nor bplab's own tables (they made two in the MyISAM experiment)", () => {
    const own = (run: RunResult, pages: number, young: number): RunResult => {
      const after = run.lru.after!;
      const bookkeeping = {
        ...after.indexes[0]!,
        table: 'ssb_sf0_1._bplab_dataset',
        index: 'PRIMARY',
        pages,
        youngPages: young,
      };
      return { ...run, lru: { ...run.lru, after: { ...after, indexes: [...after.indexes, bookkeeping] } } };
    };
    const young = youngPagesRule(
      pair(own(withNoTable(lineorderFirstOb1000(), 40, 12), 1, 6), withNoTable(lineorderFirstOb0(), 35, 0)),
    );
    expect(young.map((f) => f.text).join('\n')).not.toMatch(/no table|_bplab/);
    const gone = pushedOutRule(
      pair(own(withNoTable(lineorderFirstOb1000(), 40, 12), 1, 1), lineorderFirstOb0()),
    );
    expect(JSON.stringify(gone)).not.toMatch(/no table|_bplab/);
  });

  it('does not fire when they are young after both runs', () => {
    const found = youngPagesRule(
      pair(withNoTable(lineorderFirstOb1000(), 40, 12), withNoTable(lineorderFirstOb0(), 35, 9)),
    );
    expect(found.map((f) => f.text).join('\n')).not.toContain('no table');
  });
});
