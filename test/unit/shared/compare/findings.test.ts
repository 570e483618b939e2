import { describe, expect, it } from 'vitest';
import { compareSides, comparePair } from '../../../../src/shared/compare/comparison';
import { findFindings } from '../../../../src/shared/compare/findings';
import { checksumRule, incompleteRule } from '../../../../src/shared/compare/rules-warnings';
import {
  globalCountersRule,
  neverEvictedRule,
  sameReadsRule,
} from '../../../../src/shared/compare/rules-explanations';
import {
  elapsedRule,
  explainRule,
  madeYoungRule,
  notMadeYoungRule,
  pagesFromDiskRule,
  pushedOutRule,
  readAheadRule,
  stageRule,
  totalTimeRule,
  youngPagesRule,
} from '../../../../src/shared/compare/rules-differences';
import { NO_INDEX, NO_TABLE, type RunResult } from '../../../../src/shared/runs';
import {
  baseRun,
  bigPoolRun,
  dimDateFirstOb1000,
  lineorderFirstOb0,
  lineorderFirstOb1000,
} from '../../../support/post001';

const pair = (a: RunResult, b: RunResult) =>
  comparePair({ label: 'A', run: a, ordinal: 1, of: 1 }, { label: 'B', run: b, ordinal: 1, of: 1 }, 'p1');
const texts = (fs: Array<{ text: string }>) => fs.map((f) => f.text);

/** Post 001: lineorder first at old_blocks_time=1000 (A) against dim_date first (B). */
const joinOrders = () => pair(lineorderFirstOb1000(), dimDateFirstOb1000());
/** Post 001: old_blocks_time=1000 (A) against 0 (B), same plan. */
const oldBlocks = () => pair(lineorderFirstOb1000(), lineorderFirstOb0());

describe('pages read from disk', () => {
  it('fires on the join orders: B read 4.9× more (191,570 against 38,961), citing the status table', () => {
    const [f] = pagesFromDiskRule(joinOrders());
    expect(f?.text).toBe('B read 4.9× more pages from disk (191,570 against 38,961)');
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
    expect(f?.text).toBe('B read 4.9× more pages from disk (191,834 against 38,960)');
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

describe('explanations of counters that look wrong', () => {
  it('explains a pool that never evicted: innodb_old_blocks_time cannot have mattered', () => {
    const found = neverEvictedRule(pair(bigPoolRun(), lineorderFirstOb1000()));
    expect(found).toHaveLength(1);
    expect(found[0]?.kind).toBe('explanation');
    expect(found[0]?.text).toBe(
      "A's pool never evicted a page (39,009 read or created, 39,010 in the pool): innodb_old_blocks_time=1000 cannot have mattered",
    );
  });

  it('says nothing of the kind for a 128 MB pool that read 38,960 pages into 7,162', () => {
    expect(neverEvictedRule(oldBlocks())).toEqual([]);
  });

  it('does not fire when one of several pool instances has evicted', () => {
    const run = bigPoolRun();
    const fine = run.poolStats.after?.[0];
    if (!fine) throw new Error('fixture');
    run.poolStats.after = [fine, { ...fine, poolId: 1, pagesRead: fine.databasePages + 1 }];
    expect(neverEvictedRule(pair(run, lineorderFirstOb1000()))).toEqual([]);
  });

  it("explains global counters that hold other sessions' work", () => {
    const busy = lineorderFirstOb1000();
    const rows = busy.status.find((s) => s.name === 'Innodb_rows_read');
    if (!rows) throw new Error('fixture');
    rows.delta += 5_000_000;
    const [f] = globalCountersRule(pair(busy, lineorderFirstOb0()));
    expect(f?.text).toBe(
      "A's session read 6,611,120 rows, Innodb_rows_read rose 11,611,119: other sessions were reading too",
    );
    expect(f?.tableId).toBe('p1-status');
  });

  it('stays quiet when the global rows match the session handler reads (post 001)', () => {
    expect(globalCountersRule(oldBlocks())).toEqual([]);
    expect(globalCountersRule(joinOrders())).toEqual([]);
  });
});

describe('a time difference the page counts do not explain', () => {
  it('fires for old_blocks_time=1000 against 0 in post 001: 4.3× the time (33.94 s against 7.81 s) on the same pages read and asked for', () => {
    const [f] = sameReadsRule(oldBlocks());
    expect(f?.kind).toBe('explanation');
    expect(f?.text).toBe(
      'A took 4.3× as long as B on the same pages read and asked for: the time is inside the server',
    );
    expect(f?.tableId).toBe('p1-status');
    expect(f?.evidence.map((e) => e.label)).toEqual([
      'time, A',
      'time, B',
      'Innodb_pages_read, A',
      'Innodb_pages_read, B',
      'Innodb_buffer_pool_read_requests, A',
      'Innodb_buffer_pool_read_requests, B',
    ]);
  });

  it('does not fire when the pages read differ (the join orders: 38,961 against 191,570)', () => {
    expect(sameReadsRule(joinOrders())).toEqual([]);
  });

  it('does not fire when the pages asked for differ by more than 5%', () => {
    const b = lineorderFirstOb0();
    const requests = b.status.find((x) => x.name === 'Innodb_buffer_pool_read_requests')!;
    requests.delta = Math.round(requests.delta! * 1.2);
    b.poolStats.after![0]!.pagesGet += 2_000_000;
    expect(sameReadsRule(pair(lineorderFirstOb1000(), b))).toEqual([]);
  });

  it('does not fire when the times are within 25%', () => {
    const b = lineorderFirstOb0();
    b.elapsedMs = 30_000;
    expect(sameReadsRule(pair(lineorderFirstOb1000(), b))).toEqual([]);
  });

  const withAhi = (r: RunResult, on: boolean): RunResult => ({
    ...r,
    server: { ...r.server, adaptiveHashIndex: on },
  });

  it('names the preset that runs the pair again without the adaptive hash index when both ran with it on', () => {
    const [f] = sameReadsRule(
      pair(withAhi(lineorderFirstOb1000(), true), withAhi(lineorderFirstOb0(), true)),
    );
    expect(f?.text).toMatch(
      /the time is inside the server; both had the adaptive hash index on: its preset turns it off$/,
    );
    expect(f?.evidence).toContainEqual({
      label: 'the preset that turns it off',
      value: 'innodb_old_blocks_time 1000 vs 0, adaptive hash index on and off, Flight 1',
    });
    expect(f?.evidence.slice(-2)).toEqual([
      { label: 'innodb_adaptive_hash_index, A', value: 'ON' },
      { label: 'innodb_adaptive_hash_index, B', value: 'ON' },
    ]);
  });

  it('says the two differ in the adaptive hash index when they do, and suggests nothing', () => {
    const [f] = sameReadsRule(
      pair(withAhi(lineorderFirstOb1000(), true), withAhi(lineorderFirstOb0(), false)),
    );
    expect(f?.text).toMatch(/inside the server; they also differ in innodb_adaptive_hash_index$/);
    expect(f?.evidence.slice(-2)).toEqual([
      { label: 'innodb_adaptive_hash_index, A', value: 'ON' },
      { label: 'innodb_adaptive_hash_index, B', value: 'OFF' },
    ]);
    expect(f?.text).not.toContain('preset');
  });

  it('says nothing of the adaptive hash index when both ran with it off, or a side did not record it', () => {
    for (const [a, b] of [
      [withAhi(lineorderFirstOb1000(), false), withAhi(lineorderFirstOb0(), false)],
      [withAhi(lineorderFirstOb1000(), true), lineorderFirstOb0()],
    ] as const) {
      const [f] = sameReadsRule(pair(a, b));
      expect(f?.text).toMatch(/the time is inside the server$/);
      expect(f?.evidence).toHaveLength(6);
    }
  });

  it("reads the pool's counters when the status table lacks them", () => {
    const [f] = sameReadsRule(
      pair({ ...lineorderFirstOb1000(), status: [] }, { ...lineorderFirstOb0(), status: [] }),
    );
    expect(f?.tableId).toBe('p1-pool');
    expect(f?.evidence.map((e) => e.label)).toContain('NUMBER_PAGES_GET, A');
  });
});

describe('total time', () => {
  it("fires over the flight's queries both sides completed", () => {
    const q = (queryId: string, elapsedMs: number) => baseRun({ queryId, variant: 'base', elapsedMs });
    const c = compareSides([
      { label: '5.5.30', runs: [q('Q1.1', 10_000), q('Q1.2', 5_000)] },
      { label: '5.6.10', runs: [q('Q1.1', 20_000), q('Q1.2', 8_000)] },
    ]);
    expect(texts(totalTimeRule(c))).toEqual([
      '5.6.10 took 1.87× as long as 5.5.30 over the 2 queries both completed (28.0 s against 15.0 s)',
    ]);
    const close = compareSides([
      { label: 'A', runs: [q('Q1.1', 10_000), q('Q1.2', 5_000)] },
      { label: 'B', runs: [q('Q1.1', 10_500), q('Q1.2', 5_000)] },
    ]);
    expect(totalTimeRule(close)).toEqual([]);
  });
});

describe('the summary', () => {
  it('puts warnings and explanations first, then the largest differences, each linked to a table', () => {
    const c = compareSides([
      { label: 'A', runs: [lineorderFirstOb1000()] },
      { label: 'B', runs: [{ ...lineorderFirstOb0(), checksum: 'different' }] },
    ]);
    const { summary, byPair } = findFindings(c, 3);
    expect(summary[0]?.kind).toBe('warning');
    expect(summary.filter((f) => f.kind === 'difference')).toHaveLength(3);
    expect(byPair[c.pairs[0]?.id ?? '']?.length).toBeGreaterThan(3);
    for (const f of summary) expect(f.tableId).toMatch(/^p1-/);
  });

  it('names the query in front of each finding when there are several pairs', () => {
    const c = compareSides([
      { label: 'A', runs: [lineorderFirstOb1000(), { ...lineorderFirstOb1000(), queryId: 'Q1.2' }] },
      { label: 'B', runs: [lineorderFirstOb0(), { ...lineorderFirstOb0(), queryId: 'Q1.2' }] },
    ]);
    const { summary } = findFindings(c);
    expect(summary.length).toBeGreaterThan(0);
    for (const f of summary.filter((x) => x.rule !== 'total-time'))
      expect(f.text).toMatch(/^Q1\.[12] \(straight-lo\): /);
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
    const q = (queryId: string) => bigPoolRun({ queryId, variant: 'base' });
    const ids = ['Q1.1', 'Q1.2', 'Q1.3', 'Q2.1', 'Q2.2'];
    const c = compareSides([
      { label: 'A', runs: ids.map(q) },
      { label: 'B', runs: ids.map(q) },
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

  it('names them in words when one run left young ones and the other none', () => {
    const found = youngPagesRule(
      pair(withNoTable(lineorderFirstOb1000(), 40, 12), withNoTable(lineorderFirstOb0(), 35, 0)),
    );
    const texts = found.map((f) => f.text);
    expect(texts).toContain(
      'pages of no table (system, undo): 12 young pages after A, none after B (35 pages there, all old)',
    );
    expect(texts.join('\n')).not.toMatch(/\(no table\)|\(none\)/);
  });

  it('names them in words when they were held after one run only', () => {
    const [f] = pushedOutRule(pair(withNoTable(lineorderFirstOb1000(), 40, 12), lineorderFirstOb0()));
    expect(f?.text).toContain('pages of no table (system, undo) (40)');
    expect(f?.evidence).toContainEqual({ label: 'pages of no table (system, undo), A', value: '40' });
    expect(JSON.stringify(f)).not.toMatch(/\(no table\)|\(none\)/);
  });

  it('does not fire when they are young after both runs', () => {
    const found = youngPagesRule(
      pair(withNoTable(lineorderFirstOb1000(), 40, 12), withNoTable(lineorderFirstOb0(), 35, 9)),
    );
    expect(found.map((f) => f.text).join('\n')).not.toContain('no table');
  });
});
